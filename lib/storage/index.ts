import path from "node:path";
import { env } from "@/lib/env";
import { LocalStorageDriver } from "./local";
import type { StorageDriver } from "./types";
import { VercelBlobStorageDriver } from "./vercel-blob";

export * from "./types";

/**
 * The process's storage driver: Vercel Blob when `BLOB_READ_WRITE_TOKEN` is set, otherwise the local
 * filesystem under `DATA_DIR/objects` (DESIGN §3). Created on first use, never at import.
 */

const holder = globalThis as typeof globalThis & { __surveyStorage?: StorageDriver };

export function storage(): StorageDriver {
  if (!holder.__surveyStorage) {
    const config = env();
    holder.__surveyStorage = config.BLOB_READ_WRITE_TOKEN
      ? new VercelBlobStorageDriver({ token: config.BLOB_READ_WRITE_TOKEN, apiUrl: config.BLOB_API_URL })
      : new LocalStorageDriver(path.join(config.dataDir, "objects"));
  }
  return holder.__surveyStorage;
}

/** The local driver when it is the one in use (the dev object routes exist only for it). */
export function localStorageDriver(): LocalStorageDriver | null {
  const driver = storage();
  return driver instanceof LocalStorageDriver ? driver : null;
}

/** Tests pick a driver (or `undefined` to go back to the configured one). */
export function setStorageForTests(driver: StorageDriver | undefined): void {
  holder.__surveyStorage = driver;
}
