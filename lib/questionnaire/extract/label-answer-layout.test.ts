import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildPdf, type PdfPage, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/**
 * A form tool's label | answer print (REDCap-style survey PDFs): each question's label in a left column, its answers
 * in a right column behind drawn circles or boxes, the first answer on the label's first baseline; labels and answers
 * both wrap, so the label's second line shares a baseline with an answer.
 */
function labelAnswerPage(questions: { label: string[]; answers: string[][]; round: boolean }[]): PdfPage {
  const texts: PdfText[] = [];
  const shapes: PdfShape[] = [];
  let y = 720;
  for (const question of questions) {
    const top = y;
    question.label.forEach((line, index) => texts.push({ text: line, x: 40, y: top - 14 * index }));
    let answerY = top;
    for (const answer of question.answers) {
      shapes.push({ x: 300, y: answerY - 2, size: 9, round: question.round });
      answer.forEach((line, index) => texts.push({ text: line, x: 314, y: answerY - 14 * index }));
      answerY -= 14 * answer.length;
    }
    y = Math.min(answerY, top - 14 * question.label.length) - 18;
  }
  return { texts, shapes };
}

const page = labelAnswerPage([
  { label: ["How do you usually travel to the", "weekend market in the old town?"], answers: [["By bicycle along the river path"], ["By bus from the town centre"], ["On foot from a nearby street"]], round: true },
  {
    label: ["Which stalls do you visit on", "most market days? Tick all that", "apply to you:"],
    answers: [["Bread and pastries from the two village", "bakeries"], ["Honey and jam sold by the Hill Top", "Apiary Cooperative"], ["Fish from the coast (for example:", "Trout, Carp and Pike)"], ["Flowers and potted plants"]],
    round: false,
  },
  { label: ["How long do you usually stay at", "the market on each visit?"], answers: [["Less than half an hour"], ["Between half an hour and one hour"], ["More than one hour on most visits"]], round: true },
]);

describe("label | answer layout in PDF prints", () => {
  it("reads each label before its answers instead of splitting the page into two text columns", async () => {
    const lines = (await extractDocument(buildPdf([page]), { filename: "market.pdf" })).lines.map((line) => line.text);
    expect(lines.slice(0, 5)).toEqual(["How do you usually travel to the", "weekend market in the old town?", "○ By bicycle along the river path", "○ By bus from the town centre", "○ On foot from a nearby street"]);
    expect(lines.indexOf("apply to you:")).toBeLessThan(lines.findIndex((line) => line.includes("Bread and pastries")));
  });

  it("keeps wrapped answers whole: a hanging line under the answer's text, a colon inside an open parenthesis", async () => {
    const ir = parseQuestionnaire(await extractDocument(buildPdf([page]), { filename: "market.pdf" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.type, question.options.length])).toEqual([
      ["single", 3],
      ["multi", 4],
      ["single", 3],
    ]);
    expect(questions[0].text).toContain("weekend market in the old town?");
    expect(questions[1].options.map((option) => option.label)).toEqual([
      "Bread and pastries from the two village bakeries",
      "Honey and jam sold by the Hill Top Apiary Cooperative",
      "Fish from the coast (for example: Trout, Carp and Pike)",
      "Flowers and potted plants",
    ]);
  });
});
