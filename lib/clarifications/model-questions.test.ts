import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { applyOverrides } from "@/lib/questionnaire/overrides";
import { compileFile } from "@/lib/questionnaire";
import { modelClarifications } from "./model-questions";
import { draftOf, overrideOfAnswer } from "./questions";

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 50, text: 50, reasoning: 0 },
};

function reply(questions: unknown[]) {
  return { content: [{ type: "text" as const, text: JSON.stringify({ questions }) }], finishReason: { unified: "stop" as const, raw: "stop" }, usage, warnings: [] };
}

const TEXT = ["Q1. Which of these brands have you heard of? Select all that apply.", "1. Acme", "2. Globex", "3. Initech", "", "SHOW CONCEPT BOARD A OR B", "Q2. How appealing is this product?", "1. Very", "2. Somewhat", "3. Not at all", ""].join("\n");

describe("the model's own clarifications (mock model)", () => {
  it("asks what the model found, checked against the document: quotes must be in it, ids must be questions, nothing asked twice", async () => {
    const compiled = await compileFile(new TextEncoder().encode(TEXT), { filename: "q.md", survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: 1 });
    const text = compiled.extracted.text;
    const model = new MockLanguageModelV4({
      doGenerate: reply([
        { question_ids: ["q2", "Q9"], prompt: "Which respondents see concept board A and which see B?", quote: "SHOW CONCEPT BOARD A OR B", options: [{ label: "Half at random" }, { label: "By region" }] },
        { question_ids: ["Q1"], prompt: "Is this invented?", quote: "This sentence is not in the document", options: [] },
        { question_ids: ["Q1"], prompt: "Already asked question", quote: "Acme", options: [] },
      ]),
    });
    const found = await modelClarifications(model, { text, questionIds: ["Q1", "Q2"], asked: ["Already asked question"] });
    expect(found).toHaveLength(1);
    const [board] = found;
    expect(board).toMatchObject({ kind: "review_flag", code: "model", questionIds: ["Q2"], written: "SHOW CONCEPT BOARD A OR B" });
    expect(text.slice(board.span.start, board.span.end)).toBe("SHOW CONCEPT BOARD A OR B");
    const prompt = JSON.stringify(model.doGenerateCalls[0].prompt);
    expect(prompt).toContain("Already asked question");
    expect(prompt).toContain("SHOW CONCEPT BOARD A OR B");

    const draft = draftOf(board, text);
    expect(draft.prompt).toBe("Which respondents see concept board A and which see B?");
    expect(draft.context.excerpt).toBe("SHOW CONCEPT BOARD A OR B");
    expect(draft.options.map((option) => option.label)).toEqual(["Half at random", "By region"]);
    // Answering with a model option cannot change the IR: programming reports it as kept as a note.
    const override = overrideOfAnswer(draft, { kind: "answer", option_id: draft.options[0].option_id, text: null })!;
    const { results } = applyOverrides(compiled.ir, [override]);
    expect(results[0]).toMatchObject({ status: "not_applicable", message: expect.stringContaining("was kept as a note") });
  });

  it("fails on a reply that does not match the schema (the probe then keeps the rules' questions)", async () => {
    const model = new MockLanguageModelV4({ doGenerate: { ...reply([]), content: [{ type: "text", text: '{"questions":[{"prompt":"x"}]}' }] } });
    await expect(modelClarifications(model, { text: TEXT, questionIds: ["Q1"], asked: [] })).rejects.toThrow();
  });
});
