// POST|GET /v1/surveys/{surveyId}/questionnaire/clarifications — probe the tip (surveys:write) / the tip's session (surveys:read)
import { getClarificationSessionOperation, startClarificationsOperation } from "@/lib/clarifications/operations";
import { getClarificationSession, startClarifications } from "@/lib/clarifications/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(startClarificationsOperation, async ({ auth, params }) => startClarifications(auth, params.surveyId)),
  withApi(getClarificationSessionOperation, async ({ auth, params }) => ({ data: await getClarificationSession(auth.workspaceId, params.surveyId) })),
);
