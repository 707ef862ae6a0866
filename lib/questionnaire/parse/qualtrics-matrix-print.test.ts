import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

/**
 * Matrices in a typeset print of a Qualtrics survey: numbered column headings over the right of the page, rows that
 * end in their number with the answer circles printed beside them, and a row's own display logic printed above it.
 * Synthetic prints written for this test.
 */
const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;
const circles = (y: number): PdfText[] => [250, 330, 410].map((x) => ({ text: "•", x: x + 5, y, size: 10 }));

const PRINT: PdfText[] = [
  { text: "QID1. Has your cat shown any of these?", x: 40, y: 760, size: 10 },
  { text: "• Scratching (1)", x: 50, y: 746, size: 10 },
  { text: "• Hiding (2)", x: 50, y: 733, size: 10 },
  { text: "QID2. Response to treatment", x: 40, y: 712, size: 10 },
  { text: "Much", x: 250, y: 698, size: 9 },
  { text: "No", x: 330, y: 698, size: 9 },
  { text: "Much", x: 410, y: 698, size: 9 },
  { text: "worse", x: 250, y: 687, size: 9 },
  { text: "change", x: 330, y: 687, size: 9 },
  { text: "better", x: 410, y: 687, size: 9 },
  { text: "(1)", x: 250, y: 676, size: 9 },
  { text: "(2)", x: 330, y: 676, size: 9 },
  { text: "(3)", x: 410, y: 676, size: 9 },
  { text: "Display This Question:", x: 40, y: 662, size: 10 },
  { text: "If (QID1) Has your cat shown any of these? = 1", x: 40, y: 650, size: 10 },
  { text: "Scratching (1)", x: 40, y: 638, size: 10 },
  ...circles(638),
  { text: "Display This Question:", x: 40, y: 624, size: 10 },
  { text: "If (QID1) Has your cat shown", x: 40, y: 612, size: 10 },
  { text: "any of these? = 2", x: 40, y: 600, size: 10 },
  ...circles(600),
  { text: "Hiding under the", x: 40, y: 588, size: 10 },
  { text: "furniture (2)", x: 40, y: 576, size: 10 },
  { text: "Display This Question:", x: 40, y: 562, size: 10 },
  { text: "If (QID2) Response to treatment [2] > 2", x: 40, y: 550, size: 10 },
  { text: "QID3. How many weeks until it improved? ______", x: 40, y: 538, size: 10 },
  { text: "QID4. Overall response to treatment", x: 40, y: 516, size: 10 },
  { text: "Worse (1)", x: 250, y: 502, size: 9 },
  { text: "Same (2)", x: 330, y: 502, size: 9 },
  { text: "Better (3)", x: 410, y: 502, size: 9 },
  { text: "Overall rating (1)", x: 40, y: 488, size: 10 },
  ...circles(488),
  { text: "Display This Question:", x: 40, y: 474, size: 10 },
  { text: "If (QID4) Overall response to treatment [1] > 2", x: 40, y: 462, size: 10 },
  { text: "QID5. What helped most? ______", x: 40, y: 450, size: 10 },
];

describe("Qualtrics matrix prints", () => {
  it("reads the numbered headings as columns and the numbered statements as rows, each with its own display logic", async () => {
    const ir = await parsePdf(PRINT);
    const grid = byId(ir, "QID2");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["Much worse", "No change", "Much better"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["Scratching", "Hiding under the furniture"]);
    expect(grid.rows.map((row) => row.showIf?.condition)).toEqual(["{QID1} = '1'", "{QID1} = '2'"]);
  });

  it("ends the matrix at a display block that a question follows, and binds its row test to the grid's row", async () => {
    const ir = await parsePdf(PRINT);
    expect(byId(ir, "QID3").askIf.map((condition) => condition.condition)).toEqual(["{QID2.2} > 2"]);
  });

  it("reads a one-row matrix as the question's scale", async () => {
    const ir = await parsePdf(PRINT);
    const single = byId(ir, "QID4");
    expect(single.type).toBe("single");
    expect(single.options.map((option) => option.label)).toEqual(["Worse", "Same", "Better"]);
    expect(byId(ir, "QID5").askIf.map((condition) => condition.condition)).toEqual(["{QID4} > 2"]);
  });
});

describe("a choice's display logic in a table cell (Qualtrics Word export)", () => {
  it("makes the condition printed in a row's label cell that row's showIf, and keeps the label clean", async () => {
    const { buildDocx } = await import("../testing/docx-writer");
    const p = (text: string) => ({ runs: text });
    const docx = buildDocx({
      blocks: [
        "Q1 Which of these do you own?",
        "▢ Scooter (1)",
        "▢ Kayak (2)",
        "Q2 How satisfied are you with each?",
        {
          kind: "table",
          rows: [
            ["", "Satisfied (1)", "Not satisfied (2)"],
            [[p("Display This Choice:"), p("If Which of these do you own? = Scooter"), p("Scooter (1)")], "o", "o"],
            [[p("Display This Choice:"), p("If Which of these do you own? = Kayak"), p("Kayak (2)")], "o", "o"],
            ["Tent (3)", "o", "o"],
          ],
        },
        "Q3 What is your age?",
        "o Under 40 (1)",
        "o 40 or over (2)",
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(docx, { filename: "export.docx" }));
    const grid = byId(ir, "Q2");
    expect(grid.rows.map((row) => [row.label, row.showIf?.condition])).toEqual([
      ["Scooter", "{Q1} = '1'"],
      ["Kayak", "{Q1} = '2'"],
      ["Tent", undefined],
    ]);
  });
});
