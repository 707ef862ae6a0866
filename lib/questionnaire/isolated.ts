import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { QUESTIONNAIRE_ERROR_CODES, QuestionnaireError, type QuestionnaireErrorCode } from "./errors";
import type { CompilePhases } from "./phases";
import type { WorkerReply, WorkerTask } from "./worker";

/**
 * The compiler's CPU-bound phases in worker threads, so that a document that is slow to read stalls
 * neither the server's requests nor its workflow heartbeats. Each phase has a wall-clock limit and each
 * worker a heap limit; past either the worker is ended and the phase fails with a QuestionnaireError the
 * author can read (`timeout`, `too_large`). Idle workers are kept for a while and reused.
 */

export type CompileLimits = {
  /** Longest a phase (extracting, parsing, compiling) may take. */
  timeoutMs: number;
  /** Heap limit of a worker (V8 old generation). */
  memoryMb: number;
};

export function compileLimits(): CompileLimits {
  const config = env();
  return { timeoutMs: config.COMPILE_TIMEOUT_MS, memoryMb: config.COMPILE_MEMORY_MB };
}

/** The compiler's phases run in workers with these limits (default: the configured ones). */
export function isolatedPhases(limits: CompileLimits = compileLimits()): CompilePhases {
  return {
    extract: (bytes, options) =>
      runInWorker({ phase: "extract", bytes, filename: options.filename, contentType: options.contentType }, limits, options.signal),
    parse: (extracted, signal) => runInWorker({ phase: "parse", extracted }, limits, signal),
    finish: (ir, extracted, options, signal) => runInWorker({ phase: "finish", ir, extracted, options }, limits, signal),
  };
}

/** How long an idle worker is kept for the next task. */
const IDLE_MS = 30_000;
/** Longest a new worker may take to load the compiler. */
const STARTUP_MS = 60_000;

type PooledWorker = { worker: Worker; memoryMb: number; idleTimer?: NodeJS.Timeout };
const idle: PooledWorker[] = [];
let nextTaskId = 1;

function startWorker(memoryMb: number): Promise<PooledWorker> {
  // From the TypeScript sources (tests, scripts) the worker loads them through tsx; a build bundles it.
  const fromSources = import.meta.url.endsWith(".ts");
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    execArgv: fromSources ? ["--import", "tsx"] : undefined,
    stdout: false,
    stderr: false,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      void worker.terminate();
      reject(new Error(`The compile worker did not start within ${STARTUP_MS / 1000} s.`));
    }, STARTUP_MS);
    const onMessage = (reply: WorkerReply) => {
      if (!("ready" in reply)) return;
      cleanup();
      resolve({ worker, memoryMb });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The compile worker exited while starting (code ${code}).`));
    };
    function cleanup() {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
    }
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
  });
}

async function acquire(memoryMb: number): Promise<PooledWorker> {
  const index = idle.findIndex((candidate) => candidate.memoryMb === memoryMb);
  if (index >= 0) {
    const [pooled] = idle.splice(index, 1);
    clearTimeout(pooled.idleTimer);
    pooled.worker.ref();
    return pooled;
  }
  return startWorker(memoryMb);
}

function release(pooled: PooledWorker): void {
  pooled.worker.unref();
  pooled.idleTimer = setTimeout(() => {
    idle.splice(idle.indexOf(pooled), 1);
    void pooled.worker.terminate();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

const PHASE_WORDS: Record<WorkerTask["phase"], string> = { extract: "read", parse: "read", finish: "compile" };

function toError(error: { name: string; message: string; code?: unknown; stack?: string }): Error {
  if (error.name === "QuestionnaireError" && QUESTIONNAIRE_ERROR_CODES.includes(error.code as QuestionnaireErrorCode)) {
    return new QuestionnaireError(error.code as QuestionnaireErrorCode, error.message);
  }
  // Unexpected: keep the worker's stack for the log; clients see an internal error.
  return Object.assign(new Error(error.message), { name: error.name, stack: error.stack });
}

type Task = WorkerTask extends infer T ? (T extends { id: number } ? Omit<T, "id"> : never) : never;

export async function runInWorker<T>(task: Task, limits: CompileLimits, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled.");
  const pooled = await acquire(limits.memoryMb);
  const { worker } = pooled;
  const id = nextTaskId++;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      finish(
        true,
        new QuestionnaireError(
          "timeout",
          `This document took too long to ${PHASE_WORDS[task.phase]} (more than ${Number((limits.timeoutMs / 1000).toFixed(1))} seconds), so it was stopped. Check that it is a questionnaire of ordinary size; very long lines or unusual formatting can make a document slow to read — simplify them or save it in another format, and upload it again.`,
        ),
      );
    }, limits.timeoutMs);
    const onAbort = () => finish(true, new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled."));
    const onMessage = (reply: WorkerReply) => {
      if ("ready" in reply || reply.id !== id) return;
      if (reply.ok) finish(false, undefined, reply.value as T);
      else finish(false, toError(reply.error));
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        finish(
          true,
          new QuestionnaireError(
            "too_large",
            `This document needed more memory to ${PHASE_WORDS[task.phase]} than the server allows (${limits.memoryMb} MB), so it was stopped. Split it into smaller documents or simplify it, and upload it again.`,
          ),
        );
      } else finish(true, error);
    };
    const onExit = (code: number) => finish(true, new Error(`The compile worker exited unexpectedly (code ${code}).`));
    function finish(discard: boolean, error?: Error, value?: T) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (discard) {
        void worker.terminate();
        if (error instanceof QuestionnaireError && error.code !== "cancelled") log.warn("compile worker stopped", { phase: task.phase, reason: error.code });
      } else release(pooled);
      if (error) reject(error);
      else resolve(value as T);
    }
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.postMessage({ ...task, id } as WorkerTask);
  });
}
