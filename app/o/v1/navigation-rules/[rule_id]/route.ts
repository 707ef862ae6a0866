// GET|PATCH|DELETE /o/v1/navigation-rules/{rule_id} — one navigation rule (surveys:read / surveys:write)
import { oDeleteNavigationRuleOperation, oGetNavigationRuleOperation, oUpdateNavigationRuleOperation } from "@/lib/content/o-operations";
import { deleteNavigationRule, getNavigationRule, updateNavigationRule } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oGetNavigationRuleOperation, async ({ auth, params }) => getNavigationRule(auth, params.rule_id)),
  withApi(oUpdateNavigationRuleOperation, async ({ auth, params, body }) => updateNavigationRule(auth, params.rule_id, body)),
  withApi(oDeleteNavigationRuleOperation, async ({ auth, params }) => deleteNavigationRule(auth, params.rule_id)),
);
