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

  it("keeps the answers that end every page at the same place, and drops the footer that stands apart", async () => {
    // One question to a page, laid out alike: "1 Yes" "2 No" repeat word for word at one height on every page (on the
    // first page the code 1 is also the page's number).
    const pages = Array.from({ length: 4 }, (_, page) => ({
      texts: [
        { text: `Q${page + 1}. Did you water garden bed ${page + 1} this week?`, x: 50, y: 90 },
        { text: "1 Yes", x: 70, y: 74 },
        { text: "2 No", x: 70, y: 60 },
        // A print date close under the answers is furniture all the same.
        { text: "12 May 2030", x: 70, y: 46 },
        { text: "Garden club survey", x: 250, y: 20 },
      ],
    }));
    const doc = await extractDocument(buildPdf(pages), { filename: "one-per-page.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts.filter((text) => text === "1 Yes")).toHaveLength(4);
    expect(texts.filter((text) => text === "2 No")).toHaveLength(4);
    expect(texts.some((text) => /Garden club survey|May 2030/.test(text))).toBe(false);
  });

  it("keeps a rating scale printed at the top of every page over the page's items", async () => {
    const pages = Array.from({ length: 4 }, (_, page) => ({
      texts: [
        { text: "Tenant survey", x: 50, y: 790 },
        { text: "1", x: 400, y: 750 },
        { text: "2", x: 430, y: 750 },
        { text: "3", x: 460, y: 750 },
        { text: "4", x: 490, y: 750 },
        { text: "5", x: 520, y: 750 },
        { text: `${page * 2 + 1}. The stairs on floor ${page + 1} are clean`, x: 50, y: 736 },
        { text: `${page * 2 + 2}. The lift on floor ${page + 1} works`, x: 50, y: 722 },
      ],
    }));
    const doc = await extractDocument(buildPdf(pages), { filename: "scale.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts.filter((text) => /^1\s+2\s+3\s+4\s+5$/.test(text))).toHaveLength(4);
    expect(texts.some((text) => text === "Tenant survey")).toBe(false);
  });
});
