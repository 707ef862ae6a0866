import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildDocx } from "../testing/docx-writer";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
const box = { picture: { width: 0.22, height: 0.2 } };

describe("picture boxes: small square inline pictures before answers are answer boxes", () => {
  it("reads '[picture] Agree   [picture] Disagree' typed on one line as two answers", async () => {
    const bytes = buildDocx({
      blocks: [
        "1. Is the library open late enough?",
        { runs: [box, { text: "   Agree" }, { text: "                    " }, box, { text: "   Disagree" }] },
        "2. Would you use a weekend service?",
        { runs: [box, { text: "   Agree" }, { text: "                    " }, box, { text: "   Disagree" }] },
      ],
    });
    const document = await extractDocument(bytes, { filename: "library.docx" });
    expect(document.lines.some((line) => line.text.startsWith("☐"))).toBe(true);
    const found = questions(parseQuestionnaire(document));
    expect(found.map((question) => question.options.map((option) => option.label))).toEqual([
      ["Agree", "Disagree"],
      ["Agree", "Disagree"],
    ]);
  });

  it("leaves large or oblong pictures (illustrations, logos) out", async () => {
    const bytes = buildDocx({ blocks: [{ runs: [{ picture: { width: 2, height: 1.5 } }, { text: "Library survey" }] }, { runs: [{ picture: { width: 0.3, height: 0.05 } }, { text: "Welcome" }] }] });
    const document = await extractDocument(bytes, { filename: "logo.docx" });
    expect(document.lines.map((line) => line.text)).toEqual(["Library survey", "Welcome"]);
  });
});
