import { defineConfig } from "@playwright/test";
import { APP_ORIGIN, APP_PORT, CHROMIUM_LAUNCH_OPTIONS, uiServerEnvironment } from "./settings";

/**
 * Stand-alone configuration of the UI tests, for running them on their own after `npm run build`:
 *   npx playwright test -c e2e/ui/playwright.config.ts
 * It starts `next start` on a fresh data directory with single sign-on pointed at the test identity
 * provider that the global setup starts. The project-wide playwright.config.ts (project `ui`) runs the
 * same specs with the same global setup.
 */
// Set once in the runner, so the workers (which evaluate this file again) agree.
process.env.E2E_DATA_DIR ??= `/tmp/ui-data-e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts$/,
  outputDir: "../../test-results/ui",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: APP_ORIGIN,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "ui", use: { browserName: "chromium" } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `rm -rf ${dataDir} && npx next start -p ${APP_PORT} -H 127.0.0.1`,
        url: `${APP_ORIGIN}/health`,
        cwd: "../..",
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: "ignore",
        stderr: "pipe",
        env: { ...uiServerEnvironment(), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", LOG_LEVEL: "warn" },
      },
});
