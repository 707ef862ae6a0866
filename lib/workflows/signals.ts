import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { SignalPayload } from "./define";
import { workflowBus, type Tx } from "./runs";

/**
 * Signals are the events `step.waitForEvent` waits for (hook resolutions, for example). With the embedded
 * executor they are rows that wake the runs parked on their name; with Inngest they are sent as events.
 */

export const HOOK_RESOLVED_EVENT = "workflow/hook.resolved";

/**
 * A signal's correlation key: the hook it resolves (`data.hookId`), else the run it is for (`data.runId`).
 * Waits whose condition names one of them find their signal by this key exactly.
 */
export function signalKey(data: Record<string, unknown>): string | null {
  const key = data.hookId ?? data.runId;
  return typeof key === "string" ? key : null;
}

/** The correlation key a waitForEvent condition names (`async.data.hookId == '…'`, else `async.data.runId == '…'`). */
export function conditionKey(expression: string | undefined): string | null {
  if (!expression) return null;
  const clauses = parseSignalCondition(expression);
  for (const field of ["hookId", "runId"]) {
    const clause = clauses.find(({ path }) => path.length === 2 && path[0] === "data" && path[1] === field);
    if (clause) return String(clause.value);
  }
  return null;
}

export async function sendSignals(tx: Tx, payloads: SignalPayload[]): Promise<string[]> {
  const rows = payloads.map((payload) => ({ id: newId("wsig"), name: payload.name, key: signalKey(payload.data), data: payload.data as Prisma.InputJsonValue }));
  await tx.workflowSignal.createMany({ data: rows });
  // Wake only the runs parked on these signals: by name and key (or by name alone for waits without a key).
  const targets = [...new Map(rows.map((row) => [`${row.name}\u0000${row.key ?? ""}`, row])).values()];
  for (const { name, key } of targets) {
    await tx.$executeRaw`
      UPDATE "workflow_runs" SET "wake_at" = now(), "waiting_for" = NULL, "waiting_key" = NULL
      WHERE "status" = 'running' AND "waiting_for" = ${name} AND ("waiting_key" IS NULL OR "waiting_key" = ${key})`;
  }
  return rows.map((row) => row.id);
}

/** Signals are kept this long: far longer than any wait's recheck interval, so a parked run always sees its own. */
export const SIGNAL_RETENTION_DAYS = 30;

/** Deletes signals older than the retention period; returns how many. */
export async function pruneSignals(): Promise<number> {
  return (await db()).$executeRaw`
    DELETE FROM "workflow_signals" WHERE "created_at" < now() - make_interval(days => ${SIGNAL_RETENTION_DAYS})`;
}

/** After the signals' transaction committed: wake the local executor, or send them to Inngest (`dispatch.ts`). */
export async function publishSignals(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (env().WORKFLOW_ENGINE === "local") {
    workflowBus.emit("runnable");
    return;
  }
  const { sendSignalEvents } = await import("./dispatch");
  await sendSignalEvents(ids);
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
