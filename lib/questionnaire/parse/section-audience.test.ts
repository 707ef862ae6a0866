import { describe, expect, it } from "vitest";
import type { IRItem } from "../ir";
import { bindAudienceClause, sectionAudienceOf } from "./section-audience";

const question = (id: string, text: string, labels: string[]): IRItem => ({
  kind: "question", key: id, id, printedId: true, variable: id, aliases: [], text, type: "single",
  options: labels.map((label, k) => ({ code: String(k + 1), label, codePrinted: false, span: { start: 0, end: 0 } })),
  rows: [], columns: [], instructions: [], notes: [], askIf: [], routes: [], quotas: [], span: { start: 0, end: 0 }, excerpt: "", origin: "rules", warnings: [],
});

describe("headings addressed to a group (section-audience)", () => {
  it.each([
    ["Questions for People Who Don’t Drink Coffee", "those who Don’t Drink Coffee"],
    ["For those who work", "those who work"],
    ["Section for respondents that own a car", "those who own a car"],
    ["If you do not drink coffee", "those who do not drink coffee"],
    ["If you have children:", "those who have children"],
  ])("English: %s", (title, group) => expect(sectionAudienceOf(title)).toBe(group));

  it.each([
    ["Questions pour les personnes qui ne boivent pas de café", "ne boivent pas de café"],
    ["Si vous ne buvez pas de café", "vous ne buvez pas de café"],
    ["Preguntas para quienes no beben café", "no beben café"],
    ["Para las personas que trabajan", "trabajan"],
    ["Fragen für Personen, die keinen Kaffee trinken", "keinen Kaffee trinken"],
    ["Wenn Sie keinen Kaffee trinken", "Sie keinen Kaffee trinken"],
    ["Perguntas para quem não bebe café", "não bebe café"],
    ["Se você não bebe café", "você não bebe café"],
  ])("other languages (lexicon rows): %s", (title, group) => expect(sectionAudienceOf(title)).toBe(group));

  it.each(["Part II: Coffee Preferences", "Demographic Information", "For office use", "Questions for you", "If you have any questions, contact us at the address below and we will answer them as soon as we can"])(
    "not a group heading: %s",
    (title) => expect(sectionAudienceOf(title)).toBeNull(),
  );
});

describe("binding a heading's group to the yes/no question it restates", () => {
  const coffee = [
    question("Q1", "Do you drink coffee?", ["Yes", "No"]),
    question("Q2", "How often do you drink coffee?", ["Daily", "Weekly"]),
    question("Q13", "Which statement describes you?", ["Coffee is just a drink to me; I don’t give it much thought.", "I love coffee"]),
  ];
  it("prefers the restated yes/no question, any distance back, over an answer label that repeats the words", () => {
    expect(bindAudienceClause("those who Don’t Drink Coffee", coffee)).toBe("{Q1} = '2'");
    expect(bindAudienceClause("those who drink coffee", coffee)).toBe("{Q1} = '1'");
  });
  it.each([
    ["vous ne buvez pas de café", [question("Q1", "Buvez-vous du café ?", ["Oui", "Non"])], "{Q1} = '2'"],
    ["no tienen coche", [question("P1", "¿Tiene coche?", ["Sí", "No"])], "{P1} = '2'"],
    ["Sie keinen Kaffee trinken", [question("F1", "Trinken Sie Kaffee?", ["Ja", "Nein"])], "{F1} = '2'"],
    ["você fuma", [question("Q1", "Você fuma?", ["Sim", "Não"])], "{Q1} = '1'"],
  ])("in other languages: %s", (clause, before, condition) => expect(bindAudienceClause(clause, before as IRItem[])).toBe(condition));
  it("binds nothing when no question restates the group", () => {
    expect(bindAudienceClause("those who live abroad", coffee)).toBeNull();
  });
});
