import { describe, expect, it } from "vitest";
import { parsePdfPage, questionsOf } from "../testing/parse-text";
import type { PdfText } from "../testing/pdf-writer";

/**
 * Convention: a rating scale printed as a row of numbers spread across the page, the labels of its points wrapped
 * under them ("(not at all" / "sure)" under the 1) and the circles between them, as a web survey's print preview
 * prints a scale question. Synthetic prints written for this test.
 */
const POINTS = [60, 170, 280, 390, 500];

function scale(y: number, labels: Record<number, string[]>): PdfText[] {
  const numbers = POINTS.map((x, k) => ({ text: String(k + 1), x, y, size: 10 }));
  const under = Object.entries(labels).flatMap(([point, lines]) => lines.map((text, line) => ({ text, x: POINTS[Number(point)] - 20, y: y - 14 - line * 12, size: 10 })));
  return [...numbers, ...under];
}

describe("number rows with their points' labels", () => {
  it("reads each number as an answer, with the label printed under it", async () => {
    const ir = await parsePdfPage([
      { text: "How sure are you that you could repair a bicycle yourself? Please rate from 1 (not at all sure) to 5 (very sure).", x: 40, y: 760, size: 10 },
      ...scale(730, { 0: ["(not at all", "sure)"], 4: ["(very", "sure)"] }),
      { text: "How sure are you that you could repair a kettle yourself?", x: 40, y: 660, size: 10 },
      ...scale(630, { 0: ["(not at all", "sure)"], 2: ["(half)"], 4: ["(very", "sure)"] }),
      { text: "Thank you for taking part in this survey about repairs.", x: 180, y: 560, size: 10 },
    ]);
    const [bicycle, kettle] = questionsOf(ir);
    expect(bicycle.type).toBe("single");
    expect(bicycle.options.map((option) => option.label)).toHaveLength(5);
    expect(bicycle.options[0].label).toContain("not at all sure");
    expect(bicycle.options[4].label).toContain("very sure");
    expect(kettle.options.map((option) => option.label)).toHaveLength(5);
    expect(kettle.options[2].label).toContain("half");
    expect(kettle.options.some((option) => /thank/i.test(option.label))).toBe(false);
  });
});
