import type { MembershipRole } from "@/lib/generated/prisma/enums";
import { SCOPES, type Scope } from "./scopes";

/**
 * What a signed-in person may do, by their role in the workspace: the browser session authenticates as
 * a caller holding these scopes, and the same scope checks as for API keys decide every request.
 *
 * - owner, admin: everything (`*`), including API keys, webhooks and integrations.
 * - member: reads everything, and works on surveys (`surveys:write`, `surveys:share`) and their
 *   workflows (`workflows:write`); cannot manage API keys, webhooks or integrations.
 *
 * This is the one place the mapping lives; docs/decisions.md ("Browser UI and sign-in") describes it.
 */
const READ_SCOPES = SCOPES.filter((scope): scope is Scope => scope.endsWith(":read"));

export const ROLE_SCOPES: Record<MembershipRole, readonly Scope[]> = {
  owner: ["*"],
  admin: ["*"],
  member: [...READ_SCOPES, "surveys:write", "surveys:share", "workflows:write"],
};

export const ROLE_LABELS: Record<MembershipRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
};

export function scopesForRole(role: MembershipRole): readonly Scope[] {
  return ROLE_SCOPES[role];
}
