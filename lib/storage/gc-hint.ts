import v8 from "node:v8";
import vm from "node:vm";
import { log } from "@/lib/log";

/**
 * Keeps large byte streams from inflating the process's memory.
 *
 * Every chunk of an upload or download is a fresh buffer (the socket's, plus the copy the fetch
 * `Request` makes), which becomes garbage right after it is written. V8 collects those buffers at its
 * next young-generation GC, which it schedules by JavaScript allocation, not by buffer bytes: at
 * 100–200 MiB/s that lets 30–60 MiB of dead buffers pile up, and the process keeps the pages afterwards
 * (measured in bench/RESULTS.md, "File uploads"). A minor GC after every MiB streamed bounds that to a
 * few MiB for about 0.05 ms per MiB.
 *
 * The GC function is obtained the way test runners do (`--expose-gc` set at run time, then read from a
 * fresh context); if that is unavailable the hint silently does nothing.
 */

const EVERY_BYTES = 1024 * 1024;

type GcFunction = (options?: { type?: "major" | "minor"; execution?: "sync" | "async" }) => void;

let collect: GcFunction | null | undefined;

function gcFunction(): GcFunction | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as GcFunction;
    } catch (error) {
      log.warn("minor GC hints are unavailable; large streams may temporarily use more memory", { error });
      collect = null;
    }
  }
  return collect;
}

/** Returns a counter: call it with each chunk's size; it runs a minor GC after every MiB. */
export function streamGcHint(): (bytes: number) => void {
  let since = 0;
  return (bytes: number) => {
    since += bytes;
    if (since < EVERY_BYTES) return;
    since = 0;
    gcFunction()?.({ type: "minor" });
  };
}

/** Passes bytes through unchanged, hinting a minor GC after every MiB (for streamed responses). */
export function gcHintingStream(): TransformStream<Uint8Array, Uint8Array> {
  const hint = streamGcHint();
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      hint(chunk.byteLength);
    },
  });
}
