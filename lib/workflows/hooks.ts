import { db } from "@/lib/db/client";
import type { Prisma, WorkflowHook } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { StepTools } from "./define";
import { announceChunks, appendChunk, recordRunUpdate } from "./runs";
import { HOOK_RESOLVED_EVENT, publishSignals, sendSignals } from "./signals";

/**
 * Hooks are where a run waits for a person or client: the run opens a hook (visible on the run with its
 * `resume_path`) and parks until `resolveHook` is called with a resolution.
 */

export async function waitForHook<Resolution>(
  step: StepTools,
  runId: string,
  options: { kind: string; request?: unknown; timeout?: string },
): Promise<{ hookId: string; resolution: Resolution | null }> {
  const hook = await step.run(`open-hook-${options.kind}`, () => openHook(runId, options.kind, options.request));
  const signal = await step.waitForEvent(`wait-hook-${options.kind}`, {
    event: HOOK_RESOLVED_EVENT,
    timeout: options.timeout ?? "7d",
    if: `async.data.hookId == '${hook.id}'`,
  });
  if (signal) return { hookId: hook.id, resolution: signal.data.resolution as Resolution };
  // A resolution that raced the start of the wait is still on the hook row.
  const stored = await step.run(`read-hook-${options.kind}`, async () => {
    const row = await (await db()).workflowHook.findUnique({ where: { id: hook.id } });
    return row?.status === "resolved" ? (row.resolution as Resolution) : null;
  });
  return { hookId: hook.id, resolution: stored };
}

async function openHook(runId: string, kind: string, request: unknown): Promise<{ id: string }> {
  const prisma = await db();
  const hook = await prisma.$transaction(async (tx) => {
    // Idempotent: a retried step finds the hook it already opened, whatever became of it since — one opened
    // just before a crash may have been resolved before the step runs again (a step opens a kind once per run).
    const existing = await tx.workflowHook.findFirst({ where: { runId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    if (existing) return existing;
    const created = await tx.workflowHook.create({
      data: { id: newId("whook"), runId, kind, request: (request ?? null) as Prisma.InputJsonValue },
    });
    const run = await tx.workflowRun.findUniqueOrThrow({ where: { id: runId } });
    await appendChunk(tx, runId, "hook", { id: created.id, kind, status: "pending", request: request ?? null }, `hook:${created.id}:pending`);
    await recordRunUpdate(tx, run, "waiting_for_hook");
    return created;
  });
  announceChunks(runId);
  return { id: hook.id };
}

export async function getHookOrThrow(workspaceId: string, runId: string, hookId: string): Promise<WorkflowHook> {
  const hook = await (await db()).workflowHook.findFirst({ where: { id: hookId, runId, run: { workspaceId } } });
  if (!hook) throw notFound("hook");
  return hook;
}

export async function resolveHook(input: { workspaceId: string; runId: string; hookId: string; resolution: unknown; actor: string }): Promise<WorkflowHook> {
  const prisma = await db();
  const { hook, signalIds } = await prisma.$transaction(async (tx) => {
    const current = await tx.workflowHook.findFirst({ where: { id: input.hookId, runId: input.runId, run: { workspaceId: input.workspaceId } }, include: { run: true } });
    if (!current) throw notFound("hook");
    if (current.status !== "pending") {
      throw new ApiError("conflict", `This hook is already ${current.status}.`, { status: current.status });
    }
    const updated = await tx.workflowHook.update({
      where: { id: current.id },
      data: { status: "resolved", resolution: input.resolution as Prisma.InputJsonValue, resolvedBy: input.actor, resolvedAt: new Date() },
    });
    const ids = await sendSignals(tx, [{ name: HOOK_RESOLVED_EVENT, data: { hookId: current.id, runId: current.runId, resolution: input.resolution } }]);
    await appendChunk(tx, current.runId, "hook", { id: current.id, kind: current.kind, status: "resolved", resolution: input.resolution }, `hook:${current.id}:resolved`);
    await recordRunUpdate(tx, current.run, "hook_resolved");
    return { hook: updated, signalIds: ids };
  });
  await publishSignals(signalIds);
  announceChunks(input.runId);
  return hook;
}
