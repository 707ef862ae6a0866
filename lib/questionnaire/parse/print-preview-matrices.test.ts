import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { QuestionnaireIR } from "../ir";
import { buildPdf, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { questionsOf } from "../testing/parse-text";
import { parseQuestionnaire } from "./index";

/**
 * Convention: a matrix in a web survey's print preview printed from the browser (Qualtrics "Print Survey"): the
 * scale's headings wrapped over the right of the page with no codes, the statements wrapped over several lines in a
 * narrow column at the left, and each statement's row of circles level with the middle of its label. Synthetic
 * prints written for this test.
 */
const COLUMNS = [200, 270, 340, 410, 480];
const LINE = 12;

/** The heading: each column's words, top line first, centred over the column's circles. */
function heading(y: number, columns: string[][]): PdfText[] {
  const depth = Math.max(...columns.map((words) => words.length));
  return columns.flatMap((words, k) => words.map((word, line) => ({ text: word, x: COLUMNS[k] + 6 - word.length * 2.2, y: y - (depth - words.length + line) * LINE, size: 9 })));
}

/** One statement wrapped over its lines from `y`, with its circles beside the line `circlesAt` (none when null). */
function row(y: number, lines: string[], circlesAt: number | null): { texts: PdfText[]; shapes: PdfShape[] } {
  const texts = lines.map((text, k) => ({ text, x: 40, y: y - k * LINE, size: 10 }));
  const shapes = circlesAt === null ? [] : COLUMNS.map((x) => ({ x: x + 2, y: y - circlesAt * LINE - 1, size: 8, round: true }));
  return { texts, shapes };
}

async function parsePrint(parts: { texts: PdfText[]; shapes?: PdfShape[] }[]): Promise<QuestionnaireIR> {
  const page = { texts: parts.flatMap((part) => part.texts), shapes: parts.flatMap((part) => part.shapes ?? []) };
  return parseQuestionnaire(await extractDocument(buildPdf([page]), { filename: "print.pdf" }));
}

const AGREEMENT = [["Fully", "agree"], ["Agree"], ["Neither", "agree nor", "disagree"], ["Disagree"], ["Fully", "disagree"]];

describe("matrices of a web survey's print preview", () => {
  it("reads the wrapped heading as the columns and each statement around its circles as a row", async () => {
    const ir = await parsePrint([
      { texts: [{ text: "Please say how much you agree or disagree with each statement.", x: 40, y: 760, size: 10 }] },
      { texts: heading(740, AGREEMENT), shapes: [] },
      row(700, ["I cycle to work", "when the weather", "is dry and warm."], 1),
      row(664, ["I take the train", "when my bicycle", "has a flat tyre", "or a broken", "chain."], 2),
      row(604, ["I walk on short", "trips into town."], 0),
      { texts: [{ text: "Please say how much you agree or disagree with these statements too.", x: 40, y: 570, size: 10 }] },
      { texts: heading(550, AGREEMENT) },
      row(510, ["Car sharing", "saves money", "for the family."], 1),
      row(474, ["Buses in my area", "run often", "enough", "to be useful."], 1),
    ]);
    const grids = questionsOf(ir).filter((question) => question.type === "grid");
    expect(grids.map((grid) => grid.text)).toEqual(["Please say how much you agree or disagree with each statement.", "Please say how much you agree or disagree with these statements too."]);
    expect(grids[0].columns.map((column) => column.label)).toEqual(["Fully agree", "Agree", "Neither agree nor disagree", "Disagree", "Fully disagree"]);
    expect(grids[0].rows.map((entry) => entry.label)).toEqual([
      "I cycle to work when the weather is dry and warm.",
      "I take the train when my bicycle has a flat tyre or a broken chain.",
      "I walk on short trips into town.",
    ]);
    expect(grids[1].rows.map((entry) => entry.label)).toEqual(["Car sharing saves money for the family.", "Buses in my area run often enough to be useful."]);
  });

  it("divides labels that end without a full stop where the circles keep each row's middle, never before a lower-case line", async () => {
    const ir = await parsePrint([
      { texts: [{ text: "How often do you meet these problems?", x: 40, y: 760, size: 10 }] },
      { texts: heading(740, [["Never"], ["Rarely"], ["Sometimes"], ["Often"], ["Always"]]) },
      row(720, ["Unclear goals", "and deadlines"], 0),
      row(696, ["Missing notes"], 0),
      row(684, ["Roles that are", "not defined"], 0),
      row(660, ["Meetings across", "time zones"], 0),
    ]);
    const grid = questionsOf(ir).find((question) => question.type === "grid")!;
    expect(grid.rows.map((entry) => entry.label)).toEqual(["Unclear goals and deadlines", "Missing notes", "Roles that are not defined", "Meetings across time zones"]);
  });

  it("takes the lines over a matrix as its wording, also a statement under a block title", async () => {
    const ir = await parsePrint([
      { texts: [{ text: "How many days a week do you work from home?", x: 40, y: 760, size: 10 }] },
      { texts: ["None", "One or two", "Three or more"].map((text, k) => ({ text: `○ ${text}`, x: 50, y: 744 - k * 14, size: 10 })) },
      { texts: [{ text: "Working day", x: 40, y: 690, size: 12 }] },
      { texts: [{ text: "Think about your last working day. Rate each statement below.", x: 40, y: 666, size: 10 }] },
      { texts: heading(646, [["Not", "true"], ["Rather", "not true"], ["Rather", "true"], ["True"], ["Very", "true"]]) },
      row(618, ["I got more done", "than on a day", "at the office."], 1),
      row(582, ["I had fewer", "interruptions", "than usual."], 1),
    ]);
    const grid = questionsOf(ir).find((question) => question.type === "grid")!;
    expect(grid.text).toBe("Think about your last working day. Rate each statement below.");
    expect(grid.rows).toHaveLength(2);
    expect(questionsOf(ir).find((question) => question.text.startsWith("How many days"))?.options).toHaveLength(3);
  });

  it("reads a one-row matrix printed right under another (no wording of its own) as a question worded by its statement", async () => {
    const ir = await parsePrint([
      { texts: [{ text: "Please say how much you agree or disagree with each statement about the ways you travel.", x: 40, y: 760, size: 10 }] },
      { texts: heading(740, AGREEMENT) },
      row(700, ["I cycle to work", "when the weather", "is dry and warm."], 1),
      row(664, ["I walk on short", "trips into town."], 0),
      { texts: heading(620, AGREEMENT) },
      // A print that drew no circles for it.
      row(580, ["I would pay more", "for a ticket (with", "a reservation)", "that comes with a", "seat."], null),
      { texts: [{ text: "Is there anything else you would like to tell us about the ways you travel to work or to town?", x: 40, y: 520, size: 10 }] },
    ]);
    const single = questionsOf(ir).find((question) => question.text.startsWith("I would pay more"));
    expect(single?.text).toBe("I would pay more for a ticket (with a reservation) that comes with a seat.");
    expect(single?.options.map((option) => option.label)).toEqual(["Fully agree", "Agree", "Neither agree nor disagree", "Disagree", "Fully disagree"]);
    expect(questionsOf(ir).find((question) => question.type === "grid")?.rows).toHaveLength(2);
  });
});
