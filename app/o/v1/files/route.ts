// POST /o/v1/files — upload a file, multipart/form-data (surveys:write)
import { oUploadFileOperation } from "@/lib/files/o-operations";
import { uploadFile } from "@/lib/files/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oUploadFileOperation, async ({ auth, form }) => uploadFile(auth, form)));
