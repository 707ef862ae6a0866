import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { isStatementList } from "./answer-lists";
import { parseQuestionnaire } from "./index";

async function parse(text: string, filename = "form.md"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

// Unnumbered questions whose answers are numbered lists that start again at 1 under each question (Word's
// automatic numbering, or Markdown lists), after a numbered consent list.
const form = [
  "Garden survey",
  "",
  "By answering these questions:",
  "",
  "1. You agree that your answers may be published",
  "2. You know that you can stop at any point",
  "3. You confirm that you are over eighteen years old",
  "",
  "Which season do you like best?",
  "",
  "1. Spring",
  "2. Summer",
  "3. Autumn",
  "4. Winter",
  "",
  "How often do you water your plants?",
  "",
  "1. Daily",
  "2. Weekly",
  "3. Rarely",
  "",
  "Your main crop",
  "",
  "1. Tomatoes",
  "2. Beans",
  "",
  "If you grow beans, which kind do you grow:",
  "",
  "1. Runner beans",
  "2. Broad beans",
  "3. French beans",
].join("\n");

describe("numbered answer lists (every list starts again at 1 under an unnumbered question)", () => {
  it("reads the numbered items as answers, the paragraphs above them as the questions", async () => {
    const ir = await parse(form);
    expect(questions(ir).map((question) => [question.text, question.options.length])).toEqual([
      ["Which season do you like best?", 4],
      ["How often do you water your plants?", 3],
      ["Your main crop", 2],
      ["If you grow beans, which kind do you grow:", 3],
    ]);
  });

  it("reads a numbered list of statements under a lead-in that asks nothing as information, not a question", async () => {
    const ir = await parse(form);
    const info = ir.items.find((item) => item.kind === "info");
    expect(info && "text" in info ? info.text : "").toMatch(/By answering these questions:.*You agree/s);
  });

  it("keeps numbered questions numbered", async () => {
    const ir = await parse(["1. Which season do you like best?", "- Spring", "- Summer", "2. How often do you water your plants?", "- Daily", "- Weekly", "3. Which crop do you grow most?", "- Tomatoes", "- Beans"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["1", 2],
      ["2", 2],
      ["3", 2],
    ]);
  });
});

describe("isStatementList", () => {
  it("needs a lead-in that asks nothing and items that are whole clauses", () => {
    const items = ["You agree that your answers may be published", "You know that you can stop at any point", "You confirm that you are over eighteen"];
    expect(isStatementList("By answering these questions:", items)).toBe(true);
    expect(isStatementList("Please tick the statements you agree with:", items)).toBe(false);
    expect(isStatementList("Reasons for leaving:", ["Pay", "Hours", "Location"])).toBe(false);
  });
});
