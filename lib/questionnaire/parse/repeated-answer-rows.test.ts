import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("grid rows that repeat their answer words", () => {
  it("reads rows each printing the same answer words as one grid whose columns are those words", async () => {
    const words = ["Keep", "Move", "Remove"];
    const places = ["Station square", "Market lane", "School gate"];
    const texts: PdfText[] = [{ text: "1.", x: 40, y: 740, size: 10 }, { text: "What should happen to each crossing?", x: 70, y: 740, size: 10 }];
    places.forEach((place, row) => {
      texts.push({ text: place, x: 60, y: 720 - row * 15, size: 10 });
      words.forEach((word, column) => texts.push({ text: word, x: 260 + column * 90, y: 720 - row * 15, size: 10 }));
    });
    texts.push({ text: "2.", x: 40, y: 660, size: 10 }, { text: "Do you cycle?", x: 70, y: 660, size: 10 }, { text: "Yes", x: 400, y: 660, size: 10 }, { text: "No", x: 450, y: 660, size: 10 });
    const ir = await parsePdf(texts);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(words);
    expect(grid.rows.map((row) => row.label)).toEqual(places);
    expect(byId(ir, "2").options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("leaves rows of answer circles to the grid readers", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "Have you had any of these in the past week?", x: 70, y: 740, size: 10 },
      { text: "Yes", x: 300, y: 725, size: 10 },
      { text: "No", x: 400, y: 725, size: 10 },
      { text: "Headache", x: 60, y: 710, size: 10 },
      { text: "o", x: 300, y: 710, size: 10 },
      { text: "o", x: 400, y: 710, size: 10 },
      { text: "Fever", x: 60, y: 695, size: 10 },
      { text: "o", x: 300, y: 695, size: 10 },
      { text: "o", x: 400, y: 695, size: 10 },
    ];
    const grid = byId(await parsePdf(texts), "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["Yes", "No"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["Headache", "Fever"]);
  });

  it("reads numbered questions that each print the same answers beside them as questions, not grid rows", async () => {
    const asked = ["Do you own a bicycle?", "Did you cycle today?", "Will you cycle tomorrow?"];
    const texts: PdfText[] = [];
    asked.forEach((question, row) => {
      texts.push({ text: `${row + 1}. ${question}`, x: 60, y: 740 - row * 20, size: 10 });
      texts.push({ text: "YES", x: 320, y: 740 - row * 20, size: 10 }, { text: "NO", x: 380, y: 740 - row * 20, size: 10 });
    });
    const ir = await parsePdf(texts);
    expect(["1", "2", "3"].map((id) => [byId(ir, id)?.text, byId(ir, id)?.type, byId(ir, id)?.options.map((option) => option.label)])).toEqual(
      asked.map((question) => [question, "single", ["YES", "NO"]]),
    );
  });
});
