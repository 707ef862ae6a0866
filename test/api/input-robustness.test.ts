import { describe, expect, it } from "vitest";
import { createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

/** Inputs PostgreSQL cannot store must be refused as 400 validation errors, never reach the database as a 500. */

const nulCursor = Buffer.from("v1:\u0000").toString("base64url");

function document(content: string) {
  return {
    version: 1,
    survey: { id: "x", slug: "x", name: "x" },
    first_page_id: "p1",
    pages: [{ id: "p1", name: "P", order: 0, blocks: [{ id: "b1", order: 0, config: { type: "text", content } }], navigation_rules: [] }],
  };
}

describe("input the database cannot store", () => {
  it("refuses a NUL character in a path, a query, a cursor or a body with 400 validation_error naming where", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "nul");
    const cases = [
      { response: await api.get("/v1/surveys/a%00b"), path: "path.surveyId" },
      { response: await api.get("/v1/surveys?q=%00"), path: "query.q" },
      { response: await api.get(`/v1/surveys?cursor=${nulCursor}`), path: "query.cursor" },
      { response: await api.get(`/v1/surveys/${surveyId}/files?cursor=${nulCursor}`), path: "query.cursor" },
      { response: await api.post("/v1/surveys", { slug: "b", name: "A\u0000B" }), path: "body.name" },
      { response: await api.put(`/v1/surveys/${surveyId}/content`, { source: document("a\u0000b") }), path: "body.source.pages.0.blocks.0.config.content" },
      { response: await api.put(`/v1/surveys/${surveyId}/content`, { platform: "qualtrics", source: "text\u0000" }), path: "body.source" },
    ];
    for (const { response, path } of cases) {
      expect(response.status, `${path}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ error: "validation_error" });
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
  });

  it("refuses a lone UTF-16 surrogate (\\ud800 in JSON) with 400 instead of a database error", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "surrogate");
    const body = JSON.stringify({ source: document("x") }).replace('"content":"x"', '"content":"\\ud800"');
    const response = await api.send("PUT", `/v1/surveys/${surveyId}/content`, { rawBody: body });
    expect(response.status, response.text).toBe(400);
    expect(response.body.details[0].path).toBe("body.source.pages.0.blocks.0.config.content");
    // A well-formed astral character (a surrogate pair) is fine.
    expect((await api.put(`/v1/surveys/${surveyId}/content`, { source: document("ok 😀") })).status).toBe(201);
  });
});

describe("deeply nested JSON", () => {
  it("is answered with a 400 (not a stack overflow or a stall) when 1 MiB of nesting is sent", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "deep");
    const depth = 250_000;
    const deep = `${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`;
    const response = await api.send("PUT", `/v1/surveys/${surveyId}/content`, { rawBody: `{"platform":"service","source":${deep}}` });
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toMatch(/^body\.source\.0\.0\.0/);
  });
});

describe("numbers beyond the database's 32-bit integers", () => {
  it("are refused with 400 in paths, queries and bodies instead of failing in the database", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "numbers");
    const huge = 99_999_999_999;
    const cases = [
      { response: await api.get(`/v1/surveys/${surveyId}/content/revisions/${huge}`), path: "path.revision" },
      { response: await api.get(`/v1/workflows/wrun_unknown/stream?startIndex=${huge}`), path: "query.startIndex" },
      { response: await api.get(`/v1/surveys/${surveyId}/programming/runs/wrun_unknown/stream?startIndex=${huge}`), path: "query.startIndex" },
      { response: await api.post(`/v1/surveys/${surveyId}/programming`, { questionnaire_revision: huge }), path: "body.questionnaire_revision" },
      {
        response: await api.put(`/v1/surveys/${surveyId}/content`, {
          source: { ...document("x"), pages: [{ ...document("x").pages[0], order: huge }] },
        }),
        path: "body.source.pages.0.order",
      },
    ];
    for (const { response, path } of cases) {
      expect(response.status, `${path}: ${response.text}`).toBe(400);
      expect(response.body.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
  });
});
