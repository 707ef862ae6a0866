import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { buildPdf, type PdfPage, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";

/** A grid drawn as shapes with no text of their own: headings over columns, each row a label and one shape per column. */
function drawnGrid(top: number, headings: { text: string; x: number }[][], rows: string[], columns: number[], round: boolean, labelX = 72): PdfPage {
  const texts: PdfText[] = [];
  const shapes: PdfShape[] = [];
  headings.forEach((line, index) => line.forEach((piece) => texts.push({ text: piece.text, x: piece.x, y: top - 12 * index })));
  rows.forEach((label, index) => {
    const y = top - 12 * headings.length - 18 * (index + 1);
    texts.push({ text: label, x: labelX, y });
    for (const x of columns) shapes.push({ x, y: y - 1, size: 9, round });
  });
  return { texts, shapes };
}

const merge = (pages: PdfPage[]): PdfPage => ({ texts: pages.flatMap((page) => page.texts ?? []), shapes: pages.flatMap((page) => page.shapes ?? []) });
const questionsOf = async (page: PdfPage) => parseQuestionnaire(await extractDocument(buildPdf([page]), { filename: "grid.pdf" })).items.filter((item): item is IRQuestion => item.kind === "question");

describe("grids drawn as rows of shapes with no text of their own", () => {
  it("puts a marker at each drawn cell of a grid's rows, and none on a lone row of shapes", async () => {
    const grid = drawnGrid(700, [[{ text: "Often", x: 300 }, { text: "Rarely", x: 380 }, { text: "Never", x: 460 }]], ["Walking to work", "Cycling to work"], [305, 385, 465], true);
    const scale = drawnGrid(560, [], ["Calm"], [300, 330, 360], true);
    const lines = (await extractDocument(buildPdf([merge([grid, scale])]), { filename: "grid.pdf" })).lines.map((line) => line.text);
    expect(lines).toContain("Walking to work ○ ○ ○");
    expect(lines).toContain("Cycling to work ○ ○ ○");
    expect(lines).toContain("Calm");
  });

  it("reads a form tool's grid (uncoded headings, a label then one marker per column) as one grid question, in a label | answer form", async () => {
    // A form printed without numbers: labels on the left, their answers behind drawn circles on the right.
    const texts: PdfText[] = [];
    const shapes: PdfShape[] = [];
    const labelRows: [string, string[]][] = [
      ["Do you own a bicycle?", ["Yes", "No"]],
      ["Do you own a car?", ["Yes", "No"]],
      ["How do you get to work?", ["By bus", "On foot", "Other"]],
    ];
    let y = 740;
    for (const [label, answers] of labelRows) {
      texts.push({ text: label, x: 40, y });
      answers.forEach((answer, index) => {
        shapes.push({ x: 300, y: y - 18 * index - 1, size: 9, round: true });
        texts.push({ text: answer, x: 314, y: y - 18 * index });
      });
      y -= 18 * answers.length + 12;
    }
    texts.push({ text: "Have you ever kept any of these animals at home:", x: 40, y });
    const grid = drawnGrid(y - 20, [[{ text: "Yes", x: 300 }, { text: "No", x: 380 }]], ["As a child?", "As a teenager?", "As an adult?"], [302, 382], true, 40);
    texts.push(...(grid.texts ?? []));
    const questions = await questionsOf({ texts, shapes: [...shapes, ...(grid.shapes ?? [])] });
    expect(questions.map((question) => question.type)).toEqual(["single", "single", "single", "grid"]);
    expect(questions[3].rows.map((row) => row.label)).toEqual(["As a child?", "As a teenager?", "As an adult?"]);
    expect(questions[3].columns.map((column) => column.label)).toEqual(["Yes", "No"]);
  });

  it("reads a checkbox grid printed under the checkbox helper line, headings stacked and labels printed twice", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 740 },
      { text: "Which of these have you grown in your garden?", x: 72, y: 740 },
      { text: "Check all that apply.", x: 72, y: 724 },
      { text: "Last year", x: 300, y: 700 },
      { text: "This year", x: 380, y: 700 },
      { text: "Not", x: 470, y: 708 },
      { text: "sure", x: 468, y: 698 },
    ];
    const shapes: PdfShape[] = [];
    ["Beans", "Leeks", "Onions"].forEach((label, index) => {
      const y = 676 - 30 * index;
      texts.push({ text: label, x: 80, y: y + 10 }, { text: label, x: 80, y });
      for (const x of [312, 392, 474]) shapes.push({ x, y: y - 1, size: 9 });
    });
    texts.push({ text: "2.", x: 40, y: 560 }, { text: "Which one do you like best?", x: 72, y: 560 }, { text: "Mark only one oval.", x: 72, y: 544 });
    ["Beans", "Leeks"].forEach((label, index) => {
      texts.push({ text: label, x: 96, y: 528 - 16 * index });
      shapes.push({ x: 80, y: 527 - 16 * index, size: 9, round: true });
    });
    const questions = await questionsOf({ texts, shapes });
    expect(questions.map((question) => [question.type, question.rows.length, question.columns.length, question.options.length])).toEqual([
      ["grid", 3, 3, 0],
      ["single", 0, 0, 2],
    ]);
    expect(questions[0].columns.map((column) => column.label)).toEqual(["Last year", "This year", "Not sure"]);
  });
});

describe("a web form's own 'Other:' choice in a print", () => {
  it("reads 'Other:' printed at the question's column after boxed answers as the last answer", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 740 },
      { text: "Which herbs grow on your windowsill?", x: 72, y: 740 },
      { text: "Check all that apply.", x: 72, y: 724 },
    ];
    const shapes: PdfShape[] = [];
    ["Basil", "Mint", "Parsley"].forEach((label, index) => {
      texts.push({ text: label, x: 96, y: 706 - 16 * index });
      shapes.push({ x: 80, y: 705 - 16 * index, size: 9 });
    });
    texts.push({ text: "Other:", x: 72, y: 658 }, { text: "2.", x: 40, y: 620 }, { text: "Which one smells best?", x: 72, y: 620 }, { text: "Mark only one oval.", x: 72, y: 604 });
    ["Basil", "Mint"].forEach((label, index) => {
      texts.push({ text: label, x: 96, y: 588 - 16 * index });
      shapes.push({ x: 80, y: 587 - 16 * index, size: 9, round: true });
    });
    const questions = await questionsOf({ texts, shapes });
    expect(questions.map((question) => [question.type, question.options.length])).toEqual([
      ["multi", 4],
      ["single", 2],
    ]);
  });
});
