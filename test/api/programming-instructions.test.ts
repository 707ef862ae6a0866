import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import { LocalExecutor } from "@/lib/workflows/executor";
import { createReadyFile, createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

/**
 * The programming run gives the effective programming instructions (resolved in its resolve-target step)
 * to the compiler's model pass. A hosted model cannot run here: the AI SDK's mock model stands in for it,
 * answering through the SDK's real language-model interface, and records the prompts it was sent.
 */

const model = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("@/lib/ai", async (original) => ({ ...(await original<typeof import("@/lib/ai")>()), getLanguageModel: () => model.current }));

const QUESTIONNAIRE = ["S1. Do you own a car?", "1. Yes", "2. No (TERMINATE)", "", "Q1. Which brands have you owned? (Select all that apply)", "1. Toyota", "2. Ford", ""].join("\n");

function mockModel() {
  return new MockLanguageModelV4({
    doGenerate: {
      content: [{ type: "text", text: JSON.stringify({ questions: [] }) }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
      warnings: [],
    },
  });
}

async function runToEnd(worker: LocalExecutor, runId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    await worker.drain();
    const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (["completed", "failed", "cancelled"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("run did not finish");
}

async function assertedSurvey() {
  const tenant = await createTenant();
  const surveyId = await createSurvey(tenant.api, "instructions");
  const file = await createReadyFile(tenant.api, surveyId, QUESTIONNAIRE, { name: "questionnaire.txt", content_type: "text/plain" });
  expect((await tenant.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
  return { ...tenant, base: `/v1/surveys/${surveyId}` };
}

describe("programming instructions reach the model pass (AI SDK mock model standing in for a hosted model)", () => {
  it("sends the survey target's instructions when the request gives none, and the request's when it does", async () => {
    const worker = new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
    const { api, base } = await assertedSurvey();

    const fromTarget = mockModel();
    model.current = fromTarget;
    expect((await api.put(`${base}/programming/target`, { platform: "service", instructions: "Show S1 on its own page." })).status).toBe(200);
    const first = await api.post(`${base}/programming`, {});
    expect(first.status).toBe(202);
    expect((await runToEnd(worker, first.body.run_id)).status).toBe("completed");
    expect(fromTarget.doGenerateCalls.length).toBeGreaterThan(0);
    expect(JSON.stringify(fromTarget.doGenerateCalls[0].prompt)).toContain("Show S1 on its own page.");

    const fromRequest = mockModel();
    model.current = fromRequest;
    const second = await api.post(`${base}/programming`, { platform: "service", instructions: "Randomize the brand list at Q1." });
    expect(second.status).toBe(202);
    expect((await runToEnd(worker, second.body.run_id)).status).toBe("completed");
    const prompt = JSON.stringify(fromRequest.doGenerateCalls[0].prompt);
    expect(prompt).toContain("Randomize the brand list at Q1.");
    expect(prompt).not.toContain("Show S1 on its own page.");
  });
});

describe("programming instructions without a language model", () => {
  it("applies those the editing agent's grammar understands and reports each instruction, applied or not", async () => {
    model.current = null;
    const worker = new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
    const { api, base } = await assertedSurvey();
    const started = await api.post(`${base}/programming`, { platform: "service", instructions: "Make every question optional.\nUse a friendlier tone throughout." });
    expect(started.status).toBe(202);
    expect((await runToEnd(worker, started.body.run_id)).status).toBe("completed");

    const tip = await api.get(`${base}/content`);
    const questions = JSON.parse(tip.body.data.source).pages.flatMap((page: { blocks: { config: { question?: { required: boolean } } }[] }) => page.blocks).filter((block: { config: { question?: unknown } }) => block.config.question);
    expect(questions.length).toBeGreaterThan(1);
    expect(questions.every((block: { config: { question: { required: boolean } } }) => block.config.question.required === false)).toBe(true);

    const chunks = (await (await db()).streamChunk.findMany({ where: { runId: started.body.run_id, type: "instructions" } })).map((row) => row.data);
    expect(chunks).toEqual([
      {
        applied: [{ text: "Make every question optional", changes: expect.arrayContaining([expect.stringMatching(/^S1: .*optional|^S1: required/)]) }],
        not_applied: [{ text: "Use a friendlier tone throughout", reason: expect.stringMatching(/^Needs a language model to take effect .* I did not understand that request\.$/) }],
      },
    ]);
  });
});
