import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { countColumns } from "./count-tables";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("number-entry tables", () => {
  it("reads a count question over columns that name what is counted as a number for each row", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "How many meals per week do you eat:", x: 70, y: 740, size: 10 },
      { text: "In term time", x: 300, y: 722, size: 10 },
      { text: "In the holidays", x: 440, y: 722, size: 10 },
      { text: "At home", x: 45, y: 705, size: 10 },
      { text: "At school", x: 45, y: 690, size: 10 },
      { text: "At a cafe", x: 45, y: 675, size: 10 },
      { text: "2.", x: 40, y: 640, size: 10 },
      { text: "Do you cook?", x: 70, y: 640, size: 10 },
      { text: "Yes", x: 400, y: 640, size: 10 },
      { text: "No", x: 450, y: 640, size: 10 },
    ];
    const question = byId(await parsePdf(texts), "1");
    expect(question.type).toBe("numeric");
    expect(question.rows.map((row) => row.label)).toEqual(["At home", "At school", "At a cafe"]);
  });

  it("tells counted things from answer categories", () => {
    expect(countColumns(true, ["Before", "After"])).toBe(true);
    expect(countColumns(true, ["Adults", "Children"])).toBe(true);
    expect(countColumns(true, ["None", "1-2", "3 or more"])).toBe(false);
    expect(countColumns(true, ["Never", "Sometimes", "Often"])).toBe(false);
    expect(countColumns(false, ["Before", "After"])).toBe(false);
  });
});
