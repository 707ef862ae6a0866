import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineWorkflow } from "@/lib/workflows/define";
import { LocalExecutor } from "@/lib/workflows/executor";
import { resolveHook, waitForHook } from "@/lib/workflows/hooks";
import { cancelRun, getRunWithDetails, startWorkflow } from "@/lib/workflows/runs";
import { HOOK_RESOLVED_EVENT, pruneSignals, sendSignals } from "@/lib/workflows/signals";
import { createTenant } from "../helpers/tenant";

/** Issue 18 (workflows) and issue 17 point 7: each test failed on the engine before its fix. */

const calls: Record<string, number> = {};
const count = (key: string) => {
  calls[key] = (calls[key] ?? 0) + 1;
  return calls[key];
};

/** Steps that block until the test opens the gate. */
const gates: (() => void)[] = [];
const gate = () => new Promise<void>((resolve) => gates.push(resolve));
const openGates = () => {
  for (const open of gates.splice(0)) open();
};

afterEach(() => {
  openGates();
  vi.restoreAllMocks();
  for (const key of Object.keys(calls)) delete calls[key];
});

const approval = defineWorkflow({
  id: "test-hardening-approval",
  kind: "test.hardening.approval",
  event: "test/hardening-approval.requested",
  input: z.object({ key: z.string() }),
  handler: async ({ runId, input, step }) => {
    await step.run("before", () => count(`${input.key}:before`));
    const { hookId, resolution } = await waitForHook<{ choice: string }>(step, runId, { kind: "test.choice" });
    return { hookId, choice: resolution?.choice ?? "timed out" };
  },
});

const internal = defineWorkflow({
  id: "test-hardening-internal",
  kind: "test.hardening.internal",
  event: "test/hardening-internal.requested",
  input: z.object({ kind: z.enum(["fs", "database"]) }),
  retries: 0,
  handler: async ({ input, step }) => {
    await step.run("fail", async () => {
      if (input.kind === "fs") await readFile("/srv/secret-source-tree/lib/no-such-file.ts");
      // A database error carries a Prisma code and the SQL's names.
      await (await db()).$queryRaw`SELECT "no_such_column" FROM "workspaces"`;
    });
    return null;
  },
});

const sender = defineWorkflow({
  id: "test-hardening-sender",
  kind: "test.hardening.sender",
  event: "test/hardening-sender.requested",
  input: z.object({}),
  handler: async ({ runId, step }) => {
    const sent = await step.sendEvent("announce", { name: "test/hardening.announced", data: { runId } });
    await step.sleep("nap", 50);
    return sent;
  },
});

const gated = defineWorkflow({
  id: "test-hardening-gated",
  kind: "test.hardening.gated",
  event: "test/hardening-gated.requested",
  input: z.object({ key: z.string(), failAfterGate: z.boolean().optional() }),
  retries: 0,
  handler: async ({ input, step }) => {
    const first = await step.run("first", async () => {
      count(`${input.key}:first`);
      await gate();
      if (input.failAfterGate) throw new Error("failed after losing the lease");
      return "mine";
    });
    return { first };
  },
});

const timed = defineWorkflow({
  id: "test-hardening-timed",
  kind: "test.hardening.timed",
  event: "test/hardening-timed.requested",
  input: z.object({}),
  handler: async ({ runId, step }) => {
    const during = await step.run("work", async () => {
      const [{ at }] = await (await db()).$queryRaw<{ at: Date }[]>`SELECT clock_timestamp() AS "at"`;
      // Some work after the moment recorded above, so a start recorded at the end would come after it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return at.toISOString();
    });
    await step.run("second", () => runId);
    return { during };
  },
});

const WORKFLOWS = [approval, internal, sender, gated, timed];

function executor(options: Partial<ConstructorParameters<typeof LocalExecutor>[0]> = {}) {
  return new LocalExecutor({ workflows: WORKFLOWS, retryBaseMs: 5, pollMs: 20, leaseMs: 2_000, ...options });
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function runRow(runId: string) {
  return (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
}

async function drainUntilFinished(worker: LocalExecutor, runId: string, timeoutMs?: number) {
  await waitUntil(async () => {
    await worker.drain();
    return ["completed", "failed", "cancelled"].includes((await runRow(runId)).status);
  }, timeoutMs);
  return getRunWithDetails({ id: runId });
}

describe("workflow engine hardening", () => {
  it("shows clients no database or filesystem error text (item 9)", async () => {
    const { workspace } = await createTenant();
    for (const kind of ["fs", "database"] as const) {
      const run = await startWorkflow(internal, { workspaceId: workspace.id, input: { kind } });
      const finished = await drainUntilFinished(executor(), run.id);
      expect(finished?.status).toBe("failed");
      expect(finished?.error).toMatchObject({ code: "internal_error" });
      const shown = JSON.stringify([finished?.error, finished?.steps.map((step) => step.error)]);
      expect(shown).not.toMatch(/secret-source-tree|ENOENT|P20\d\d|no_such_column/);
    }
  });

  it("releases the lease of a run whose workflow this process does not know, without failing it (item 6)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "unknown" } });
    const old = new LocalExecutor({ workflows: [sender], pollMs: 20, leaseMs: 2_000 });
    expect(await old.tick()).toBe(1);
    await old.drain();
    const after = await runRow(run.id);
    expect(after.status).toBe("pending");
    expect(after.leaseOwner).toBeNull();
    expect(after.error).toBeNull();
    // A process that knows it (the new deploy) runs it once it is due.
    await (await db()).workflowRun.update({ where: { id: run.id }, data: { wakeAt: null } });
    await executor().drain();
    expect((await runRow(run.id)).waitingFor).not.toBeNull();
  });

  it("never lets a process that lost its lease overwrite a step's outcome (item 7)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(gated, { workspaceId: workspace.id, input: { key: "lost", failAfterGate: true } });
    const loser = executor({ workerId: "loser" });
    expect(await loser.tick()).toBe(1);
    await waitUntil(async () => calls["lost:first"] === 1);
    // Meanwhile the lease moved on and the new owner completed the step.
    const prisma = await db();
    await prisma.workflowRun.update({ where: { id: run.id }, data: { leaseOwner: "new-owner" } });
    await prisma.workflowStep.create({ data: { runId: run.id, stepId: "first", status: "completed", output: "theirs", finishedAt: new Date() } });
    openGates();
    await loser.drain();
    const step = (await getRunWithDetails({ id: run.id }))!.steps.find((row) => row.stepId === "first");
    expect(step).toMatchObject({ status: "completed", output: "theirs", error: null });
    expect((await runRow(run.id)).status).toBe("running");
  });

  it("replays sendEvent with the ids the live run returned (item 10)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(sender, { workspaceId: workspace.id, input: {} });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.status).toBe("completed");
    const output = finished?.output as { ids: string[] };
    expect(output.ids).toHaveLength(1);
    expect(await (await db()).workflowSignal.count({ where: { id: output.ids[0] } })).toBe(1);
  });

  it("uses the hook opened just before a crash even when it was resolved in that window (item 17)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "crash-window" } });
    await executor().drain();
    const prisma = await db();
    const [hook] = (await getRunWithDetails({ id: run.id }))!.hooks;
    // The process crashed after opening the hook and before recording the step; the client resolved it meanwhile.
    await prisma.workflowStep.deleteMany({ where: { runId: run.id, stepId: { in: ["open-hook-test.choice", "wait-hook-test.choice"] } } });
    await resolveHook({ workspaceId: workspace.id, runId: run.id, hookId: hook.id, resolution: { choice: "b" }, actor: "test" });
    await prisma.workflowRun.update({ where: { id: run.id }, data: { wakeAt: null, waitingFor: null } });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.output).toEqual({ hookId: hook.id, choice: "b" });
    expect(finished?.hooks).toHaveLength(1);
  });

  it("records every step's start before it runs and its end after (issue 17, point 7)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(timed, { workspaceId: workspace.id, input: {} });
    const finished = await drainUntilFinished(executor(), run.id);
    expect(finished?.status).toBe("completed");
    const during = new Date((finished?.output as { during: string }).during).getTime();
    const work = finished!.steps.find((step) => step.stepId === "work")!;
    // Timestamps are stored to the millisecond (rounded): one millisecond of slack either way.
    expect(work.startedAt.getTime()).toBeLessThanOrEqual(during + 1);
    expect(work.finishedAt!.getTime()).toBeGreaterThanOrEqual(during - 1);
    for (const step of finished!.steps) expect(step.finishedAt!.getTime()).toBeGreaterThanOrEqual(step.startedAt.getTime());
  });

  it("finds a run's own hook resolution among a thousand others, and wakes only that run (item 5)", async () => {
    const { workspace } = await createTenant();
    const worker = executor();
    const mine = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "mine" } });
    const other = await startWorkflow(approval, { workspaceId: workspace.id, input: { key: "other" } });
    await worker.drain();
    const prisma = await db();
    await prisma.$transaction(
      (tx) => sendSignals(tx, Array.from({ length: 1_001 }, (_, index) => ({ name: HOOK_RESOLVED_EVENT, data: { hookId: `whook_elsewhere_${index}`, resolution: {} } }))),
      { timeout: 60_000 },
    );
    const otherParked = await runRow(other.id);
    expect(otherParked.waitingFor).not.toBeNull();
    const [hook] = (await getRunWithDetails({ id: mine.id }))!.hooks;
    await resolveHook({ workspaceId: workspace.id, runId: mine.id, hookId: hook.id, resolution: { choice: "a" }, actor: "test" });
    const untouched = await runRow(other.id);
    expect(untouched.waitingFor).toBe(otherParked.waitingFor);
    expect(untouched.wakeAt).toEqual(otherParked.wakeAt);
    const finished = await drainUntilFinished(worker, mine.id, 5_000);
    expect(finished?.output).toEqual({ hookId: hook.id, choice: "a" });
  });

  it("prunes signals older than any wait (item 5)", async () => {
    const prisma = await db();
    const [fresh, old] = await prisma.$transaction((tx) =>
      sendSignals(tx, [
        { name: "test/prune", data: { runId: "wrun_fresh" } },
        { name: "test/prune", data: { runId: "wrun_old" } },
      ]),
    );
    await prisma.$executeRaw`UPDATE "workflow_signals" SET "created_at" = now() - interval '40 days' WHERE "id" = ${old}`;
    await pruneSignals();
    expect((await prisma.workflowSignal.findMany({ where: { id: { in: [fresh, old] } } })).map((row) => row.id)).toEqual([fresh]);
  });

  // PGlite runs in this process and reads its clock, so only a PostgreSQL server has a clock of its own.
  const separateClock = inject("database").kind === "postgres";

  it.skipIf(!separateClock)("renews leases on the database clock, so a skewed app clock does not let another process take a live run (item 8)", async () => {
    const { workspace } = await createTenant();
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() - 3_600_000);
    const run = await startWorkflow(gated, { workspaceId: workspace.id, input: { key: "skew" } });
    const owner = executor({ workerId: "owner", leaseMs: 600 });
    expect(await owner.tick()).toBe(1);
    await waitUntil(async () => calls["skew:first"] === 1);
    const claimed = (await runRow(run.id)).leaseExpiresAt!;
    await waitUntil(async () => (await runRow(run.id)).leaseExpiresAt!.getTime() !== claimed.getTime());
    await new Promise((resolve) => setTimeout(resolve, 700)); // past the first lease: only renewals keep it
    // The thief may claim a run an earlier test left claimable on a slow machine; what matters is that it cannot take this one.
    await executor({ workerId: "thief" }).tick();
    expect((await runRow(run.id)).leaseOwner).toBe("owner");
    openGates();
    await owner.drain();
    expect(calls["skew:first"]).toBe(1);
  });

  it.skipIf(!separateClock)("treats a run its executor is running as running when the app clock is ahead of the database (item 8)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(gated, { workspaceId: workspace.id, input: { key: "ahead" } });
    const owner = executor({ workerId: "owner" });
    expect(await owner.tick()).toBe(1);
    await waitUntil(async () => calls["ahead:first"] === 1);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + 3_600_000);
    const requested = await cancelRun(workspace.id, run.id);
    expect(requested?.status).toBe("running");
    expect(requested?.cancelRequestedAt).not.toBeNull();
    vi.restoreAllMocks();
    openGates();
    await owner.drain();
  });

  it("fails a run whose process stops answering again and again without progress (item 3)", async () => {
    const { workspace } = await createTenant();
    const run = await startWorkflow(gated, { workspaceId: workspace.id, input: { key: "hang" } });
    const prisma = await db();
    const workers: LocalExecutor[] = [];
    for (let index = 0; index < 4; index++) {
      const worker = executor({ workerId: `hung-${index}`, leaseMs: 60_000, maxLeaseExpiries: 2 });
      workers.push(worker);
      // At least this run: on a slow machine a run left by an earlier test in the same database can be claimable too.
      expect(await worker.tick()).toBeGreaterThanOrEqual(1);
      if (index < 3) {
        await waitUntil(async () => calls["hang:first"] === index + 1);
        // This process hangs: its lease runs out.
        await prisma.workflowRun.update({ where: { id: run.id }, data: { leaseExpiresAt: new Date(realDbNow() - 1_000) } });
      }
    }
    await workers[3].drain();
    const failed = await runRow(run.id);
    expect(failed.status).toBe("failed");
    expect((failed.error as { message: string }).message).toMatch(/stopped answering 3 times/);
    expect(calls["hang:first"]).toBe(3);
    openGates();
    await Promise.all(workers.map((worker) => worker.drain()));
    expect((await runRow(run.id)).status).toBe("failed");
  });
});

function realDbNow() {
  return Date.now();
}
