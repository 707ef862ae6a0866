import { describe, expect, it } from "vitest";
import { childDatabaseEnv, startWorker } from "../helpers/child-worker";

const WORKER = "test/workflows/programming-worker.ts";

describe("programming crash recovery", () => {
  it("completes a programming run after SIGKILL mid-compile: finished steps are not repeated and exactly one content revision is written", async () => {
    const env = await childDatabaseEnv("programming-crash");
    const first = startWorker(WORKER, ["start"], env);
    const runId = await first.waitForPrefix("RUN ");
    const targetFinishedAt = await first.waitForPrefix("STEP resolve-target ");
    await first.kill();

    const second = startWorker(WORKER, ["resume", runId], env);
    const summary = JSON.parse(await second.waitForPrefix("SUMMARY "));
    expect(summary.error).toBeNull();
    expect(summary.status).toBe("completed");
    expect(summary.revisions).toEqual([1]);
    expect(summary.output).toMatchObject({ content_revision: 1 });
    expect(summary.steps.map((step: { id: string }) => step.id).sort()).toEqual(["audit-content", "compile-questionnaire", "resolve-target", "write-content"]);
    // The step finished before the crash keeps its record: it was not run again.
    expect(summary.steps.find((step: { id: string }) => step.id === "resolve-target").finishedAt).toBe(targetFinishedAt);
    expect(summary.targetChunks).toBe(1);
    expect(summary.indexes).toEqual(summary.indexes.map((_: number, index: number) => index));
  }, 180_000);
});
