import { describe, expect, it } from "vitest";
import { extractDocument } from ".";
import { buildPdf, type PdfText } from "../testing/pdf-writer";

/**
 * Convention: a form template's number box whose placeholder number ("01") stays in the text layer under the
 * question's own number, painted over it at (nearly) the same spot. Synthetic prints written for this test.
 */
function boxed(number: string, wording: string, y: number): PdfText[] {
  return [
    { text: "01", x: 39.7, y: y - 0.2, size: 11 },
    { text: number, x: 40, y, size: 11 },
    { text: wording, x: 70, y, size: 11 },
  ];
}

async function lines(texts: PdfText[]): Promise<string[]> {
  const document = await extractDocument(buildPdf([{ texts }]), { filename: "form.pdf" });
  return document.lines.map((line) => line.text);
}

describe("numbers painted over a template's placeholder number", () => {
  it("reads the number painted last at a spot, not the placeholder it covers", async () => {
    const text = await lines([
      ...boxed("12", "How many rooms does your new home have?", 760),
      { text: "rooms", x: 110, y: 740, size: 10 },
      ...boxed("13", "Do you rent or own your home?", 700),
      { text: "rent 1", x: 70, y: 680, size: 10 },
    ]);
    expect(text).toContain("12 How many rooms does your new home have?");
    expect(text).toContain("13 Do you rent or own your home?");
    expect(text.some((line) => line.startsWith("01"))).toBe(false);
  });

  it("keeps the same number printed twice at one spot (a bold effect) and numbers side by side", async () => {
    const text = await lines([
      { text: "12", x: 40, y: 760, size: 11 },
      { text: "12", x: 40.3, y: 760, size: 11 },
      { text: "How many rooms does your new home have?", x: 70, y: 760, size: 11 },
      { text: "1", x: 70, y: 740, size: 10 },
      { text: "2", x: 90, y: 740, size: 10 },
      { text: "3", x: 110, y: 740, size: 10 },
    ]);
    expect(text.some((line) => line.includes("12") && line.includes("How many rooms"))).toBe(true);
    expect(text).toContain("1 2 3");
  });
});
