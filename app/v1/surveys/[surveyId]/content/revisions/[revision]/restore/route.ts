// POST /v1/surveys/{surveyId}/content/revisions/{revision}/restore — write an earlier revision again as the new tip (surveys:write)
import { restoreContentRevisionOperation } from "@/lib/content/operations";
import { restoreContentRevision } from "@/lib/content-operations/restore";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(restoreContentRevisionOperation, async ({ auth, params, body }) => {
    const result = await restoreContentRevision(auth, params.surveyId, params.revision, body);
    return { data: result.revision, changes: result.changes, findings: result.findings };
  }),
);
