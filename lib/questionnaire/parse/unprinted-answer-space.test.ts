import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";

/**
 * Convention: a web form copied to paper — unnumbered questions, answer lists under the choice questions, and
 * open questions printed with no answer space at all (one asking paragraph after another).
 */
describe("unnumbered open questions printed with no answer space", () => {
  it("reads each asking paragraph between unnumbered choice questions as an open question", async () => {
    const text = [
      "Which tools does your team use?",
      "☐ Spreadsheets",
      "☐ A database",
      "☐ Other",
      "",
      "What is the name of your project?",
      "",
      "When did the project start? (Year)",
      "",
      "Do you think the tools helped the project?",
      "Why?",
      "",
      "How large is your team?",
      "○ 1-5",
      "○ 6 or more",
    ].join("\n");
    const ir = await parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "form.txt" }));
    const list = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.text.split("\n")[0], question.type])).toEqual([
      ["Which tools does your team use?", "multi"],
      ["What is the name of your project?", "open"],
      ["When did the project start? (Year)", "numeric"],
      ["Do you think the tools helped the project?", "open"],
      ["How large is your team?", "single"],
    ]);
  });

  it("keeps asking paragraphs as text in a document whose questions are numbered", async () => {
    const text = ["1. Which tools does your team use?", "☐ Spreadsheets", "☐ A database", "", "Have you ever wondered why tools matter?", "", "2. How large is your team?", "○ 1-5", "○ 6 or more"].join("\n");
    const ir = await parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "form.txt" }));
    expect(ir.items.filter((item) => item.kind === "question")).toHaveLength(2);
  });
});
