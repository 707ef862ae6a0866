// GET /o/v1/files/{file_id} — an uploaded file (surveys:read)
import { oGetFileOperation } from "@/lib/files/o-operations";
import { getUploadedFile } from "@/lib/files/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oGetFileOperation, async ({ auth, params }) => getUploadedFile(auth, params.file_id)));
