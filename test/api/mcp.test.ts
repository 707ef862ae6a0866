import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { MCP_TOOLS } from "@/lib/mcp/registry";
import { LocalExecutor } from "@/lib/workflows/executor";
import { startRouteServer } from "../helpers/http-server";
import { wordQuestionnaire } from "../helpers/questionnaire-fixture";
import { authorizeByHand } from "../helpers/mcp-oauth";
import { createTenant } from "../helpers/tenant";

/**
 * The MCP endpoint through the SDK's own client over real HTTP: tools and the content resource on the
 * real route handler, programming executed by the real executor, tenancy and scopes enforced per tool.
 */

const CARS = `# Car owners

S1. Do you own a car?
1. Yes
2. No (TERMINATE)

Q1. How many kilometres do you drive in a typical week?
Enter a number from 0 to 5000.

Q2. Which of these brands have you owned? (Select all that apply)
1. Toyota
2. Ford
3. Volkswagen

Thank you for your time.
`;

const STREAMING = `Q1. How old are you?
Enter your age: ____

Q2. Do you pay for a music streaming service?
1. Yes
2. No

Q3. Which of these streaming services do you use?
1. Spotify
2. Apple Music
3. YouTube Music
4. Deezer

ASK IF Q9 = 1
Q4. How satisfied are you with your main service?
1. Very satisfied
2. Somewhat satisfied
3. Not satisfied
`;

let server: Awaited<ReturnType<typeof startRouteServer>>;
let worker: LocalExecutor;

beforeAll(async () => {
  server = await startRouteServer();
  worker = new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
  worker.start();
});

afterAll(async () => {
  await worker.stop();
  await server.close();
});

/** A fresh workspace and a person with `role` there who authorized an MCP client (the real OAuth flow). */
async function tenantWithToken(role: "owner" | "member" = "owner") {
  const tenant = await createTenant(["*"]);
  const grant = await authorizeByHand(server.url, tenant.workspace.id, role);
  return { ...tenant, token: grant.access_token, person: grant.person };
}

async function connect(token: string | null): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
  return client;
}

async function call<T = any>(client: Client, name: string, args: Record<string, unknown>, onprogress?: (progress: Progress) => void) {
  const result = (await client.callTool({ name, arguments: args }, undefined, { onprogress, timeout: 120_000 })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  // Tool errors carry the interface's error body; the SDK's own input validation answers in plain text.
  const error = result.isError ? (text.startsWith("{") ? JSON.parse(text) : { message: text }) : null;
  return { isError: result.isError === true, data: result.structuredContent as T, error, text };
}

describe("MCP endpoint", () => {
  it("refuses a request without an access token with 401 pointing at the resource metadata; API keys and browser cookies are not credentials here", async () => {
    const bare = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", cookie: "next-auth.session-token=whatever" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(await bare.json()).toMatchObject({ error: "unauthorized" });
    await expect(connect(null)).rejects.toThrow(/401|unauthorized/i);
    const { key } = await createTenant(["*"]);
    await expect(connect(key)).rejects.toThrow(/401|OAuth access tokens only/i);
    await expect(connect("mcp_at_not-a-real-token")).rejects.toThrow(/401|not valid/i);
  });

  it("lists every registered tool with its input and output schema", async () => {
    const { token } = await tenantWithToken();
    const client = await connect(token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.description, tool.name).toBeTruthy();
    }
    const upload = tools.find((tool) => tool.name === "upload_questionnaire")!;
    expect(Object.keys(upload.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["survey_id", "file_name", "text", "content_base64"]));
    expect(tools.find((tool) => tool.name === "list_surveys")!.annotations).toMatchObject({ readOnlyHint: true });
    const whoami = await call(client, "whoami", {});
    expect(whoami.data).toMatchObject({ auth_method: "oauth", permissions: ["*"] });
    await client.close();
  });

  it("creates a survey, uploads the Word questionnaire 022 (001 without the shared fixtures), programs it with progress, reads the outline, a question, review items and the content resource, edits, diffs and restores", async () => {
    const { token, workspace } = await tenantWithToken();
    const client = await connect(token);

    const created = await call(client, "create_survey", { slug: "music-streaming", name: "Music streaming" });
    expect(created.isError).toBe(false);
    const surveyId = created.data.survey.id as string;
    const found = await call(client, "list_surveys", { q: "music" });
    expect(found.data.surveys).toEqual([expect.objectContaining({ id: surveyId, review: { state: "not_programmed", open: 0 } })]);

    const notYet = await call(client, "get_survey_outline", { survey_id: surveyId });
    expect(notYet.isError).toBe(true);
    expect(notYet.error).toMatchObject({ error: "not_found", resource: "content" });

    const { name: fileName, bytes } = wordQuestionnaire();
    const uploaded = await call(client, "upload_questionnaire", {
      survey_id: surveyId,
      file_name: fileName,
      content_base64: bytes.toString("base64"),
    });
    expect(uploaded.isError, uploaded.text).toBe(false);
    expect(uploaded.data.file).toMatchObject({ size_bytes: bytes.byteLength, mime_type: expect.stringContaining("wordprocessingml") });
    expect(uploaded.data.questionnaire).toMatchObject({ survey_id: surveyId, revision: 1, file_id: uploaded.data.file.id });

    const progress: Progress[] = [];
    const programmed = await call(client, "start_programming", { survey_id: surveyId, platform: "service", wait_seconds: 100 }, (update) => progress.push(update));
    expect(programmed.isError, programmed.text).toBe(false);
    expect(programmed.data.outcome).toBe("finished");
    expect(programmed.data.run).toMatchObject({ kind: "survey.programming", status: "completed", survey_id: surveyId });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.message).toMatch(/^completed/);

    const outline = await call(client, "get_survey_outline", { survey_id: surveyId });
    expect(outline.isError, outline.text).toBe(false);
    expect(outline.data.revision).toBe(1);
    expect(outline.data.counts.pages).toBeGreaterThan(1);
    expect(outline.data.counts.questions).toBeGreaterThan(3);
    const firstQuestion = outline.data.pages.flatMap((page: any) => page.blocks).find((block: any) => block.variable);
    const question = await call(client, "get_question", { survey_id: surveyId, variable: firstQuestion.variable.toLowerCase() });
    expect(question.data.block).toMatchObject({ id: firstQuestion.id, config: { question: { variable: firstQuestion.variable } } });

    const review = await call(client, "list_review_items", { survey_id: surveyId, include_dismissed: true });
    expect(review.data.open).toBe(outline.data.counts.open_flags);
    expect(review.data.items.filter((item: any) => !item.dismissed)).toHaveLength(review.data.open);
    const validation = await call(client, "validate_survey", { survey_id: surveyId });
    expect(validation.data).toMatchObject({ revision: 1, valid: validation.data.errors === 0 });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain("survey://{survey_id}/content");
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain(`survey://${surveyId}/content`);
    const resource = await client.readResource({ uri: `survey://${surveyId}/content` });
    const content = JSON.parse((resource.contents[0] as { text: string }).text);
    expect(content).toMatchObject({ revision: 1, document: { version: 1, survey: { id: surveyId } } });

    const edited = await call(client, "apply_content_operations", {
      survey_id: surveyId,
      operations: [{ op: "update_block", block_id: firstQuestion.id, content: "Which music streaming services do you use?" }],
      message: "Reword the first question",
    });
    expect(edited.isError, edited.text).toBe(false);
    expect(edited.data.revision).toMatchObject({ revision: 2, message: "Reword the first question", user_id: expect.stringMatching(/^user:/) });
    expect(edited.data.revision.source).toBeUndefined();
    const refused = await call(client, "apply_content_operations", { survey_id: surveyId, operations: [{ op: "update_block", block_id: "no-such-block", content: "x" }] });
    expect(refused.isError).toBe(true);

    const history = await call(client, "list_content_revisions", { survey_id: surveyId });
    expect(history.data.revisions.map((revision: any) => revision.revision)).toEqual([2, 1]);
    const diff = await call(client, "diff_content_revisions", { survey_id: surveyId, from: 1 });
    expect(diff.data).toMatchObject({ from: 1, to: 2, identical: false });
    expect(diff.data.blocks.changed).toEqual([expect.objectContaining({ id: firstQuestion.id, fields: expect.arrayContaining(["content"]) })]);
    const restored = await call(client, "restore_content_revision", { survey_id: surveyId, revision: 1 });
    expect(restored.data.revision).toMatchObject({ revision: 3, message: expect.stringMatching(/^Restored version 1/) });
    expect((await call(client, "diff_content_revisions", { survey_id: surveyId, from: 1, to: 3 })).data.identical).toBe(true);

    const run = await call(client, "get_programming_run", { survey_id: surveyId });
    expect(run.data).toMatchObject({ outcome: "finished", run: { id: programmed.data.run.id } });
    expect((await call(client, "get_questionnaire", { survey_id: surveyId })).data.questionnaire.revision).toBe(1);
    expect((await call(client, "get_survey", { survey_id: surveyId })).data.survey).toMatchObject({ id: surveyId, slug: "music-streaming" });
    expect(workspace.id).toBeTruthy();
    await client.close();
  });

  it("uploads a questionnaire as text and walks the programmed survey like a respondent with preview_survey", async () => {
    const { token } = await tenantWithToken("member");
    const client = await connect(token);
    const surveyId = (await call(client, "create_survey", { slug: "cars", name: "Car owners" })).data.survey.id;
    const uploaded = await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "cars.md", text: CARS });
    expect(uploaded.data.file).toMatchObject({ mime_type: "text/markdown", size_bytes: Buffer.byteLength(CARS) });
    const programmed = await call(client, "start_programming", { survey_id: surveyId, platform: "service", wait_seconds: 100 });
    expect(programmed.data.run.status, programmed.text).toBe("completed");

    const start = await call(client, "preview_survey", { survey_id: surveyId });
    expect(start.isError, start.text).toBe(false);
    const s1 = start.data.page.blocks.find((block: any) => block.variable === "S1");
    expect(s1.options.map((option: any) => option.value)).toEqual(["1", "2"]);
    const unanswered = await call(client, "preview_survey", { survey_id: surveyId, page_id: start.data.page.id, answers: {} });
    expect(unanswered.data).toMatchObject({ page: { id: start.data.page.id }, missing: { [s1.id]: expect.any(String) } });
    const screenedOut = await call(client, "preview_survey", { survey_id: surveyId, page_id: start.data.page.id, answers: { S1: "2" } });
    expect(screenedOut.data.ended, screenedOut.text).toMatchObject({ status: expect.any(String) });
    expect(screenedOut.data.via).toMatch(/^rule: /);
    const owner = await call(client, "preview_survey", { survey_id: surveyId, page_id: start.data.page.id, answers: { S1: "1" } });
    expect(owner.data.ended).toBeNull();
    expect(owner.data.page.blocks.map((block: any) => block.variable)).toContain("Q1");
    await client.close();
  });

  it("asks the questionnaire's clarifications, answers one, and programs with the answer applied", async () => {
    const { token } = await tenantWithToken("member");
    const client = await connect(token);
    const surveyId = (await call(client, "create_survey", { slug: "streaming", name: "Streaming" })).data.survey.id;
    await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "streaming.md", text: STREAMING });

    const checked = await call(client, "check_questionnaire", { survey_id: surveyId, wait_seconds: 100 });
    expect(checked.isError, checked.text).toBe(false);
    expect(checked.data).toMatchObject({ outcome: "finished", session: { questionnaire_revision: 1, status: "open", round: 1 } });
    const selection = checked.data.session.clarifications.find((item: any) => item.kind === "selection_mode" && item.question_ids.includes("Q3"));
    expect(selection.options.map((option: any) => option.option_id)).toEqual(["single", "multiple"]);

    const answered = await call(client, "answer_clarification", { survey_id: surveyId, clarification_id: selection.id, kind: "answer", option_id: "multiple" });
    expect(answered.data.clarification).toMatchObject({ id: selection.id, status: "answered", answer: { option_id: "multiple", answered_by: expect.stringMatching(/^user:/) } });
    const unknownOption = await call(client, "answer_clarification", { survey_id: surveyId, clarification_id: selection.id, kind: "answer", option_id: "several" });
    expect(unknownOption.error).toMatchObject({ error: "validation_error" });
    const listed = await call(client, "list_clarifications", { survey_id: surveyId, status: "answered" });
    expect(listed.data.session.clarifications.map((item: any) => item.id)).toEqual([selection.id]);

    expect((await call(client, "start_programming", { survey_id: surveyId, platform: "service", wait_seconds: 100 })).data.run.status).toBe("completed");
    expect((await call(client, "get_question", { survey_id: surveyId, variable: "Q3" })).data.block.config.type).toBe("multiple_choice");
    await client.close();
  });

  it("sends requests to the editing agent as conversation turns and returns its summary and revision; undo continues the conversation", async () => {
    const { token } = await tenantWithToken("member");
    const client = await connect(token);
    const surveyId = (await call(client, "create_survey", { slug: "cars-edit", name: "Cars" })).data.survey.id;
    await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "cars.md", text: CARS });
    await call(client, "start_programming", { survey_id: surveyId, platform: "service", wait_seconds: 100 });
    expect((await call(client, "get_question", { survey_id: surveyId, variable: "Q1" })).data.block.config.question.required).toBe(true);

    const turn = await call(client, "ask_editing_agent", { survey_id: surveyId, request: "make Q1 optional", wait_seconds: 100 });
    expect(turn.isError, turn.text).toBe(false);
    expect(turn.data).toMatchObject({ outcome: "finished", status: "completed", content_revision: 2, conversation: { survey_id: surveyId, active_run_id: null } });
    expect(turn.data.summary).toContain("Saved as version 2");
    expect((await call(client, "get_question", { survey_id: surveyId, variable: "Q1" })).data.block.config.question.required).toBe(false);

    const undo = await call(client, "ask_editing_agent", { survey_id: surveyId, conversation_id: turn.data.conversation.id, request: "undo", wait_seconds: 100 });
    expect(undo.data).toMatchObject({ status: "completed", content_revision: 3, conversation: { id: turn.data.conversation.id } });
    expect((await call(client, "get_question", { survey_id: surveyId, variable: "Q1" })).data.block.config.question.required).toBe(true);
    await client.close();
  });

  it("keeps workspaces apart: a token of workspace B neither lists nor reads nor changes a survey of workspace A", async () => {
    const a = await tenantWithToken();
    const b = await tenantWithToken();
    const clientA = await connect(a.token);
    const clientB = await connect(b.token);
    const surveyId = (await call(clientA, "create_survey", { slug: "private", name: "Private" })).data.survey.id;

    expect((await call(clientB, "list_surveys", {})).data.surveys).toEqual([]);
    for (const [name, args] of [
      ["get_survey", { survey_id: surveyId }],
      ["upload_questionnaire", { survey_id: surveyId, file_name: "q.md", text: "Q1. Hello?\n1. Yes\n2. No\n" }],
      ["get_survey_outline", { survey_id: surveyId }],
      ["list_content_revisions", { survey_id: surveyId }],
    ] as const) {
      const result = await call(clientB, name, args);
      expect(result.isError, name).toBe(true);
      expect(result.error, name).toMatchObject({ error: "not_found" });
    }
    await expect(clientB.readResource({ uri: `survey://${surveyId}/content` })).rejects.toThrow(/not found/i);
    expect((await clientB.listResources()).resources).toEqual([]);
    await clientA.close();
    await clientB.close();
  });

  it("acts with the person's current role: a member holds a member's permissions, a removed member's token stops working", async () => {
    const member = await tenantWithToken("member");
    const client = await connect(member.token);
    const whoami = await call(client, "whoami", {});
    expect(whoami.data.permissions).not.toContain("*");
    expect(whoami.data.permissions).not.toContain("api_keys:write");
    expect(whoami.data.permissions).toContain("surveys:write");
    expect((await call(client, "create_survey", { slug: "by-member", name: "By member" })).isError).toBe(false);

    const { db } = await import("@/lib/db/client");
    await (await db()).membership.deleteMany({ where: { workspaceId: member.workspace.id, userId: member.person.user.id } });
    await expect(call(client, "list_surveys", {})).rejects.toThrow(/401|no longer a member/i);
    await client.close();
  });

  it("rejects bad upload input with a clear error and answers GET with 405", async () => {
    const { token } = await tenantWithToken();
    const client = await connect(token);
    const surveyId = (await call(client, "create_survey", { slug: "bad-input", name: "Bad input" })).data.survey.id;
    const both = await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "q.md", text: "Q1?", content_base64: "UTE/" });
    expect(both.isError).toBe(true);
    expect(both.text).toMatch(/exactly one of `text` and `content_base64`/);
    const garbage = await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "q.docx", content_base64: "***" });
    expect(garbage.error).toMatchObject({ error: "validation_error", message: "content_base64 is not valid base64." });
    const unreadable = await call(client, "upload_questionnaire", { survey_id: surveyId, file_name: "scan.pdf", content_base64: Buffer.from("%PDF-1.4 not really").toString("base64") });
    expect(unreadable.error).toMatchObject({ error: "validation_error", message: expect.stringContaining("cannot be read as a questionnaire") });
    const get = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    await client.close();
  });
});
