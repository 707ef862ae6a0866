import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "@playwright/test";
import { qualtricsStandIn, surveyMonkeyStandIn } from "../../test/helpers/platform-stand-ins";
import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";

/**
 * Issue 13 in the browser: Settings → Integrations against a local stand-in of the Qualtrics API (the
 * server reaches it on 127.0.0.1 because the UI server runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, the
 * SSRF guard's switch for tests and self-hosting), and the real questionnaire 022 programmed for external
 * platforms with each export downloaded as its platform's file.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const TAG = `in${Date.now().toString(36)}`;
const OWNER = "olivia.owner@example.test";
const MUSIC_022 = "022-music-streaming-payment-questionnaire.docx";
/** Our own questionnaire (written for this spec): questions shown only for some answers, which SurveyMonkey's API cannot express. */
const PETS = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures-files", "pets-display-logic.md");
const SHARED_DIR = [process.env.E2E_QUESTIONNAIRES_DIR, path.resolve("../shared/fixtures/questionnaires/files"), path.resolve("../../shared/fixtures/questionnaires/files")].find(
  (directory) => directory && existsSync(path.join(directory, MUSIC_022)),
);

let context: BrowserContext;
let page: Page;
const seen: string[] = [];

type Reply = { status: number; text: string; body: { data?: Record<string, unknown> } & Record<string, unknown> };

/** The /v1 API from the signed-in page (session cookie + the header the CSRF check wants). */
function api(method: string, url: string, body?: unknown): Promise<Reply> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: { "content-type": "application/json", "x-requested-with": "fetch" }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      let parsed = {};
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, text, body: parsed };
    },
    { method, url, body },
  );
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  watchHosts(page, seen);
});

test.afterAll(async () => {
  expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  await context.close();
});

test("Settings → Integrations against a Qualtrics API stand-in: connect, test, edit, delete — credentials never shown back", async ({}, testInfo) => {
  const token = `qualtrics-token-${TAG}-secret`;
  const standIn = await qualtricsStandIn({ token });
  try {
    await page.goto("/settings/integrations");
    await signInThroughIdp(page, OWNER);
    await page.goto("/settings/integrations");
    const list = page.getByRole("region", { name: "Connected platforms" });
    await expect(list).toContainText("No platform is connected yet.");

    // Connecting validates on the page first: the token is required.
    const connect = page.getByRole("form", { name: "Connect Qualtrics" });
    await connect.getByLabel("Name (optional)").fill(`Stand-in Qualtrics ${TAG}`);
    await connect.getByLabel("Base URL").fill(`${standIn.url}/API/v3`);
    await connect.getByRole("button", { name: "Connect Qualtrics" }).click();
    await expect(connect.getByText("API token is required.")).toBeVisible();
    await expect(connect.getByLabel("API token")).toHaveAttribute("aria-invalid", "true");
    await connect.getByLabel("API token").fill(token);
    await connect.getByRole("button", { name: "Connect Qualtrics" }).click();
    await expect(page.getByRole("status").getByText("Qualtrics connected; test it to check the credentials.")).toBeVisible();

    const item = list.getByRole("listitem", { name: new RegExp(`Stand-in Qualtrics ${TAG}`) });
    await expect(item).toContainText("Not tested");
    await expect(item).toContainText("API token");
    await expect(item).toContainText("set, hidden");
    await expect(page.getByRole("form", { name: "Connect Qualtrics" }).getByLabel("API token")).toHaveValue("");
    expect(await page.content(), "the page never contains the token").not.toContain(token);
    await inspect(page, testInfo, "int-01-connected");

    // Test: the server calls the stand-in's /whoami with the token; the item says so.
    await item.getByRole("button", { name: `Test Stand-in Qualtrics ${TAG}` }).click();
    await expect(page.getByRole("status").getByText(`Stand-in Qualtrics ${TAG}: the connection works (standin.researcher@example.test).`)).toBeVisible();
    await expect(item).toContainText("Connected");
    await expect(item).toContainText(/Last tested .*: succeeded — Connected\./);
    expect(standIn.requests.map((request) => `${request.method} ${request.path} ${request.headers["x-api-token"] === token ? "token" : "no token"}`)).toEqual(["GET /API/v3/whoami token"]);

    // Through the API the credentials are only named.
    const listed = await api("GET", "/v1/integrations");
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(token);
    expect((listed.body.data as unknown as Record<string, unknown>[])[0]).toMatchObject({ credential_fields: ["api_token"], credentials_configured: true, status: "connected", last_test_status: "succeeded" });

    // Edit: the form starts with the settings, the credentials empty (kept unless all are typed again).
    await item.getByRole("button", { name: `Edit Stand-in Qualtrics ${TAG}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit Stand-in Qualtrics ${TAG}` });
    await expect(dialog.getByLabel("Base URL")).toHaveValue(`${standIn.url}/API/v3`);
    await expect(dialog.getByLabel("API token")).toHaveValue("");
    await expect(dialog).toContainText("Stored and hidden: API token.");
    await inspect(page, testInfo, "int-02-edit");
    await dialog.getByLabel("API token").fill("a-wrong-token");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toContainText("Not tested");

    // A wrong token: the stand-in answers 401 and the test records a failure with the platform's reason.
    await item.getByRole("button", { name: `Test Stand-in Qualtrics ${TAG}` }).click();
    await expect(item).toContainText("Test failed");
    await expect(item).toContainText("Invalid API token");
    await expect(page.getByRole("status").getByText(/the test failed/)).toBeVisible();
    expect(standIn.requests.at(-1)?.headers["x-api-token"]).toBe("a-wrong-token");
    await inspect(page, testInfo, "int-03-test-failed");

    // Delete, after confirming.
    await item.getByRole("button", { name: `Delete Stand-in Qualtrics ${TAG}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete Stand-in Qualtrics ${TAG}?` });
    await confirm.getByRole("button", { name: "Delete integration" }).click();
    await expect(page.getByRole("status").getByText(`Stand-in Qualtrics ${TAG} disconnected.`)).toBeVisible();
    await expect(list).toContainText("No platform is connected yet.");
    expect((await api("GET", "/v1/integrations")).body.data).toEqual([]);
  } finally {
    await standIn.close();
  }
});

test("programs the real questionnaire 022 for Qualtrics and Decipher and downloads each export in the browser", async ({}, testInfo) => {
  test.skip(!SHARED_DIR, `the shared fixture ${MUSIC_022} is not on this machine`);
  const created = await api("POST", "/v1/surveys", { name: `Music streaming ${TAG}`, slug: `music-${TAG}` });
  expect(created.status).toBe(201);
  const surveyId = String(created.body.data!.id);
  const bytes = (await readFile(path.join(SHARED_DIR!, MUSIC_022))).toString("base64");
  const file = await api("POST", `/v1/surveys/${surveyId}/files`, { name: MUSIC_022, content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" });
  const upload = file.body.upload as { url: string; headers: Record<string, string> };
  const put = await page.evaluate(
    async ({ url, headers, bytes }) => (await fetch(url, { method: "PUT", headers, body: Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0)) })).status,
    { ...upload, bytes },
  );
  expect(put).toBeLessThan(300);
  expect((await api("PATCH", `/v1/surveys/${surveyId}/files/${file.body.data!.id}`, { status: "ready" })).status).toBe(200);
  expect((await api("PUT", `/v1/surveys/${surveyId}/questionnaire`, { file_id: file.body.data!.id })).status).toBe(200);

  // Qualtrics, chosen on the Programming page: the run ends with its export, its warnings and a download.
  await page.goto(`/surveys/${surveyId}/programming`);
  await page.getByRole("radio", { name: "Qualtrics" }).check();
  await page.getByRole("button", { name: "Start programming" }).click();
  await expect(page.getByText("The survey is programmed")).toBeVisible({ timeout: 120_000 });
  const exported = page.getByRole("group", { name: /Exported for Qualtrics/ });
  await expect(exported).toContainText("content revision 2");
  await expect(exported.getByRole("list", { name: "Export warnings for Qualtrics" }).or(exported.getByText("No warnings"))).toBeVisible();
  // The page refreshes once when the run finishes (the Activity details start closed again): open it until it stays open.
  const activity = page.getByRole("log", { name: "Programming activity" });
  await expect(async () => {
    if (!(await activity.isVisible())) await page.getByText(/^Activity \(\d+\)$/).click();
    await expect(activity).toContainText("Exported for Qualtrics as content revision 2", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await inspect(page, testInfo, "int-04-programmed-qualtrics");
  const [qsfDownload] = await Promise.all([page.waitForEvent("download"), exported.getByRole("link", { name: "Download the Qualtrics file (.qsf)" }).click()]);
  expect(qsfDownload.suggestedFilename()).toBe(`music-${TAG}-qualtrics-r2.qsf`);
  const qsf = JSON.parse(await readFile((await qsfDownload.path())!, "utf8"));
  const questions = qsf.SurveyElements.filter((element: { Element: string }) => element.Element === "SQ");
  expect(questions.length).toBeGreaterThanOrEqual(8);
  const q7 = questions.find((element: { Payload: { QuestionText: string } }) => element.Payload.QuestionText.includes("paid for music streaming"));
  const flow = JSON.stringify(qsf.SurveyElements.find((element: { Element: string }) => element.Element === "FL").Payload);
  expect(flow, "the skip at Q7 is a flow branch on Q7").toContain(`"QuestionID":"${q7.Payload.QuestionID}"`);

  // Decipher through the API, then downloaded from History's list of exports.
  expect((await api("POST", `/v1/surveys/${surveyId}/programming`, { platform: "decipher" })).status).toBe(202);
  await expect.poll(async () => (await api("GET", `/v1/surveys/${surveyId}/programming`)).body.data?.status, { timeout: 120_000 }).toBe("completed");
  const revision = Number(((await api("GET", `/v1/surveys/${surveyId}/programming`)).body.data!.output as { content_revision: number }).content_revision);
  await page.goto(`/surveys/${surveyId}/history`);
  const exports = page.getByRole("list", { name: "Exports for other platforms, newest first" });
  const decipher = exports.getByRole("listitem", { name: `Version ${revision} · Decipher` });
  const qualtrics = exports.getByRole("listitem", { name: "Version 2 · Qualtrics" });
  await expect(decipher).toContainText("Decipher survey XML (.xml)");
  await expect(qualtrics).toContainText("Qualtrics survey file (.qsf)");
  await expect(decipher.getByText(/No warnings|warnings?: what Decipher cannot express/)).toBeVisible();
  await inspect(page, testInfo, "int-05-history-exports");
  const link = decipher.getByRole("link", { name: `Download .xml of version ${revision} for Decipher (music-${TAG}-decipher-r${revision}.xml)` });
  const [xmlDownload] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(xmlDownload.suggestedFilename()).toBe(`music-${TAG}-decipher-r${revision}.xml`);
  const xml = await readFile((await xmlDownload.path())!, "utf8");
  // The browser's namespace-aware XML parser: a <survey> root, no parse error, the skip as a cond= naming Q7.
  const parsed = await page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, "application/xml");
    const error = document.getElementsByTagName("parsererror")[0]?.textContent ?? null;
    const q7 = [...document.querySelectorAll("radio")].find((element) => element.querySelector("title")?.textContent?.includes("paid for music streaming"));
    const label = q7?.getAttribute("label") ?? "";
    const conditions = [...document.querySelectorAll("[cond]")].map((element) => element.getAttribute("cond") ?? "").filter((cond) => label && cond.includes(label));
    return { root: document.documentElement.nodeName, error, label, conditions };
  }, xml);
  expect(parsed).toMatchObject({ root: "survey", error: null });
  expect(parsed.conditions.length, `a cond= naming ${parsed.label}`).toBeGreaterThan(0);

  // The download answers with the platform's media type and an attachment name.
  const head = await page.request.get(`/v1/surveys/${surveyId}/content/revisions/${revision}/download`);
  expect(head.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(head.headers()["content-disposition"]).toBe(`attachment; filename="music-${TAG}-decipher-r${revision}.xml"`);

  // A version page of an export: its warnings and the same download.
  await qualtrics.getByRole("link", { name: "View version 2 (Qualtrics)" }).click();
  await expect(page.getByRole("heading", { name: /Qualtrics source/ })).toBeVisible();
  await expect(page.getByRole("link", { name: `Download .qsf of version 2 for Qualtrics (music-${TAG}-qualtrics-r2.qsf)` })).toBeVisible();
  await inspect(page, testInfo, "int-06-export-version");

  // A platform source written directly (PUT /content), in a survey never programmed here: History lists it,
  // downloadable, and says no warnings were recorded for it.
  const direct = await api("POST", "/v1/surveys", { name: `Direct XML ${TAG}`, slug: `direct-${TAG}` });
  const directId = String(direct.body.data!.id);
  expect((await api("PUT", `/v1/surveys/${directId}/content`, { platform: "decipher", source: xml, message: "Written by hand" })).status).toBe(201);
  await page.goto(`/surveys/${directId}/history`);
  await expect(page.getByText("No version of the survey programmed here yet")).toBeVisible();
  const handWritten = page.getByRole("list", { name: "Exports for other platforms, newest first" }).getByRole("listitem", { name: "Version 1 · Decipher" });
  await expect(handWritten).toContainText("Written by hand");
  await expect(handWritten).toContainText("No export warnings were recorded: this source was written directly");
  await expect(handWritten.getByRole("link", { name: `Download .xml of version 1 for Decipher (direct-${TAG}-decipher-r1.xml)` })).toBeVisible();
});

test("shows what SurveyMonkey cannot express (the export's warnings in the run and in History) and pushes the survey to a SurveyMonkey API stand-in", async ({}, testInfo) => {
  const standIn = await surveyMonkeyStandIn({ token: `sm-token-${TAG}`, surveys: [] });
  try {
    const integration = await api("POST", "/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: `sm-token-${TAG}` } });
    expect(integration.status).toBe(201);
    const created = await api("POST", "/v1/surveys", { name: `Pet owners ${TAG}`, slug: `pets-${TAG}` });
    const surveyId = String(created.body.data!.id);
    const file = await api("POST", `/v1/surveys/${surveyId}/files`, { name: "pets-display-logic.md", content_type: "text/markdown" });
    const upload = file.body.upload as { url: string; headers: Record<string, string> };
    const text = await readFile(PETS, "utf8");
    expect(await page.evaluate(async ({ url, headers, text }) => (await fetch(url, { method: "PUT", headers, body: text })).status, { ...upload, text })).toBeLessThan(300);
    expect((await api("PATCH", `/v1/surveys/${surveyId}/files/${file.body.data!.id}`, { status: "ready" })).status).toBe(200);
    expect((await api("PUT", `/v1/surveys/${surveyId}/questionnaire`, { file_id: file.body.data!.id })).status).toBe(200);

    await page.goto(`/surveys/${surveyId}/programming`);
    await page.getByRole("radio", { name: "SurveyMonkey" }).check();
    // With a SurveyMonkey integration connected, the run can also create the survey there.
    await page.getByRole("checkbox", { name: "Also create or update the survey on SurveyMonkey" }).check();
    await page.getByRole("button", { name: "Start programming" }).click();
    await expect(page.getByText("The survey is programmed")).toBeVisible({ timeout: 120_000 });
    const warnings = page.getByRole("group", { name: /Exported for SurveyMonkey/ }).getByRole("list", { name: "Export warnings for SurveyMonkey" });
    await expect(warnings.getByRole("listitem")).toHaveCount(2);
    await expect(warnings).toContainText("SurveyMonkey's API has no question display logic");
    await expect(warnings).toContainText("(display_logic_unsupported)");
    await expect(warnings.getByRole("listitem").first()).toContainText("question Q3 on page “Q3”: SurveyMonkey's API has no question display logic; “{Q2} anyof ['1']” is not exported");
    await expect(warnings.getByRole("listitem").last()).toContainText("question Q4 on page “Q4”");
    await expect(page.getByRole("group", { name: /Exported for SurveyMonkey/ })).toContainText("Created the survey on SurveyMonkey (its id there: 900).");
    const pushed = standIn.requests.find((request) => request.method === "POST" && request.path === "/v3/surveys");
    expect(pushed?.headers.authorization).toBe(`Bearer sm-token-${TAG}`);
    expect(JSON.parse(pushed!.body).pages.length).toBeGreaterThan(1);
    await inspect(page, testInfo, "int-07-run-export-warnings");

    // The same warnings, kept with the revision, in History.
    const revision = await api("GET", `/v1/surveys/${surveyId}/content/revisions/2`);
    expect(revision.body.data).toMatchObject({ platform: "surveymonkey" });
    expect(revision.body.data!.export_warnings).toHaveLength(2);
    await page.goto(`/surveys/${surveyId}/history`);
    const item = page.getByRole("list", { name: "Exports for other platforms, newest first" }).getByRole("listitem", { name: "Version 2 · SurveyMonkey" });
    await item.getByText("2 warnings: what SurveyMonkey cannot express").click();
    await expect(item.getByRole("list", { name: "Warnings of version 2 (SurveyMonkey)" }).getByRole("listitem")).toHaveCount(2);
    await inspect(page, testInfo, "int-08-history-warnings");
  } finally {
    await standIn.close();
  }
});
