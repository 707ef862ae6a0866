import { describe, expect, it } from "vitest";
import { childDatabaseEnv, startWorker } from "../helpers/child-worker";

describe("crash recovery", () => {
  it("finishes a run after its executor process is SIGKILLed mid-step, without repeating finished steps", async () => {
    const env = await childDatabaseEnv("crash");
    const first = startWorker("test/workflows/crash-worker.ts", ["start"], env);
    const runId = await first.waitForPrefix("RUN");
    await first.waitForPrefix("IN_STEP_TWO");
    await first.kill();

    const second = startWorker("test/workflows/crash-worker.ts", ["resume", runId], env);
    const summary = JSON.parse(await second.waitForPrefix("SUMMARY"));
    expect(summary.status).toBe("completed");
    expect(summary.output).toEqual({ done: true });
    expect(summary.steps).toEqual(["one", "three", "two"]);
    // "one" finished before the crash and ran once; "two" was interrupted, so it ran again; "three" once.
    expect(summary.effects).toEqual(["one", "three", "two", "two"]);
    expect(summary.invocations).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
