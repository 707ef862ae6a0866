// GET /v1/surveys/{surveyId}/files — list files (surveys:read) · POST — create a pending file with an upload URL (surveys:write)
import { createFileOperation, listFilesOperation } from "@/lib/files/operations";
import { createFile, listFiles } from "@/lib/files/service";
import { baseUrlFor } from "@/lib/http/base-url";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listFilesOperation, async ({ auth, params, query }) => listFiles(auth.workspaceId, params.surveyId, query)),
  withApi(createFileOperation, async ({ auth, params, body, request }) => createFile(auth, params.surveyId, body, baseUrlFor(request))),
);
