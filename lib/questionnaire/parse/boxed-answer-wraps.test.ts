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
