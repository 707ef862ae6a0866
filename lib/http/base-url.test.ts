import { describe, expect, it } from "vitest";
import { baseUrlFor } from "./base-url";

describe("baseUrlFor", () => {
  it("uses the host the client used, not the server's own name", () => {
    expect(baseUrlFor(new Request("http://localhost:3000/v1/x", { headers: { host: "127.0.0.1:3000" } }))).toBe("http://127.0.0.1:3000");
  });

  it("follows a reverse proxy's forwarded host and protocol", () => {
    const request = new Request("http://localhost:3000/v1/x", { headers: { host: "10.0.0.5:3000", "x-forwarded-host": "surveys.example.com", "x-forwarded-proto": "https" } });
    expect(baseUrlFor(request)).toBe("https://surveys.example.com");
  });

  it("ignores a malformed host and falls back to the request URL", () => {
    expect(baseUrlFor(new Request("http://localhost:3000/v1/x", { headers: { "x-forwarded-host": "evil.example/path?" } }))).toBe("http://localhost:3000");
  });
});
