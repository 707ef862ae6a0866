import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";

/**
 * Clarifications (issue 10) in the browser: the author checks a questionnaire that leaves things open
 * (e2e/ui/fixtures-files/clarifications-streaming.md: a list that does not say single or multiple, a filter
 * on a question that does not exist, a skip to a missing target), sees the questions arrive, answers one
 * with a shortcut and skips another, is reminded on the Programming page, programs, and finds the answer in
 * the preview (Q3 offers checkboxes). Then the review panel's Ask turns a finding into a clarification.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const TAG = `cl${Date.now().toString(36)}`;
const OWNER = "olivia.owner@example.test";
const QUESTIONNAIRE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures-files", "clarifications-streaming.md");

let context: BrowserContext;
let page: Page;
const seen: string[] = [];
let surveyId = "";

type Reply = { status: number; body: { data?: Record<string, unknown> } & Record<string, unknown> };

function api(method: string, url: string, body?: unknown): Promise<Reply> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: { "content-type": "application/json", "x-requested-with": "fetch" }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => ({})) };
    },
    { method, url, body },
  );
}

const tab = (name: RegExp) => page.getByRole("navigation", { name: "Survey sections" }).getByRole("link", { name });

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  watchHosts(page, seen);
});

test.afterAll(async () => {
  expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  await context.close();
});

test("checks the questionnaire for questions, shows them as they arrive, and records answers and skips", async ({}, testInfo) => {
  await page.goto("/surveys");
  await signInThroughIdp(page, OWNER);
  const created = await api("POST", "/v1/surveys", { name: `Music streaming ${TAG}`, slug: `music-streaming-${TAG}` });
  expect(created.status).toBe(201);
  surveyId = String(created.body.data!.id);
  const text = await readFile(QUESTIONNAIRE, "utf8");
  const file = await api("POST", `/v1/surveys/${surveyId}/files`, { name: "clarifications-streaming.md", content_type: "text/markdown" });
  const upload = file.body.upload as { url: string; headers: Record<string, string> };
  const put = await page.evaluate(async ({ url, headers, text }) => (await fetch(url, { method: "PUT", headers, body: text })).status, { ...upload, text });
  expect(put).toBeLessThan(300);
  expect((await api("PATCH", `/v1/surveys/${surveyId}/files/${file.body.data!.id}`, { status: "ready" })).status).toBe(200);
  expect((await api("PUT", `/v1/surveys/${surveyId}/questionnaire`, { file_id: file.body.data!.id })).status).toBe(200);

  // From the Questionnaire section to the check.
  await page.goto(`/surveys/${surveyId}/questionnaire`);
  await page.getByRole("link", { name: "Check for questions" }).click();
  await expect(page).toHaveURL(/\/clarifications$/);
  await expect(page.getByRole("heading", { name: "Clarifications", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Check for questions" }).click();

  const q3 = page.getByRole("article", { name: /^Q3 lists answers but does not say how many may be chosen/ });
  await expect(q3).toBeVisible({ timeout: 30_000 });
  await expect(q3).toContainText("Which of these streaming services do you use?");
  await expect(q3.locator("mark")).toContainText("Which of these streaming services");
  const filter = page.getByRole("article", { name: /Who should see Q4\?/ });
  await expect(filter.locator("mark")).toHaveText("ASK IF Q9 = 1");
  const skip = page.getByRole("article", { name: /^Q5 says/ });
  await expect(skip).toContainText("SKIP TO Q20");
  const status = page.getByRole("status").filter({ hasText: /of \d+ questions? (is|are) open/ });
  await expect(status).toBeVisible({ timeout: 30_000 });
  const total = await page.getByRole("article").count();
  await expect(status).toHaveText(`${total} of ${total} questions are open.`);
  await expect(tab(/^Clarifications/)).toContainText(String(total));
  await inspect(page, testInfo, "cl-01-questions");

  await q3.getByRole("button", { name: "More than one answer" }).click();
  await expect(q3).toContainText("Your answer: More than one answer");
  await expect(q3.getByRole("button", { name: "More than one answer" })).toHaveAttribute("aria-pressed", "true");
  await skip.getByRole("button", { name: "Skip" }).click();
  await expect(skip).toContainText("Skipped: programming keeps its default");
  await filter.getByLabel("Or answer in your own words").fill("Q3 = 1");
  await filter.getByRole("button", { name: "Save answer" }).click();
  await expect(filter).toContainText("Your answer: Q3 = 1");
  await expect(status).toHaveText(`${total - 3} of ${total} ${total - 3 === 1 ? "question is" : "questions are"} open.`);
  await inspect(page, testInfo, "cl-02-answered");
});

test("programming reminds of open questions, honours the answers, and the preview shows them", async ({}, testInfo) => {
  await page.goto(`/surveys/${surveyId}/programming`);
  await expect(page.getByText(/about the questionnaire (is|are) still open/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Answer them first" })).toHaveAttribute("href", `/surveys/${surveyId}/clarifications`);
  await inspect(page, testInfo, "cl-03-programming-reminder");
  expect((await api("POST", `/v1/surveys/${surveyId}/programming`, { platform: "service" })).status).toBe(202);
  await expect.poll(async () => (await api("GET", `/v1/surveys/${surveyId}/programming`)).body.data?.status, { timeout: 60_000 }).toBe("completed");

  await page.goto(`/surveys/${surveyId}/preview`);
  await page.getByRole("spinbutton", { name: /How old are you/ }).fill("30");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  // Answered "more than one": Q3 is programmed as multiple choice.
  await page.getByRole("checkbox", { name: "Spotify" }).check();
  await page.getByRole("checkbox", { name: "Deezer" }).check();
  await inspect(page, testInfo, "cl-04-preview-multiple");
  await page.getByRole("button", { name: "Next" }).click();
  // Answered "Q3 = 1": Q4 is asked because Spotify was chosen.
  await expect(page.getByText("How satisfied are you with your main service?", { exact: true })).toBeVisible();
});

test("the review panel's Ask turns a finding into a clarification", async ({}, testInfo) => {
  await page.goto(`/surveys/${surveyId}/review`);
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  const before = Number((await api("GET", `/v1/surveys/${surveyId}/questionnaire/clarifications`)).body.data!.open_count);
  await first.getByRole("button", { name: /^Ask the author about it/ }).click();
  await expect(first).toContainText("Added to the questions for the author");
  await inspect(page, testInfo, "cl-05-review-ask");
  await first.getByRole("link", { name: "Answer it in Clarifications" }).click();
  await expect(page).toHaveURL(/\/clarifications$/);
  await expect(page.getByRole("status").filter({ hasText: /open/ })).toContainText(`${before + 1} of`);
  await expect(page.getByRole("article", { name: /How should it be programmed\?$/ })).toBeVisible();
});
