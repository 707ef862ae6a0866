// GET|PATCH|DELETE /o/v1/pages/{page_id} — one page (surveys:read / surveys:write)
import { oDeletePageOperation, oGetPageOperation, oUpdatePageOperation } from "@/lib/content/o-operations";
import { deletePage, getPage, updatePage } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oGetPageOperation, async ({ auth, params }) => getPage(auth, params.page_id)),
  withApi(oUpdatePageOperation, async ({ auth, params, body }) => updatePage(auth, params.page_id, body)),
  withApi(oDeletePageOperation, async ({ auth, params, query }) => deletePage(auth, params.page_id, query.force === "true")),
);
