// GET /v1/surveys/{surveyId}/questionnaire/revisions/{revision} — one questionnaire revision (surveys:read)
import { routes, withApi } from "@/lib/http/with-api";
import { getQuestionnaireRevisionOperation } from "@/lib/questionnaire-revisions/operations";
import { getQuestionnaireRevisionOrThrow, serializeQuestionnaireRevision } from "@/lib/questionnaire-revisions/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getQuestionnaireRevisionOperation, async ({ auth, params }) => ({
    data: serializeQuestionnaireRevision(await getQuestionnaireRevisionOrThrow(auth.workspaceId, params.surveyId, params.revision)),
  })),
);
