import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

/** Which paths go through the proxy (the sign-in gate), with Next's own matcher logic. */
describe("proxy matcher", () => {
  it("gates app pages but not the APIs, health or the benchmark baseline route (issue 18.20)", () => {
    const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    expect(matches("/surveys")).toBe(true);
    expect(matches("/settings/api-keys")).toBe(true);
    expect(matches("/v1/whoami")).toBe(false);
    expect(matches("/health")).toBe(false);
    // The baseline of bench/api.mjs costs what a /v1 route costs apart from its own work: no proxy, no gate.
    expect(matches("/bench/static")).toBe(false);
  });
});
