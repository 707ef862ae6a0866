import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { compileFile } from "./index";
import type { IRQuestion } from "./ir";
import { chunkText, enhanceWithModel, type TModelQuestion } from "./model-pass";
import { parseQuestionnaire } from "./parse";

type LanguageModelV4GenerateResult = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;
type LanguageModelV4CallOptions = MockLanguageModelV4["doGenerateCalls"][number];

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 50, text: 50, reasoning: 0 },
};

type Draft = Omit<Partial<TModelQuestion>, "options"> & { options?: Partial<TModelQuestion["options"][number]>[] };

function reply(questions: Draft[]): LanguageModelV4GenerateResult {
  const full = questions.map((question) => ({
    id: "",
    firstWords: "",
    text: "",
    type: "single",
    rows: [],
    columns: [],
    askIf: null,
    condition: null,
    randomize: null,
    ...question,
    options: (question.options ?? []).map((option) => ({ exclusive: null, other: null, goTo: null, ...option })),
  }));
  return { content: [{ type: "text", text: JSON.stringify({ questions: full }) }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
}

function promptText(options: LanguageModelV4CallOptions): string {
  return JSON.stringify(options.prompt);
}

// A questionnaire the rules read only in part: Q2's answers are a sentence, Q4 has no printed id, Q3's filter names a question that is not in it.
const TEXT = [
  "Q1. Do you own a pet?",
  "1. Yes",
  "2. No",
  "Q2. Which pet? Answers: dog, cat or fish.",
  "SHOW IF S4 = 1",
  "Q3. How old is your pet?",
  "______",
  "And finally, would you recommend our shop to a friend",
  "Q5. Any comments?",
  "______",
].join("\n");

async function parsed() {
  const doc = await extractDocument(new TextEncoder().encode(TEXT), { filename: "pets.txt" });
  return { doc, ir: parseQuestionnaire(doc) };
}

describe("the model pass", () => {
  it("adds what the rules missed, fills answer lists and unresolved conditions, and marks every addition for review", async () => {
    const { doc, ir } = await parsed();
    const model = new MockLanguageModelV4({
      doGenerate: reply([
        { id: "Q1", firstWords: "Do you own a pet?", text: "Do you own a pet?", type: "single", options: [{ code: "1", label: "Yes" }, { code: "2", label: "No" }] },
        { id: "Q2", firstWords: "Which pet?", text: "Which pet?", type: "single", options: [{ code: "1", label: "Dog" }, { code: "2", label: "Cat" }, { code: "3", label: "Fish" }] },
        { id: "Q3", firstWords: "How old is your pet?", text: "How old is your pet?", type: "numeric", askIf: "SHOW IF S4 = 1", condition: "{Q1} = '1'" },
        { id: "", firstWords: "And finally, would you recommend our shop", text: "Would you recommend our shop to a friend?", type: "single", options: [{ code: "1", label: "Yes" }, { code: "2", label: "No" }] },
      ]),
    });
    const events: string[] = [];
    const enhanced = await enhanceWithModel(ir, doc, model, { onProgress: (event) => events.push(event.status) });
    const questions = enhanced.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.origin])).toEqual([
      ["Q1", "rules"],
      ["Q2", "rules"],
      ["Q3", "rules"],
      ["M1", "model"],
      ["Q5", "rules"],
    ]);
    const q2 = questions[1];
    expect(q2.options.map((option) => option.label)).toEqual(["Dog", "Cat", "Fish"]);
    expect(q2.warnings.join(" ")).toMatch(/read by the language model/);
    const q3 = questions[2];
    expect(q3.askIf[0]).toMatchObject({ text: "SHOW IF S4 = 1", condition: "{Q1} = '1'" });
    expect(q3.notes.join(" ")).toMatch(/programmed by the language model/);
    const added = questions[3];
    expect(added).toMatchObject({ variable: "M1", type: "single", printedId: false });
    expect(doc.text.slice(added.span.start, added.span.start + 12)).toBe("And finally,");
    expect(added.warnings.join(" ")).toMatch(/Found by the language model/);
    expect(events).toEqual(["started", "chunk", "done"]);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(promptText(model.doGenerateCalls[0])).toContain("Which pet? Answers: dog, cat or fish.");
  });

  it("gives the author's programming instructions to the model with every excerpt (mock model)", async () => {
    const bytes = new TextEncoder().encode(TEXT);
    const model = new MockLanguageModelV4({ doGenerate: reply([]) });
    const instructions = "Program S-questions as screeners; name variables in lower case.";
    await compileFile(bytes, { filename: "pets.txt", survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: 1, model, instructions });
    expect(model.doGenerateCalls).toHaveLength(1);
    const prompt = promptText(model.doGenerateCalls[0]);
    expect(prompt).toContain(instructions);
    expect(prompt).toContain("<instructions>");
    expect(prompt).toContain("Which pet? Answers: dog, cat or fish.");

    const plain = new MockLanguageModelV4({ doGenerate: reply([]) });
    await compileFile(bytes, { filename: "pets.txt", survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: 1, model: plain, instructions: "   " });
    expect(promptText(plain.doGenerateCalls[0])).not.toContain("<instructions>");
  });

  it("rejects model output that names unknown questions, breaks the condition syntax or has no answers", async () => {
    const { doc, ir } = await parsed();
    const model = new MockLanguageModelV4({
      doGenerate: reply([
        { id: "Q3", firstWords: "How old is your pet?", text: "How old is your pet?", type: "numeric", askIf: "SHOW IF S4 = 1", condition: "{PETS} = '1'" },
        { id: "Q9", firstWords: "This sentence is not in the document", text: "Invented?", type: "single", options: [{ code: "1", label: "Yes" }, { code: "2", label: "No" }] },
        { id: "Q10", firstWords: "And finally, would you recommend", text: "Recommend?", type: "single", options: [] },
        { id: "Q2", firstWords: "Which pet?", text: "Which pet?", type: "single", options: [{ code: "1", label: "Dog" }], condition: "{Q1} = " },
      ]),
    });
    const enhanced = await enhanceWithModel(ir, doc, model);
    const questions = enhanced.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => question.id)).toEqual(["Q1", "Q2", "Q3", "Q5"]);
    expect(questions[2].askIf[0].condition).toBeUndefined();
    expect(questions[1].options).toEqual([]);
  });

  it("still reads output that misses fields of the schema", async () => {
    const { doc, ir } = await parsed();
    const text = JSON.stringify({ questions: [{ id: "Q2", firstWords: "Which pet?", type: "single", options: [{ code: "1", label: "Dog" }, { code: "2", label: "Cat" }] }] });
    const model = new MockLanguageModelV4({ doGenerate: { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] } });
    const enhanced = await enhanceWithModel(ir, doc, model);
    const q2 = enhanced.items.find((item): item is IRQuestion => item.kind === "question" && item.id === "Q2")!;
    expect(q2.options.map((option) => option.label)).toEqual(["Dog", "Cat"]);
  });

  it("keeps the rule-based reading when the model fails, with a warning", async () => {
    const { doc, ir } = await parsed();
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("provider unavailable");
      },
    });
    const events: { status: string; message?: string }[] = [];
    const enhanced = await enhanceWithModel(ir, doc, model, { onProgress: (event) => events.push(event) });
    expect(enhanced.items).toEqual(ir.items);
    expect(enhanced.warnings.join(" ")).toMatch(/language model pass failed \(provider unavailable\)/);
    expect(events.at(-1)).toMatchObject({ status: "failed" });
  });

  it("skips the model for documents beyond the chunk budget, saying why", async () => {
    const { doc, ir } = await parsed();
    const model = new MockLanguageModelV4({ doGenerate: reply([]) });
    const enhanced = await enhanceWithModel(ir, doc, model, { chunkSize: 100, maxChunks: 2 });
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(enhanced.warnings.join(" ")).toMatch(/too long for the language model pass/);
  });

  it("reads long documents in chunks that overlap and end at question boundaries", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Q${i + 1}. Question number ${i + 1} is about something?\n1. Yes\n2. No`);
    const doc = await extractDocument(new TextEncoder().encode(lines.join("\n")), { filename: "long.txt" });
    const chunks = chunkText(doc, 4000);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks[0].start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(doc.text.length);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i].start).toBeLessThan(chunks[i - 1].end);
      expect(doc.text[chunks[i - 1].end]).toMatch(/Q/);
    }
  });

  it("is used by compileFile only when a model is given; without one nothing calls a model", async () => {
    const bytes = new TextEncoder().encode(TEXT);
    const model = new MockLanguageModelV4({ doGenerate: reply([]) });
    const events: string[] = [];
    const withModel = await compileFile(bytes, { filename: "pets.txt", survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: 1, model, onProgress: (event) => events.push(event.phase) });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(events).toEqual(["extracting", "extracted", "parsed", "model", "model", "model", "compiled", "validated"]);
    expect(withModel.anatomy.questions).toBe(4);
    const withoutModel = await compileFile(bytes, { filename: "pets.txt", survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: 1 });
    expect(withoutModel.anatomy).toEqual(withModel.anatomy);
  });
});
