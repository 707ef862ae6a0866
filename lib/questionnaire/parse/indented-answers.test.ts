import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;
const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("answers indented under wording set flush", () => {
  it("reads unmarked lines indented under a numbered question whose sentence has ended as its answers", async () => {
    const texts: PdfText[] = [
      { text: "1. Which of these courses have you taken? Check all that apply.", x: 40, y: 740, size: 10 },
      { text: "Statistics", x: 70, y: 725, size: 10 },
      { text: "Chemistry", x: 70, y: 710, size: 10 },
      { text: "Databases", x: 70, y: 695, size: 10 },
      { text: "2. I agree to be contacted again.", x: 40, y: 670, size: 10 },
      { text: "Yes", x: 70, y: 655, size: 10 },
      { text: "3. Please describe what you would like to learn next.", x: 40, y: 630, size: 10 },
      { text: "4. How did you hear about us?", x: 40, y: 600, size: 10 },
      { text: "Friends", x: 70, y: 585, size: 10 },
      { text: "Social media", x: 70, y: 570, size: 10 },
    ];
    const ir = await parsePdf(texts);
    expect(byId(ir, "1").type).toBe("multi");
    expect(labels(byId(ir, "1"))).toEqual(["Statistics", "Chemistry", "Databases"]);
    expect(labels(byId(ir, "2"))).toEqual(["Yes"]);
    expect(byId(ir, "3").type).toBe("open");
    expect(labels(byId(ir, "4"))).toEqual(["Friends", "Social media"]);
  });

  it("reads the wording's lines as flush when a required-question star hangs in the margin", async () => {
    const texts: PdfText[] = [
      { text: "* 1. We are looking for volunteers to test the new website in the spring and would", x: 36, y: 740, size: 10 },
      { text: "like to know whether you want to take part.", x: 46, y: 726, size: 10 },
      { text: "Yes", x: 70, y: 711, size: 10 },
      { text: "No", x: 70, y: 696, size: 10 },
      { text: "2. Any other comments?", x: 46, y: 670, size: 10 },
    ];
    const question = byId(await parsePdf(texts), "1");
    expect(labels(question)).toEqual(["Yes", "No"]);
  });

  it("does not take the heading at the top of the next page for one more answer", async () => {
    const first: PdfText[] = [
      { text: "1. Which of these courses have you taken? Check all that apply.", x: 50, y: 740, size: 10 },
      { text: "Statistics", x: 80, y: 725, size: 10 },
      { text: "Chemistry", x: 80, y: 710, size: 10 },
      { text: "2. I agree to be contacted again.", x: 50, y: 680, size: 10 },
      { text: "Yes", x: 80, y: 665, size: 10 },
      { text: "No", x: 80, y: 650, size: 10 },
    ];
    const second: PdfText[] = [
      { text: "Course Feedback Survey: Follow-up", x: 36, y: 760, size: 10 },
      { text: "3. Please give us your e-mail address.", x: 50, y: 740, size: 10 },
    ];
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts: first }, { texts: second }]), { filename: "print.pdf" }));
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
  });

  it("does not take a note printed far to the right for an answer", async () => {
    const texts: PdfText[] = [
      { text: "1. Why do you not use the library? *", x: 40, y: 740, size: 10 },
      { text: "This page was printed from an online form.", x: 250, y: 700, size: 9 },
    ];
    const question = byId(await parsePdf(texts), "1");
    expect(question.options).toHaveLength(0);
    expect(question.type).toBe("open");
  });
});
