import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("answer descriptions in brackets", () => {
  it("keeps a bracketed description under an answer with that answer, and the list going after it", async () => {
    const texts: PdfText[] = [
      { text: "1. Which sectors does your company work in? Check all that apply.", x: 40, y: 740, size: 10 },
      { text: "Retail", x: 70, y: 725, size: 10 },
      { text: "(Shops, markets and online sales of goods to private customers.)", x: 70, y: 710, size: 10 },
      { text: "Logistics", x: 70, y: 695, size: 10 },
      { text: "(Storage, transport and delivery of goods for other companies.)", x: 70, y: 680, size: 10 },
      { text: "Tourism", x: 70, y: 665, size: 10 },
      { text: "2. How many people work there?", x: 40, y: 640, size: 10 },
    ];
    const question = byId(await parsePdf(texts), "1");
    expect(question.options.map((option) => option.label)).toEqual(["Retail", "Logistics", "Tourism"]);
  });
});

describe("unmarked answers indented under unnumbered questions", () => {
  it("keeps the last indented answer with its question when the next question starts back at the margin", async () => {
    const rows: [string, number][] = [
      ["Which age group are you in?", 40],
      ["Under 30", 70],
      ["30 to 59", 70],
      ["60 and over", 70],
      ["Do you walk to work?", 40],
      ["Yes", 70],
      ["No", 70],
      ["Not working", 70],
      ["How do you rate your street lighting?", 40],
      ["Good", 70],
      ["Poor", 70],
    ];
    const texts: PdfText[] = rows.map(([text, x], index) => ({ text, x, y: 740 - index * 18 - (x === 40 && index > 0 ? 12 : 0), size: 10 }));
    const list = (await parsePdf(texts)).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.text, question.options.map((option) => option.label)])).toEqual([
      ["Which age group are you in?", ["Under 30", "30 to 59", "60 and over"]],
      ["Do you walk to work?", ["Yes", "No", "Not working"]],
      ["How do you rate your street lighting?", ["Good", "Poor"]],
    ]);
  });
});
