import { describe, expect, it } from "vitest";
import { parsePdfPage, questionsOf } from "../testing/parse-text";
import type { PdfText } from "../testing/pdf-writer";

/**
 * Convention: a paper questionnaire's single rating printed on one line between its two poles — the word for one
 * end, a row of numbered boxes, the word for the other end ("rarely 1 2 3 4 5 very often"), sometimes joined by
 * dashes, sometimes with one more box printed under the scale ("don't know"). Synthetic prints written for this test.
 */
function poleLine(y: number, low: string, high: string, points = 5): PdfText[] {
  return [
    { text: low, x: 60, y, size: 10 },
    ...Array.from({ length: points }, (_, k) => ({ text: String(k + 1), x: 170 + k * 20, y, size: 10 })),
    { text: high, x: 180 + points * 20, y, size: 10 },
  ];
}

describe("pole-anchored number rows", () => {
  it("reads a line 'pole 1 2 3 4 5 pole' under a question as one answer per number, the poles naming the ends", async () => {
    const ir = await parsePdfPage([
      { text: "7 How often do you cook a meal for your household?", x: 40, y: 760, size: 10 },
      ...poleLine(735, "rarely", "very often"),
      { text: "8 How much do the prices of groceries worry you?", x: 40, y: 700, size: 10 },
      ...poleLine(675, "a great deal –", "– not at all", 4),
      { text: "no opinion", x: 170, y: 661, size: 10 },
      { text: "9 Which shop do you visit most often?", x: 40, y: 620, size: 10 },
    ]);
    const [cook, prices] = questionsOf(ir);
    expect(cook.type).toBe("single");
    expect(cook.options).toHaveLength(5);
    expect(cook.options[0].label).toContain("rarely");
    expect(cook.options[4].label).toContain("very often");
    expect(prices.type).toBe("single");
    expect(prices.options.map((option) => option.label)).toEqual(["1 a great deal", "2", "3", "4 not at all", "no opinion"]);
  });

  it("leaves a run of such lines one under another to the grid readers (each line is a row)", async () => {
    const ir = await parsePdfPage([
      { text: "3 How would you describe the new timetable?", x: 40, y: 760, size: 10 },
      ...poleLine(735, "confusing", "clear"),
      ...poleLine(717, "rigid", "flexible"),
      ...poleLine(699, "slow", "fast"),
      { text: "4 Which line do you take most often?", x: 40, y: 650, size: 10 },
    ]);
    const [timetable] = questionsOf(ir);
    expect(timetable.options.some((option) => option.label === "1 confusing")).toBe(false);
  });
});
