import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import type { SignalPayload } from "./define";
import { workflowBus, type Tx } from "./runs";

/**
 * Signals are the events `step.waitForEvent` waits for (hook resolutions, for example). With the embedded
 * executor they are rows that wake the runs parked on their name; with Inngest they are sent as events.
 */

export const HOOK_RESOLVED_EVENT = "workflow/hook.resolved";

export async function sendSignals(tx: Tx, payloads: SignalPayload[]): Promise<string[]> {
  const ids: string[] = [];
  for (const payload of payloads) {
    const id = newId("wsig");
    await tx.workflowSignal.create({ data: { id, name: payload.name, data: payload.data as Prisma.InputJsonValue } });
    ids.push(id);
  }
  const names = [...new Set(payloads.map((payload) => payload.name))];
  await tx.workflowRun.updateMany({
    where: { waitingFor: { in: names }, status: "running" },
    data: { wakeAt: new Date(), waitingFor: null },
  });
  return ids;
}

/** After the signals' transaction committed: wake the local executor, or forward them to Inngest. */
export async function publishSignals(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (env().WORKFLOW_ENGINE === "local") {
    workflowBus.emit("runnable");
    return;
  }
  const prisma = await db();
  const { inngest } = await import("@/inngest/client");
  const rows = await prisma.workflowSignal.findMany({ where: { id: { in: ids }, dispatchedAt: null } });
  for (const row of rows) {
    try {
      await inngest().send({ name: row.name, data: row.data as Record<string, unknown> });
      await prisma.workflowSignal.update({ where: { id: row.id }, data: { dispatchedAt: new Date() } });
    } catch (error) {
      log.warn("could not send signal to Inngest; will retry", { signalId: row.id, error });
    }
  }
}

type Literal = string | number | boolean;

/**
 * The `if` expressions of waitForEvent that both engines understand: equalities on the awaited event,
 * joined by `&&` — `async.data.hookId == 'whook_1' && async.data.kind == "target"`.
 */
export function parseSignalCondition(expression: string): { path: string[]; value: Literal }[] {
  return expression.split("&&").map((clause) => {
    const match = /^\s*async\.((?:[A-Za-z_][\w]*)(?:\.[A-Za-z_][\w]*)*)\s*==\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false)\s*$/.exec(clause);
    if (!match) throw new Error(`Unsupported waitForEvent condition: ${clause.trim()}`);
    const raw = match[2];
    const value: Literal = /^['"]/.test(raw) ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw === "true" ? true : raw === "false" ? false : Number(raw);
    return { path: match[1].split("."), value };
  });
}

export function signalMatches(expression: string | undefined, signal: SignalPayload): boolean {
  if (!expression) return true;
  return parseSignalCondition(expression).every(({ path, value }) => {
    let current: unknown = signal;
    for (const part of path) current = current === null || typeof current !== "object" ? undefined : (current as Record<string, unknown>)[part];
    return current === value;
  });
}
