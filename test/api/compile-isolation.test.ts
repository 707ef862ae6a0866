import { afterEach, describe, expect, it } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { compileExtracted, extractDocument, type CompileProgressEvent } from "@/lib/questionnaire";
import { isolatedPhases } from "@/lib/questionnaire/isolated";
import { LocalExecutor } from "@/lib/workflows/executor";
import { request } from "../helpers/api";
import { createReadyFile, createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

/** Issue 18 item 2: the compiler runs in worker threads with time and memory limits; the server keeps answering. */

/** A questionnaire that is slow to compile only because it is long (seconds in one thread). */
function longQuestionnaire(questions: number): string {
  let text = "# A long questionnaire\n\n";
  for (let index = 1; index <= questions; index++) text += `Q${index}. How often do you buy product ${index}?\n1. Never\n2. Sometimes\n3. Often\n\n`;
  return text;
}

const SURVEY = { id: "srv_isolation", slug: "isolation", name: "Isolation" };

afterEach(() => {
  delete process.env.COMPILE_TIMEOUT_MS;
  resetEnvForTests();
});

describe("compiling in worker threads", () => {
  it("answers /health while a slow document is being compiled", async () => {
    const limits = { timeoutMs: 300_000, memoryMb: 1024 };
    // A worker that has loaded the compiler already and a loaded health route, as on a server that has been up a while.
    const small = await extractDocument(new TextEncoder().encode(longQuestionnaire(2)), { filename: "small.txt" });
    await compileExtracted(small, { survey: SURVEY, questionnaireRevision: 1, phases: isolatedPhases(limits) });
    expect((await request("GET", "/health")).status).toBe(200);

    const extracted = await extractDocument(new TextEncoder().encode(longQuestionnaire(1_500)), { filename: "long.txt" });
    const progress: { phase: CompileProgressEvent["phase"] | "started" } = { phase: "started" };
    const compiling = compileExtracted(extracted, {
      survey: SURVEY,
      questionnaireRevision: 1,
      phases: isolatedPhases(limits),
      onProgress: (event) => {
        progress.phase = event.phase;
      },
    });
    let settled = false;
    void compiling.finally(() => {
      settled = true;
    });
    let answeredWhileCompiling = 0;
    while (!settled) {
      const before = progress.phase;
      const health = await request("GET", "/health");
      expect(health.status).toBe(200);
      // Sent and answered within one phase of the compiler's own work (parsing, or compiling and
      // validating): that work did not hold this thread.
      if ((before === "extracted" || before === "parsed") && progress.phase === before) answeredWhileCompiling++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const result = await compiling;
    expect(result.anatomy.questions).toBeGreaterThanOrEqual(1_500);
    expect(answeredWhileCompiling).toBeGreaterThanOrEqual(3);
  });

  it("fails a programming run whose document takes longer than the limit, with a clear message, while the API keeps answering", async () => {
    process.env.COMPILE_TIMEOUT_MS = "300";
    resetEnvForTests();
    const { api } = await createTenant();
    const surveyId = await createSurvey(api, "slow-document");
    // Eight times a document a lightly loaded machine reads within the limit: the outcome must not hang on timing.
    const file = await createReadyFile(api, surveyId, longQuestionnaire(12_000), { name: "long.txt", content_type: "text/plain" });
    expect((await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
    const started = await api.post(`/v1/surveys/${surveyId}/programming`, { platform: "service" });
    expect(started.status).toBe(202);
    const worker = new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
    worker.start();
    try {
      let run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: started.body.run_id } });
      while (!["completed", "failed", "cancelled"].includes(run.status)) {
        expect((await request("GET", "/health")).status).toBe(200);
        run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: run.id } });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(run.status).toBe("failed");
      expect(run.error).toMatchObject({ code: "timeout", message: expect.stringContaining("This document took too long to read (more than 0.3 seconds)") });
      const described = await api.get(`/v1/surveys/${surveyId}/programming/runs/${run.id}`);
      expect(JSON.stringify(described.body)).toContain("This document took too long to read");
    } finally {
      await worker.stop();
    }
  });
});
