import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

async function parse(bytes: Uint8Array, filename: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(bytes, { filename }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
const scale = ["", "Very unlikely", "Unlikely", "Likely", "Very likely"];

describe("a described subject, then a stem completed by the rows of its grid", () => {
  it("reads each subject's description as text and its stem ending in an ellipsis as the grid's wording", async () => {
    const subject = (name: string, facts: string[], rows: string[]) => [
      { runs: [{ text: name, bold: true }] },
      ...facts.map((fact) => `• ${fact}`),
      { runs: [{ text: `How likely are you to visit ${name.toUpperCase()} when they…`, bold: true }] },
      { kind: "table" as const, rows: [scale, ...rows.map((row) => [row, "○", "○", "○", "○"])] },
    ];
    const bytes = buildDocx({
      blocks: [
        { runs: [{ text: "1. How often do you travel for leisure?", bold: true }] },
        "☐ Never",
        "☐ Once a year",
        "☐ More often",
        ...subject("Mountain huts", ["Found in most alpine regions of Europe.", "Usually reachable only on foot in summer."], ["…offer a guided tour?", "…are open in winter?"]),
        ...subject("Lake resorts", ["Popular with families during school holidays.", "Often busy at weekends from May to September."], ["…offer a guided tour?", "…allow pets?", "…have a beach?"]),
        { runs: [{ text: "2. What is your age?", bold: true }] },
        "_______",
      ],
    });
    const ir = await parse(bytes, "travel.docx");
    expect(questions(ir).map((question) => [question.type, question.rows.length, question.columns.length])).toEqual([
      ["single", 0, 0],
      ["grid", 2, 4],
      ["grid", 3, 4],
      ["numeric", 0, 0],
    ]);
    expect(questions(ir)[1].text).toMatch(/^How likely are you to visit MOUNTAIN HUTS when they…$/);
    expect(ir.items.filter((item) => item.kind === "info").map((item) => item.text.split("\n")[0])).toEqual(expect.arrayContaining(["Mountain huts", "Lake resorts"]));
  });

  it("keeps a short label with answers that are not sentences as a question", async () => {
    const ir = await parse(new TextEncoder().encode(["Favourite season", "- Spring", "- Summer", "- Autumn", "", "Why is that your favourite?", "- Weather", "- Holidays"].join("\n")), "q.md");
    expect(questions(ir).map((question) => question.options.length)).toEqual([3, 2]);
  });
});

describe("a stem that opens with a request, over the grid it asks for", () => {
  it("reads 'Indique cómo …' (a request, no colon or question mark) as the wording of the grid-shaped table under it", async () => {
    const text = [
      "Which kind of stove do you cook on?",
      "□ Gas",
      "□ Electric",
      "",
      "Indique cómo de importantes son para usted estos servicios del barrio",
      "",
      "| Servicio | Muy importante | Importante | Poco importante |",
      "|---|---|---|---|",
      "| Biblioteca | ☐ | ☐ | ☐ |",
      "| Piscina | ☐ | ☐ | ☐ |",
      "| Mercado | ☐ | ☐ | ☐ |",
      "",
      "¿Vive usted en el barrio desde hace más de cinco años?",
      "□ Sí",
      "□ No",
    ].join("\n");
    const ir = await parse(new TextEncoder().encode(text), "services.md");
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => question.type)).toEqual(["single", "grid", "single"]);
    expect(questions[1].text).toMatch(/^Indique cómo de importantes/);
    expect(questions[1].rows.map((row) => row.label)).toEqual(["Biblioteca", "Piscina", "Mercado"]);
  });
});
