import { describe, expect, it } from "vitest";
import type { ExtractedDocument } from "../extract/model";
import { parseQuestionnaire } from "./index";

/**
 * Convention: a survey-tool print (Qualtrics) sets a display condition as an indented block under "Display This
 * Question:" ("    If <question> = <answer>"), and the gated question's wording follows back at the margin, with no
 * blank line between them in the PDF text.
 */
type Row = [text: string, indent: number, blankBefore?: boolean];
function pdfOf(rows: Row[]): ExtractedDocument {
  let offset = 0;
  const lines = rows.map(([text, indent, blankBefore], index) => {
    const line = { index, text, start: offset, end: offset + text.length, page: 1, indent, right: 0.9, blankBefore: Boolean(blankBefore) };
    offset += text.length + 1;
    return line;
  });
  return { format: "pdf", text: rows.map(([text]) => text).join("\n"), lines, pageCount: 1, warnings: [] };
}

const questions = (doc: ExtractedDocument) => parseQuestionnaire(doc).items.flatMap((item) => (item.kind === "question" ? [item] : []));

describe("display clause printed indented above the gated question", () => {
  const rows: Row[] = [
    ["Have you heard of smart meters?", 0, true],
    ["o Yes, I know what a smart meter is", 0.04, true],
    ["o No, I have never heard of them", 0.04],
    ["Display This Question:", 0, true],
    ["If Have you heard of smart meters? = Yes, I know what a smart meter is", 0.043],
    ["Please describe what a smart meter does:", 0],
    ["________________________________", 0.043, true],
    ["Display This Question:", 0, true],
    ["If Have you heard of smart meters? = Yes, I know what a smart meter is", 0.043],
    ["And Please describe what a smart meter does: Text Response Is Empty", 0.043],
    ["Why did you leave the description empty?", 0],
    ["o I do not know what to write", 0.04, true],
    ["o I did not want to answer", 0.04],
  ];

  it("ends the clause at its line end and keeps the gated questions, each with its condition", () => {
    const found = questions(pdfOf(rows));
    const describe = found.find((question) => question.text.startsWith("Please describe"));
    const why = found.find((question) => question.text.startsWith("Why did you leave"));
    expect(describe).toBeDefined();
    expect(why).toBeDefined();
    const heard = found.find((question) => question.text.startsWith("Have you heard"))!;
    expect(describe!.askIf[0]?.condition).toBe(`{${heard.id}} = '1'`);
    expect(why!.askIf[0]?.condition).toContain(`{${heard.id}} = '1'`);
    expect(why!.askIf.map((condition) => condition.text).join(" ")).not.toContain("Why did you leave");
  });

  it("still joins a clause that wraps inside its indent", () => {
    const wrapped: Row[] = [
      ["Have you heard of smart meters?", 0, true],
      ["o Yes", 0.04, true],
      ["o No", 0.04],
      ["Display This Question:", 0, true],
      ["If Have you heard of smart meters? = Yes, and I could explain to a neighbour what", 0.043],
      ["Such a meter records at home", 0.043],
      ["Please describe what a smart meter does:", 0],
      ["________________________________", 0.043, true],
    ];
    const describe = questions(pdfOf(wrapped)).find((question) => question.text.startsWith("Please describe"));
    expect(describe!.askIf[0]?.text).toContain("Such a meter records at home");
  });

  it("keeps a clause cut before its value going on at the margin", () => {
    const cut: Row[] = [
      ["Have you heard of smart meters?", 0, true],
      ["o Yes", 0.04, true],
      ["o None of the above", 0.04],
      ["Display This Question:", 0, true],
      ["If Have you heard of smart meters? !=", 0.043],
      ["<strong>None of the above</strong>", 0],
      ["Please describe what a smart meter does:", 0],
      ["________________________________", 0.043, true],
    ];
    const found = questions(pdfOf(cut));
    const describe = found.find((question) => question.text.startsWith("Please describe"));
    expect(describe!.askIf[0]?.text).toContain("None of the above");
  });
});
