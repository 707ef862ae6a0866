import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";
import { Webhook } from "standardwebhooks";
import { appOrigin, IDP_ISSUER, WEBHOOK_RECEIVER_PORT } from "./settings";
import { startWebhookReceiver } from "./webhook-receiver";

/**
 * The researcher's journey on a fresh install: sign in through single sign-on, manage surveys, create
 * an API key and use it; then a second person who joins as a member and cannot manage keys.
 * The steps share one browser session and run in order (the first person to sign in becomes the
 * owner). Names carry a run tag, so other specs working in the same workspace do not disturb them.
 */
test.describe.configure({ mode: "serial", timeout: 90_000 });

const TAG = Date.now().toString(36);
const OWNER = "olivia.owner@example.test";
const MEMBER = "max.member@example.test";
const SURVEY = `Customer Satisfaction ${TAG}`;
const RENAMED = `Customer satisfaction Q3 ${TAG}`;
const SECOND = `Brand tracker ${TAG}`;
const KEY = `Nightly export ${TAG}`;
const QUESTIONNAIRE_NAME = "001-delphi-covid-survey-2020-04.docx";
const QUESTIONNAIRE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures-files", QUESTIONNAIRE_NAME);

let context: BrowserContext;
let page: Page;
const seen: string[] = [];
let surveyUrl = "";
let apiKey = "";

async function ownerPage(browser: Browser) {
  context = await browser.newContext();
  page = await context.newPage();
  watchHosts(page, seen);
}

const mainNav = () => page.getByRole("navigation", { name: "Main" });

/** Answers one preview question like a respondent: the given option, else the first choice or a plausible value. */
async function answer(question: Locator, choice: string | null) {
  if (choice) return question.getByRole("checkbox", { name: choice }).or(question.getByRole("radio", { name: choice })).first().check();
  const grid = question.getByRole("table");
  if (await grid.count()) {
    const rows = grid.locator("tbody tr");
    for (let row = 0; row < (await rows.count()); row++) await rows.nth(row).getByRole("radio").first().check();
    return;
  }
  if (await question.getByRole("radio").count()) return question.getByRole("radio").first().check();
  if (await question.getByRole("checkbox").count()) return question.getByRole("checkbox").first().check();
  if (await question.getByRole("spinbutton").count()) {
    // A plausible number within the question's bounds, as a respondent would give.
    const input = question.getByRole("spinbutton");
    const min = Number((await input.getAttribute("min")) ?? "0");
    const max = Number((await input.getAttribute("max")) ?? "1000000");
    return input.fill(String(Math.min(max, Math.max(min, 2))));
  }
  if (await question.getByRole("combobox").count()) return question.getByRole("combobox").selectOption({ index: 1 }).then(() => undefined);
  if (await question.getByRole("textbox").count()) return question.getByRole("textbox").first().fill("15213");
}

async function search(q: string) {
  await page.getByRole("searchbox", { name: "Search surveys" }).fill(q);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
}

test.beforeAll(async ({ browser }) => ownerPage(browser));

test.afterAll(async () => {
  expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  await context.close();
});

test("signed-out visitors of any app page are sent to sign-in", async ({}, testInfo) => {
  for (const path of ["/", "/surveys", "/surveys/00000000-0000-7000-8000-000000000000/history", "/settings/api-keys"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/sign-in\?callbackUrl=/);
  }
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Development sign-in")).toHaveCount(0);
  await inspect(page, testInfo, "01-sign-in");
});

test("the first person signs in through the identity provider and becomes the owner", async ({}, testInfo) => {
  await page.goto("/surveys");
  await signInThroughIdp(page, OWNER);
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.getByRole("heading", { name: "Surveys", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Owner of Default workspace")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Owner of Default workspace")).toBeHidden();
  await inspect(page, testInfo, "02-surveys");
});

test("works from the keyboard: skip link, dialogs that trap and return focus", async () => {
  await page.goto("/surveys");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  const newSurvey = page.getByRole("button", { name: "New survey" }).first();
  await newSurvey.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create a survey" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(newSurvey).toBeFocused();
});

test("an unknown survey shows a not-found page inside the app", async () => {
  await page.goto("/surveys/00000000-0000-7000-8000-000000000000/questionnaire");
  await expect(page.getByRole("heading", { name: "Survey not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("creates a survey with a suggested slug", async ({}, testInfo) => {
  await page.goto("/surveys");
  await page.getByRole("button", { name: "New survey" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create a survey" });
  await dialog.getByLabel("Name").fill(SURVEY);
  await expect(dialog.getByLabel("Slug")).toHaveValue(`customer-satisfaction-${TAG}`);
  await inspect(page, testInfo, "03-create-survey-dialog");
  await dialog.getByRole("button", { name: "Create survey" }).click();
  await expect(page).toHaveURL(/\/surveys\/[0-9a-f-]{36}\/questionnaire$/);
  await expect(page.getByRole("heading", { name: SURVEY, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Questionnaire" })).toHaveAttribute("aria-current", "page");
  surveyUrl = page.url().replace(/\/questionnaire$/, "");
  await inspect(page, testInfo, "04-survey-questionnaire");

  for (const tab of ["Programming", "Preview", "History"]) {
    await page.getByRole("link", { name: tab, exact: true }).click();
    await expect(page).toHaveTitle(new RegExp(`^${tab} ·`));
    await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
    await inspect(page, testInfo, `05-survey-${tab.toLowerCase()}`);
  }
});

test("uploads a real .docx questionnaire with progress, verified by its checksum, and lists its revisions", async ({}, testInfo) => {
  await page.goto(`${surveyUrl}/questionnaire`);
  const bytes = await readFile(QUESTIONNAIRE);
  const expectedHash = createHash("sha256").update(bytes).digest("hex");

  // A file of the wrong kind is explained, and nothing is created.
  await page.getByLabel("Choose a file…").setInputFiles({ name: "slides.pptx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await expect(page.getByText(/^“slides\.pptx” is not a Word \(\.docx\), PDF, Markdown \(\.md\) or text \(\.txt\) questionnaire, or another platform's survey file/)).toBeVisible();

  // A slow uplink (Chromium's network emulation) so the progress bar can be seen moving.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * 1024 });
  await page.getByLabel("Choose a file…").setInputFiles(QUESTIONNAIRE);
  await expect(page.getByRole("progressbar", { name: `Uploading ${QUESTIONNAIRE_NAME}` })).toBeVisible();
  await expect(page.getByText(/Uploading… \d+% of 32 KB/)).toBeVisible();
  await expect(page.getByText("is now the questionnaire (revision 1)")).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  const revisions = page.getByRole("list", { name: "Questionnaire revisions, newest first" });
  await expect(revisions.getByRole("listitem")).toHaveCount(1);
  await expect(revisions.getByRole("listitem").first()).toContainText("Revision 1");
  await expect(revisions.getByRole("listitem").first()).toContainText("Current");
  await expect(revisions.getByRole("listitem").first()).toContainText(QUESTIONNAIRE_NAME);
  await expect(revisions.getByRole("listitem").first()).toContainText(expectedHash.slice(0, 12));
  await expect(revisions.getByRole("listitem").first()).toContainText("Olivia Owner");
  await inspect(page, testInfo, "05a-questionnaire-uploaded");

  // A second version becomes revision 2; the first stays downloadable, byte for byte.
  await page.getByLabel("Choose a new version…").setInputFiles(QUESTIONNAIRE);
  await expect(page.getByText("is now the questionnaire (revision 2)")).toBeVisible();
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: `Download revision 1 (${QUESTIONNAIRE_NAME})` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(QUESTIONNAIRE_NAME);
  const downloaded = await readFile(await download.path());
  expect(createHash("sha256").update(downloaded).digest("hex")).toBe(expectedHash);

  // Through the API the same revisions, with the server-verified hash.
  const tip = await page.evaluate(async (url) => (await (await fetch(`${url.replace(/^.*\/surveys\//, "/v1/surveys/")}/questionnaire`)).json()).data, surveyUrl);
  expect(tip).toMatchObject({ revision: 2, file: { name: QUESTIONNAIRE_NAME, content_hash: expectedHash, status: "ready" } });
});

test("programs the questionnaire: answers the run's target question, survives a reload, and watches it finish", async ({}, testInfo) => {
  await page.goto(`${surveyUrl}/programming`);
  await page.getByRole("button", { name: "Start programming" }).click();
  const hookForm = page.getByRole("form", { name: "The run needs your answer" });
  await expect(hookForm).toBeVisible();
  await expect(page.getByText("Waiting for you", { exact: true })).toBeVisible();
  await inspect(page, testInfo, "06a-programming-hook");

  // A reload while the run waits: the page resumes the stream after the chunks it already saw.
  const streamRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/stream?")) streamRequests.push(request.url());
  });
  await page.reload();
  await expect(hookForm).toBeVisible();
  await expect(page.getByRole("log", { name: "Programming activity" })).toContainText("Programming started.");
  await expect.poll(() => streamRequests.length).toBeGreaterThan(0);
  expect(Number(new URL(streamRequests[0]).searchParams.get("startIndex"))).toBeGreaterThan(0);

  // One picker: the run's question is answered from the page's target form (and the survey keeps the answer).
  await expect(hookForm.getByRole("button", { name: "Continue programming" })).toBeDisabled();
  await page.getByRole("radio", { name: "This service" }).check();
  await hookForm.getByRole("button", { name: "Continue programming" }).click();
  await expect(page.getByText("The survey is programmed")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("progressbar", { name: "Programming progress" })).toHaveAttribute("value", "100");
  await expect(page.getByRole("group", { name: "What was programmed" })).toContainText("Questions");
  await expect(page.getByRole("list", { name: "Steps" })).toContainText("Check the logic");
  await inspect(page, testInfo, "06b-programming-done");
  const remembered = await page.evaluate(async (url) => (await (await fetch(`${url.replace(/^.*\/surveys\//, "/v1/surveys/")}/programming/target`)).json()).data, surveyUrl);
  expect(remembered.platform).toBe("service");
});

test("previews the survey: screening out of the symptom questions skips them and reaches the end", async ({}, testInfo) => {
  await page.getByRole("link", { name: "Preview it" }).click();
  await expect(page).toHaveURL(/\/preview$/);
  const preview = page.getByRole("region", { name: /Survey page/ });
  const asked: string[] = [];
  await expect(page.getByRole("complementary", { name: "Review: questionnaire source and flags" })).toContainText("From the questionnaire");
  await inspect(page, testInfo, "06c-preview");
  for (let pageNumber = 1; pageNumber < 60; pageNumber++) {
    // Each Next shows the following page (its number is in the card's header) or an error to fix.
    await expect(page.getByText(new RegExp(`^Page ${pageNumber} ·`))).toBeVisible();
    if (await page.getByText("The response ends here with status").isVisible()) break;
    const questions = page.locator("[data-variable]");
    for (let index = 0; index < (await questions.count()); index++) {
      const question = questions.nth(index);
      const variable = (await question.getAttribute("data-variable"))!;
      asked.push(variable);
      await answer(question, variable === "B2" ? "None of the above" : null);
    }
    await page.getByRole("button", { name: "Next" }).click();
    if (asked.at(-1) === "B2") {
      await expect(page.getByRole("complementary")).toContainText("skipped");
      await inspect(page, testInfo, "06d-preview-after-skip");
    }
  }
  await expect(page.getByText("The response ends here with status Complete")).toBeVisible();
  expect(asked).toContain("S1");
  expect(asked).toContain("B2");
  expect(asked).toContain("C1");
  for (const skipped of ["B2b", "B3", "Q40", "B4", "B5", "B6"]) expect(asked, `${skipped} should be skipped`).not.toContain(skipped);
  await page.getByRole("button", { name: "Start again" }).click();
  await expect(preview).toBeVisible();
});

test("sees the programmed version in the history, views it, and compares it with an edit", async ({}, testInfo) => {
  await page.goto(`${surveyUrl}/history`);
  const versions = page.getByRole("list", { name: "Versions of the programmed survey, newest first" });
  await expect(versions.getByRole("listitem")).toHaveCount(1);
  await expect(versions.getByRole("listitem").first()).toContainText("Programmed from questionnaire revision 2");
  await expect(versions.getByRole("listitem").first()).toContainText("Programming run");

  // An API client edits the survey: a new version without the last question and with new wording.
  const edited = await page.evaluate(async (surveyPath) => {
    const tip = (await (await fetch(`${surveyPath}/content`)).json()).data;
    const document = JSON.parse(tip.source);
    const last = document.pages.find((candidate: { name: string }) => candidate.name === "Q36");
    for (const candidate of document.pages) {
      candidate.navigation_rules = candidate.navigation_rules.filter((rule: { target_page_id: string }) => rule.target_page_id !== last.id);
    }
    document.pages = document.pages.filter((candidate: { id: string }) => candidate.id !== last.id);
    document.pages[0].blocks[0].config.content = "Do you agree to take part in this survey?";
    document.pages[0].blocks[0].config.attentionRequired = { reason: "Check the consent wording with the ethics board.", dismissed: false };
    const response = await fetch(`${surveyPath}/content`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-requested-with": "fetch" },
      body: JSON.stringify({ source: document, message: "Shortened for the pilot" }),
    });
    return response.status;
  }, surveyUrl.replace(/^.*\/surveys\//, "/v1/surveys/"));
  expect(edited).toBe(201);

  await page.reload();
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText("Shortened for the pilot");
  await expect(versions.getByRole("listitem").first()).toContainText("Olivia Owner");
  await page.getByLabel("From version").selectOption("1");
  await page.getByLabel("To version").selectOption("2");
  await page.getByRole("button", { name: "Compare" }).click();
  const pages = page.getByRole("region", { name: "Pages" });
  await expect(pages.getByRole("listitem").filter({ hasText: "Removed" })).toContainText("“Q36”");
  const blocks = page.getByRole("region", { name: "Blocks" });
  await expect(blocks.getByRole("listitem").filter({ hasText: "Changed" })).toContainText("wording");
  await expect(blocks.getByRole("listitem").filter({ hasText: "Removed" })).toContainText("Q36");
  await inspect(page, testInfo, "06e-history-compare");

  // The preview shows the new version, with its review flag beside the question.
  await page.getByRole("link", { name: "Preview", exact: true }).click();
  await expect(page.getByText("Do you agree to take part in this survey?")).toBeVisible();
  await expect(page.getByRole("complementary")).toContainText("Needs review");
  await expect(page.getByRole("complementary")).toContainText("Check the consent wording with the ethics board.");
  await page.goto(`${surveyUrl}/history`);

  await page.getByRole("link", { name: "View version 1" }).click();
  await expect(page.getByRole("heading", { name: "Version 1" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pages" })).toContainText("Q36");
  await inspect(page, testInfo, "06f-history-version");
});

test("sets programming defaults, the survey's target and the integration settings", async ({}, testInfo) => {
  await page.goto("/settings/programming");
  await page.getByRole("textbox", { name: "This service" }).fill("Use sentence case for every question.");
  await page.getByRole("radio", { name: "The survey platform" }).check();
  await inspect(page, testInfo, "13-settings-programming");
  await page.getByRole("button", { name: "Save defaults" }).click();
  await expect(page.getByRole("status").getByText("Programming defaults saved.")).toBeVisible();
  await page.getByRole("radio", { name: "This service" }).check();
  await page.getByRole("button", { name: "Save defaults" }).click();

  await page.goto(`${surveyUrl}/programming`);
  await page.getByRole("radio", { name: "This service" }).check();
  await expect(page.getByText("“Use sentence case for every question.”")).toBeVisible();
  await page.getByRole("radio", { name: "Instructions for this survey" }).check();
  await page.getByRole("textbox", { name: "Instructions for this survey" }).fill("Terminate respondents under 18.");
  await inspect(page, testInfo, "14-survey-programming-target");
  await page.getByRole("button", { name: "Save target" }).click();
  await expect(page.getByRole("status").getByText("Programming target saved.")).toBeVisible();
  const target = await page.evaluate(async (url) => (await (await fetch(`${url.replace(/^.*\/surveys\//, "/v1/surveys/")}/programming/target`)).json()).data, surveyUrl);
  expect(target).toMatchObject({ platform: "service", instructions: "Terminate respondents under 18.", instructions_source: "target" });

  await page.goto("/settings/integrations");
  await expect(page.getByRole("radio", { name: "Test responses only" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Test and live responses" })).toBeDisabled();
  await page.getByRole("radio", { name: "None" }).check();
  await inspect(page, testInfo, "15-settings-integrations");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Integration settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: "None" })).toBeChecked();
  await page.getByRole("radio", { name: "Test responses only" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Integration settings saved.")).toBeVisible();
  await page.goto(surveyUrl);
});

test("renames the survey", async () => {
  await page.getByRole("button", { name: `Rename ${SURVEY}` }).click();
  const rename = page.getByRole("dialog", { name: "Rename survey" });
  await rename.getByLabel("Name").fill(RENAMED);
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: RENAMED, level: 1 })).toBeVisible();
  await expect(page.getByRole("status").getByText("Survey renamed.")).toBeVisible();
});

test("explains a duplicate or invalid slug next to the slug field", async () => {
  await mainNav().getByRole("link", { name: "Surveys" }).click();
  await page.getByRole("button", { name: "New survey" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create a survey" });
  await dialog.getByLabel("Name").fill(SECOND);
  await dialog.getByLabel("Slug").fill(`customer-satisfaction-${TAG}`);
  await dialog.getByRole("button", { name: "Create survey" }).click();
  await expect(dialog.getByText("Another survey in this workspace already uses this slug")).toBeVisible();
  await expect(dialog.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Slug").fill("Brand Tracker!");
  await dialog.getByRole("button", { name: "Create survey" }).click();
  await expect(dialog.getByText("must be lowercase kebab-case")).toBeVisible();
  await dialog.getByLabel("Slug").fill(`brand-tracker-${TAG}`);
  await dialog.getByRole("button", { name: "Create survey" }).click();
  await expect(page.getByRole("heading", { name: SECOND, level: 1 })).toBeVisible();
});

test("searches surveys by name", async ({}, testInfo) => {
  await mainNav().getByRole("link", { name: "Surveys" }).click();
  await search(TAG);
  await expect(page.getByRole("link", { name: RENAMED })).toBeVisible();
  await expect(page.getByRole("link", { name: SECOND })).toBeVisible();
  await search(`satisfaction q3 ${TAG}`);
  await expect(page.getByRole("link", { name: RENAMED })).toBeVisible();
  await expect(page.getByRole("link", { name: SECOND })).toHaveCount(0);
  await inspect(page, testInfo, "06-surveys-search");
  await search(`nothing-${TAG}`);
  await expect(page.getByText(`No surveys match “nothing-${TAG}”`)).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/surveys$/);
});

test("creates an API key, shows its secret once, and the key works with fetch", async ({}, testInfo) => {
  await mainNav().getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Choose at least one scope.")).toBeVisible();
  await dialog.getByLabel("Name").fill(KEY);
  await dialog.getByRole("checkbox", { name: "meta:read" }).check();
  await dialog.getByRole("checkbox", { name: "surveys:read" }).check();
  await inspect(page, testInfo, "07-create-api-key-dialog");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const revealed = page.getByRole("dialog", { name: "Your new API key" });
  await expect(revealed.getByText("you won't see it again")).toBeVisible();
  apiKey = await revealed.getByLabel("API key").inputValue();
  expect(apiKey).toMatch(/^qpk_live_/);
  await inspect(page, testInfo, "08-api-key-secret");
  await revealed.getByRole("button", { name: "Done" }).click();

  const row = page.getByRole("row", { name: new RegExp(KEY) });
  await expect(row).toContainText(apiKey.slice(-4));
  await expect(row).toContainText("Enabled");
  await expect(page.getByText(apiKey)).toHaveCount(0);
  await inspect(page, testInfo, "09-api-keys");

  const whoami = await fetch(`${appOrigin()}/v1/whoami`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(whoami.status).toBe(200);
  const caller = await whoami.json();
  expect(caller.auth_method).toBe("api_key");
  expect([...caller.permissions].sort()).toEqual(["meta:read", "surveys:read"]);
});

test("disables, enables and rotates the key", async () => {
  const row = page.getByRole("row", { name: new RegExp(KEY) });
  const status = (key: string) => fetch(`${appOrigin()}/v1/whoami`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.status);
  await row.getByRole("button", { name: `Disable ${KEY}` }).click();
  await expect(row).toContainText("Disabled");
  expect(await status(apiKey)).toBe(401);
  await row.getByRole("button", { name: `Enable ${KEY}` }).click();
  await expect(row).toContainText("Enabled");
  expect(await status(apiKey)).toBe(200);

  await row.getByRole("button", { name: `Rotate ${KEY}` }).click();
  await page.getByRole("dialog", { name: `Rotate “${KEY}”?` }).getByRole("button", { name: "Rotate key" }).click();
  const rotated = await page.getByRole("dialog", { name: `New secret for “${KEY}”` }).getByLabel("API key").inputValue();
  expect(rotated).not.toBe(apiKey);
  await page.getByRole("button", { name: "Done" }).click();
  expect(await status(apiKey)).toBe(401);
  expect(await status(rotated)).toBe(200);
  apiKey = rotated;
});

test("adds a webhook endpoint, sees a delivery retried until it succeeds, redelivers it, rotates and deletes", async ({}, testInfo) => {
  const receiver = await startWebhookReceiver(WEBHOOK_RECEIVER_PORT, [500, 204]);
  try {
    await page.goto("/settings/webhooks");
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    await dialog.getByLabel("Description (optional)").fill(`CRM sync ${TAG}`);
    await dialog.getByRole("radio", { name: "Selected events" }).check();
    await dialog.getByRole("checkbox", { name: "survey.created" }).check();
    await inspect(page, testInfo, "16-add-webhook-dialog");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await page.getByRole("dialog", { name: "Endpoint added" }).getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();
    await inspect(page, testInfo, "17-webhooks");

    // An event: the first attempt gets a 500, the retry a 204.
    const created = await page.evaluate(async (slug) => {
      const response = await fetch("/v1/surveys", {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "fetch" },
        body: JSON.stringify({ name: "Webhook trigger", slug }),
      });
      return response.status;
    }, `webhook-trigger-${TAG}`);
    expect(created).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const delivered = receiver.received[1];
    const verified = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe("survey.created");

    await page.getByRole("link", { name: receiver.url }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks\/we_/);
    const delivery = page.getByRole("list", { name: "Deliveries, newest first" }).getByRole("listitem").first();
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText("Delivered", { timeout: 1000 });
      await expect(delivery).toContainText("2 attempts", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await delivery.getByText("survey.created").click();
    await expect(delivery.getByRole("table")).toContainText("HTTP 500");
    await expect(delivery.getByRole("table")).toContainText("HTTP 204");
    await inspect(page, testInfo, "18-webhook-deliveries");

    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await expect(page.getByRole("status").getByText("Delivery queued again.")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);

    await page.getByRole("button", { name: /^Rotate secret of/ }).click();
    await page.getByRole("dialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate secret" }).click();
    const rotated = await page.getByRole("dialog", { name: "New signing secret" }).getByLabel("Signing secret").inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByRole("button", { name: "Done" }).click();

    await page.getByRole("button", { name: /^Delete CRM sync/ }).click();
    await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByRole("link", { name: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("deletes a survey after confirmation", async ({}, testInfo) => {
  await page.goto(surveyUrl);
  await page.getByRole("button", { name: `Delete ${RENAMED}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “${RENAMED}”?` });
  await expect(confirm.getByText("cannot be undone")).toBeVisible();
  await inspect(page, testInfo, "10-delete-survey-dialog");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: `Delete ${RENAMED}` }).click();
  await confirm.getByRole("button", { name: "Delete survey" }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await search(TAG);
  await expect(page.getByRole("link", { name: RENAMED })).toHaveCount(0);
  await expect(page.getByRole("link", { name: SECOND })).toBeVisible();
  const listed = await fetch(`${appOrigin()}/v1/surveys?q=${encodeURIComponent(RENAMED)}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect((await listed.json()).data).toEqual([]);
});

test("a second person joins as a member: sees the keys, cannot create them, and the server refuses", async ({ browser }, testInfo) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberSeen: string[] = [];
  watchHosts(member, memberSeen);
  await member.goto("/settings/api-keys");
  await signInThroughIdp(member, MEMBER);
  await expect(member).toHaveURL(/\/settings\/api-keys$/);
  await expect(member.getByRole("row", { name: new RegExp(KEY) })).toBeVisible();
  await expect(member.getByRole("button", { name: "Create API key" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /^(Disable|Enable|Rotate|Delete) / })).toHaveCount(0);
  await expect(member.getByText("Only workspace owners and admins can create")).toBeVisible();
  await inspect(member, testInfo, "11-api-keys-as-member");

  const refused = await member.evaluate(async () => {
    const response = await fetch("/v1/api_keys", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "fetch" },
      body: JSON.stringify({ name: "sneaky", scopes: ["surveys:read"] }),
    });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe("forbidden");

  // Members still work on surveys.
  await member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Surveys" }).click();
  await expect(member.getByRole("button", { name: "New survey" }).first()).toBeVisible();
  await member.getByRole("button", { name: "Account menu" }).click();
  await expect(member.getByText("Member of Default workspace")).toBeVisible();
  expect(foreignRequests(memberSeen)).toEqual([]);
  await memberContext.close();
});

test("the owner sees the members and makes the member an admin", async ({}, testInfo) => {
  await page.goto("/settings/members");
  const row = page.getByRole("row", { name: /Max Member/ });
  await expect(row).toContainText(MEMBER);
  await expect(page.getByRole("row", { name: /Olivia Owner/ })).toContainText("Owner");
  await inspect(page, testInfo, "12-members");
  await row.getByLabel("Role of Max Member").selectOption("admin");
  await expect(page.getByRole("status").getByText("Role of Max Member updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row", { name: /Max Member/ }).getByLabel("Role of Max Member")).toHaveValue("admin");
});

test("a form on another site cannot use the session", async () => {
  // Another origin (the IdP's stands in for an attacker's page) submits a form to the API: the browser
  // attaches the session cookie (same host, other port), and the server refuses the request.
  await page.goto(`${IDP_ISSUER}/.well-known/openid-configuration`);
  await page.evaluate((target) => {
    const form = document.createElement("form");
    form.method = "POST";
    form.action = target;
    form.enctype = "text/plain";
    const input = document.createElement("input");
    input.name = '{"name":"Forged","slug":"forged","padding":"';
    input.value = '"}';
    form.append(input);
    document.body.append(form);
    form.submit();
  }, `${appOrigin()}/v1/surveys`);
  await expect(page.locator("body")).toContainText("Cross-site request refused");
  const forged = await fetch(`${appOrigin()}/v1/surveys?q=forged`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect((await forged.json()).data).toEqual([]);
});

test("signing out ends the session", async () => {
  await page.goto("/surveys");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signed_out=1/);
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goto("/surveys");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
});
