import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { APP_KEY_FILE, deriveAppSubkey, getAppKey, parseAppKey, resetAppKeyForTests } from "./app-key";

const original = { DATA_DIR: process.env.DATA_DIR, APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY };

function configure(values: { DATA_DIR?: string; APP_ENCRYPTION_KEY?: string }) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
  resetAppKeyForTests();
}

afterEach(() => configure(original));

describe("the application key", () => {
  it("accepts 32 bytes as hex, base64 or base64url and refuses anything else with a hint", () => {
    const bytes = randomBytes(32);
    expect(parseAppKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseAppKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseAppKey(bytes.toString("base64url"))).toEqual(bytes);
    expect(parseAppKey(` ${bytes.toString("base64")}\n`)).toEqual(bytes);
    for (const bad of ["", "secret", randomBytes(16).toString("hex"), randomBytes(31).toString("base64"), "z".repeat(64)]) {
      expect(() => parseAppKey(bad), bad).toThrow(/openssl rand -base64 32/);
    }
  });

  it("is generated once into DATA_DIR with mode 0600 and reused after a restart", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "app-key-"));
    configure({ DATA_DIR: dataDir, APP_ENCRYPTION_KEY: undefined });
    const first = getAppKey();
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, APP_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseAppKey(readFileSync(file, "utf8"))).toEqual(first);
    resetAppKeyForTests();
    expect(getAppKey()).toEqual(first);
  });

  it("comes from APP_ENCRYPTION_KEY when set, without touching DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "app-key-"));
    const bytes = randomBytes(32);
    configure({ DATA_DIR: dataDir, APP_ENCRYPTION_KEY: bytes.toString("base64") });
    expect(getAppKey()).toEqual(bytes);
    expect(() => statSync(path.join(dataDir, APP_KEY_FILE))).toThrow();
  });

  it("derives different, stable subkeys per purpose", () => {
    configure({ APP_ENCRYPTION_KEY: randomBytes(32).toString("hex") });
    const signing = deriveAppSubkey("storage-url-signing");
    expect(signing).toHaveLength(32);
    expect(deriveAppSubkey("storage-url-signing")).toEqual(signing);
    expect(deriveAppSubkey("webhooks")).not.toEqual(signing);
    expect(signing).not.toEqual(getAppKey());
  });
});
