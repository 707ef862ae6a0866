import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import type { BrowserContext, Page } from "@playwright/test";
import { wordQuestionnaire } from "../../test/helpers/questionnaire-fixture";
import { MemoryOAuthProvider } from "../../test/helpers/mcp-oauth-provider";
import { expect, foreignRequests, inspect, signInThroughIdp, test, watchHosts } from "./fixtures";
import { appOrigin } from "./settings";

/**
 * An AI assistant connects to the built app's /mcp with the MCP SDK's own client and OAuth provider:
 * 401 with resource metadata, dynamic registration, the browser consent after single sign-on through the
 * local identity provider, the code exchanged with PKCE; then it creates a survey, uploads the Word
 * questionnaire 022, programs it and reads its outline. Connected apps lists it and revokes it.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const OWNER = "olivia.owner@example.test";
/** The assistant's redirect URI, on the app's origin so the browser stays on allowed hosts (a desktop app would listen on loopback). */
const CALLBACK = new URL("/mcp-client-callback", appOrigin()).toString();

class BrowserAssistant extends MemoryOAuthProvider {
  override get redirectUrl() {
    return CALLBACK;
  }
  override get clientMetadata() {
    return { ...super.clientMetadata, client_name: "E2E assistant", redirect_uris: [CALLBACK] };
  }
}

let context: BrowserContext;
let page: Page;
const seen: string[] = [];
const provider = new BrowserAssistant();
const mcpUrl = new URL("/mcp", appOrigin());

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  watchHosts(page, seen);
});

test.afterAll(async () => {
  expect(foreignRequests(seen), "requests to hosts other than the app and the IdP").toEqual([]);
  await context.close();
});

async function call(client: Client, name: string, args: Record<string, unknown>, onprogress?: (progress: Progress) => void) {
  const result = (await client.callTool({ name, arguments: args }, undefined, { onprogress, timeout: 200_000 })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  return { isError: result.isError === true, data: result.structuredContent as any, text };
}

test("an assistant is refused without a token, registers, and the person allows it after signing in", async ({}, testInfo) => {
  const bare = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
  expect(bare.status).toBe(401);
  expect(bare.headers.get("www-authenticate")).toContain(`resource_metadata="${appOrigin()}/.well-known/oauth-protected-resource/mcp"`);

  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await expect(new Client({ name: "e2e-assistant", version: "1.0.0" }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.clientInformation()?.client_id).toMatch(/^mcpc_/);

  await page.goto(provider.authorizationUrl!.toString());
  await signInThroughIdp(page, OWNER);
  await expect(page.getByRole("heading", { name: "Allow E2E assistant to use the survey service as you?" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Permissions" })).toContainText("Full workspace access");
  await inspect(page, testInfo, "mcp-01-consent");
  await page.getByRole("button", { name: "Allow access" }).click();
  // The browser is sent to the assistant's redirect URI (the app itself answers it with a 404 here).
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  const callback = new URL(page.url());
  expect(callback.searchParams.get("iss")).toBe(appOrigin());
  await transport.finishAuth(callback.searchParams.get("code")!);
  expect(provider.tokens()?.access_token).toMatch(/^mcp_at_/);
});

test("the assistant creates a survey, uploads the Word questionnaire 022, programs it and reads its outline", async () => {
  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["create_survey", "upload_questionnaire", "start_programming", "get_survey_outline"]));
  expect((await call(client, "whoami", {})).data).toMatchObject({ auth_method: "oauth", subject: expect.stringMatching(/^user:/) });

  const created = await call(client, "create_survey", { slug: `mcp-music-${Date.now().toString(36)}`, name: "Music streaming (MCP)" });
  expect(created.isError, created.text).toBe(false);
  const surveyId = created.data.survey.id;
  const { name: fileName, bytes } = wordQuestionnaire();
  const uploaded = await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: fileName, content_base64: bytes.toString("base64") });
  expect(uploaded.isError, uploaded.text).toBe(false);
  const progress: Progress[] = [];
  const programmed = await call(client, "start_programming", { survey_id: surveyId, platform: "service", wait_seconds: 170 }, (update) => progress.push(update));
  expect(programmed.data, programmed.text).toMatchObject({ outcome: "finished", run: { status: "completed" } });
  expect(progress.length).toBeGreaterThan(0);
  const outline = await call(client, "get_survey_outline", { survey_id: surveyId });
  expect(outline.data.counts.questions).toBeGreaterThan(3);
  await client.close();
});

test("Settings → Connected apps lists the assistant and revoking it ends its access", async ({}, testInfo) => {
  await page.goto("/settings/connected-apps");
  const row = page.getByRole("row", { name: /E2E assistant/ });
  await expect(row).toBeVisible();
  await inspect(page, testInfo, "mcp-02-connected-apps");
  await row.getByRole("button", { name: "Revoke E2E assistant" }).click();
  await expect(page.getByText("No connected apps")).toBeVisible();
  const refused = await fetch(mcpUrl, {
    method: "POST",
    headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(refused.status).toBe(401);
});
