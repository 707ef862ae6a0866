import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx, LISTS } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";
import { statedScale } from "./stated-scales";

async function parse(bytes: Uint8Array, filename: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(bytes, { filename }));
}
const parseText = (text: string, filename = "q.md") => parse(new TextEncoder().encode(text), filename);
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("batteries whose scale is stated apart from the items", () => {
  it("reads a scale declaration with both ends named, in brackets or after '='", () => {
    expect(statedScale("All items were rated on a 5-point scale from 1 = strongly disagree to 5 = strongly agree.")?.map((column) => column.label)).toEqual([
      "strongly disagree",
      "2",
      "3",
      "4",
      "strongly agree",
    ]);
    expect(statedScale("Note: answers ranged from 1 (never) to 4 (always) for each statement.")?.map((column) => column.label)).toEqual(["never", "2", "3", "always"]);
    // A range without named ends, or a question, declares no scale.
    expect(statedScale("Please rate 1-5 below.")).toBeNull();
    expect(statedScale("How would you rate it on a scale from 1 (poor) to 5 (excellent)?")).toBeNull();
  });

  it("reads a Word table of construct | statement with the scale only in a closing note as one grid per construct", async () => {
    const bytes = buildDocx({
      blocks: [
        "Instrument",
        {
          kind: "table",
          rows: [
            ["TR", "The delivery service keeps its promises."],
            ["", "Couriers handle my parcels with care."],
            ["", "The tracking information is reliable."],
            ["CV", "Ordering takes me little effort."],
            ["", "Returns are simple to arrange."],
          ],
        },
        "Note: each statement was answered on a scale from 1 (strongly disagree) to 7 (strongly agree).",
      ],
    });
    const ir = await parse(bytes, "instrument.docx");
    const grids = questions(ir);
    expect(grids.map((question) => [question.id, question.type, question.rows.length, question.columns.length])).toEqual([
      ["TR", "grid", 3, 7],
      ["CV", "grid", 2, 7],
    ]);
    expect(grids[0].columns[0].label).toBe("strongly disagree");
    expect(grids[0].text).toMatch(/^each statement was answered/);
  });

  it("reads statement paragraphs under construct headings with the scale in a note after them", async () => {
    const ir = await parseText(
      [
        "# Cycling study",
        "",
        "## Perceived ease",
        "Cycling to campus is easy for me.",
        "I have a safe route for cycling to work.",
        "Bike parking is available where I need it.",
        "",
        "## Social influence",
        "My colleagues think commuting by bike is sensible.",
        "People close to me often cycle to work.",
        "",
        "All items were rated on a 5-point scale from 1 = strongly disagree to 5 = strongly agree.",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.type, question.rows.length, question.columns.length])).toEqual([
      ["grid", 3, 5],
      ["grid", 2, 5],
    ]);
  });

  it("reads bulleted statements under bold labels with the scale stated before them; short labels name the grids", async () => {
    const ir = await parseText(
      [
        "Please rate each statement below on a scale from 1 (never) to 4 (always).",
        "",
        "**OH**",
        "- The reading room is open when I need it.",
        "- Weekend hours suit my timetable.",
        "",
        "**ST**",
        "- Staff deal with my requests promptly.",
        "- Staff are friendly and approachable.",
        "- I know whom to ask for help.",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.rows.length, question.columns.length])).toEqual([
      ["OH", "grid", 2, 4],
      ["ST", "grid", 3, 4],
    ]);
  });

  it("leaves statements alone when no scale is stated next to them", async () => {
    const ir = await parseText(
      [
        "## Background",
        "Cycling to campus is easy for me.",
        "I have a safe route for cycling to work.",
        "",
        "1. How often do you cycle to work?",
        "- Never",
        "- Sometimes",
        "- Often",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.type)).toEqual(["single"]);
  });

  it("reads statement sections numbered again from 1 under construct titles, after a legend listing the scale's labels one per line, as one grid per section", async () => {
    const bold = (text: string) => ({ runs: [{ text, bold: true }] });
    const bullet = (text: string) => ({ runs: text, num: { id: 2 } });
    const bytes = buildDocx({
      lists: [LISTS.symbolBullet(2)],
      blocks: [
        bold("1) How often do you take the ferry?"),
        "a. Every day",
        "b. Now and then",
        "For the statements below the coding is as follows:",
        ...["Fully agree", "Agree", "Undecided", "Disagree", "Fully disagree"].map(bullet),
        bold("=> Punctuality"),
        "1) The ferry leaves on the minute.",
        "2) Delays are announced early enough.",
        "3) Connections to the buses are kept.",
        bold("=>Comfort"),
        "1) The seats on the upper deck are clean.",
        "2) The cabin is warm in winter.",
        bold("2) Which harbour do you leave from?"),
        "a. North quay",
        "b. South quay",
      ],
    });
    const ir = await parse(bytes, "ferry.docx");
    const grids = questions(ir).filter((question) => question.type === "grid");
    expect(grids.map((grid) => grid.id)).toEqual(["Punctuality", "Comfort"]);
    expect(grids.map((grid) => grid.rows?.length)).toEqual([3, 2]);
    for (const grid of grids) expect(grid.columns?.map((column) => column.label)).toEqual(["Fully agree", "Agree", "Undecided", "Disagree", "Fully disagree"]);
    expect(questions(ir).filter((question) => question.type === "single").map((question) => question.options.length)).toEqual([2, 2]);
  });
});

describe("a stated scale whose points are 'labelled as' words, with a missing-data code", () => {
  it("reads the labelled points and leaves the missing-data code out", () => {
    expect(statedScale('The statements were rated on a five point scale (1 labelled as "Never", 3 labelled as "Sometimes", 5 labelled as "Always"; 0 = missed)')?.map((column) => column.label)).toEqual([
      "Never",
      "2",
      "Sometimes",
      "4",
      "Always",
    ]);
  });
});
