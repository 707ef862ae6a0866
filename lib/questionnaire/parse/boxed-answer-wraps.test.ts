import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

/**
 * A form editor's print: every answer opens with its box, long answers wrap flush under the box (no hanging indent),
 * and the question numbers are glued to the wording ("2.How often …?").
 */
describe("boxed answers that wrap flush, numbers glued to the wording", () => {
  it("keeps a wrapped sentence with its answer and starts the next question after a full-width answer", async () => {
    // The box is a Wingdings 2 glyph ("£"), the answer's text beside it.
    const answer = (text: string, y: number): PdfText[] => [
      { text: "£", x: 40, y, size: 10, font: "Wingdings2" },
      { text, x: 52, y, size: 10 },
    ];
    const texts: PdfText[] = [
      { text: "1.Which of these describes how your team plans its work?", x: 40, y: 740, size: 10 },
      ...answer("Every sprint is planned together with the product owner, and the risks of each release are shared by all.", 725),
      { text: "Reviews are held after every release.", x: 40, y: 710, size: 10 },
      ...answer("Each person plans alone and the plans are compared only when a deadline comes close to the release date.", 695),
      { text: "2.How often does your team deploy to the production environment?", x: 40, y: 680, size: 10 },
      ...answer("Every day", 665),
      ...answer("Every week", 650),
    ];
    const found = questions(await parsePdf(texts));
    expect(found.map((question) => [question.id, question.options.length])).toEqual([
      ["1", 2],
      ["2", 2],
    ]);
    expect(found[0].options[0].label).toMatch(/shared by all\. Reviews are held after every release\.$/);
  });
});

/**
 * An interviewer form prints the codes in a column at the right: a label that wraps over two lines has its code
 * between them, on a line of its own; a label with a write-in field has its code above it.
 */
describe("codes printed on a line of their own in the code column", () => {
  it("reads the wrapped label with the code between its lines, and the write-in label under its code", async () => {
    const coded = (label: string, code: string, y: number): PdfText[] => [
      { text: label, x: 40, y, size: 9 },
      { text: code, x: 300, y, size: 9 },
    ];
    const texts: PdfText[] = [
      { text: "1. ¿POR QUÉ NO FUE AL CINE EL ÚLTIMO MES?", x: 40, y: 740, size: 9 },
      ...coded("NO LE GUSTA EL CINE", "1", 728),
      ...coded("NO TUVO TIEMPO", "2", 717),
      { text: "NO HAY UNA SALA CERCA DE SU CASA O LE QUEDA/", x: 40, y: 706, size: 9 },
      { text: "3", x: 300, y: 700, size: 9 },
      { text: "LEJOS", x: 40, y: 694, size: 9 },
      { text: "98", x: 300, y: 686, size: 9 },
      { text: "OTRO (¿Cuál?) ……………………………", x: 40, y: 678, size: 9 },
      ...coded("NS/NC", "99", 667),
      { text: "2. ¿CUÁNTAS PELÍCULAS VIO EN SU CASA?", x: 40, y: 650, size: 9 },
      ...coded("NINGUNA", "1", 638),
      ...coded("UNA O MÁS", "2", 627),
    ];
    const found = questions(await parsePdf(texts));
    expect(found.map((question) => question.id)).toEqual(["1", "2"]);
    expect(found[0].options.map((option) => [option.code, option.label.replace(/[.…\s]+$/, "")])).toEqual([
      ["1", "NO LE GUSTA EL CINE"],
      ["2", "NO TUVO TIEMPO"],
      ["3", "NO HAY UNA SALA CERCA DE SU CASA O LE QUEDA/ LEJOS"],
      ["98", "OTRO (¿Cuál?)"],
      ["99", "NS/NC"],
    ]);
  });
});
