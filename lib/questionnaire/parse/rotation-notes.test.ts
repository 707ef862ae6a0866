import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

const labels = (ir: Awaited<ReturnType<typeof parseText>>, id: string) => questionById(ir, id).options.map((option) => option.label);

describe("rotation notes inside an answer list: a list split by a rotation or programming note stays one list", () => {
  it("keeps the answers on both sides of [ROTATE], (RANDOMISE 1-5) and a programmer's note in one question", async () => {
    const ir = await parseText(
      [
        "Q1. Which of these brands have you heard of? (MULTIPLE ANSWERS)",
        "[ROTATE]",
        "1 Alpha",
        "2 Beta",
        "3 Gamma",
        "PROGRAMMER: show in random order",
        "4 Delta",
        "5 Epsilon",
        "98 None of these",
        "",
        "Q2. Which brand do you prefer?",
        "1 Alpha",
        "2 Beta",
        "3 Gamma",
        "(RANDOMISE 1-5)",
        "4 Delta",
        "5 Epsilon",
        "6 Other (specify)",
        "",
        "Q3. ¿Qué marca usa más?",
        "1 Alfa",
        "2 Beta",
        "[ROTAR]",
        "3 Gama",
        "4 Delta",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    expect(labels(ir, "Q1")).toEqual(["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "None of these"]);
    expect(questionById(ir, "Q1").randomize).toBe(true);
    expect(labels(ir, "Q2")).toHaveLength(6);
    expect(labels(ir, "Q3")).toEqual(["Alfa", "Beta", "Gama", "Delta"]);
  });

  it("keeps a Markdown list split by a note paragraph or a quoted programmer's note in one question", async () => {
    const ir = await parseText(
      [
        "**Q1.** Which of these brands have you heard of? *(Select all that apply)*",
        "",
        "- Alpha",
        "- Beta",
        "",
        "*[ROTATE]*",
        "",
        "- Gamma",
        "- None of these",
        "",
        "**Q2.** Quelle marque préférez-vous ?",
        "",
        "1. Alpha",
        "2. Beta",
        "",
        "> PROGRAMMEUR : afficher dans un ordre aléatoire",
        "",
        "3. Gamma",
        "4. Autre",
        "",
        "**Q3.** Welche Marke kennen Sie?",
        "",
        "☐ Alpha",
        "☐ Beta",
        "[RANDOMISIEREN]",
        "☐ Keine davon",
      ].join("\n"),
      "q.md",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    expect(labels(ir, "Q1")).toEqual(["Alpha", "Beta", "Gamma", "None of these"]);
    expect(labels(ir, "Q2")).toEqual(["Alpha", "Beta", "Gamma", "Autre"]);
    expect(labels(ir, "Q3")).toEqual(["Alpha", "Beta", "Keine davon"]);
  });
});
