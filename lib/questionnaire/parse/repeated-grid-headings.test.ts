import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { buildPdf, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";

/**
 * A web form printed grid after grid, each under its own title, its scale's headings printed again over each block of
 * statements, the rows' labels in lower case; a page per grid.
 */
describe("grids separated only by their repeated column headings", () => {
  const form = async (titles: string[]) => {
    const columns = [300, 360, 420, 480];
    const pages = titles.map((title) => {
      const texts: PdfText[] = [];
      const shapes: PdfShape[] = [];
      let y = 740;
      texts.push({ text: title, x: 40, y });
      y -= 40;
      ["Very good", "Good", "Poor", "Very poor"].forEach((heading, index) => texts.push({ text: heading, x: columns[index] - 12, y }));
      y -= 24;
      for (const label of [["speed"], ["comfort"], ["price", "level"]]) {
        label.forEach((piece, index) => {
          texts.push({ text: piece, x: 46, y: y + 9 });
          texts.push({ text: piece, x: 48, y });
          if (index === 0) for (const x of columns) shapes.push({ x, y: y - 1, size: 9, round: true });
          y -= 22;
        });
        y -= 10;
      }
      // A line of text reaching the right margin keeps the headings' line as wide as a page's text.
      texts.push({ text: "Rate every line of the grid above before you go on to the next page of the form.", x: 40, y: 60 });
      return { texts, shapes };
    });
    return parseQuestionnaire(await extractDocument(buildPdf(pages), { filename: "form.pdf" })).items.filter((item): item is IRQuestion => item.kind === "question");
  };

  it("reads each block of statements under its repeated headings as a grid of its own, titled by the line over it", async () => {
    const questions = await form(["trains - weekdays *", "trains - weekends *", "Validation of tickets - buses *"]);
    expect(questions.map((question) => [question.type, question.text, question.rows.length, question.columns.length])).toEqual([
      ["grid", "trains - weekdays", 3, 4],
      ["grid", "trains - weekends", 3, 4],
      ["grid", "Validation of tickets - buses", 3, 4],
    ]);
    // The heading row is not joined to the first row's label, nor the next title to the last row's.
    expect(questions[0].rows.map((row) => row.label)).toEqual(["speed", "comfort", "price level"]);
  });
});
