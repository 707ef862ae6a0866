import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { respondentView, type PageView } from "@/lib/fielding/respondent";
import { sweepAbandonedResponses } from "@/lib/fielding/responses";
import { dispatch } from "../helpers/api";
import { screenerDocument } from "../helpers/documents";
import { createTenant } from "../helpers/tenant";

/**
 * Fielding on the service: links, the respondent's page submits through the real route handler (form
 * posts and the resume cookie, as a browser sends them), and the responses endpoints.
 */

async function programmedSurvey() {
  const tenant = await createTenant();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  const base = `/v1/surveys/${body.data.id}`;
  expect((await tenant.api.put(`${base}/content`, { platform: "service", source: screenerDocument() })).status).toBe(201);
  return { ...tenant, surveyId: body.data.id as string, base };
}

/** A browser of one respondent: keeps the resume cookie and reads the page it is on. */
function respondent(linkId: string, query: Record<string, string> = {}) {
  let cookie: string | undefined;
  const view = async () => respondentView(linkId, cookie?.split("=")[1], query);
  return {
    view,
    async page(): Promise<PageView> {
      const current = await view();
      if (current.kind !== "page") throw new Error(`Expected a survey page, got ${current.kind}`);
      return current;
    },
    /** Sends the form of `page` with `fields` (as the page renders it: version, nonce, hidden values). */
    async submit(page: PageView, fields: Record<string, string | string[]>, options: { headers?: Record<string, string> } = {}) {
      const form = new URLSearchParams({ _version: String(page.version) });
      if (page.start) {
        form.set("_nonce", page.start.nonce);
        form.set("_shown", String(page.start.shownAt));
        for (const [name, value] of Object.entries(page.start.hidden)) form.set(`h:${name}`, value);
      }
      for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
      const response = await dispatch("POST", `/r/${linkId}/submit`, {
        rawBody: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...options.headers },
      });
      const set = response.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0];
      return response;
    },
    get cookie() {
      return cookie;
    },
  };
}

describe("respondent links", () => {
  it("creates test links on programmed content, refuses links before programming, and lists them", async () => {
    const tenant = await createTenant();
    const { body } = await tenant.api.post("/v1/surveys", { slug: "empty", name: "Empty" });
    const early = await tenant.api.post(`/v1/surveys/${body.data.id}/links`, { mode: "test" });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("content_not_fieldable");

    const { api, base, surveyId } = await programmedSurvey();
    const created = await api.post(`${base}/links`, { mode: "test", name: "Pilot", hidden_variables: { src: "direct", market: null } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ survey_id: surveyId, mode: "test", content_revision: "tip", status: "open", name: "Pilot", hidden_variables: { src: "direct", market: null } });
    expect(created.body.data.id).toMatch(/^link_[0-9A-Z]{26}$/);
    expect(created.body.data.url).toBe(`http://localhost/r/${created.body.data.id}`);
    const pinned = await api.post(`${base}/links`, { mode: "production", content_revision: 1 });
    expect(pinned.body.data.content_revision).toBe(1);
    expect((await api.post(`${base}/links`, { content_revision: 7 })).status).toBe(409);
    expect((await api.post(`${base}/links`, { hidden_variables: { S1: null } })).status).toBe(400);

    const listed = await api.get(`${base}/links`);
    expect(listed.body.data.map((link: { id: string }) => link.id)).toEqual([pinned.body.data.id, created.body.data.id]);
    const closed = await api.patch(`${base}/links/${created.body.data.id}`, { status: "closed" });
    expect(closed.body.data.status).toBe("closed");
    expect((await respondentView(created.body.data.id, undefined, {})).kind).toBe("unavailable");
  });

  it("refuses a production link while the validator reports errors, listing them", async () => {
    const { api, base } = await programmedSurvey();
    const document = screenerDocument();
    document.pages[0].navigation_rules[0].condition = "{S1} = '9'"; // an option code S1 does not have
    expect((await api.put(`${base}/content`, { platform: "service", source: JSON.stringify(document) })).status).toBe(201);
    const refused = await api.post(`${base}/links`, { mode: "production" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("content_not_fieldable");
    expect(refused.body.details.length).toBeGreaterThan(0);
    expect(refused.body.details[0]).toHaveProperty("message");
    expect((await api.post(`${base}/links`, { mode: "test" })).status).toBe(201);
  });

  it("requires surveys:write to create and surveys:read to list", async () => {
    const { base, keyWith } = await programmedSurvey();
    const reader = await keyWith(["surveys:read"]);
    expect((await reader.api.post(`${base}/links`, {})).status).toBe(403);
    expect((await reader.api.get(`${base}/links`)).status).toBe(200);
  });
});

describe("taking a survey at a link", () => {
  it("completes along the questionnaire's route, terminates on the screen-out, and lists both with data only on request", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, { mode: "test", hidden_variables: { src: null } })).body.data;

    const completer = respondent(link.id, { src: "panel" });
    const first = await completer.page();
    expect(first.page.name).toBe("S1");
    expect((await completer.submit(first, { "a:S1": "1" })).status).toBe(303);
    expect(completer.cookie).toMatch(/^rsp_link_/);
    const q1 = await completer.page();
    expect(q1.page.name).toBe("Q1");
    await completer.submit(q1, { "a:Q1": "250" });
    const end = await completer.view();
    expect(end).toMatchObject({ kind: "ended", status: "complete" });

    const screened = respondent(link.id);
    await screened.submit(await screened.page(), { "a:S1": "2" });
    expect(await screened.view()).toMatchObject({ kind: "ended", status: "terminated" });

    const listed = await api.get(`${base}/responses`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((response: { status: string; mode: string }) => [response.status, response.mode])).toEqual([
      ["terminated", "test"],
      ["complete", "test"],
    ]);
    expect(listed.body.data[0]).not.toHaveProperty("data");
    const withData = await api.get(`${base}/responses?include=data&status=complete`);
    expect(withData.body.data).toHaveLength(1);
    expect(withData.body.data[0].data.answers).toEqual({ S1: "1", Q1: 250, src: "panel" });
    expect(withData.body.data[0].data.path).toHaveLength(3);
    expect(withData.body.data[0]).toMatchObject({ link_id: link.id, content_revision: 1 });
    const one = await api.get(`${base}/responses/${withData.body.data[0].id}`);
    expect(one.body.data).not.toHaveProperty("data");
    expect((await api.get(`${base}/responses/${withData.body.data[0].id}?include=data`)).body.data.data.answers.Q1).toBe(250);

    const events = await api.get("/v1/events");
    const types = events.body.data.map((event: { type: string }) => event.type);
    expect(types).toContain("response.completed");
    expect(types).toContain("response.terminated");
  });

  it("shows messages for missing and out-of-range answers and keeps what was typed", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, { mode: "test" })).body.data;
    const browser = respondent(link.id);
    const first = await browser.page();
    await browser.submit(first, {});
    const again = await browser.page();
    expect(again.page.name).toBe("S1");
    expect(Object.values(again.errors)).toEqual(["This question needs an answer."]);
    await browser.submit(again, { "a:S1": "1" });
    const q1 = await browser.page();
    await browser.submit(q1, { "a:Q1": "20000" });
    const rejected = await browser.page();
    expect(Object.values(rejected.errors)).toEqual(["Enter at most 10000."]);
    expect(rejected.answers.Q1).toBe(20000);
    await browser.submit(rejected, { "a:Q1": "lots" });
    expect(Object.values((await browser.page()).errors)).toEqual(["Enter a number, such as 12 or 3.5."]);
  });

  it("does not duplicate or skip when a page is sent twice, and Back returns to the previous page", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, { mode: "test" })).body.data;
    const browser = respondent(link.id);
    const first = await browser.page();
    // A double click on the first page: both posts carry the same nonce and version.
    const [one, two] = await Promise.all([browser.submit(first, { "a:S1": "1" }), browser.submit(first, { "a:S1": "1" })]);
    expect([one.status, two.status]).toEqual([303, 303]);
    const prisma = await db();
    expect(await prisma.response.count({ where: { linkId: link.id } })).toBe(1);
    const q1 = await browser.page();
    expect(q1.page.name).toBe("Q1");
    expect(q1.version).toBe(1);
    // A stale resend of the first page changes nothing.
    await browser.submit({ ...first, start: null }, { "a:S1": "2" });
    expect((await browser.page()).page.name).toBe("Q1");

    await browser.submit(q1, { _action: "back", "a:Q1": "30" });
    const back = await browser.page();
    expect(back.page.name).toBe("S1");
    expect(back.answers).toMatchObject({ S1: "1", Q1: 30 });
    await Promise.all([browser.submit(back, { "a:S1": "1" }), browser.submit(back, { "a:S1": "1" })]);
    const forward = await browser.page();
    expect(forward.page.name).toBe("Q1");
    const stored = await prisma.response.findFirstOrThrow({ where: { linkId: link.id } });
    expect((stored.path as string[]).length).toBe(2);
  });

  it("lets a tester jump to any page on a test link only", async () => {
    const { api, base } = await programmedSurvey();
    const test = (await api.post(`${base}/links`, { mode: "test" })).body.data;
    const tester = respondent(test.id);
    const first = await tester.page();
    const endPage = first.jumpTargets!.find((page) => page.name === "Q1")!;
    await tester.submit(first, { _action: "jump", _target: endPage.id });
    expect((await tester.page()).page.name).toBe("Q1");

    const production = (await api.post(`${base}/links`, { mode: "production" })).body.data;
    const visitor = respondent(production.id);
    const start = await visitor.page();
    expect(start.jumpTargets).toBeNull();
    await visitor.submit(start, { _action: "jump", _target: endPage.id });
    expect((await visitor.page()).page.name).toBe("S1");
  });

  it("answers closed, expired and unknown links with an unavailable page and refuses oversized or foreign posts", async () => {
    const { api, base } = await programmedSurvey();
    const expired = (await api.post(`${base}/links`, { expires_at: new Date(Date.now() - 1000).toISOString() })).body.data;
    expect(await respondentView(expired.id, undefined, {})).toEqual({ kind: "unavailable", reason: "expired" });
    expect(await respondentView("link_01ARZ3NDEKTSV4RRFFQ69G5FAV", undefined, {})).toEqual({ kind: "unavailable", reason: "not_found" });

    const link = (await api.post(`${base}/links`, {})).body.data;
    const big = await dispatch("POST", `/r/${link.id}/submit`, {
      rawBody: `a:S1=${"x".repeat(70 * 1024)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
    const json = await dispatch("POST", `/r/${link.id}/submit`, { rawBody: "{}", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(415);
    // Someone else's resume cookie is never guessed from the link: an unknown token starts nothing and reads nothing.
    expect((await respondentView(link.id, "not-a-token", {})).kind).toBe("page");
  });

  it("limits page submits per link and client address", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, {})).body.data;
    const browser = respondent(link.id);
    const page = await browser.page();
    const statuses: number[] = [];
    for (let index = 0; index < 125; index++) statuses.push((await browser.submit(page, {}, { headers: { "x-forwarded-for": "203.0.113.9" } })).status);
    expect(statuses.slice(0, 120).every((status) => status === 303)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect((await browser.submit(page, {}, { headers: { "x-forwarded-for": "203.0.113.10" } })).status).toBe(303);
  });

  it("flags a page sent faster than a person can answer it, and keeps the response", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, {})).body.data;
    const bot = respondent(link.id);
    const first = await bot.page();
    await bot.submit({ ...first, start: { ...first.start!, shownAt: Date.now() } }, { "a:S1": "1" });
    const listed = await api.get(`${base}/responses?include=data&mode=test`);
    expect(listed.body.data[0].data.flags).toEqual([expect.objectContaining({ kind: "fast_submit", page_id: first.page.id })]);
  });
});

describe("reading responses", () => {
  it("follows response_data_access: none refuses, test hides production responses", async () => {
    const { api, base } = await programmedSurvey();
    const production = (await api.post(`${base}/links`, { mode: "production" })).body.data;
    const visitor = respondent(production.id);
    await visitor.submit(await visitor.page(), { "a:S1": "2" });

    const listed = await api.get(`${base}/responses`);
    expect(listed.body.data).toEqual([]);
    const asked = await api.get(`${base}/responses?mode=production`);
    expect(asked.status).toBe(403);
    expect(asked.body.error).toBe("response_access_denied");
    const id = (await (await db()).response.findFirstOrThrow({ where: { linkId: production.id } })).id;
    expect((await api.get(`${base}/responses/${id}`)).status).toBe(403);

    expect((await api.put("/v1/settings/integrations", { response_data_access: "none" })).status).toBe(200);
    expect((await api.get(`${base}/responses?mode=test`)).body.error).toBe("response_access_denied");
  });

  it("marks responses without activity for the configured hours partial", async () => {
    const { api, base } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, { mode: "test" })).body.data;
    const browser = respondent(link.id);
    await browser.submit(await browser.page(), { "a:S1": "1" });
    expect(await sweepAbandonedResponses({ now: new Date(Date.now() + 23 * 3_600_000) })).toBe(0);
    expect(await sweepAbandonedResponses({ now: new Date(Date.now() + 25 * 3_600_000) })).toBeGreaterThanOrEqual(1);
    expect((await api.get(`${base}/responses`)).body.data.map((response: { status: string }) => response.status)).toEqual(["partial"]);
    // Coming back resumes the response.
    const q1 = await browser.page();
    await browser.submit(q1, { "a:Q1": "5" });
    expect((await api.get(`${base}/responses`)).body.data[0].status).toBe("complete");
  });

  it("exports CSV with labels, SPSS-friendly CSV with codes, and a label file", async () => {
    const { api, base, key } = await programmedSurvey();
    const link = (await api.post(`${base}/links`, { mode: "test" })).body.data;
    const browser = respondent(link.id);
    await browser.submit(await browser.page(), { "a:S1": "1" });
    await browser.submit(await browser.page(), { "a:Q1": "42" });

    const csv = await dispatch("GET", `${base}/responses/export?format=csv`, { key });
    expect(csv.status).toBe(200);
    const [header, row] = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(header).toBe("response_id,link_id,mode,status,content_revision,started_at,completed_at,S1,Q1");
    expect(row).toContain(",Yes,42");
    const spss = await dispatch("GET", `${base}/responses/export?format=spss`, { key });
    expect((await spss.text()).trim().split("\r\n")[1]).toMatch(/,1,42$/);
    const labels = await (await dispatch("GET", `${base}/responses/export?format=labels`, { key })).text();
    expect(labels).toContain("VALUE LABELS");
    expect(labels).toContain('1 "Yes"');
  });
});
