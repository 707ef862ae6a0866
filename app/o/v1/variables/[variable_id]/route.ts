// DELETE /o/v1/variables/{variable_id} — delete a hidden or computed variable (surveys:write)
import { oDeleteVariableOperation } from "@/lib/content/o-operations";
import { deleteVariable } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oDeleteVariableOperation, async ({ auth, params, query }) => deleteVariable(auth, params.variable_id, query.force === "true")),
);
