// GET /v1/surveys/{surveyId}/questionnaire — tip revision (surveys:read) · PUT — append a revision (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { getQuestionnaireOperation, putQuestionnaireOperation } from "@/lib/questionnaire-revisions/operations";
import { getQuestionnaireRevisionOrThrow, putQuestionnaire, serializeQuestionnaireRevision } from "@/lib/questionnaire-revisions/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getQuestionnaireOperation, async ({ auth, params }) => ({
    data: serializeQuestionnaireRevision(await getQuestionnaireRevisionOrThrow(auth.workspaceId, params.surveyId)),
  })),
  withApi(putQuestionnaireOperation, async ({ auth, params, body }) => ({ data: await putQuestionnaire(auth, params.surveyId, body.file_id) })),
);
