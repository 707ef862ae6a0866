import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetAppKeyForTests } from "./app-key";
import { decryptSecret, encryptSecret } from "./secret-box";

const original = process.env.APP_ENCRYPTION_KEY;

function useKey(value: string | undefined) {
  if (value === undefined) delete process.env.APP_ENCRYPTION_KEY;
  else process.env.APP_ENCRYPTION_KEY = value;
  resetEnvForTests();
  resetAppKeyForTests();
}

afterEach(() => useKey(original));

describe("secrets sealed with AES-256-GCM", () => {
  it("open with the same key and context, and not with another context", () => {
    useKey(randomBytes(32).toString("base64"));
    const sealed = encryptSecret("whsec_abc", "we_1");
    expect(decryptSecret(sealed, "we_1")).toBe("whsec_abc");
    expect(() => decryptSecret(sealed, "we_2")).toThrow();
  });

  it("refuse a truncated authentication tag (GCM would otherwise accept a 4-byte prefix of the tag)", () => {
    useKey(randomBytes(32).toString("base64"));
    const [version, iv, tag, ciphertext] = encryptSecret("whsec_abc", "we_1").split(".");
    const shortTag = Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url");
    expect(() => decryptSecret([version, iv, shortTag, ciphertext].join("."), "we_1")).toThrow();
  });
});
