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
