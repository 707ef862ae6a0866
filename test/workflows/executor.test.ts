import { NonRetriableError } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineWorkflow } from "@/lib/workflows/define";
import { LocalExecutor } from "@/lib/workflows/executor";
import { resolveHook, waitForHook } from "@/lib/workflows/hooks";
import { cancelRun, getRunWithDetails, readChunks, startWorkflow } from "@/lib/workflows/runs";
import { createTenant } from "../helpers/tenant";

const calls: Record<string, number> = {};
const count = (key: string) => {
  calls[key] = (calls[key] ?? 0) + 1;
  return calls[key];
};
afterEach(() => {
  for (const key of Object.keys(calls)) delete calls[key];
});

const flaky = defineWorkflow({
  id: "test-flaky",
  kind: "test.flaky",
  event: "test/flaky.requested",
  input: z.object({ key: z.string(), failuresBeforeSuccess: z.number() }),
  retries: 3,
  handler: async ({ input, step }) => {
    const first = await step.run("first", () => ({ value: count(`${input.key}:first`) }));
    const second = await step.run("second", () => {
      const attempt = count(`${input.key}:second`);
      if (attempt <= input.failuresBeforeSuccess) throw new Error(`transient failure ${attempt}`);
      return attempt;
    });
    return { first: first.value, second };
  },
});

const permanent = defineWorkflow({
  id: "test-permanent",
  kind: "test.permanent",
  event: "test/permanent.requested",
  input: z.object({}),
  handler: async ({ step }) => {
    await step.run("refuse", () => {
      count("refuse");
      throw new NonRetriableError("the questionnaire is empty");
    });
    return null;
  },
});

const approval = defineWorkflow({
  id: "test-approval",
  kind: "test.approval",
  event: "test/approval.requested",
  input: z.object({ key: z.string() }),
  handler: async ({ runId, input, step }) => {
    await step.run("before", () => count(`${input.key}:before`));
    const { resolution } = await waitForHook<{ choice: string }>(step, runId, { kind: "test.choice", request: { options: ["a", "b"] } });
    const after = await step.run("after", () => {
      count(`${input.key}:after`);
      return resolution?.choice ?? "timed out";
    });
    return { choice: after };
  },
});

const sleeper = defineWorkflow({
  id: "test-sleeper",
  kind: "test.sleeper",
  event: "test/sleeper.requested",
  input: z.object({}),
  handler: async ({ step }) => {
    await step.run("before", () => count("sleeper:before"));
    await step.sleep("nap", 300);
    await step.run("after", () => count("sleeper:after"));
    return "rested";
  },
});

const WORKFLOWS = [flaky, permanent, approval, sleeper];

function executor(options: Partial<ConstructorParameters<typeof LocalExecutor>[0]> = {}) {
  return new LocalExecutor({ workflows: WORKFLOWS, retryBaseMs: 5, pollMs: 20, leaseMs: 10_000, ...options });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function drainUntilFinished(worker: LocalExecutor, runId: string) {
  await waitUntil(async () => {
    await worker.drain();
    const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
    return ["completed", "failed", "cancelled"].includes(run.status);
  });
  return getRunWithDetails({ id: runId });
}

describe("embedded workflow executor", () => {
  it("retries a failing step with backoff and never repeats a finished step", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(flaky, { workspaceId: workspace.id, input: { key: "retry", failuresBeforeSuccess: 2 } });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.status).toBe("completed");
    expect(finished?.output).toEqual({ first: 1, second: 3 });
    expect(calls["retry:first"]).toBe(1);
    expect(calls["retry:second"]).toBe(3);
    expect(finished?.steps.find((step) => step.stepId === "second")).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("fails the run after the retries are used up, with the step's error", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(flaky, { workspaceId: workspace.id, input: { key: "exhaust", failuresBeforeSuccess: 10 } });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.status).toBe("failed");
    expect(calls["exhaust:second"]).toBe(4);
    // An unexpected error's text may hold internals: clients get a generic message, the log the details.
    expect(finished?.error).toMatchObject({ code: "internal_error" });
    expect((finished?.error as { message: string }).message).toMatch(/^Step second failed because of an internal error/);
    expect(JSON.stringify(finished?.error)).not.toContain("transient failure");
  });

  it("fails at once on a NonRetriableError", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(permanent, { workspaceId: workspace.id, input: {} });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.status).toBe("failed");
    expect(calls.refuse).toBe(1);
    expect((finished?.error as { message: string }).message).toContain("the questionnaire is empty");
  });

  it("parks a run on a hook, leaves it unchanged on reads, and resumes it when the hook is resolved", async () => {
    const { workspace } = await createTenant();
    const worker = executor();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "hook" } });
    await worker.drain();
    const parked = await getRunWithDetails({ id: run.id });
    expect(parked?.status).toBe("running");
    expect(parked?.hooks).toHaveLength(1);
    expect(parked?.hooks[0]).toMatchObject({ kind: "test.choice", status: "pending", request: { options: ["a", "b"] } });
    for (let index = 0; index < 3; index++) {
      const again = await getRunWithDetails({ id: run.id });
      expect(again?.steps.map((step) => [step.stepId, step.status])).toEqual(parked?.steps.map((step) => [step.stepId, step.status]));
      expect(again?.status).toBe("running");
    }
    await worker.drain();
    expect(calls["hook:after"]).toBeUndefined();

    await resolveHook({ workspaceId: workspace.id, runId: run.id, hookId: parked!.hooks[0].id, resolution: { choice: "b" }, actor: "test" });
    const finished = await drainUntilFinished(worker, run.id);
    expect(finished?.status).toBe("completed");
    expect(finished?.output).toEqual({ choice: "b" });
    expect(calls["hook:before"]).toBe(1);
    expect(calls["hook:after"]).toBe(1);
    await expect(
      resolveHook({ workspaceId: workspace.id, runId: run.id, hookId: parked!.hooks[0].id, resolution: { choice: "a" }, actor: "test" }),
    ).rejects.toMatchObject({ code: "conflict", status: 409 });
  });

  it("sleeps durably: the run is parked until the sleep is over", async () => {
    const { workspace } = await createTenant();
    const worker = executor();
    const run = await startWorkflow(sleeper, { workspaceId: workspace.id, input: {} });
    await worker.drain();
    const parked = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(parked.status).toBe("running");
    expect(parked.wakeAt!.getTime()).toBeGreaterThan(Date.now());
    expect(calls["sleeper:after"]).toBeUndefined();
    const finished = await drainUntilFinished(worker, run.id);
    expect(finished?.output).toBe("rested");
    expect(calls["sleeper:before"]).toBe(1);
  });

  it("cancels a parked run at once and closes its hooks", async () => {
    const { workspace } = await createTenant();
    const worker = executor();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "cancel" } });
    await worker.drain();
    await cancelRun(workspace.id, run.id);
    const cancelled = await getRunWithDetails({ id: run.id });
    expect(cancelled?.status).toBe("cancelled");
    expect(cancelled?.hooks[0].status).toBe("cancelled");
    await worker.drain();
    expect(calls["cancel:after"]).toBeUndefined();
  });

  it("stops an executing run at the next step boundary when cancelled", async () => {
    const { workspace } = await createTenant();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = defineWorkflow({
      id: "test-slow",
      kind: "test.slow",
      event: "test/slow.requested",
      input: z.object({}),
      handler: async ({ step }) => {
        await step.run("long", async () => {
          count("slow:long");
          await gate;
        });
        await step.run("next", () => count("slow:next"));
        return "done";
      },
    });
    const worker = new LocalExecutor({ workflows: [slow], pollMs: 20, leaseMs: 2_000 });
    const run = await startWorkflow(slow, { workspaceId: workspace.id, input: {} });
    await worker.tick();
    await waitUntil(async () => calls["slow:long"] === 1);
    const requested = await cancelRun(workspace.id, run.id);
    expect(requested?.status).toBe("running");
    release();
    const finished = await drainUntilFinished(worker, run.id);
    expect(finished?.status).toBe("cancelled");
    expect(calls["slow:next"]).toBeUndefined();
  });

  it("hands a running run back at its next step boundary when its executor stops, and another executor finishes it", async () => {
    const { workspace } = await createTenant();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handover = defineWorkflow({
      id: "test-handover",
      kind: "test.handover",
      event: "test/handover.requested",
      input: z.object({}),
      handler: async ({ step }) => {
        await step.run("first", async () => {
          count("handover:first");
          await gate;
        });
        await step.run("second", () => count("handover:second"));
        return "done";
      },
    });
    const stopping = new LocalExecutor({ workflows: [handover], pollMs: 20, leaseMs: 30_000, workerId: "stopping" });
    const run = await startWorkflow(handover, { workspaceId: workspace.id, input: {} });
    stopping.start();
    await waitUntil(async () => calls["handover:first"] === 1);
    const stopped = stopping.stop();
    release();
    await stopped;
    const handedBack = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: run.id } });
    // Released at once (no lease to wait out), with the finished step kept and the next one not started.
    expect(handedBack).toMatchObject({ status: "running", leaseOwner: null, leaseExpiresAt: null });
    expect(calls["handover:second"]).toBeUndefined();
    const finished = await drainUntilFinished(new LocalExecutor({ workflows: [handover], pollMs: 20, workerId: "successor" }), run.id);
    expect(finished?.status).toBe("completed");
    expect(calls["handover:first"]).toBe(1);
    expect(calls["handover:second"]).toBe(1);
  });

  it("runs a system run (no workspace) without recording workflow events", async () => {
    const before = await (await db()).event.count();
    const run = await startWorkflow(sleeper, { workspaceId: null, input: {} });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished).toMatchObject({ status: "completed", workspaceId: null, output: "rested" });
    expect(await (await db()).event.count()).toBe(before);
  });

  it("lets several executors share one database without running a run twice", async () => {
    const { workspace } = await createTenant();
    const runs = await Promise.all(
      Array.from({ length: 12 }, (_, index) => startWorkflow(flaky, { workspaceId: workspace.id, input: { key: `shared-${index}`, failuresBeforeSuccess: 0 } })),
    );
    const workers = [executor({ workerId: "a", concurrency: 3 }), executor({ workerId: "b", concurrency: 3 }), executor({ workerId: "c", concurrency: 3 })];
    await waitUntil(async () => {
      await Promise.all(workers.map((worker) => worker.drain()));
      const left = await (await db()).workflowRun.count({ where: { id: { in: runs.map((run) => run.id) }, status: { not: "completed" } } });
      return left === 0;
    });
    for (let index = 0; index < 12; index++) {
      expect(calls[`shared-${index}:first`]).toBe(1);
      expect(calls[`shared-${index}:second`]).toBe(1);
    }
  });

  it("takes over a run whose lease expired (its executor died) and skips the steps it finished", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(flaky, { workspaceId: workspace.id, input: { key: "takeover", failuresBeforeSuccess: 0 } });
    const prisma = await db();
    // A dead executor had started the run and finished step "first".
    await prisma.workflowRun.update({
      where: { id: run.id },
      data: { status: "running", startedAt: new Date(), leaseOwner: "dead-worker", leaseExpiresAt: new Date(Date.now() + 400) },
    });
    await prisma.workflowStep.create({ data: { runId: run.id, stepId: "first", status: "completed", output: { value: 41 }, finishedAt: new Date() } });
    const worker = executor({ workerId: "survivor" });
    expect(await worker.tick()).toBe(0);
    const finished = await drainUntilFinished(worker, run.id);
    expect(finished?.status).toBe("completed");
    expect(finished?.output).toEqual({ first: 41, second: 1 });
    expect(calls["takeover:first"]).toBeUndefined();
  });

  it("writes a gap-free chunk log and workflow events for the run's life", async () => {
    const { workspace } = await createTenant();
    const worker = executor();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "stream" } });
    await worker.drain();
    const hook = (await getRunWithDetails({ id: run.id }))!.hooks[0];
    await resolveHook({ workspaceId: workspace.id, runId: run.id, hookId: hook.id, resolution: { choice: "a" }, actor: "test" });
    await drainUntilFinished(worker, run.id);
    const chunks = await readChunks(run.id, 0);
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
    expect(chunks.map((chunk) => chunk.type)).toEqual(["started", "step", "hook", "step", "hook", "step", "step", "completed"]);
    expect(chunks.at(-1)?.data).toEqual({ output: { choice: "a" } });
    const events = await (await db()).event.findMany({ where: { workspaceId: workspace.id }, orderBy: { id: "asc" } });
    expect(events.map((event) => [event.type, (event.data as { status: string }).status])).toEqual([
      ["workflow.started", "running"],
      ["workflow.updated", "running"],
      ["workflow.updated", "running"],
      ["workflow.finished", "completed"],
    ]);
  });
});
