import { describe, expect, it } from "vitest";
import type { PdfText } from "../testing/pdf-writer";
import { parsePdfPages, questionById, questionsOf } from "../testing/parse-text";

/**
 * A community sheet: questions side by side as columns under a row of item numbers, each column's wording, codes,
 * routing and answer-box label stacked in a narrow cell; a second row of numbers starts the next band.
 */

/** Text of one cell, a line each, from the baseline `y` down. */
function cell(x: number, y: number, lines: string[]): PdfText[] {
  return lines.map((text, index) => ({ text, x, y: y - index * 10, size: 8 }));
}

const SHEET: PdfText[] = [
  { text: "SECTION K: WATER AND ROADS", x: 40, y: 560, size: 10 },
  ...["1.", "2.", "3.", "4."].map((text, index) => ({ text, x: 40 + index * 135, y: 540, size: 8 })),
  ...cell(40, 528, ["Is there a public", "water tap in this", "village?", "YES.......1", "NO........2 >>3"]),
  ...cell(175, 528, ["How many households", "use the public tap", "every day?", "", "", "NUMBER"]),
  ...cell(310, 528, ["How far is the", "nearest tarmac road", "from this village?", "", "", "KM"]),
  ...cell(445, 528, ["Is the road usable", "in the rainy season?", "ALL YEAR......1", "MOST OF THE", "time.........2", "NEVER.........3"]),
  ...["5.", "6.", "7."].map((text, index) => ({ text, x: 40 + index * 135, y: 440, size: 8 })),
  ...cell(40, 428, ["Is there a bus", "stop in this village?", "YES.......1", "NO........2", ">> 7"]),
  ...cell(175, 428, ["How many buses", "stop here each day?", "", "NUMBER"]),
  ...cell(310, 428, ["What does a bus ticket", "to the district town", "cost?", "", "TSH"]),
];

describe("question columns under a row of item numbers", () => {
  it("reads each column as a question with its own codes, band after band", async () => {
    const ir = await parsePdfPages([SHEET]);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(questionById(ir, "1").text).toBe("Is there a public water tap in this village?");
    expect(questionById(ir, "2").text).toContain("How many households use the public tap every day?");
    expect(questionById(ir, "4").options?.map((option) => option.code)).toEqual(["1", "2", "3"]);
  });

  it("routes a code by the arrow beside it or set under it", async () => {
    const ir = await parsePdfPages([SHEET]);
    expect(questionById(ir, "1").options?.[1].route).toEqual({ kind: "question", ref: "3" });
    expect(questionById(ir, "5").options?.[1].route).toEqual({ kind: "question", ref: "7" });
  });
});
