/**
 * Follows a workflow's NDJSON stream (`{ index, type, data, at }` per line) from `startIndex`, and
 * reconnects from the last index it saw when the connection drops, until the run ends or `signal`
 * aborts. GET requests never advance a workflow, so reading and reconnecting is always safe.
 */

export type StreamChunk = { index: number; type: string; data: unknown; at: string };

const TERMINAL = new Set(["completed", "failed", "cancelled"]);

/** Splits text into complete lines, carrying the partial last line over to the next call. */
export function createLineSplitter() {
  let buffer = "";
  return {
    push(text: string): string[] {
      buffer += text;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      return lines.map((line) => line.trim()).filter(Boolean);
    },
    flush(): string[] {
      const rest = buffer.trim();
      buffer = "";
      return rest ? [rest] : [];
    },
  };
}

export async function followStream(options: {
  url: string;
  startIndex: number;
  onChunk: (chunk: StreamChunk) => void;
  onConnectionChange?: (state: "connected" | "reconnecting") => void;
  /** Asked when the stream closes without a final chunk (a replay that started past the end). */
  isOver?: () => Promise<boolean>;
  signal: AbortSignal;
}): Promise<"ended" | "aborted"> {
  let next = options.startIndex;
  let failures = 0;
  while (!options.signal.aborted) {
    try {
      const url = new URL(options.url, window.location.href);
      url.searchParams.set("startIndex", String(next));
      const response = await fetch(url, { signal: options.signal, headers: { accept: "application/x-ndjson" }, credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      options.onConnectionChange?.("connected");
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const splitter = createLineSplitter();
      let ended = false;
      const handle = (line: string) => {
        const chunk = JSON.parse(line) as StreamChunk;
        if (chunk.index < next) return;
        next = chunk.index + 1;
        options.onChunk(chunk);
        if (TERMINAL.has(chunk.type)) ended = true;
      };
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const line of splitter.push(value)) handle(line);
      }
      for (const line of splitter.flush()) handle(line);
      // The server closes the stream when the run has ended; any other close (a proxy's idle timeout,
      // a restart) is a reason to reconnect from where we were.
      if (ended || (options.isOver && (await options.isOver().catch(() => false)))) return "ended";
      throw new Error("the stream closed before the run ended");
    } catch (error) {
      if (options.signal.aborted) break;
      failures++;
      options.onConnectionChange?.("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** Math.min(failures, 5))));
      void error;
    }
  }
  return "aborted";
}
