import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { readChunks, workflowBus } from "./runs";

const TERMINAL_CHUNKS = new Set(["completed", "failed", "cancelled"]);
const POLL_MS = 500;

/**
 * A stream of a waiting run can stay open for days, polling twice a second; the request rate limit does
 * not see it after the first request, so each credential may hold this many open streams per process.
 */
export const MAX_OPEN_STREAMS_PER_CREDENTIAL = 20;
const openStreams = new Map<string, number>();

/** Reserves one open stream for `credential`; 429 when it holds the maximum. Returns the release. */
export function reserveStream(credential: string): () => void {
  const open = openStreams.get(credential) ?? 0;
  if (open >= MAX_OPEN_STREAMS_PER_CREDENTIAL) {
    throw new ApiError("rate_limited", `This credential already has ${open} open streams; close one (or wait for its run to end) first.`, {}, {
      headers: { "retry-after": "5" },
    });
  }
  openStreams.set(credential, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(credential) ?? 1) - 1;
    if (left <= 0) openStreams.delete(credential);
    else openStreams.set(credential, left);
  };
}

/**
 * A run's chunk log as NDJSON: replays from `startIndex`, then follows new chunks (woken at once by
 * chunks written in this process, otherwise by polling twice a second) and ends after the run's final
 * chunk. A client that disconnects only stops its own stream, never the run.
 */
export function ndjsonChunkStream(runId: string, startIndex: number, onEnd: () => void = () => {}): ReadableStream<Uint8Array> {
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

  /** Ends the stream and releases its slot; safe to call more than once. */
  const end = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (!finished) onEnd();
    finished = true;
    stopWaiting?.();
    controller?.close();
  };

  async function pullChunks(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    while (!finished) {
      const chunks = await readChunks(runId, next);
      if (chunks.length > 0) {
        let last = false;
        for (const chunk of chunks) {
          controller.enqueue(encoder.encode(`${JSON.stringify(chunk)}\n`));
          next = chunk.index + 1;
          if (TERMINAL_CHUNKS.has(chunk.type)) last = true;
        }
        if (last) end(controller);
        return;
      }
      if (await runIsOver(runId)) return end(controller);
      await waitForChunks();
    }
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        await pullChunks(controller);
      } catch (error) {
        end();
        throw error;
      }
    },
    cancel() {
      end();
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
