// GET|PATCH /v1/surveys/{surveyId}/questionnaire/clarifications/{clarificationId} — one item (surveys:read) / answer or skip it (surveys:write)
import { answerClarificationOperation, getClarificationOperation } from "@/lib/clarifications/operations";
import { answerClarification, getClarification } from "@/lib/clarifications/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getClarificationOperation, async ({ auth, params }) => ({ data: await getClarification(auth.workspaceId, params.surveyId, params.clarificationId) })),
  withApi(answerClarificationOperation, async ({ auth, params, body }) => ({ data: await answerClarification(auth, params.surveyId, params.clarificationId, body) })),
);
