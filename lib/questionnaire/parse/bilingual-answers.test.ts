import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { languageOf } from "./bilingual-answers";
import { parseQuestionnaire } from "./index";

async function parseText(lines: string[]): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(lines.join("\n\n") + "\n"), { filename: "q.md" }));
}
const question = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("languageOf", () => {
  it.each([
    ["Do you have a library card?", "en"],
    ["Avez-vous une carte de bibliothèque ?", "fr"],
    ["¿Tiene usted una tarjeta de la biblioteca?", "es"],
    ["Oui", "fr"],
    ["Lisbon", null],
  ])("%s", (text, language) => {
    expect(languageOf(text)).toBe(language);
  });
});

describe("answers printed with their translations under a bilingual wording", () => {
  const document = [
    "L1. Do you have a library card?", "Avez-vous une carte de bibliothèque ?", "Yes", "Oui", "No", "Non",
    "L2. Which branch do you visit most?", "Quelle succursale visitez-vous le plus ?", "Riverside", "Riverside", "Old Town", "Vieille-Ville", "Harbour", "Port",
    "L3. How often do you borrow books?",
    "À quelle fréquence empruntez-vous des livres ? (LIRE LA LISTE)",
    "Every week", "Chaque semaine", "Every month", "Chaque mois", "Less often", "Moins souvent", "Other -- (DO NOT SPECIFY)",
    "L4. Do you read the newsletter?", "Do you read the printed copy or the e-mail?", "Yes", "Oui, parfois", "No", "Don't know",
  ];

  it("counts each answer and its translation once", async () => {
    const ir = await parseText(document);
    expect(question(ir, "L1").options.map((option) => [option.code, option.label])).toEqual([["1", "Yes / Oui"], ["2", "No / Non"]]);
    expect(question(ir, "L2").options.map((option) => option.label)).toEqual(["Riverside", "Old Town / Vieille-Ville", "Harbour / Port"]);
  });

  it("takes back the wording's translation read as the first answer, and keeps a last answer printed once", async () => {
    const found = question(await parseText(document), "L3");
    expect(found.options.map((option) => option.label)).toEqual(["Every week / Chaque semaine", "Every month / Chaque mois", "Less often / Moins souvent", "Other -- (DO NOT SPECIFY)"]);
    expect(found.text).toContain("empruntez-vous");
  });

  it("leaves a question whose wording is in one language alone, whatever its answers", async () => {
    expect(question(await parseText(document), "L4").options).toHaveLength(4);
  });
});
