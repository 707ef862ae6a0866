import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** A multiple answer allowed in so many words: "(More than one options are acceptable)", "more than one code allowed". */
describe("multiple answers allowed by a note", () => {
  it("reads a question whose note allows more than one answer as multiple choice", async () => {
    const ir = await parseText(
      [
        "7.5 Does … have more than one job?",
        "1. Yes",
        "2. No",
        "",
        "7.6 Which benefits is … entitled to? (More than one options are acceptable)",
        "1. Pension",
        "2. Medical care",
        "3. Paid leave",
        "",
        "7.7 Where did … look for work? (more than one code allowed)",
        "1. Newspapers",
        "2. Friends",
        "3. Job centre",
      ].join("\n"),
    );
    expect(questionById(ir, "7.5").type).toBe("single");
    expect(questionById(ir, "7.6").type).toBe("multi");
    expect(questionById(ir, "7.7").type).toBe("multi");
  });
});
