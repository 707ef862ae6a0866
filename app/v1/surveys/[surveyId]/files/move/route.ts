// POST /v1/surveys/{surveyId}/files/move — move files between service and platform hosting (surveys:write)
import { moveFilesOperation } from "@/lib/files/operations";
import { moveFiles } from "@/lib/files/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(moveFilesOperation, async ({ auth, params, body }) => moveFiles(auth, params.surveyId, body)),
);
