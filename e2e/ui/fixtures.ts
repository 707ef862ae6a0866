import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import path from "node:path";
import { appOrigin, IDP_ISSUER, IDP_NAME } from "./settings";

/**
 * Page objects and checks shared by the UI specs: every page's requests are recorded and must go to
 * the app or the identity provider only; `inspect` takes a screenshot artifact and runs axe.
 */

const ALLOWED_HOSTS = new Set([new URL(appOrigin()).host, new URL(IDP_ISSUER).host]);

export function watchHosts(page: Page, seen: string[]) {
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:" || url.protocol === "wss:") seen.push(url.href);
  });
}

export function foreignRequests(seen: string[]): string[] {
  return seen.filter((href) => !ALLOWED_HOSTS.has(new URL(href).host));
}

export const test = base.extend<{ hosts: string[] }>({
  hosts: async ({ page }, provide) => {
    const seen: string[] = [];
    watchHosts(page, seen);
    await provide(seen);
    expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  },
});

export { expect };

/** Saves a full-page screenshot under test-results/ui/screenshots/ and fails on critical axe violations. */
export async function inspect(page: Page, testInfo: TestInfo, name: string) {
  // Not "networkidle": a live programming run keeps its stream request open.
  await page.waitForLoadState("load");
  // Every page has a title (Next streams it in after client-side navigations).
  await expect(page).toHaveTitle(/\S/);
  const file = path.join(testInfo.project.outputDir, "screenshots", `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`screenshot ${name}`, { path: file, contentType: "image/png" });
  const results = await new AxeBuilder({ page }).analyze();
  const critical = results.violations.filter((violation) => violation.impact === "critical");
  const serious = results.violations.filter((violation) => violation.impact === "serious");
  if (serious.length > 0 || critical.length > 0) {
    await testInfo.attach(`axe ${name}`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
  }
  expect(
    critical.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`),
    `critical accessibility violations on ${name}`,
  ).toEqual([]);
  expect(
    serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`),
    `serious accessibility violations on ${name}`,
  ).toEqual([]);
}

/** Signs in through the identity provider's own login page, starting from wherever the app sent us. */
export async function signInThroughIdp(page: Page, email: string) {
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole("button", { name: `Sign in with ${IDP_NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${IDP_ISSUER.replace(/[.]/g, "\\.")}/interaction/`));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`^${appOrigin().replace(/[.]/g, "\\.")}/`));
}
