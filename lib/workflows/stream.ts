import { db } from "@/lib/db/client";
import { readChunks, workflowBus } from "./runs";

const TERMINAL_CHUNKS = new Set(["completed", "failed", "cancelled"]);
const POLL_MS = 500;

/**
 * A run's chunk log as NDJSON: replays from `startIndex`, then follows new chunks (woken at once by
 * chunks written in this process, otherwise by polling twice a second) and ends after the run's final
 * chunk. A client that disconnects only stops its own stream, never the run.
 */
export function ndjsonChunkStream(runId: string, startIndex: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = startIndex;
  let finished = false;
  let stopWaiting: (() => void) | undefined;

  const waitForChunks = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        workflowBus.off(`chunk:${runId}`, done);
        stopWaiting = undefined;
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      workflowBus.on(`chunk:${runId}`, done);
      stopWaiting = done;
    });

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (!finished) {
        const chunks = await readChunks(runId, next);
        if (chunks.length > 0) {
          for (const chunk of chunks) {
            controller.enqueue(encoder.encode(`${JSON.stringify(chunk)}\n`));
            next = chunk.index + 1;
            if (TERMINAL_CHUNKS.has(chunk.type)) finished = true;
          }
          if (finished) controller.close();
          return;
        }
        if (await runIsOver(runId)) {
          finished = true;
          controller.close();
          return;
        }
        await waitForChunks();
      }
    },
    cancel() {
      finished = true;
      stopWaiting?.();
    },
  });
}

/** Nothing newer and the log already ends with the final chunk (a replay that starts past it). */
async function runIsOver(runId: string): Promise<boolean> {
  const last = await (await db()).streamChunk.findFirst({ where: { runId }, orderBy: { index: "desc" }, select: { type: true } });
  return last !== null && TERMINAL_CHUNKS.has(last.type);
}

export function ndjsonResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
