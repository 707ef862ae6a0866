import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZSurveyDocument } from "@/lib/survey-document/schemas";
import { parseCondition } from "./conditions";
import { compileFile, isQuestionnaireError } from "./index";

/** Whatever text people upload, compiling ends in a valid survey document or a QuestionnaireError — never a crash. */

const FRAGMENTS = [
  "Q1. How old are you?", "Q2 Do you smoke?", "3. Which of these? (Select all that apply)", "[1] Yes", "(2) No", "Yes (1)", "o Maybe", "☐ Car ☐ Bike",
  "ASK IF Q1=1", "[Show for Q2=1,2]", "IF Q3 = 2 SKIP TO Q9", "TERMINATE IF Q1 ≠ 1", "→ Q5", "[TERMINATE]", "Display This Question:", "If How old are you? = Yes",
  "PAGE BREAK - SHOW IF Q1=Yes", "Section A: About you", "END", "____", "| | Agree | Disagree |", "|---|---|---|", "| Price | | |", "1 2 3 4 5",
  "Page 2", "SQ1CATBUY: Which brands?", "- Gender:", "None of the above", "Other (please specify) ____", "[RANDOMIZE]", "_if VAR(4) == 1, then:_",
  "Skip To: End of Survey If Do you smoke? = No", "IF YES:", "A1  IF OWNED (CODE 1 OR 2 AT A2)", "Rented ......... 3  GO TO A4", "(1 = Strongly disagree → 5 = Strongly agree)",
];

describe("robustness", () => {
  it("compiles any arrangement of questionnaire fragments into a valid document with valid conditions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 })), { minLength: 1, maxLength: 40 }), fc.constantFrom("q.txt", "q.md"), async (lines, filename) => {
        try {
          const result = await compileFile(new TextEncoder().encode(lines.join("\n")), { filename, survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: null });
          expect(ZSurveyDocument.safeParse(result.document).success).toBe(true);
          for (const page of result.document.pages) {
            for (const block of page.blocks) if (block.config.showIf) expect(() => parseCondition(block.config.showIf!)).not.toThrow();
            for (const rule of page.navigation_rules) if (rule.condition) expect(() => parseCondition(rule.condition!)).not.toThrow();
          }
        } catch (error) {
          expect(isQuestionnaireError(error)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("rejects random bytes cleanly whatever the file name says", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2000 }), fc.constantFrom("a.docx", "a.pdf", "a.txt", "a.md", "a.html", "a"), async (bytes, filename) => {
        try {
          await compileFile(bytes, { filename, survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: null });
        } catch (error) {
          expect(isQuestionnaireError(error)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
