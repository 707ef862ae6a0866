import { describe, expect, it } from "vitest";
import { signObjectUrl, verifyObjectUrl } from "./signing";
import type { ObjectRef } from "./types";

const ref: ObjectRef = { key: "surveys/s1/f1/questionnaire.pdf", visibility: "private" };
const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000);

describe("signed object URLs", () => {
  it("verify for the same method, key and visibility until they expire", () => {
    const query = signObjectUrl("PUT", ref, inFiveMinutes());
    expect(verifyObjectUrl("PUT", ref, query)).toEqual({ ok: true });
    expect(verifyObjectUrl("PUT", ref, query, Date.now() + 10 * 60_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("are refused for another method, key or visibility", () => {
    const query = signObjectUrl("PUT", ref, inFiveMinutes());
    expect(verifyObjectUrl("GET", ref, query)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyObjectUrl("PUT", { ...ref, key: `${ref.key}x` }, query)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyObjectUrl("PUT", { ...ref, visibility: "public" }, query)).toEqual({ ok: false, reason: "invalid" });
  });

  it("are refused when the expiry or any character of the signature is changed", () => {
    const query = signObjectUrl("GET", ref, inFiveMinutes());
    expect(verifyObjectUrl("GET", ref, { ...query, expires: String(Number(query.expires) + 3600) })).toEqual({ ok: false, reason: "invalid" });
    for (let index = 0; index < query.signature.length; index++) {
      const replacement = query.signature[index] === "A" ? "B" : "A";
      const signature = query.signature.slice(0, index) + replacement + query.signature.slice(index + 1);
      expect(verifyObjectUrl("GET", ref, { ...query, signature }).ok, `character ${index}`).toBe(false);
    }
    expect(verifyObjectUrl("GET", ref, { ...query, signature: `${query.signature}=` }).ok).toBe(false);
    expect(verifyObjectUrl("GET", ref, { expires: query.expires })).toEqual({ ok: false, reason: "missing" });
    expect(verifyObjectUrl("GET", ref, { ...query, expires: "soon" })).toEqual({ ok: false, reason: "invalid" });
  });
});
