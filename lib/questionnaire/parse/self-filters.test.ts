import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { bindAnswerLabel, selfFilterClause } from "./self-filters";

const question = (id: string, text: string, labels: string[]): IRQuestion => ({
  kind: "question", key: id, id, printedId: true, variable: id, aliases: [], text, type: "single",
  options: labels.map((label, k) => ({ code: String(k + 1), label, codePrinted: false, span: { start: 0, end: 0 } })),
  rows: [], columns: [], instructions: [], notes: [], askIf: [], routes: [], quotas: [], span: { start: 0, end: 0 }, excerpt: "", origin: "rules", warnings: [],
});

describe("self-scoped filter notes (self-filters)", () => {
  it.each([
    ["Fill in this question if you are Wa, if not go to question 23", "you are Wa"],
    ["(If you are Han Chinese, fill in this question, if not, go to question 22.)", "you are Han Chinese"],
    ["Fill in if you have children, no need to fill in if you do not.", "you have children"],
    ["Please answer only if you own a car", "you own a car"],
    ["(Répondez à cette question uniquement si vous travaillez)", "vous travaillez"],
    ["Responda esta pregunta sólo si tiene hijos", "tiene hijos"],
    ["Bitte beantworten Sie diese Frage nur, wenn Sie ein Auto haben", "Sie ein Auto haben"],
    ["Responda esta pergunta apenas se você trabalha", "você trabalha"],
  ])("reads the group of %s", (text, clause) => expect(selfFilterClause(text)).toBe(clause));

  it.each(["What do you think about the service?", "If yes, please specify", "Answer all questions honestly."])("no self filter in %s", (text) => expect(selfFilterClause(text)).toBeNull());

  const ethnicity = question("Q2", "What is your ethnicity?", ["The Wa Minority.", "Han Chinese.", "Other Ethnic Minority."]);
  const later = question("Q12", "What language do you speak?", ["Speak only Wa minority language.", "Speak only Chinese.", "Both"]);

  it("binds a group named by an answer label to the earlier question whose answer holds it (symbol-table lookup)", () => {
    expect(bindAnswerLabel("Wa", [ethnicity, question("Q3", "Age?", ["Under 40", "40 or over"])])).toEqual({ question: ethnicity, codes: ["1"] });
    expect(bindAnswerLabel("Han Chinese or other ethnic minorities", [ethnicity])?.codes).toEqual(["2", "3"]);
  });

  it("takes the nearest question where the label is one answer only, and never a label several answers share", () => {
    // "Wa" is in two answers of Q12 ("Wa minority language", "Both" no): one answer only → Q12 is the nearest holder.
    expect(bindAnswerLabel("Wa", [ethnicity, later])?.question.id).toBe("Q12");
    expect(bindAnswerLabel("Chinese", [question("Q5", "Lang?", ["Chinese only", "Chinese and Wa"])])).toBeNull();
  });

  it("binds nothing for a negated group or a label no question holds", () => {
    expect(bindAnswerLabel("not Wa", [ethnicity])).toBeNull();
    expect(bindAnswerLabel("bilingual", [ethnicity])).toBeNull();
  });
});
