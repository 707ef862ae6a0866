import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import type { PdfText } from "../testing/pdf-writer";
import { parsePdfPages } from "../testing/parse-text";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

/** A page of a paper form: a three-line block printed at the top of every page, two numbered questions, a note of its own. */
function page(first: number): PdfText[] {
  const texts: PdfText[] = [
    { text: "Orchard Keepers Panel 2031", x: 40, y: 780, size: 9 },
    { text: "Interviewer code and visit date recorded", x: 40, y: 768, size: 9 },
    { text: "Form B - household copy only", x: 40, y: 756, size: 9 },
  ];
  let y = 720;
  for (const number of [first, first + 1]) {
    texts.push({ text: `${number}. How many pear trees did you prune in season ${number}?`, x: 40, y, size: 11 });
    y -= 18;
    for (const [code, label] of [["1", "None at all"], ["2", "Some of them"], ["3", "Every single one"]]) {
      texts.push({ text: `${label} .......... ${code}`, x: 70, y, size: 10 });
      y -= 16;
    }
    y -= 14;
  }
  texts.push({ text: `Notes for the visit of week ${first * 3}: pruning schedule`, x: 40, y: 60, size: 9 });
  return texts;
}

describe("running header blocks (a block recurring at the top of most pages is dropped, answers repeated on every page stay)", () => {
  it("drops the recurring block and keeps each question's repeated answers", async () => {
    const ir = await parsePdfPages([page(1), page(3), page(5), page(7)]);
    const read = questions(ir);
    expect(read.map((question) => question.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    for (const question of read) expect(question.options.map((option) => option.label)).toEqual(["None at all", "Some of them", "Every single one"]);
    expect(JSON.stringify(ir)).not.toContain("Orchard Keepers Panel");
  });
});
