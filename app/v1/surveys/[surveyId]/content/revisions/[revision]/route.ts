// GET /v1/surveys/{surveyId}/content/revisions/{revision} — one content revision (surveys:read)
import { getContentRevisionOperation } from "@/lib/content/operations";
import { getContentRevisionOrThrow } from "@/lib/content/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getContentRevisionOperation, async ({ auth, params }) => ({
    data: await getContentRevisionOrThrow(auth.workspaceId, params.surveyId, params.revision),
  })),
);
