import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { uiServerEnvironment } from "./e2e/ui/settings";

/**
 * End-to-end tests against the production build (`npm run build` first; `npm test` does it).
 * Playwright starts `next start` on E2E_PORT with a fresh DATA_DIR and a BOOTSTRAP_API_KEY, unless
 * E2E_BASE_URL points at a server that is already running (then give its key in E2E_BOOTSTRAP_API_KEY).
 *
 * The browser specs (project `ui`) sign in through single sign-on: the global setup starts a local
 * OpenID Connect provider (e2e/ui/idp.ts) and the server is started with AUTH_OIDC_* pointing at it.
 *
 * The values are put into process.env here, in the runner, so the worker processes (which inherit
 * the runner's environment and evaluate this file again) see the same ones. `npm test` passes its own
 * E2E_PORT (a free port) and E2E_DATA_DIR, and removes that directory afterwards.
 */
process.env.E2E_PORT ??= "3100";
process.env.E2E_BOOTSTRAP_API_KEY ??= `qpk_live_e2e_${randomBytes(24).toString("base64url")}`;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "sps-e2e-"));

const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Debian's Chromium (apt-get install chromium); Playwright's own browser download is not reachable here. */
const chromium = {
  executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  reporter: [["list"]],
  globalSetup: "./e2e/ui/global-setup.ts",
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "api", testDir: "e2e/api" },
    // One browser journey in order (the first person to sign in becomes the owner); it sets its own timeouts.
    { name: "ui", testDir: "e2e/ui", fullyParallel: false, use: { browserName: "chromium", launchOptions: chromium } },
  ],
  webServer: external
    ? undefined
    : {
        command: `node_modules/.bin/next start --hostname 127.0.0.1 --port ${process.env.E2E_PORT}`,
        url: `${baseURL}/health`,
        timeout: 60_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: process.env.E2E_PORT,
          DATA_DIR: process.env.E2E_DATA_DIR,
          BOOTSTRAP_API_KEY: process.env.E2E_BOOTSTRAP_API_KEY,
          LOG_LEVEL: "warn",
          ...uiServerEnvironment(),
        },
      },
});
