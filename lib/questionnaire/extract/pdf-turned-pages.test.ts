import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/**
 * A landscape form stored as a portrait sheet turned by /Rotate 90: its lines are written running up the sheet
 * (each line at its own x), and only the viewer turns them upright.
 */

/** A line of the upright landscape page (x from the left, y from the bottom of the 792 × 612 view) as written on the sheet. */
function turned(text: string, x: number, y: number): PdfText {
  return { text, x: 612 - y, y: x, size: 9, vertical: true };
}

describe("pages turned by /Rotate", () => {
  it("reads a turned page's lines upright, top to bottom", async () => {
    const texts = [
      turned("HOUSEHOLD CONTACTS", 40, 560),
      turned("1. Do you know where the household moved to?", 40, 530),
      turned("2. NAME OF THE TOWN:", 40, 510),
      turned("3. Has the phone number been checked?", 40, 490),
    ];
    const doc = await extractDocument(buildPdf([{ texts, rotate: 90 }]), { filename: "turned.pdf" });
    expect(doc.lines.map((line) => line.text)).toEqual([
      "HOUSEHOLD CONTACTS",
      "1. Do you know where the household moved to?",
      "2. NAME OF THE TOWN:",
      "3. Has the phone number been checked?",
    ]);
  });

});
