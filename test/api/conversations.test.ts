import { createServer, type Server } from "node:http";
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from "ai";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import { LocalExecutor } from "@/lib/workflows/executor";
import { dispatch } from "../helpers/api";
import { screenerDocument } from "../helpers/documents";
import { createTenant } from "../helpers/tenant";

/**
 * Conversations with the editing agent over HTTP: real route handlers, a real database, the embedded
 * executor, and the AI SDK's own parsers reading the SSE stream. The model path talks real HTTP to a
 * local STAND-IN of an OpenAI-compatible provider (a hosted model cannot run here), through the
 * product's own provider code (lib/ai `languageModelFor`).
 */

const model = vi.hoisted(() => ({ baseURL: null as string | null }));
vi.mock("@/lib/ai", async (original) => {
  const actual = await original<typeof import("@/lib/ai")>();
  return { ...actual, getLanguageModel: () => (model.baseURL ? actual.languageModelFor({ provider: "openai-compatible", model: "stand-in", baseURL: model.baseURL }) : null) };
});

// ---------------------------------------------------------------- the stand-in provider (OpenAI chat completions, streaming)

type Script = (body: { messages: { role: string; content?: unknown }[]; tools?: { function: { name: string } }[] }) => { chunks: object[]; delayMs?: number };
let script: Script = () => ({ chunks: [] });
const requests: { messages: { role: string; content?: unknown }[]; tools?: { function: { name: string } }[] }[] = [];
let server: Server;

const completion = (delta: object, finish: string | null = null) => ({ id: "cmpl-standin", object: "chat.completion.chunk", created: 1, model: "stand-in", choices: [{ index: 0, delta, finish_reason: finish }] });

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (part) => (raw += part));
    request.on("end", async () => {
      const body = JSON.parse(raw);
      requests.push(body);
      const { chunks, delayMs = 0 } = script(body);
      response.writeHead(200, { "content-type": "text/event-stream" });
      for (const chunk of chunks) {
        if (response.destroyed) return;
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      response.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(3121, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// ---------------------------------------------------------------- helpers

async function programmedSurvey() {
  const tenant = await createTenant();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  const base = `/v1/surveys/${body.data.id}`;
  expect((await tenant.api.put(`${base}/content`, { source: screenerDocument(), message: "v1" })).status).toBe(201);
  const conversation = await tenant.api.post(`${base}/conversations`, {});
  expect(conversation.status).toBe(201);
  return { ...tenant, surveyId: body.data.id as string, base, conversation: `${base}/conversations/${conversation.body.data.id}` };
}

const worker = () => new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });

async function runToEnd(executor: LocalExecutor, runId: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    await executor.drain();
    const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (["completed", "failed", "cancelled"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("run did not finish");
}

const send = (key: string, path: string, text: string) => dispatch("POST", `${path}/messages`, { key, body: { message: { role: "user", parts: [{ type: "text", text }] } } });

/** Reads an SSE body with the AI SDK's own parser and chunk schema; fails on any chunk it rejects. */
async function parseChunks(body: string): Promise<UIMessageChunk[]> {
  const stream = parseJsonEventStream({ stream: new Response(body).body!, schema: uiMessageChunkSchema });
  const chunks: UIMessageChunk[] = [];
  for await (const result of stream as unknown as AsyncIterable<{ success: boolean; value?: UIMessageChunk; error?: unknown }>) {
    if (!result.success) throw result.error;
    chunks.push(result.value!);
  }
  return chunks;
}

async function finalMessage(chunks: UIMessageChunk[]): Promise<UIMessage> {
  let last: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({ start: (controller) => (chunks.forEach((chunk) => controller.enqueue(chunk)), controller.close()) });
  for await (const message of readUIMessageStream({ stream })) last = message;
  return last!;
}

async function counts(surveyId: string) {
  const prisma = await db();
  return {
    revisions: await prisma.contentRevision.count({ where: { surveyId } }),
    updated: await prisma.event.count({ where: { type: "content.updated", data: { path: ["survey_id"], equals: surveyId } } }),
  };
}

async function tipBlock(api: Awaited<ReturnType<typeof programmedSurvey>>["api"], base: string, variable: string) {
  const tip = await api.get(`${base}/content`);
  const document = JSON.parse(tip.body.data.source);
  return { revision: tip.body.data.revision as number, block: document.pages.flatMap((page: { blocks: unknown[] }) => page.blocks).find((block: { config: { question?: { variable: string } } }) => block.config.question?.variable === variable) };
}

// ---------------------------------------------------------------- without a model (the deterministic agent)

describe("a conversation turn without a language model (deterministic agent)", () => {
  it("streams an AI SDK UI message stream, writes exactly one revision with content.updated, and persists the messages", async () => {
    model.baseURL = null;
    const { api, key, base, surveyId, conversation } = await programmedSurvey();
    const before = await counts(surveyId);
    const response = await send(key, conversation, "make S1 multiple choice");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    const runId = response.headers.get("x-workflow-run-id")!;
    expect(runId).toMatch(/^wrun_/);
    const [run, body] = await Promise.all([runToEnd(worker(), runId), response.text()]);
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ content_revision: 2 });
    expect(body.trimEnd().endsWith("data: [DONE]")).toBe(true);

    const chunks = await parseChunks(body);
    expect(chunks.map((chunk) => chunk.type)).toEqual(["start", "tool-input-available", "tool-output-available", "text-start", "text-delta", "text-end", "finish"]);
    expect(chunks[1]).toMatchObject({ toolName: "update_block", input: { type: "multiple_choice" } });
    expect(chunks[2]).toMatchObject({ output: { changes: ["S1: single_choice → multiple_choice"] } });
    const message = await finalMessage(chunks);
    expect(message.parts.find((part) => part.type === "text")).toMatchObject({ text: expect.stringContaining("Saved as version 2") });

    const tip = await tipBlock(api, base, "S1");
    expect(tip.revision).toBe(2);
    expect(tip.block.config.type).toBe("multiple_choice");
    const after = await counts(surveyId);
    expect(after.revisions - before.revisions).toBe(1);
    expect(after.updated - before.updated).toBe(1);
    const revision = await (await db()).contentRevision.findFirstOrThrow({ where: { surveyId, revision: 2 } });
    expect(revision).toMatchObject({ message: "make S1 multiple choice", workflowRunId: runId });
    expect(revision.userId).toMatch(/^api_key:/);

    const messages = await api.get(`${conversation}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.data.map((entry: { role: string }) => entry.role)).toEqual(["user", "assistant"]);
    expect(messages.body.data[0].parts).toEqual([{ type: "text", text: "make S1 multiple choice" }]);
    const assistant = messages.body.data[1];
    expect(assistant.id).toBe(chunks[0].type === "start" ? chunks[0].messageId : null);
    expect(assistant.metadata).toEqual({ run_id: runId, content_revision: 2, status: "completed" });
    expect(assistant.parts).toContainEqual(expect.objectContaining({ type: "tool-update_block", state: "output-available", input: expect.objectContaining({ type: "multiple_choice" }) }));

    // The replay route returns the same chunks the live stream did.
    const replay = await dispatch("GET", `${conversation}/messages/${runId}/stream`, { key });
    expect(replay.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(await replay.text()).toBe(body);
  });

  it("accepts useChat's default body (only the last user message is read)", async () => {
    model.baseURL = null;
    const { key, conversation } = await programmedSurvey();
    const response = await dispatch("POST", `${conversation}/messages`, {
      key,
      body: {
        id: "chat-1",
        trigger: "submit-message",
        messageId: undefined,
        messages: [
          { id: "u0", role: "user", parts: [{ type: "text", text: "ignored older request" }] },
          { id: "a0", role: "assistant", parts: [{ type: "text", text: "ok" }] },
          { id: "u1", role: "user", parts: [{ type: "text", text: "make Q1 optional" }] },
        ],
      },
    });
    expect(response.status).toBe(200);
    const runId = response.headers.get("x-workflow-run-id")!;
    await runToEnd(worker(), runId);
    const chunks = await parseChunks(await response.text());
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-input-available", toolName: "update_block", input: expect.objectContaining({ required: false }) }));
    const user = await (await db()).message.findFirstOrThrow({ where: { runId, role: "user" } });
    expect(user.parts).toEqual([{ type: "text", text: "make Q1 optional" }]);
  });

  it("answers a request it cannot do with what it can do, and still writes its one revision (the same content)", async () => {
    model.baseURL = null;
    const { key, surveyId, conversation } = await programmedSurvey();
    const before = await counts(surveyId);
    const response = await send(key, conversation, "make the survey more fun");
    const runId = response.headers.get("x-workflow-run-id")!;
    const [run, body] = await Promise.all([runToEnd(worker(), runId), response.text()]);
    expect(run.output).toEqual({ content_revision: before.revisions + 1 });
    const text = (await finalMessage(await parseChunks(body))).parts.find((part) => part.type === "text") as { text: string };
    expect(text.text).toContain("“make the survey more fun”: I did not understand that request.");
    expect(text.text).toContain("I can make these changes without a language model");
    expect(text.text).toContain(`Nothing was changed (saved as version ${before.revisions + 1}, the same content).`);
    expect(await counts(surveyId)).toEqual({ revisions: before.revisions + 1, updated: before.updated + 1 });
  });

  it("undoes the conversation's last change as a new revision", async () => {
    model.baseURL = null;
    const { api, key, base, conversation } = await programmedSurvey();
    const executor = worker();
    const first = await send(key, conversation, "make S1 a dropdown");
    await runToEnd(executor, first.headers.get("x-workflow-run-id")!);
    await first.text();
    expect((await tipBlock(api, base, "S1")).block.config.type).toBe("dropdown");
    const undo = await send(key, conversation, "undo");
    const run = await runToEnd(executor, undo.headers.get("x-workflow-run-id")!);
    expect(run.output).toEqual({ content_revision: 3 });
    const tip = await tipBlock(api, base, "S1");
    expect(tip).toMatchObject({ revision: 3, block: { config: { type: "single_choice" } } });
  });
});

// ---------------------------------------------------------------- one active turn, cancel, disconnect

describe("one active turn per conversation", () => {
  it("refuses a second message while a turn is active (409 turn_active), race-safe, and blocks PUT content", async () => {
    model.baseURL = null;
    const { api, key, base, conversation } = await programmedSurvey();
    // Two concurrent POSTs: the unique index admits exactly one active turn.
    const [a, b] = await Promise.all([send(key, conversation, "make Q1 optional"), send(key, conversation, "make S1 optional")]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await refused.json()).toMatchObject({ error: "turn_active" });
    const accepted = a.status === 200 ? a : b;
    // The turn is pending (no executor has run it yet): still active.
    const third = await send(key, conversation, "make S1 optional");
    expect(third.status).toBe(409);
    const put = await api.put(`${base}/content`, { source: screenerDocument() });
    expect(put.status).toBe(409);
    expect(put.body.error).toBe("workflow_active");
    const listed = await api.get(`${base}/conversations`);
    expect(listed.body.data[0].active_run_id).toBe(accepted.headers.get("x-workflow-run-id"));
    await runToEnd(worker(), accepted.headers.get("x-workflow-run-id")!);
    expect((await send(key, conversation, "make S1 optional")).status).toBe(200);
  });

  it("cancel: 409 with nothing to cancel; a cancelled turn ends cancelled with no revision, keeping its message", async () => {
    model.baseURL = null;
    const { api, key, surveyId, conversation } = await programmedSurvey();
    const nothing = await api.post(`${conversation}/cancel`);
    expect(nothing.status).toBe(409);
    const before = await counts(surveyId);
    const response = await send(key, conversation, "make S1 multiple choice");
    const runId = response.headers.get("x-workflow-run-id")!;
    const cancelled = await api.post(`${conversation}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ run_id: runId, status: "cancelled" });
    const chunks = await parseChunks(await response.text());
    expect(chunks.at(-1)).toMatchObject({ type: "abort" });
    expect(await counts(surveyId)).toEqual(before);
    const messages = (await api.get(`${conversation}/messages`)).body.data;
    expect(messages.at(-1)).toMatchObject({ role: "assistant", metadata: { run_id: runId, status: "cancelled", content_revision: null } });
  });

  it("a client that disconnects finds the turn completed when it comes back", async () => {
    model.baseURL = null;
    const { api, key, base, conversation } = await programmedSurvey();
    const response = await send(key, conversation, "make S1 multiple choice");
    const runId = response.headers.get("x-workflow-run-id")!;
    await response.body!.cancel();
    const run = await runToEnd(worker(), runId);
    expect(run.status).toBe("completed");
    expect((await tipBlock(api, base, "S1")).block.config.type).toBe("multiple_choice");
    const replay = await parseChunks(await (await dispatch("GET", `${conversation}/messages/${runId}/stream`, { key })).text());
    expect(replay.at(-1)).toMatchObject({ type: "finish", messageMetadata: { content_revision: 2 } });
  });
});

// ---------------------------------------------------------------- with a model (stand-in OpenAI-compatible provider)

describe("a conversation turn with a language model (local stand-in of an OpenAI-compatible provider)", () => {
  it("streams the model's tool calls and text; the tools apply content operations, one revision at the end", async () => {
    model.baseURL = "http://127.0.0.1:3121/v1";
    requests.length = 0;
    const { api, key, base, conversation } = await programmedSurvey();
    const tip = await tipBlock(api, base, "S1");
    script = (body) => {
      const answered = body.messages.some((message) => message.role === "tool");
      if (!answered) {
        return {
          chunks: [
            completion({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "update_block", arguments: "" } }] }),
            completion({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify({ block_id: tip.block.id, type: "multiple_choice" }) } }] }),
            completion({}, "tool_calls"),
          ],
        };
      }
      return { chunks: [completion({ role: "assistant", content: "S1 now accepts " }), completion({ content: "several answers." }), completion({}, "stop")] };
    };
    const response = await send(key, conversation, "let people pick several answers at S1");
    const runId = response.headers.get("x-workflow-run-id")!;
    const [run, body] = await Promise.all([runToEnd(worker(), runId), response.text()]);
    expect(run.status).toBe("completed");
    const chunks = await parseChunks(body);
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-input-available", toolName: "update_block" }));
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-output-available", output: { changes: ["S1: single_choice → multiple_choice"] } }));
    const text = (await finalMessage(chunks)).parts.filter((part) => part.type === "text").map((part) => (part as { text: string }).text).join("");
    expect(text).toContain("S1 now accepts several answers.");
    expect(text).toContain("Saved as version 2");
    expect((await tipBlock(api, base, "S1")).block.config.type).toBe("multiple_choice");
    // The system prompt carried the outline; every content operation was offered as a tool.
    expect(JSON.stringify(requests[0].messages[0])).toContain(`block id=${tip.block.id} S1 [single_choice]`);
    expect(requests[0].tools!.map((entry) => entry.function.name)).toEqual(expect.arrayContaining(["update_block", "add_rule", "set_show_if", "rename_variable", "dismiss_flag", "read_outline", "validate"]));
  });

  it("sends a tool's error back to the model, which can correct itself", async () => {
    model.baseURL = "http://127.0.0.1:3121/v1";
    requests.length = 0;
    const { api, key, base, conversation } = await programmedSurvey();
    const tip = await tipBlock(api, base, "S1");
    script = (body) => {
      const toolMessages = body.messages.filter((message) => message.role === "tool");
      if (toolMessages.length === 0) {
        return { chunks: [completion({ role: "assistant", tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "update_block", arguments: JSON.stringify({ block_id: "no-such-block", required: false }) } }] }), completion({}, "tool_calls")] };
      }
      if (toolMessages.length === 1) {
        return { chunks: [completion({ role: "assistant", tool_calls: [{ index: 0, id: "call_2", type: "function", function: { name: "update_block", arguments: JSON.stringify({ block_id: tip.block.id, required: false }) } }] }), completion({}, "tool_calls")] };
      }
      return { chunks: [completion({ role: "assistant", content: "Done." }), completion({}, "stop")] };
    };
    const response = await send(key, conversation, "make S1 optional");
    const runId = response.headers.get("x-workflow-run-id")!;
    const [run, body] = await Promise.all([runToEnd(worker(), runId), response.text()]);
    expect(run.status).toBe("completed");
    expect(JSON.stringify(requests[1].messages.filter((message) => message.role === "tool"))).toMatch(/no-such-block/);
    const chunks = await parseChunks(body);
    expect(chunks).toContainEqual(expect.objectContaining({ type: "tool-output-error", toolCallId: "call_1" }));
    expect((await tipBlock(api, base, "S1")).block.config.question.required).toBe(false);
  });

  it("a reconnect during the turn replays what was streamed so far, then follows live to the same end", async () => {
    model.baseURL = "http://127.0.0.1:3121/v1";
    const { key, conversation } = await programmedSurvey();
    script = () => ({ chunks: [completion({ role: "assistant", content: "Looking" }), ...Array.from({ length: 20 }, () => completion({ content: "." })), completion({}, "stop")], delayMs: 20 });
    const response = await send(key, conversation, "have a look");
    const runId = response.headers.get("x-workflow-run-id")!;
    const running = worker().drain();
    const prisma = await db();
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await prisma.streamChunk.count({ where: { runId, type: "ui" } })) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const replay = await dispatch("GET", `${conversation}/messages/${runId}/stream`, { key });
    const [live, resumed] = await Promise.all([response.text(), replay.text(), running]);
    expect((await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    expect(resumed).toBe(live);
    expect((await parseChunks(resumed)).at(-1)).toMatchObject({ type: "finish" });
  });

  it("cancel mid-stream stops the model, writes no revision and keeps the partial text marked cancelled", async () => {
    model.baseURL = "http://127.0.0.1:3121/v1";
    const { api, key, surveyId, conversation } = await programmedSurvey();
    script = () => ({ chunks: [completion({ role: "assistant", content: "Thinking" }), ...Array.from({ length: 200 }, () => completion({ content: "." })), completion({}, "stop")], delayMs: 50 });
    const before = await counts(surveyId);
    const response = await send(key, conversation, "tidy everything up");
    const runId = response.headers.get("x-workflow-run-id")!;
    const executor = worker();
    const running = executor.drain();
    const prisma = await db();
    for (let attempt = 0; attempt < 200; attempt++) {
      if ((await prisma.streamChunk.count({ where: { runId, type: "ui" } })) >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const cancelled = await api.post(`${conversation}/cancel`);
    expect(cancelled.body.data).toEqual({ run_id: runId, status: "cancelled" });
    await running;
    expect(await counts(surveyId)).toEqual(before);
    const chunks = await parseChunks(await response.text());
    expect(chunks.at(-1)).toMatchObject({ type: "abort" });
    const assistant = (await api.get(`${conversation}/messages`)).body.data.at(-1);
    expect(assistant.metadata).toMatchObject({ status: "cancelled", content_revision: null });
    expect(assistant.parts.find((part: { type: string }) => part.type === "text").text).toMatch(/^Thinking/);
  });
});
