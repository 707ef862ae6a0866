import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** A roster sheet's questions are its columns: a skip names its target by the column ("Skip to Col. 4.3"). */
describe("routing targets named by their column", () => {
  it("reads 'Col. 4.3', 'Col.4.4' and 'column 4.4' as the questions of those numbers", async () => {
    const ir = await parseText(
      [
        "4.1 Did … work in a garden last week?",
        "1. Yes",
        "2. No (Skip to Col. 4.3)",
        "",
        "4.2 How many hours did … spend on the garden?",
        "1. Under 2 hours (Skip to Col.4.4)",
        "2. Over 2 hours (go to column 4.4)",
        "",
        "4.3 What did … grow mostly?",
        "1. Vegetables",
        "2. Fruit",
        "",
        "4.4 Would … like more land for gardening?",
        "1. Yes",
        "2. No",
      ].join("\n"),
    );
    expect(questionById(ir, "4.1").options[1].route).toEqual({ kind: "question", ref: "4.3" });
    expect(questionById(ir, "4.2").options.map((option) => option.route)).toEqual([
      { kind: "question", ref: "4.4" },
      { kind: "question", ref: "4.4" },
    ]);
  });
});
