import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parsePdfPages, questionsOf } from "../testing/parse-text";
import { extractDocument } from "./index";

/** Short numbered fields of a contact form, two of them side by side in boxes on one line. */
const FORM: PdfText[] = [
  { text: "12. DISTRICT:", x: 40, y: 740, size: 8 },
  { text: "13. TOWN/WARD:", x: 40, y: 724, size: 8 },
  { text: "14. CHIEF:", x: 40, y: 708, size: 8 },
  { text: "15. VILLAGE:", x: 200, y: 708, size: 8 },
  { text: "16. Please describe how to find the household.", x: 40, y: 690, size: 8 },
];

describe("numbered fields side by side on one line", () => {
  it("reads each field as a line of its own", async () => {
    const doc = await extractDocument(buildPdf([{ texts: FORM }]), { filename: "fields.pdf" });
    expect(doc.lines.map((line) => line.text)).toContain("14. CHIEF:");
    expect(doc.lines.map((line) => line.text)).toContain("15. VILLAGE:");
  });

  it("gives each field its own question", async () => {
    const ids = questionsOf(await parsePdfPages([FORM])).map((question) => question.id);
    expect(ids).toEqual(["12", "13", "14", "15", "16"]);
  });

  it("keeps a wording that mentions a number after a gap as one line", async () => {
    const texts: PdfText[] = [{ text: "3. How many rooms", x: 40, y: 740, size: 8 }, { text: "(COUNT ALL ROOMS)", x: 200, y: 740, size: 8 }];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "one.pdf" });
    expect(doc.lines).toHaveLength(1);
  });
});
