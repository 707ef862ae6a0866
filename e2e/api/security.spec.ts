import { expect, test } from "../fixtures";

test.describe("security review: HTTP-level behaviour of the built app", () => {
  test("an API path that is not valid percent-encoding is a JSON 400, not Next's plain-text 500", async ({ api }) => {
    for (const path of ["/v1/surveys/%E0%A4%A", "/v1/whoami%E0", "/v1/surveys/abc%ZZ", "/o/v1/webhooks/%E0"]) {
      const response = await api.get(path);
      expect(response.status, path).toBe(400);
      expect(response.headers["content-type"], path).toContain("application/json");
      expect(response.body, path).toMatchObject({ error: "validation_error" });
    }
    // Valid escapes still reach the route handlers.
    const valid = await api.get("/v1/surveys/not%20a%20survey");
    expect(valid.status).toBe(404);
    expect(valid.body).toMatchObject({ error: "not_found", resource: "survey" });
  });
});

test.describe("security review: app pages", () => {
  test("cannot be framed by another site (clickjacking) and are never content-sniffed", async ({ api }) => {
    for (const path of ["/sign-in", "/surveys"]) {
      const response = await api.get(path, { key: null });
      expect(response.headers["x-frame-options"], path).toBe("DENY");
      expect(response.headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});

test.describe("security review: served objects", () => {
  test("keep their own sandboxing Content-Security-Policy (an uploaded HTML page never runs on the app's origin)", async ({ api }) => {
    const survey = await api.post("/v1/surveys", { slug: `sec-${Date.now()}`, name: "Served objects" });
    expect(survey.status, survey.text).toBe(201);
    const created = await api.post(`/v1/surveys/${survey.body.data.id}/files`, { name: "page.html", content_type: "text/html", visibility: "public" });
    const upload = await api.send("PUT", new URL(created.body.upload.url).pathname + new URL(created.body.upload.url).search, {
      key: null,
      raw: "<script>alert(document.domain)</script>",
    });
    expect(upload.status, upload.text).toBe(200);
    const ready = await api.patch(`/v1/surveys/${survey.body.data.id}/files/${created.body.data.id}`, { status: "ready" });
    const served = await api.get(new URL(ready.body.data.public_url).pathname, { key: null });
    expect(served.status).toBe(200);
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.headers["content-disposition"]).toMatch(/^attachment/);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });
});
