import { describe, expect, it } from "vitest";
import { extractDocument } from ".";
import { buildPdf } from "../testing/pdf-writer";

describe("running headers", () => {
  it("drops a header that repeats word for word even on the page whose number is in it", async () => {
    // The print date "3/3/2030" holds the third page's number: keyed by page number it reads "#/#/2030" there only.
    const pages = Array.from({ length: 5 }, (_, page) => ({
      texts: [
        { text: "3/3/2030", x: 40, y: 770 },
        { text: "Neighbourhood garden survey", x: 250, y: 770 },
        { text: `${page + 1}. Which vegetables did you grow in bed ${page + 1}?`, x: 50, y: 700 - page * 20 },
        { text: `Beans of kind ${page + 1}`, x: 70, y: 680 - page * 20 },
        { text: `Leeks of kind ${page + 1}`, x: 70, y: 664 - page * 20 },
        { text: `Other plants, bed ${page + 1}`, x: 70, y: 648 - page * 20 },
        { text: `printed from the web page ${page + 1}/5`, x: 40, y: 30 },
      ],
    }));
    const doc = await extractDocument(buildPdf(pages), { filename: "garden.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts.some((text) => /garden survey|3\/3\/2030/i.test(text))).toBe(false);
    expect(texts.filter((text) => /^\d\. Which vegetables/.test(text))).toHaveLength(5);
  });
});
