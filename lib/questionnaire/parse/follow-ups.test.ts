import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../conditions";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { leadIn } from "./follow-ups";
import { parseText } from "../testing/parse-text";

const parse = (text: string, filename = "q.md") => parseText(text, filename);
const byText = (ir: QuestionnaireIR, start: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.text.startsWith(start))!;

describe("logic pipeline: prose follow-ups ('If yes …')", () => {
  it("detects lead-ins in several languages", () => {
    expect(leadIn("If yes, which ones?")).toMatchObject({ polarity: "yes" });
    expect(leadIn("If not, why not?")).toMatchObject({ polarity: "no" });
    expect(leadIn("Si oui, lesquels ?")).toMatchObject({ polarity: "yes", words: ["Oui", "Non"] });
    expect(leadIn("Wenn ja: welche?")).toMatchObject({ polarity: "yes" });
    expect(leadIn("If you have children, how many?")).toBeNull();
  });

  it("keeps a heading above a follow-up that carries its own yes/no answers as a heading, not a question", async () => {
    const ir = await parse(["## Garden", "", "### Do you garden at home?", "", "If yes, how large is the garden?", "", "Type: select one (optional)", "", "- No, I don't garden", "- Yes (small garden)", "- Yes (large garden)", "", "### What do you grow?", "", "- Beans", "- Peas"].join("\n"));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.some((question) => question.text.startsWith("Do you garden"))).toBe(false);
    expect(byText(ir, "If yes").askIf).toEqual([]);
  });

  it("reads an unmarked line with an indented 'If yes' follow-up as the question the follow-up depends on", async () => {
    const ir = await parse(["## Tools", "", "Could you describe the tools you use (spades, hoes…)", "", "&nbsp;&nbsp;&nbsp;&nbsp;If yes, would you lend them?", "", "Where do you live?"].join("\n"));
    const parent = byText(ir, "Could you describe");
    expect(parent).toBeDefined();
    expect(byText(ir, "If yes").askIf[0]?.condition).toContain(`{${parent.variable}}`);
  });

  it("binds a follow-up to the yes answer of the question before it", async () => {
    const ir = await parse(["1. Have you had any complications?", "- No", "- Yes", "- I don't know", "", "2. If yes, what is the complication?", "____"].join("\n"));
    const followUp = byText(ir, "If yes");
    expect(followUp.askIf).toHaveLength(1);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "2" })).toBe(true);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "1" })).toBe(false);
  });

  it("gives a yes/no question printed without answers Yes/No answers, and binds every follow-up in a row to it", async () => {
    const ir = await parse(["## Versions", "", "Possédez-vous plusieurs versions du jeu ?", "", "Si oui, quelles sont-elles ?", "", "Si oui, êtes-vous disposé à les déposer ?", "", "Quels langages sont utilisés ?"].join("\n"));
    const parent = byText(ir, "Possédez-vous");
    expect(parent.type).toBe("single");
    expect(parent.options.map((option) => option.label)).toEqual(["Oui", "Non"]);
    expect(parent.warnings.join(" ")).toMatch(/Oui\/Non assumed/);
    for (const start of ["Si oui, quelles", "Si oui, êtes"]) expect(byText(ir, start).askIf[0].condition).toBe(`{${parent.variable}} = '1'`);
    expect(byText(ir, "Quels langages").askIf).toEqual([]);
  });

  it("keeps a follow-up that does not bind as written, with the reason, and programs nothing", async () => {
    const ir = await parse(["1. Which colours do you like?", "- Red", "- Blue", "", "2. If yes, why?", "____"].join("\n"));
    const followUp = byText(ir, "If yes");
    expect(followUp.askIf).toEqual([expect.objectContaining({ text: "If yes", unresolved: expect.stringMatching(/no "yes" answer/) })]);
    expect(followUp.askIf[0].condition).toBeUndefined();
  });
});

describe("logic pipeline: a condition clause that restates an earlier yes/no question", () => {
  const doc = [
    "1. Did you visit the museum's new wing?",
    "- Yes",
    "- No",
    "",
    "2. If you visited the new wing, what did you see there?",
    "____",
    "",
    "3. Do you think the entrance fee is fair?",
    "- Yes",
    "- No",
    "",
    "4. Which exhibitions did you like?",
    "- Paintings",
    "- Sculpture",
    "",
    "5. If you think the entrance fee is not fair, what should it be?",
    "____",
    "",
    "6. If you could change one thing about the museum, what would it be?",
    "____",
  ].join("\n");

  it("binds the clause to the yes answer of the question it restates", async () => {
    const ir = await parse(doc);
    const followUp = byText(ir, "If you visited");
    expect(followUp.askIf).toEqual([expect.objectContaining({ text: "If you visited the new wing" })]);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "1" })).toBe(true);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "2" })).toBe(false);
  });

  it("binds a negated restatement to the no answer, across a question asked in between", async () => {
    const ir = await parse(doc);
    const followUp = byText(ir, "If you think the entrance fee is not fair");
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q3: "2" })).toBe(true);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q3: "1" })).toBe(false);
  });

  it("leaves a clause that restates no earlier question as wording", async () => {
    const ir = await parse(doc);
    expect(byText(ir, "If you could change").askIf).toEqual([]);
  });
});

describe("logic pipeline: binding to the question the logic is written on", () => {
  it("binds a subjectless comparison under a number field to that field ('TERMINATE IF < 3 OR > 35 YEARS')", async () => {
    const ir = await parse(["S6. How many years have you been in practice?", "________ years", "TERMINATE IF < 3 OR > 35 YEARS", "", "S7. Which setting do you work in?", "1. Hospital", "2. Office"].join("\n"), "q.txt");
    const s6 = byText(ir, "How many years");
    expect(s6.routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{S6} < 3 or {S6} > 35", "terminate"]]);
  });

  it("reads a routing cell printed after an answer as that answer's route, not as an answer", async () => {
    const ir = await parse(["S2. What is your primary specialty?", "1. Cardiologist", "ASK S3a", "2. Internist", "CONTINUE TO S4", "99. Other", "TERMINATE", "", "S3a. What type of cardiologist are you?", "1. Interventional", "2. General", "", "S4. Are you board certified?", "1. Yes", "2. No"].join("\n"), "q.txt");
    const s2 = byText(ir, "What is your primary specialty");
    expect(s2.options.map((option) => [option.label, option.route?.kind])).toEqual([
      ["Cardiologist", "question"],
      ["Internist", "question"],
      ["Other", "terminate"],
    ]);
  });
});
