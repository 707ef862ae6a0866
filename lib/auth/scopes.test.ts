import { describe, expect, it } from "vitest";
import { hasAnyScope, hasScope } from "./scopes";

describe("hasScope", () => {
  it("grants a scope that is held exactly", () => {
    expect(hasScope(["surveys:read"], "surveys:read")).toBe(true);
  });
  it("lets a write scope satisfy the matching read scope, not the reverse", () => {
    expect(hasScope(["surveys:write"], "surveys:read")).toBe(true);
    expect(hasScope(["surveys:read"], "surveys:write")).toBe(false);
  });
  it("does not let one family's write satisfy another family", () => {
    expect(hasScope(["surveys:write"], "api_keys:read")).toBe(false);
    expect(hasScope(["webhooks:write"], "surveys:write")).toBe(false);
  });
  it("lets * satisfy everything", () => {
    expect(hasScope(["*"], "api_keys:write")).toBe(true);
    expect(hasScope(["*"], "surveys:share")).toBe(true);
  });
  it("grants nothing for an empty scope list", () => {
    expect(hasScope([], "meta:read")).toBe(false);
  });
  it("accepts any of several scopes", () => {
    expect(hasAnyScope(["meta:read"], ["surveys:read", "meta:read"])).toBe(true);
    expect(hasAnyScope(["webhooks:read"], ["surveys:read", "meta:read"])).toBe(false);
  });
});
