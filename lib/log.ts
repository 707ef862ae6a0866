import { env } from "@/lib/env";

/** One-line structured logs on stderr/stdout. Never log secrets or request bodies. */

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  let threshold: Level | "silent" = "info";
  try {
    threshold = env().LOG_LEVEL;
  } catch {
    // An invalid environment is reported elsewhere; logging must not fail because of it.
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields }, errorReplacer);
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
