import { parentPort } from "node:worker_threads";
import { extractDocument } from "./extract";
import type { ExtractedDocument } from "./extract/model";
import type { QuestionnaireIR } from "./ir";
import { finishPhase, type FinishOptions, parsePhase } from "./phases";

/**
 * The compile worker (a worker thread started by `./isolated.ts`): runs one phase per message and posts
 * the result or the error back. It holds no state between tasks, so the host may end it at any time.
 */

export type WorkerTask =
  | { id: number; phase: "extract"; bytes: Uint8Array; filename?: string; contentType?: string }
  | { id: number; phase: "parse"; extracted: ExtractedDocument }
  | { id: number; phase: "finish"; ir: QuestionnaireIR; extracted: ExtractedDocument; options: FinishOptions };

export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code?: unknown; stack?: string } };

async function perform(task: WorkerTask): Promise<unknown> {
  if (task.phase === "extract") return extractDocument(task.bytes, { filename: task.filename, contentType: task.contentType });
  if (task.phase === "parse") return parsePhase(task.extracted);
  return finishPhase(task.ir, task.extracted, task.options);
}

const port = parentPort;
if (port) {
  port.on("message", (task: WorkerTask) => {
    perform(task).then(
      (value) => port.postMessage({ id: task.id, ok: true, value } satisfies WorkerReply),
      (error: unknown) => {
        const { name = "Error", message = String(error), code, stack } = (error ?? {}) as Error & { code?: unknown };
        port.postMessage({ id: task.id, ok: false, error: { name, message, code, stack } } satisfies WorkerReply);
      },
    );
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}
