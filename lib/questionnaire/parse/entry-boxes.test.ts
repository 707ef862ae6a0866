import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** A programmer's line asking for a text box under the wording is the answer field, not an answer to choose. */

describe("text box lines", () => {
  it("reads 'Provide text box – open end' as an entry field", async () => {
    const ir = await parseText(
      ["Q2. Why did you stop visiting the farm shop, and what would bring you back?", "\tProvide Text Box - OPEN END", "", "Q3. What else would you like to tell us?", "Insert a comment box", "", "Q4. Would you visit again?", "1.\tYes", "2.\tNo"].join("\n"),
    );
    expect(questionById(ir, "Q2").type).toBe("open");
    expect(questionById(ir, "Q2").options).toEqual([]);
    expect(questionById(ir, "Q3").type).toBe("open");
    expect(questionById(ir, "Q4").options).toHaveLength(2);
  });
});

describe("numbered lines to write on", () => {
  it("reads '1. ____', '2. ____' under a request as the lines of its answer, not as questions numbered 1 and 2", async () => {
    const ir = await parseText(
      [
        "Name up to three dishes you would cook for guests.",
        "",
        "1. ______________________________",
        "2. ______________________________",
        "3. ______________________________",
        "",
        "Which kind of stove do you cook on?",
        "□ Gas",
        "□ Electric",
      ].join("\n"),
    );
    const questions = ir.items.filter((item) => item.kind === "question");
    expect(questions.map((question) => question.text)).toEqual(["Name up to three dishes you would cook for guests.", "Which kind of stove do you cook on?"]);
    expect(questions[1].options).toHaveLength(2);
  });
});
