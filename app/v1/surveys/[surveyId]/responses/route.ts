// GET /v1/surveys/{surveyId}/responses — the survey's responses on the service (surveys:read)
import { listResponsesOperation } from "@/lib/fielding/operations";
import { listResponses } from "@/lib/fielding/responses";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listResponsesOperation, async ({ auth, params, query }) =>
    listResponses({ workspaceId: auth.workspaceId, surveyId: params.surveyId, enforceDataAccess: auth.method !== "session" }, query),
  ),
);
