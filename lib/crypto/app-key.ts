import { hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * The application's one secret key (DESIGN §6, "Secrets"): 32 bytes, from `APP_ENCRYPTION_KEY` when set
 * (64 hex characters, or base64 / base64url of 32 bytes: `openssl rand -base64 32`), otherwise generated
 * once into `DATA_DIR/app-encryption.key` (mode 0600) so a development install needs no configuration.
 *
 * Use `getAppKey()` directly only for AES-256-GCM encryption at rest; every other use (signing URLs, …)
 * takes its own subkey from `deriveAppSubkey(purpose)`, so one purpose's outputs say nothing about another's.
 */

export const APP_KEY_FILE = "app-encryption.key";
const KEY_BYTES = 32;

let cached: { source: string; key: Buffer } | undefined;

export function getAppKey(): Buffer {
  const config = env();
  const source = config.APP_ENCRYPTION_KEY !== undefined ? `env:${config.APP_ENCRYPTION_KEY}` : `file:${config.dataDir}`;
  if (cached?.source !== source) {
    const key = config.APP_ENCRYPTION_KEY !== undefined ? parseAppKey(config.APP_ENCRYPTION_KEY) : loadOrCreateKeyFile(config.dataDir);
    cached = { source, key };
  }
  return Buffer.from(cached.key);
}

/** A 32-byte key for one purpose (HKDF-SHA256 of the app key with the purpose as `info`). */
export function deriveAppSubkey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", getAppKey(), Buffer.alloc(0), `survey-service:${purpose}`, KEY_BYTES));
}

/** Accepts 64 hex characters or the base64 / base64url form of exactly 32 bytes. */
export function parseAppKey(value: string): Buffer {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (decoded.length === KEY_BYTES) return decoded;
  }
  throw new Error(
    "APP_ENCRYPTION_KEY must be 32 random bytes written as 64 hex characters or as base64 (generate one with `openssl rand -base64 32`).",
  );
}

function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, APP_KEY_FILE);
  try {
    return parseStoredKey(readFileSync(file, "utf8"), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: when two processes start at once, exactly one writes and the other reads its key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
    log.warn("generated an application key; set APP_ENCRYPTION_KEY in production so it survives a new data directory", { file });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return parseStoredKey(readFileSync(file, "utf8"), file);
}

function parseStoredKey(content: string, file: string): Buffer {
  try {
    return parseAppKey(content);
  } catch {
    throw new Error(`The application key file ${file} is damaged: restore it, or remove it to generate a new key (data encrypted under the old key becomes unreadable).`);
  }
}

/** Tests switch DATA_DIR and APP_ENCRYPTION_KEY between cases. */
export function resetAppKeyForTests(): void {
  cached = undefined;
}
