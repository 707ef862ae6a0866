import { describe, expect, it } from "vitest";
import { EXTERNAL_PLATFORMS } from "@/lib/platforms";
import { PLATFORM_FIELDS } from "@/lib/platforms/clients";
import { checkIntegrationForm, INTEGRATION_FIELDS } from "./integration-fields";

describe("integration settings form", () => {
  it("asks for exactly the config and credential fields each platform's client reads", () => {
    for (const platform of EXTERNAL_PLATFORMS) {
      expect({ platform, config: INTEGRATION_FIELDS[platform].config.map((field) => field.name).sort(), credentials: INTEGRATION_FIELDS[platform].credentials.map((field) => field.name).sort() }).toEqual({
        platform,
        config: [...PLATFORM_FIELDS[platform].config].sort(),
        credentials: [...PLATFORM_FIELDS[platform].credentials].sort(),
      });
    }
  });

  it("requires the settings and every credential on connect", () => {
    expect(checkIntegrationForm("qualtrics", { config: {}, credentials: {} }, "create")).toEqual({ datacenter: "Give the datacenter or the base URL.", api_token: "API token is required." });
    expect(checkIntegrationForm("qualtrics", { config: { datacenter: "fra1" }, credentials: { api_token: "t" } }, "create")).toEqual({});
    expect(checkIntegrationForm("limesurvey", { config: { base_url: "ftp://x" }, credentials: { username: "u" } }, "create")).toEqual({
      base_url: "Give an http(s) address, for example https://example.com/api.",
      password: "Password is required.",
    });
  });

  it("on edit keeps the stored credentials when none are typed, and wants all of them when some are", () => {
    expect(checkIntegrationForm("limesurvey", { config: { base_url: "https://lime.example/rc" }, credentials: {} }, "edit")).toEqual({});
    expect(checkIntegrationForm("limesurvey", { config: { base_url: "https://lime.example/rc" }, credentials: { password: "new" } }, "edit")).toEqual({
      username: "Give the username too: new credentials replace all stored ones.",
    });
  });
});
