// GET|PATCH|DELETE /o/v1/blocks/{block_id} — one block (surveys:read / surveys:write)
import { oDeleteBlockOperation, oGetBlockOperation, oUpdateBlockOperation } from "@/lib/content/o-operations";
import { deleteBlock, getBlock, updateBlock } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oGetBlockOperation, async ({ auth, params }) => getBlock(auth, params.block_id)),
  withApi(oUpdateBlockOperation, async ({ auth, params, body }) => updateBlock(auth, params.block_id, body)),
  withApi(oDeleteBlockOperation, async ({ auth, params, query }) => deleteBlock(auth, params.block_id, query.force === "true")),
);
