import type { BrowserContext, Page } from "@playwright/test";
import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";

/**
 * Editing with the agent (issue 11): the chat beside the live preview, without a language model (the
 * deterministic agent). Send a request → a change card streams in, the preview beside it follows, the
 * turn links to its version in History; a reload shows the conversation from the server; a second
 * request builds on the first; a request it cannot do gets the list of what it can.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const TAG = `ag${Date.now().toString(36)}`;
const OWNER = "olivia.owner@example.test";

let context: BrowserContext;
let page: Page;
const seen: string[] = [];
let surveyId = "";

function api(method: string, url: string, body?: unknown): Promise<{ status: number; body: { data?: Record<string, unknown> } & Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, { method, headers: { "content-type": "application/json", "x-requested-with": "fetch" }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => ({})) };
    },
    { method, url, body },
  );
}

const question = (id: string, content: string, variable: string, options: string[]) => ({
  id: `page-${id}`,
  name: variable,
  order: 0,
  blocks: [{ id: `block-${id}`, order: 0, config: { type: "single_choice", content, content_type: "markdown", question: { variable, required: true, options: options.map((label, index) => ({ value: String(index + 1), label })) } } }],
  navigation_rules: [],
});

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  watchHosts(page, seen);
});

test.afterAll(async () => {
  expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  await context.close();
});

test("a request in the chat changes the survey, and the preview beside it follows", async ({}, testInfo) => {
  await page.goto("/surveys");
  await signInThroughIdp(page, OWNER);
  const created = await api("POST", "/v1/surveys", { name: `Agent ${TAG}`, slug: `agent-${TAG}` });
  expect(created.status).toBe(201);
  surveyId = String(created.body.data!.id);
  const source = {
    version: 1,
    survey: { id: surveyId, slug: `agent-${TAG}`, name: `Agent ${TAG}` },
    first_page_id: "page-q1",
    pages: [question("q1", "Which of these brands do you know?", "Q1", ["Canon", "Nikon", "Sony"]), { ...question("q2", "Do you own a camera?", "Q2", ["Yes", "No"]), order: 1 }],
    variables: [],
  };
  expect((await api("PUT", `/v1/surveys/${surveyId}/content`, { source, message: "first version" })).status).toBe(201);

  await page.goto(`/surveys/${surveyId}/agent`);
  await expect(page.getByRole("heading", { name: "Edit with the agent" })).toBeVisible();
  const preview = page.getByRole("region", { name: /Preview · version 1/ });
  await expect(preview.getByRole("radio", { name: "Canon" })).toBeVisible();
  await inspect(page, testInfo, "agent-01-empty");

  await page.getByLabel("Message to the agent").fill("make Q1 multiple choice");
  await page.getByRole("button", { name: "Send" }).click();
  const log = page.getByRole("log", { name: "Messages" });
  await expect(log.getByRole("article", { name: "You" })).toContainText("make Q1 multiple choice");
  const answer = log.getByRole("article", { name: "Agent" }).last();
  await expect(answer).toContainText("Q1: single_choice → multiple_choice");
  await expect(answer).toContainText("Saved as version 2");
  // The page refreshes after the turn: the preview shows version 2 with checkboxes.
  await expect(page.getByRole("region", { name: /Preview · version 2/ }).getByRole("checkbox", { name: "Canon" })).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByRole("link", { name: "Version 2 in History" })).toHaveAttribute("href", `/surveys/${surveyId}/history/2`);
  await inspect(page, testInfo, "agent-02-changed");

  // Reloading shows the same conversation, read back from the server.
  await page.reload();
  await expect(log.getByRole("article", { name: "Agent" }).last()).toContainText("Q1: single_choice → multiple_choice");
  await expect(log.getByRole("article", { name: "Agent" }).last().getByRole("link", { name: "Version 2 in History" })).toBeVisible();
});

test("a follow-up builds on the last turn, and a request it cannot do lists what it can", async ({}, testInfo) => {
  await page.goto(`/surveys/${surveyId}/agent`);
  await page.getByLabel("Message to the agent").fill("add a 'Prefer not to say' option to Q1");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("region", { name: /Preview · version 3/ }).getByRole("checkbox", { name: "Prefer not to say" })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel("Message to the agent").fill("make it pop");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByRole("log", { name: "Messages" }).getByRole("article", { name: "Agent" }).last();
  await expect(answer).toContainText("I did not understand that request.");
  await expect(answer).toContainText("I can make these changes without a language model");
  await inspect(page, testInfo, "agent-03-help");

  // A completed turn writes exactly one content revision, even one that changed nothing (the same content again).
  await expect(answer).toContainText("Nothing was changed (saved as version 4, the same content).");

  // The History tab has each turn as one version with the request as its message.
  const revisions = await api("GET", `/v1/surveys/${surveyId}/content/revisions`);
  expect((revisions.body.data as unknown as { revision: number; message: string }[]).slice(0, 3).map((revision) => [revision.revision, revision.message])).toEqual([
    [4, "make it pop"],
    [3, "add a 'Prefer not to say' option to Q1"],
    [2, "make Q1 multiple choice"],
  ]);
});
