// GET /v1/surveys/{surveyId}/responses/{responseId} — one response (surveys:read)
import { getResponseOperation } from "@/lib/fielding/operations";
import { getResponse } from "@/lib/fielding/responses";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getResponseOperation, async ({ auth, params, query }) => ({
    data: await getResponse({ workspaceId: auth.workspaceId, surveyId: params.surveyId, enforceDataAccess: auth.method !== "session" }, params.responseId, query.include === "data"),
  })),
);
