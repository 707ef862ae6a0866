// GET /v1/surveys/{surveyId}/content/revisions — content history, newest first (surveys:read)
import { listContentRevisionsOperation } from "@/lib/content/operations";
import { listContentRevisions } from "@/lib/content/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listContentRevisionsOperation, async ({ auth, params, query }) => listContentRevisions(auth.workspaceId, params.surveyId, query)),
);
