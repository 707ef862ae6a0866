import { describe, expect, it } from "vitest";
import { PLATFORMS } from "@/lib/platforms";
import { createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

describe("programming settings", () => {
  it("start with no instructions and service_cdn hosting, created on first read", async () => {
    const { api } = await createTenant();
    const settings = await api.get("/v1/settings/programming");
    expect(settings.status).toBe(200);
    expect(settings.body.data).toEqual({ instructions: {}, default_file_hosting: "service_cdn", updated_at: expect.any(String) });
  });

  it("PUT replaces everything; PATCH changes only what is sent and clears a platform with null or an empty string", async () => {
    const { api } = await createTenant();
    const put = await api.put("/v1/settings/programming", {
      instructions: { service: "Use one question per page.", qualtrics: "Use the Qualtrics matrix for grids.", decipher: "" },
      default_file_hosting: "platform_native",
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      instructions: { service: "Use one question per page.", qualtrics: "Use the Qualtrics matrix for grids." },
      default_file_hosting: "platform_native",
    });

    const patched = await api.patch("/v1/settings/programming", { instructions: { qualtrics: null, surveymonkey: "Keep it short." } });
    expect(patched.body.data).toMatchObject({
      instructions: { service: "Use one question per page.", surveymonkey: "Keep it short." },
      default_file_hosting: "platform_native",
    });
    expect(patched.body.data.instructions).not.toHaveProperty("qualtrics");
    expect((await api.patch("/v1/settings/programming", { instructions: { service: "" } })).body.data.instructions).toEqual({ surveymonkey: "Keep it short." });

    const replaced = await api.put("/v1/settings/programming", {});
    expect(replaced.body.data).toMatchObject({ instructions: {}, default_file_hosting: "service_cdn" });
    expect((await api.get("/v1/settings/programming")).body.data).toMatchObject({ instructions: {}, default_file_hosting: "service_cdn" });
  });

  it("keeps every platform when PATCHes arrive at the same time (the row is locked between read and write)", async () => {
    const { api } = await createTenant();
    await api.get("/v1/settings/programming");
    const platforms = PLATFORMS.slice(0, 6);
    const responses = await Promise.all(platforms.map((platform) => api.patch("/v1/settings/programming", { instructions: { [platform]: `Rules for ${platform}.` } })));
    expect(responses.map((response) => response.status)).toEqual(platforms.map(() => 200));
    const stored = (await api.get("/v1/settings/programming")).body.data.instructions;
    expect(Object.keys(stored).sort()).toEqual([...platforms].sort());
  });

  it("refuses unknown platforms and hosting values", async () => {
    const { api } = await createTenant();
    const platform = await api.patch("/v1/settings/programming", { instructions: { myspace: "x" } });
    expect(platform.status).toBe(400);
    expect(platform.body.error).toBe("validation_error");
    expect((await api.patch("/v1/settings/programming", { default_file_hosting: "ftp" })).status).toBe(400);
    expect((await api.patch("/v1/settings/programming", { instructions: { service: "x".repeat(20_001) } })).status).toBe(400);
  });

  it("can be read with surveys:read or meta:read and changed only with surveys:write", async () => {
    const { keyWith } = await createTenant();
    const meta = await keyWith(["meta:read"]);
    const reader = await keyWith(["surveys:read"]);
    const writer = await keyWith(["surveys:write"]);
    expect((await meta.api.get("/v1/settings/programming")).status).toBe(200);
    expect((await reader.api.get("/v1/settings/programming")).status).toBe(200);
    expect((await meta.api.patch("/v1/settings/programming", { default_file_hosting: "platform_native" })).status).toBe(403);
    expect((await reader.api.put("/v1/settings/programming", {})).status).toBe(403);
    expect((await writer.api.patch("/v1/settings/programming", { default_file_hosting: "platform_native" })).status).toBe(200);
    expect((await (await keyWith(["webhooks:read"])).api.get("/v1/settings/programming")).status).toBe(403);
  });

  it("belong to one workspace", async () => {
    const first = await createTenant();
    const second = await createTenant();
    await first.api.patch("/v1/settings/programming", { instructions: { service: "mine" } });
    expect((await second.api.get("/v1/settings/programming")).body.data.instructions).toEqual({});
  });
});

describe("integration settings", () => {
  it("default to test access, accept none and test, and refuse production with 400 response_data_access_unavailable", async () => {
    const { api, keyWith } = await createTenant();
    expect((await api.get("/v1/settings/integrations")).body.data).toEqual({ response_data_access: "test", updated_at: expect.any(String) });
    expect((await api.put("/v1/settings/integrations", { response_data_access: "none" })).body.data.response_data_access).toBe("none");
    const production = await api.patch("/v1/settings/integrations", { response_data_access: "production" });
    expect(production.status).toBe(400);
    expect(production.body.error).toBe("response_data_access_unavailable");
    expect((await api.put("/v1/settings/integrations", { response_data_access: "production" })).body.error).toBe("response_data_access_unavailable");
    expect((await api.get("/v1/settings/integrations")).body.data.response_data_access).toBe("none");
    expect((await api.patch("/v1/settings/integrations", { response_data_access: "test" })).body.data.response_data_access).toBe("test");
    expect((await api.patch("/v1/settings/integrations", { response_data_access: "everything" })).status).toBe(400);

    const integrations = await keyWith(["integrations:write"]);
    expect((await integrations.api.patch("/v1/settings/integrations", { response_data_access: "none" })).status).toBe(200);
    expect((await (await keyWith(["surveys:read"])).api.patch("/v1/settings/integrations", { response_data_access: "none" })).status).toBe(403);
  });
});

describe("programming target", () => {
  it("is unset at first, then shows the effective instructions and where they come from", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const path = `/v1/surveys/${surveyId}/programming/target`;
    expect((await api.get(path)).body.data).toMatchObject({
      survey_id: surveyId,
      platform: null,
      instructions: null,
      effective_instructions: null,
      instructions_source: "none",
    });

    await api.patch("/v1/settings/programming", { instructions: { qualtrics: "Workspace default for Qualtrics." } });

    const fallback = await api.put(path, { platform: "qualtrics" });
    expect(fallback.status).toBe(200);
    expect(fallback.body.data).toMatchObject({
      platform: "qualtrics",
      instructions: null,
      effective_instructions: "Workspace default for Qualtrics.",
      instructions_source: "workspace_default",
    });

    const own = await api.put(path, { platform: "qualtrics", instructions: "Survey-specific rules." });
    expect(own.body.data).toMatchObject({ instructions: "Survey-specific rules.", effective_instructions: "Survey-specific rules.", instructions_source: "target" });

    const none = await api.put(path, { platform: "qualtrics", instructions: "" });
    expect(none.body.data).toMatchObject({ instructions: "", effective_instructions: null, instructions_source: "target" });

    const back = await api.put(path, { platform: "qualtrics", instructions: null });
    expect(back.body.data).toMatchObject({ instructions: null, effective_instructions: "Workspace default for Qualtrics.", instructions_source: "workspace_default" });

    const service = await api.put(path, { platform: "service" });
    expect(service.body.data).toMatchObject({ platform: "service", effective_instructions: null, instructions_source: "none" });
    expect((await api.get(path)).body.data.platform).toBe("service");

    // The workspace default is read live: changing it changes the effective instructions.
    await api.patch("/v1/settings/programming", { instructions: { service: "Now there is a service default." } });
    expect((await api.get(path)).body.data).toMatchObject({ effective_instructions: "Now there is a service default.", instructions_source: "workspace_default" });
  });

  it("accepts every platform of the one list and refuses others", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    for (const platform of PLATFORMS) expect((await api.put(`/v1/surveys/${surveyId}/programming/target`, { platform })).status, platform).toBe(200);
    const unknown = await api.put(`/v1/surveys/${surveyId}/programming/target`, { platform: "paper" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([expect.objectContaining({ path: "body.platform" })]);
    expect((await api.put(`/v1/surveys/${surveyId}/programming/target`, {})).status).toBe(400);
  });

  it("is 404 for another workspace's survey", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const surveyId = await createSurvey(owner.api);
    expect((await stranger.api.get(`/v1/surveys/${surveyId}/programming/target`)).status).toBe(404);
    expect((await stranger.api.put(`/v1/surveys/${surveyId}/programming/target`, { platform: "service" })).status).toBe(404);
  });
});
