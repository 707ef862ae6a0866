// GET /v1/surveys/{surveyId}/questionnaire/revisions — history of questionnaire file references (surveys:read)
import { routes, withApi } from "@/lib/http/with-api";
import { listQuestionnaireRevisionsOperation } from "@/lib/questionnaire-revisions/operations";
import { listQuestionnaireRevisions } from "@/lib/questionnaire-revisions/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listQuestionnaireRevisionsOperation, async ({ auth, params, query }) => listQuestionnaireRevisions(auth.workspaceId, params.surveyId, query)),
);
