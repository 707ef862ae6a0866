// GET|PATCH|DELETE /v1/surveys/{surveyId}/files/{fileId} — one file (surveys:read / surveys:write)
import { deleteFileOperation, getFileOperation, updateFileOperation } from "@/lib/files/operations";
import { deleteFile, getFileOrThrow, serializeFile, updateFile } from "@/lib/files/service";
import { baseUrlFor } from "@/lib/http/base-url";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getFileOperation, async ({ auth, params }) => ({
    data: serializeFile(await getFileOrThrow(auth.workspaceId, params.surveyId, params.fileId)),
  })),
  withApi(updateFileOperation, async ({ auth, params, body, request }) => ({
    data: await updateFile(auth, params.surveyId, params.fileId, body, baseUrlFor(request)),
  })),
  withApi(deleteFileOperation, async ({ auth, params, query }) => deleteFile(auth, params.surveyId, params.fileId, query.force === "true")),
);
