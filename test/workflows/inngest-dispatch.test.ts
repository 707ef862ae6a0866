import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { WORKFLOWS } from "@/inngest/functions";
import { programSurveyWorkflow } from "@/inngest/functions/program-survey";
import { webhookDeliveryWorkflow } from "@/inngest/functions/webhook-delivery";
import { db } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { recordEvent } from "@/lib/events/record";
import { WebhookScheduler } from "@/lib/webhooks/scheduler";
import { defineWorkflow } from "@/lib/workflows/define";
import { redispatchPending, RUN_CANCEL_EVENT, startRedispatchSweep } from "@/lib/workflows/dispatch";
import { toInngestFunction } from "@/lib/workflows/inngest-adapter";
import { cancelRun, createRun, getRunWithDetails, readChunks, startWorkflow } from "@/lib/workflows/runs";
import { publishSignals, sendSignals } from "@/lib/workflows/signals";
import { screenerDocument } from "../helpers/documents";
import { createReadyFile, createSurvey } from "../helpers/files";
import { startInngestEventStandIn } from "../helpers/inngest-stand-in";
import { createTenant } from "../helpers/tenant";
import { configureWebhookEnv } from "../helpers/webhooks";

/**
 * Issue 18 item 4, Inngest mode (`WORKFLOW_ENGINE=inngest`): cancelling stops the Inngest function, and
 * events whose sending failed are sent again (idempotently), so no run stays pending forever. Events go
 * through the real Inngest SDK client to a local stand-in of Inngest's event API.
 */

let standIn: Awaited<ReturnType<typeof startInngestEventStandIn>>;

beforeAll(async () => {
  standIn = await startInngestEventStandIn();
  process.env.WORKFLOW_ENGINE = "inngest";
  process.env.INNGEST_EVENT_KEY = standIn.eventKey;
  process.env.INNGEST_BASE_URL = standIn.url;
  process.env.INNGEST_SIGNING_KEY = "signkey-test-0123456789abcdef0123456789abcdef";
  configureWebhookEnv({ allowPrivate: true });
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.WORKFLOW_ENGINE;
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_BASE_URL;
  delete process.env.INNGEST_SIGNING_KEY;
  resetEnvForTests();
  await standIn.close();
});

beforeEach(() => standIn.reset());

const greeting = defineWorkflow({
  id: "test-dispatch-greeting",
  kind: "test.greeting",
  event: "test/greeting.requested",
  input: z.object({ name: z.string() }),
  handler: async ({ input, step }) => step.run("greet", () => `Hello ${input.name}`),
});

const cancelling = defineWorkflow({
  id: "test-dispatch-cancelling",
  kind: "test.cancelling",
  event: "test/cancelling.requested",
  input: z.object({ workspaceId: z.string() }),
  handler: async ({ runId, input, step }) => {
    await step.run("first", async () => {
      // A client cancels the run while this step executes.
      await cancelRun(input.workspaceId, runId);
      return "done";
    });
    await step.run("second", () => "never");
    return null;
  },
});

async function pendingRun(definition: Parameters<typeof createRun>[1], input: (workspaceId: string) => unknown) {
  const { workspace } = await createTenant();
  const run = await (await db()).$transaction((tx) => createRun(tx, definition, { workspaceId: workspace.id, input: input(workspace.id) }));
  return { run, workspace };
}

async function runRow(id: string) {
  return (await db()).workflowRun.findUniqueOrThrow({ where: { id } });
}

describe("cancel in Inngest mode", () => {
  it("declares on every function a cancelOn for the cancel event of its own run, as registered when the app syncs with Inngest (PUT /api/inngest, stand-in sync API)", async () => {
    const { PUT } = await import("@/app/api/inngest/route");
    const response = await PUT(new Request("http://127.0.0.1:3110/api/inngest", { method: "PUT" }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const [registration] = standIn.registrations;
    expect(registration.functions.filter((fn) => !fn.id.endsWith("-failure"))).toHaveLength(WORKFLOWS.length);
    for (const fn of registration.functions.filter((candidate) => !candidate.id.endsWith("-failure"))) {
      expect(fn.cancel, fn.id).toEqual([{ event: RUN_CANCEL_EVENT, if: "async.data.runId == event.data.runId" }]);
    }
  });

  it("records the request, ends the run and sends the cancel event to the stand-in event API (with an idempotency id)", async () => {
    const { run, workspace } = await pendingRun(greeting as never, () => ({ name: "ada" }));
    await cancelRun(workspace.id, run.id);
    const stored = await runRow(run.id);
    expect(stored.status).toBe("cancelled");
    expect(stored.cancelRequestedAt).not.toBeNull();
    const cancel = standIn.accepted.find((event) => event.name === RUN_CANCEL_EVENT);
    expect(cancel).toMatchObject({ data: { runId: run.id }, id: expect.stringMatching(/^wsig_/) });
    const signal = await (await db()).workflowSignal.findUniqueOrThrow({ where: { id: cancel!.id! } });
    expect(signal.dispatchedAt).not.toBeNull();
  });

  it("a step executing when its run is cancelled records nothing after the run ended, and no further step runs", async () => {
    const { run } = await pendingRun(cancelling as never, (workspaceId) => ({ workspaceId }));
    const engine = new InngestTestEngine({ function: toInngestFunction(cancelling as never) });
    await engine.execute({ events: [{ name: cancelling.event, data: { runId: run.id } }] });
    const stored = await getRunWithDetails({ id: run.id });
    expect(stored?.status).toBe("cancelled");
    expect(stored?.steps.map((step) => step.stepId)).toEqual([]);
    const chunks = (await readChunks(run.id, 0)).map((chunk) => chunk.type);
    expect(chunks.at(-1)).toBe("cancelled");
    expect(chunks).not.toContain("step");
  });
});

describe("re-dispatch of events whose sending failed (stand-in event API)", () => {
  it("sends a run's trigger again once the event API answers, with the run id as the event id", async () => {
    standIn.setMode("down");
    const run = await startWorkflow(webhookDeliveryWorkflow, { workspaceId: null, input: {} });
    let stored = await runRow(run.id);
    expect(stored).toMatchObject({ status: "pending", dispatchedAt: null, dispatchAttempts: 1 });
    expect(standIn.accepted).toHaveLength(0);

    // Not before the grace period (a fresh run's first send may still be under way elsewhere) and back-off.
    standIn.setMode("ok");
    expect((await redispatchPending({ graceMs: 60_000 })).runs).toBe(0);
    expect((await redispatchPending({ graceMs: 0 })).runs).toBeGreaterThanOrEqual(1);
    stored = await runRow(run.id);
    expect(stored.dispatchedAt).not.toBeNull();
    expect(standIn.accepted.filter((event) => event.data.runId === run.id)).toEqual([
      expect.objectContaining({ id: run.id, name: webhookDeliveryWorkflow.event, data: { runId: run.id } }),
    ]);
    // Dispatched: the next sweep leaves it alone.
    standIn.reset();
    await redispatchPending({ graceMs: 0 });
    expect(standIn.received.filter((event) => event.data.runId === run.id)).toEqual([]);
  });

  it("sends the same event id again after an answer was lost, so the stand-in (like Inngest) keeps one event", async () => {
    standIn.setMode("lost-answer");
    const run = await startWorkflow(webhookDeliveryWorkflow, { workspaceId: null, input: {} });
    expect((await runRow(run.id)).dispatchedAt).toBeNull();
    standIn.setMode("ok");
    await redispatchPending({ graceMs: 0, functionId: webhookDeliveryWorkflow.id });
    expect((await runRow(run.id)).dispatchedAt).not.toBeNull();
    const sent = standIn.received.filter((event) => event.data.runId === run.id);
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent.map((event) => event.id))).toEqual(new Set([run.id]));
    expect(standIn.accepted.filter((event) => event.data.runId === run.id)).toHaveLength(1);
  });

  it("sends a signal (a hook resolution) again with the signal id as the event id", async () => {
    standIn.setMode("down");
    const ids = await (await db()).$transaction((tx) => sendSignals(tx, [{ name: "workflow/hook.resolved", data: { hookId: "whook_test_1", runId: "wrun_x", resolution: { ok: true } } }]));
    await publishSignals(ids);
    let signal = await (await db()).workflowSignal.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(signal).toMatchObject({ dispatchedAt: null, dispatchAttempts: 1 });
    standIn.setMode("ok");
    expect((await redispatchPending({ graceMs: 0 })).signals).toBeGreaterThanOrEqual(1);
    signal = await (await db()).workflowSignal.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(signal.dispatchedAt).not.toBeNull();
    expect(standIn.accepted.filter((event) => event.id === ids[0])).toEqual([expect.objectContaining({ id: ids[0], name: "workflow/hook.resolved", data: expect.objectContaining({ hookId: "whook_test_1" }) })]);
  });

  it("sweeps running at once (several processes) send each undispatched run once", async () => {
    const prisma = await db();
    const runs = await prisma.$transaction(async (tx) => [
      await createRun(tx, webhookDeliveryWorkflow, { workspaceId: null, input: {} }),
      await createRun(tx, webhookDeliveryWorkflow, { workspaceId: null, input: {} }),
    ]);
    // Never sent (the process stopped between its commit and the send) and older than the grace period.
    await prisma.$executeRaw`UPDATE "workflow_runs" SET "created_at" = now() - interval '1 minute' WHERE "id" IN (${runs[0].id}, ${runs[1].id})`;
    await Promise.all([1, 2, 3].map(() => redispatchPending({ graceMs: 5_000, functionId: webhookDeliveryWorkflow.id })));
    for (const run of runs) {
      expect(standIn.received.filter((event) => event.id === run.id), run.id).toHaveLength(1);
      expect((await runRow(run.id)).dispatchedAt).not.toBeNull();
    }
  });

  it("the server's periodic sweep sends an undispatched run once the stand-in event API answers again", async () => {
    standIn.setMode("down");
    const run = await startWorkflow(webhookDeliveryWorkflow, { workspaceId: null, input: {} });
    expect((await runRow(run.id)).dispatchAttempts).toBe(1);
    standIn.setMode("ok");
    const stop = startRedispatchSweep({ everyMs: 50, graceMs: 0, functionId: webhookDeliveryWorkflow.id });
    try {
      const deadline = Date.now() + 10_000;
      while ((await runRow(run.id)).dispatchedAt === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await stop();
    }
    expect((await runRow(run.id)).dispatchedAt).not.toBeNull();
    expect(standIn.accepted.filter((event) => event.id === run.id)).toHaveLength(1);
  });

  it("fails a run after the bounded attempts with a clear error, so it stops holding its survey", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "cooking");
    const file = await createReadyFile(api, surveyId, "Q1. How often do you cook?\n1. Often\n2. Rarely\n", { name: "cooking.txt", content_type: "text/plain" });
    expect((await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
    standIn.setMode("down");
    const started = await api.post(`/v1/surveys/${surveyId}/programming`, { platform: "service" });
    expect(started.status).toBe(202);
    const runId = started.body.run_id as string;
    // While its event may still be sent, the run holds the survey (it would run then).
    const blocked = await api.put(`/v1/surveys/${surveyId}/content`, { source: screenerDocument() });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe("workflow_active");

    for (let sweep = 0; sweep < 3; sweep++) await redispatchPending({ graceMs: 0, maxAttempts: 3 });
    const run = await runRow(runId);
    expect(run.status).toBe("failed");
    expect(run.dispatchAttempts).toBe(3);
    expect(run.error).toEqual({ code: "dispatch_failed", message: expect.stringContaining("could not be handed to Inngest (3 attempts") });
    expect((await readChunks(runId, 0)).at(-1)?.type).toBe("failed");
    // A failed run is not swept again, and the survey is writable.
    await redispatchPending({ graceMs: 0, maxAttempts: 3 });
    expect(await runRow(runId)).toMatchObject({ status: "failed", dispatchAttempts: 3 });
    const written = await api.put(`/v1/surveys/${surveyId}/content`, { source: screenerDocument() });
    expect(written.status).toBe(201);
    expect(programSurveyWorkflow.id).toBe(run.functionId);
  });
});

describe("undispatched webhook workers (stand-in event API)", () => {
  async function dueWebhookWork() {
    const { api, workspace } = await createTenant();
    const endpoint = await api.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", event_types: ["survey.created"] });
    expect(endpoint.status).toBe(201);
    const now = new Date().toISOString();
    await (await db()).$transaction((tx) =>
      recordEvent(tx, workspace.id, "survey.created", { survey: { id: "01900000-0000-7000-8000-000000000001", slug: "s", name: "S", description: null, created_at: now, updated_at: now } }),
    );
  }

  async function failedDispatchWorker() {
    const prisma = await db();
    const run = await prisma.$transaction((tx) => createRun(tx, webhookDeliveryWorkflow, { workspaceId: null, input: {} }));
    await prisma.$executeRaw`UPDATE "workflow_runs" SET "dispatch_attempts" = 1, "dispatch_tried_at" = now() - interval '1 hour' WHERE "id" = ${run.id}`;
    return run;
  }

  async function workerRuns() {
    return (await db()).workflowRun.findMany({ where: { functionId: webhookDeliveryWorkflow.id, status: { in: ["pending", "running"] } }, orderBy: { createdAt: "asc" } });
  }

  it("a worker whose trigger was never sent does not count as active: the scheduler sends it again", async () => {
    await (await db()).workflowRun.deleteMany({ where: { functionId: webhookDeliveryWorkflow.id } });
    await dueWebhookWork();
    const worker = await failedDispatchWorker();
    await new WebhookScheduler({ workers: 1 }).tick();
    expect(standIn.accepted).toEqual([expect.objectContaining({ id: worker.id, name: webhookDeliveryWorkflow.event })]);
    expect((await runRow(worker.id)).dispatchedAt).not.toBeNull();
    expect((await workerRuns()).map((run) => run.id)).toEqual([worker.id]);
  });

  it("while Inngest is down, starts a worker beside an undispatched one but never more than the worker limit", async () => {
    await (await db()).workflowRun.deleteMany({ where: { functionId: webhookDeliveryWorkflow.id } });
    await dueWebhookWork();
    await failedDispatchWorker();
    standIn.setMode("down");
    const scheduler = new WebhookScheduler({ workers: 2 });
    await scheduler.tick();
    expect(await workerRuns()).toHaveLength(2);
    await scheduler.tick();
    expect(await workerRuns()).toHaveLength(2);
    expect(standIn.accepted).toHaveLength(0);
  });
});
