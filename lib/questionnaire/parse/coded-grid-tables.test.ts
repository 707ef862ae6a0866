import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("coded grid tables: the scale over the columns, codes to circle in the rows", () => {
  it("reads each table under an instruction (not a question) as a grid of its own, even when the two instructions are the same words", async () => {
    const lead = "Read each line and circle one number. Do not think too long about any line.";
    const bytes = buildDocx({
      blocks: [
        lead,
        {
          kind: "table",
          rows: [
            ["", "Hardly ever", "Some days", "Most days"],
            ["I water the plants before work", "1", "2", "3"],
            ["I forget where I left the keys", "1", "2", "3"],
            ["I finish the crossword", "1", "2", "3"],
          ],
        },
        lead,
        {
          kind: "table",
          rows: [
            ["", "Not like me", "A little like me", "Somewhat like me", "Very like me"],
            ["I enjoy long train journeys", "1", "2", "3", "4"],
            ["I plan meals for the week", "1", "2", "3", "4"],
          ],
        },
        "Did the room feel warm enough?",
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "daily.docx" }));
    expect(questions(ir).slice(0, 2).map((question) => [question.type, question.rows.length, question.columns.length])).toEqual([
      ["grid", 3, 3],
      ["grid", 2, 4],
    ]);
    expect(questions(ir).at(-1)?.text).toBe("Did the room feel warm enough?");
  });

  it("reads a Markdown table under a question as its grid when the corner cell names the rows and the row labels carry ids", async () => {
    const text = [
      "**T1_Town** - How long have you lived in this town?",
      "  1. Less than a year",
      "  2. One year or more",
      "",
      "**T2_Topics** - For each topic I read, tell me whether it worries you a lot, a little or not at all.",
      "| T2 Topic | A lot | A little | Not at all | DK |",
      "| -------- | ----- | -------- | ---------- | -- |",
      "| Rent levels (T2_Rent) | 1 | 2 | 3 | 98 |",
      "| Bus service (T2_Bus) | 1 | 2 | 3 | 98 |",
      "| Park upkeep (T2_Parks) | 1 | 2 | 3 | 98 |",
      "",
      "**T3_Age** - What is your age?",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "town.md" }));
    expect(questions(ir).map((question) => [question.id, question.type, question.rows.length, question.columns.length])).toEqual([
      ["T1_Town", "single", 0, 0],
      ["T2_Topics", "grid", 3, 4],
      ["T3_Age", "numeric", 0, 0],
    ]);
  });
});

describe("a rating table worded only by instructions over it", () => {
  it("reads the request over the table as the grid's wording and the bracketed marking note under it as its instruction", async () => {
    const bytes = buildDocx({
      blocks: [
        "1. Which town do you live in? ____________",
        "2. Do you own a car?   Yes   /   No",
        "Section C: Your town",
        "Rate how much each service matters to you on the scale as follows:",
        "(Please use only one tick mark in the box for one row)",
        {
          kind: "table",
          rows: [
            ["No.", "Town services", "Not important", "Slightly important", "Important", "Very important"],
            ["i.", "Buses run on time", "", "", "", ""],
            ["ii.", "Streets are clean", "", "", "", ""],
            ["iii.", "Parks are open late", "", "", "", ""],
          ],
        },
      ],
    });
    const list = questions(parseQuestionnaire(await extractDocument(bytes, { filename: "town.docx" })));
    expect(list.map((question) => [question.type, question.options.map((option) => option.label), question.rows.length, question.columns.length])).toEqual([
      ["open", [], 0, 0],
      ["single", ["Yes", "No"], 0, 0],
      ["grid", [], 3, 4],
    ]);
    expect(list[2].text).toBe("Rate how much each service matters to you on the scale as follows:");
  });
});
