import { describe, expect, it } from "vitest";
import { ROLE_SCOPES } from "./roles";
import { hasScope, SCOPES, type Scope } from "./scopes";

describe("role scopes", () => {
  it("gives owners and admins full access", () => {
    for (const role of ["owner", "admin"] as const) {
      for (const scope of SCOPES) expect(hasScope(ROLE_SCOPES[role], scope), `${role} ${scope}`).toBe(true);
    }
  });

  it("lets a member read everything and work on surveys and workflows, not manage keys, webhooks or integrations", () => {
    const member = ROLE_SCOPES.member;
    for (const scope of SCOPES.filter((candidate) => candidate.endsWith(":read"))) expect(hasScope(member, scope), scope).toBe(true);
    for (const scope of ["surveys:write", "surveys:share", "workflows:write"] as Scope[]) expect(hasScope(member, scope), scope).toBe(true);
    for (const scope of ["api_keys:write", "webhooks:write", "integrations:write", "*"] as Scope[]) expect(hasScope(member, scope), scope).toBe(false);
  });
});
