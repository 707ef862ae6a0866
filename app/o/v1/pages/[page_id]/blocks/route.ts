// POST /o/v1/pages/{page_id}/blocks — add a question or text block (surveys:write)
import { oCreateBlockOperation } from "@/lib/content/o-operations";
import { createBlock } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oCreateBlockOperation, async ({ auth, params, body }) => createBlock(auth, params.page_id, body)));
