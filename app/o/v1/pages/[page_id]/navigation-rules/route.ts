// GET /o/v1/pages/{page_id}/navigation-rules — the page's rules with their pages (surveys:read) · POST — add a rule (surveys:write)
import { oCreateNavigationRuleOperation, oListNavigationRulesOperation } from "@/lib/content/o-operations";
import { createNavigationRule, listNavigationRules } from "@/lib/content/o-service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oListNavigationRulesOperation, async ({ auth, params }) => listNavigationRules(auth, params.page_id)),
  withApi(oCreateNavigationRuleOperation, async ({ auth, params, body }) => createNavigationRule(auth, params.page_id, body)),
);
