// POST /v1/surveys/{surveyId}/files/{fileId}/download-url — signed read URL or permanent public URL (surveys:read)
import { createDownloadUrlOperation } from "@/lib/files/operations";
import { createDownloadUrl } from "@/lib/files/service";
import { baseUrlFor } from "@/lib/http/base-url";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(createDownloadUrlOperation, async ({ auth, params, request }) => ({
    data: await createDownloadUrl(auth.workspaceId, params.surveyId, params.fileId, baseUrlFor(request)),
  })),
);
