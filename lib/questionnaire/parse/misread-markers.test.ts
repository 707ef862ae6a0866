import { describe, expect, it } from "vitest";
import type { ExtractedDocument } from "../extract/model";
import { parseQuestionnaire } from "./index";
import { withMisreadMarkers } from "./misread-markers";

/** Convention: radio buttons from a symbol font without a Unicode mapping, read from a PDF as "©". */
function pdfOf(texts: string[]): ExtractedDocument {
  let offset = 0;
  const lines = texts.map((text, index) => {
    const line = { index, text, start: offset, end: offset + text.length, page: 1, blankBefore: index > 0 && !text.startsWith("©") };
    offset += text.length + 1;
    return line;
  });
  return { format: "pdf", text: texts.join("\n"), lines, pageCount: 1, warnings: [] };
}

describe("radio buttons misread as '©'", () => {
  it("restores a run of '© …' lines as radio buttons and leaves a single copyright line alone", () => {
    const doc = withMisreadMarkers(pdfOf(["How useful was the course?", "© 1 (Not useful)", "© 2", "© 3 (Very useful)", "Thank you.", "© 2024 Example University"]));
    expect(doc.lines.map((line) => line.text)).toEqual(["How useful was the course?", "○ 1 (Not useful)", "○ 2", "○ 3 (Very useful)", "Thank you.", "© 2024 Example University"]);
    const notice = withMisreadMarkers(pdfOf(["Thank you.", "© 2024 Example University"]));
    expect(notice.lines[1].text).toBe("© 2024 Example University");
  });

  it("reads the restored run as the question's single-choice answers", () => {
    const ir = parseQuestionnaire(pdfOf(["How often do you cycle to work?", "© Never", "© Sometimes", "© Every day", "What is your postcode?"]));
    const question = ir.items.find((item) => item.kind === "question" && item.text.startsWith("How often"));
    expect(question && question.kind === "question" ? question.options?.map((option) => option.label) : null).toEqual(["Never", "Sometimes", "Every day"]);
    expect(question && question.kind === "question" ? question.type : null).toBe("single");
  });

  it("leaves documents other than PDF as they are", () => {
    const doc = { ...pdfOf(["© 1", "© 2"]), format: "docx" as const };
    expect(withMisreadMarkers(doc)).toBe(doc);
  });
});
