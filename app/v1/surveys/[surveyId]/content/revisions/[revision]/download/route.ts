// GET /v1/surveys/{surveyId}/content/revisions/{revision}/download — the revision's source as a file in its platform's format (surveys:read)
import { downloadContentRevisionOperation } from "@/lib/content/operations";
import { getContentRevisionFile } from "@/lib/content/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(downloadContentRevisionOperation, async ({ auth, params }) => {
    const file = await getContentRevisionFile(auth.workspaceId, params.surveyId, params.revision);
    return new Response(file.body, {
      headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.filename}"`, "cache-control": "no-store" },
    });
  }),
);
