import { verify } from "@octokit/webhooks-methods";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, secretHint, signServiceHmac, signStandardWebhook } from "./signing";

describe("webhook signing", () => {
  it("makes whsec_ secrets of 24 random bytes, each different", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(secretHint(secret)).toBe(secret.slice(-4));
  });

  it("signs P deliveries so the standardwebhooks library verifies them, and only with the right secret", () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ id: "evt_1", type: "survey.created", created_at: "2026-01-01T00:00:00.000Z", data: { a: "ü" } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(timestamp), "webhook-signature": signStandardWebhook(secret, "evt_1", timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign("evt_1", new Date(timestamp * 1000), body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("ü", "u"), headers)).toThrow();
  });

  it("signs O deliveries as sha256=<hex> so @octokit/webhooks-methods verifies them", async () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ event: "survey.created", data: { survey: { id: "s" } }, timestamp: "2026-01-01T00:00:00.000Z" });
    const signature = signServiceHmac(secret, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify(secret, body, signature)).toBe(true);
    expect(await verify(generateWebhookSecret(), body, signature)).toBe(false);
    expect(await verify(secret, `${body} `, signature)).toBe(false);
  });
});
