import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createSurvey } from "../helpers/files";
import { limeSurveyStandIn, surveyMonkeyStandIn } from "../helpers/platform-stand-ins";
import { createTenant } from "../helpers/tenant";
import { configureWebhookEnv } from "../helpers/webhooks";

beforeAll(() => configureWebhookEnv({ allowPrivate: true }));

describe("integrations", () => {
  it("stores credentials encrypted and never returns them; updates reset the status to untested", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/integrations", { platform: "qualtrics", config: { datacenter: "fra1" }, credentials: { api_token: "tok-secret-123" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ platform: "qualtrics", config: { datacenter: "fra1" }, credential_fields: ["api_token"], credentials_configured: true, status: "untested" });
    expect(created.text).not.toContain("tok-secret-123");
    const id = created.body.data.id;
    const listed = await api.get("/v1/integrations");
    expect(listed.text).not.toContain("tok-secret-123");
    expect((await api.get(`/v1/integrations/${id}`)).text).not.toContain("tok-secret-123");
    const row = await (await db()).integration.findUniqueOrThrow({ where: { id } });
    expect(row.credentials).not.toContain("tok-secret-123");
    const patched = await api.patch(`/v1/integrations/${id}`, { credentials: { api_token: "rotated" } });
    expect(patched.body.data.status).toBe("untested");
    const wrongField = await api.post("/v1/integrations", { platform: "qualtrics", credentials: { password: "x" } });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details[0].path).toBe("body.credentials.password");
    expect((await api.delete(`/v1/integrations/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/integrations/${id}`)).status).toBe(404);
  });

  describe("against a SurveyMonkey API v3 stand-in", () => {
    let standIn: Awaited<ReturnType<typeof surveyMonkeyStandIn>>;
    beforeAll(async () => {
      standIn = await surveyMonkeyStandIn({
        token: "sm-token",
        rateLimitOnce: true,
        surveys: Array.from({ length: 7 }, (_, index) => ({ id: String(100 + index), title: index % 2 ? `Brand tracker ${index}` : `Pulse ${index}` })),
        responses: [{ id: "r1", response_status: "completed", collector_id: "c1", date_created: "2026-01-01T00:00:00Z", date_modified: "2026-01-01T00:10:00Z" }],
      });
    });
    afterAll(() => standIn.close());

    it("test records success, retrying the stand-in's 429; a wrong token records the 401 as a failed test", async () => {
      const { api } = await createTenant();
      const good = await api.post("/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: "sm-token" } });
      const tested = await api.post(`/v1/integrations/${good.body.data.id}/test`, {});
      expect(tested.status).toBe(200);
      expect(tested.body.test).toMatchObject({ status: "succeeded", account: "standin-user" });
      expect(tested.body.data).toMatchObject({ status: "connected", last_test_status: "succeeded" });
      expect(tested.body.data.last_tested_at).not.toBeNull();
      expect(standIn.requests.filter((request) => request.path === "/v3/users/me")).toHaveLength(2);

      const bad = await api.post("/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: "wrong" } });
      const failed = await api.post(`/v1/integrations/${bad.body.data.id}/test`, {});
      expect(failed.body.test.status).toBe("failed");
      expect(failed.body.test.message).toContain("rejected the credentials");
      expect((await api.get(`/v1/integrations/${bad.body.data.id}`)).body.data).toMatchObject({ status: "failed", last_test_status: "failed" });
      expect((await api.get(`/v1/integrations/${bad.body.data.id}/surveys`)).status).toBe(502);
    });

    it("lists upstream surveys page by page with opaque cursors and a name search", async () => {
      const { api } = await createTenant();
      const integration = await api.post("/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: "sm-token" } });
      const base = `/v1/integrations/${integration.body.data.id}`;
      const first = await api.get(`${base}/surveys?limit=3`);
      expect(first.body.data.map((survey: { id: string }) => survey.id)).toEqual(["100", "101", "102"]);
      expect(first.body.pagination.has_more).toBe(true);
      const second = await api.get(`${base}/surveys?limit=3&cursor=${first.body.pagination.next_cursor}`);
      expect(second.body.data.map((survey: { id: string }) => survey.id)).toEqual(["103", "104", "105"]);
      const searched = await api.get(`${base}/surveys?q=brand`);
      expect(searched.body.data.map((survey: { name: string }) => survey.name)).toEqual(["Brand tracker 1", "Brand tracker 3", "Brand tracker 5"]);
      const content = await api.get(`${base}/surveys/101/content`);
      expect(JSON.parse(content.body.data.source)).toMatchObject({ id: "101", pages: [{ id: "p1" }] });
      const revisions = await api.get(`${base}/surveys/101/content/revisions`);
      expect(revisions.body.data).toHaveLength(1);
      expect(revisions.body.data[0].source).toBeUndefined();
      expect((await api.get(`${base}/surveys/999/content`)).status).toBe(404);
    });

    it("follows response_data_access: none → 403, test → production responses are not readable", async () => {
      const { api } = await createTenant();
      const integration = await api.post("/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: "sm-token" } });
      const responses = `/v1/integrations/${integration.body.data.id}/surveys/101/responses`;
      const defaults = await api.get(responses);
      expect(defaults.status).toBe(200);
      expect(defaults.body.data).toEqual([]); // SurveyMonkey responses are all production; test access sees none
      const production = await api.get(`${responses}?mode=production`);
      expect(production.status).toBe(403);
      expect(production.body.error).toBe("response_access_denied");
      await api.put("/v1/settings/integrations", { response_data_access: "none" });
      const denied = await api.get(responses);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe("response_access_denied");
    });
  });

  it("talks LimeSurvey RemoteControl JSON-RPC to a stand-in: session key, normalised survey status, wrong password", async () => {
    const standIn = await limeSurveyStandIn({
      username: "admin",
      password: "pw",
      surveys: [
        { sid: "111", surveyls_title: "RSE survey", active: "Y", expires: "" },
        { sid: "222", surveyls_title: "Draft one", active: "N", expires: "" },
      ],
    });
    try {
      const { api } = await createTenant();
      const integration = await api.post("/v1/integrations", { platform: "limesurvey", config: { base_url: `${standIn.url}/index.php/admin/remotecontrol` }, credentials: { username: "admin", password: "pw" } });
      const base = `/v1/integrations/${integration.body.data.id}`;
      expect((await api.post(`${base}/test`, {})).body.test.status).toBe("succeeded");
      const surveys = await api.get(`${base}/surveys`);
      expect(surveys.body.data.map((survey: { id: string; status: string }) => [survey.id, survey.status])).toEqual([
        ["111", "active"],
        ["222", "draft"],
      ]);
      expect((await api.get(`${base}/surveys?status=draft`)).body.data.map((survey: { id: string }) => survey.id)).toEqual(["222"]);
      const methods = standIn.requests.map((request) => JSON.parse(request.body).method);
      expect(methods).toContain("release_session_key");
      await api.patch(base, { credentials: { username: "admin", password: "wrong" } });
      const failed = await api.post(`${base}/test`, {});
      expect(failed.body.test).toMatchObject({ status: "failed" });
      expect(failed.body.test.message).toContain("Invalid user name or password");
    } finally {
      await standIn.close();
    }
  });

  it("the service platform lists the workspace's own surveys and its responses come from the respondent runtime", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "own-survey");
    const integration = await api.post("/v1/integrations", { platform: "service" });
    const base = `/v1/integrations/${integration.body.data.id}`;
    expect((await api.post(`${base}/test`, {})).body.data.status).toBe("connected");
    const surveys = await api.get(`${base}/surveys`);
    expect(surveys.body.data).toEqual([expect.objectContaining({ id: surveyId, name: "own-survey", status: "draft" })]);
    const responses = await api.get(`${base}/surveys/${surveyId}/responses`);
    expect(responses.status).toBe(200);
    expect(responses.body).toEqual({ data: [], pagination: { next_cursor: null, has_more: false } });
  });
});
