import { describe, expect, it } from "vitest";
import { buildPdf, type PdfPage, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/**
 * Convention: a web survey printed from the browser (a survey tool's print preview): the browser's own margins (the
 * page count, the print date and time, the address), wording broken by the page end wherever it falls, radio buttons
 * drawn as rings, and an "Other" answer whose label is printed right of its text box.
 */
const CROPS = ["beans", "leeks", "peas", "onions", "carrots", "potatoes", "tomatoes", "peppers", "lettuces", "radishes", "pumpkins", "melons"];
const linesOf = async (pages: PdfPage[]) => (await extractDocument(buildPdf(pages), { filename: "print.pdf" })).lines;

describe("web surveys printed from the browser", () => {
  it("drops the browser's footer on every page, also where the print date or time holds the page's number", async () => {
    const pages: PdfPage[] = Array.from({ length: 12 }, (_, index) => ({
      texts: [
        { text: `How many ${CROPS[index]} did you grow this year?`, x: 50, y: 700 },
        { text: `Beans of kind ${index + 1}`, x: 70, y: 680 },
        { text: `Leeks of kind ${index + 1}`, x: 70, y: 664 },
        { text: `Tomatoes, peppers and other plants that need a greenhouse, kind ${index + 1}`, x: 70, y: 648 },
        { text: `Herbs grown in pots on the window sill or the balcony, kind ${index + 1}`, x: 70, y: 632 },
        { text: `${index + 1} of 12`, x: 20, y: 20 },
        // "9/2/25" holds the numbers of pages 9 and 2, "11:47" that of page 11.
        { text: "9/2/25, 11:47 AM", x: 480, y: 20 },
      ],
    }));
    const texts = (await linesOf(pages)).map((line) => line.text);
    expect(texts.filter((text) => /of 12|11:47/.test(text))).toEqual([]);
    expect(texts.filter((text) => /^How many/.test(text))).toHaveLength(12);
  });

  it("keeps wording that runs on over a page break in one paragraph", async () => {
    const pages: PdfPage[] = [
      { texts: [{ text: "How aware are you of the ways in which tools are used in your team? (Select", x: 50, y: 80 }] },
      {
        texts: [
          { text: "one)", x: 50, y: 760 },
          { text: "Very aware", x: 70, y: 740 },
          { text: "Not aware at all", x: 70, y: 724 },
        ],
      },
    ];
    const lines = await linesOf(pages);
    const continued = lines.find((line) => line.text === "one)");
    expect(continued?.blankBefore).toBeFalsy();
  });

  it("reads radio buttons drawn as rings (two circles filled even-odd) as answer markers", async () => {
    const texts: PdfText[] = [{ text: "How would you describe your affiliation?", x: 50, y: 700 }];
    const shapes: PdfShape[] = [];
    ["University", "Research institute", "Government"].forEach((answer, index) => {
      shapes.push({ x: 50, y: 676 - index * 20, size: 12, ring: true });
      texts.push({ text: answer, x: 68, y: 679 - index * 20 });
    });
    const lines = await linesOf([{ texts, shapes }]);
    expect(lines.map((line) => line.text)).toEqual(["How would you describe your affiliation?", "○ University", "○ Research institute", "○ Government"]);
  });

  it("marks an 'Other' label printed right of its text box by the radio button in the list's column", async () => {
    const texts: PdfText[] = [{ text: "What best describes where you work?", x: 50, y: 700 }];
    const shapes: PdfShape[] = [];
    ["Higher education", "National laboratory", "Private sector"].forEach((answer, index) => {
      shapes.push({ x: 50, y: 676 - index * 20, size: 10, round: true });
      texts.push({ text: answer, x: 66, y: 678 - index * 20 });
    });
    // The text box stands between the radio button and the label.
    shapes.push({ x: 50, y: 616, size: 10, round: true });
    texts.push({ text: "Other (self-describe)", x: 320, y: 618 });
    const lines = await linesOf([{ texts, shapes, rules: [{ x0: 68, y0: 630, x1: 315, y1: 630 }, { x0: 68, y0: 596, x1: 315, y1: 596 }] }]);
    expect(lines.map((line) => line.text).at(-1)).toBe("○ Other (self-describe)");
  });
});
