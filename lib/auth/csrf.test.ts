import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "./csrf";

const post = (headers: Record<string, string>, url = "http://app.example/v1/surveys") => new Request(url, { method: "POST", headers });

describe("checkSameOrigin", () => {
  it("lets reads through whatever their origin", () => {
    expect(checkSameOrigin(new Request("http://app.example/v1/surveys", { headers: { origin: "https://evil.example" } })).ok).toBe(true);
  });

  it("accepts the app's own pages", () => {
    expect(checkSameOrigin(post({ origin: "http://app.example", "sec-fetch-site": "same-origin" })).ok).toBe(true);
    expect(checkSameOrigin(post({ "sec-fetch-site": "same-origin" })).ok).toBe(true);
    expect(checkSameOrigin(post({ "x-requested-with": "fetch" })).ok).toBe(true);
  });

  it("accepts the forwarded host of a reverse proxy", () => {
    const behindProxy = post({ origin: "https://surveys.example.com", host: "127.0.0.1:3000", "x-forwarded-host": "surveys.example.com" }, "http://127.0.0.1:3000/v1/surveys");
    expect(checkSameOrigin(behindProxy).ok).toBe(true);
  });

  it("refuses other sites, other origins, opaque origins and bare requests", () => {
    expect(checkSameOrigin(post({ "sec-fetch-site": "cross-site", "x-requested-with": "fetch" })).ok).toBe(false);
    expect(checkSameOrigin(post({ "sec-fetch-site": "same-site" })).ok).toBe(false);
    expect(checkSameOrigin(post({ origin: "https://evil.example", "x-requested-with": "fetch" })).ok).toBe(false);
    expect(checkSameOrigin(post({ origin: "null" })).ok).toBe(false);
    expect(checkSameOrigin(post({})).ok).toBe(false);
  });
});
