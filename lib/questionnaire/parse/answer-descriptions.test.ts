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
