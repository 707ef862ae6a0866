import { describe, expect, it } from "vitest";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

/** A coded paper form: id and wording, then column headings at the right, then numbered items ending with codes. */
function battery(id: string, wording: string, headings: string[], items: string[], top: number): PdfText[] {
  const texts: PdfText[] = [
    { text: id, x: 40, y: top, size: 10 },
    { text: wording, x: 70, y: top, size: 10 },
    ...headings.map((heading, index) => ({ text: heading, x: 470 + index * 40, y: top - 16, size: 9 })),
  ];
  items.forEach((item, index) => {
    texts.push({ text: `${index + 1}. ${item}`, x: 40, y: top - 32 - index * 14, size: 10 }, { text: String(index + 1), x: 560, y: top - 32 - index * 14, size: 10 });
  });
  return texts;
}

describe("column headings printed over a list of items", () => {
  it("reads short headings at the right over numbered items as a grid's columns, in several languages", async () => {
    const ir = await parsePdfPage([
      ...battery("B1", "Lesquels de ces outils utilisez-vous au moins une fois par semaine ?", ["Oui", "Non"], ["Logiciel de caisse", "Réseaux sociaux", "Site internet de vente", "Liseuse"], 780),
      ...battery("B2", "Which of these do you own?", ["Yes", "No", "Unsure"], ["A car", "A bicycle", "A scooter"], 650),
      ...battery("B3", "¿Cuáles de estos servicios usa?", ["Sí", "No"], ["Banco en línea", "Correo electrónico", "Redes sociales"], 540),
    ]);
    const found = questionsOf(ir);
    expect(found.map((question) => [question.id, question.type, question.columns.length, question.rows.length])).toEqual([
      ["B1", "grid", 2, 4],
      ["B2", "grid", 3, 3],
      ["B3", "grid", 2, 3],
    ]);
  });

  it("leaves answers printed side by side under the wording (at the left) as the answers", async () => {
    const ir = await parsePdfPage([
      { text: "Q1", x: 40, y: 780, size: 10 },
      { text: "Do you own a car?", x: 70, y: 780, size: 10 },
      { text: "Yes", x: 70, y: 764, size: 10 },
      { text: "No", x: 140, y: 764, size: 10 },
      { text: "Q2", x: 40, y: 740, size: 10 },
      { text: "How old are you? ____", x: 70, y: 740, size: 10 },
    ]);
    const [first] = questionsOf(ir);
    expect(first.type).toBe("single");
    expect(first.options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});

describe("numeric wording in other languages", () => {
  it("reads a year or a quantity with its unit in brackets as a number", async () => {
    const ir = await parsePdfPage(
      [
        "A1 Quelle est votre année de naissance (AAAA) ?",
        "A2 En quelle année vous êtes-vous installé ?",
        "A3 Quelle est la surface de votre librairie (en m²) ?",
        "A4 ¿En qué año empezó a trabajar aquí?",
        "A5 In welchem Jahr wurden Sie geboren?",
        "A6 Em que ano você entrou na escola?",
      ].flatMap((text, index): PdfText[] => [
        { text, x: 40, y: 780 - index * 36, size: 10 },
        { text: "……………………………………", x: 60, y: 764 - index * 36, size: 10 },
      ]),
    );
    expect(questionsOf(ir).map((question) => question.type)).toEqual(["numeric", "numeric", "numeric", "numeric", "numeric", "numeric"]);
  });
});
