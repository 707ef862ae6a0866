import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

describe("dropdown rows printed with their placeholder", () => {
  it("reads numbered rows that each end with a closed dropdown as a grid, and the next numbered item as the next question", async () => {
    const ir = await parseText(
      [
        "How much do you expect of the garden club in each season?",
        "",
        "1. Help with seed swaps",
        "1. Season [Please select]",
        "2. Season [Please select]",
        "3. Season [Please select]",
        "2. Tool lending on weekends",
        "1. Season [Please select]",
        "2. Season [Please select]",
        "3. Season [Please select]",
        "",
        "3. What else should the club offer?",
        "",
      ].join("\n"),
    );
    const first = questionById(ir, "1");
    expect(first.type).toBe("grid");
    expect(first.rows.map((row) => row.label)).toEqual(["1. Season", "2. Season", "3. Season"]);
    expect(first.columns).toEqual([]);
    const second = questionById(ir, "2");
    expect(second.type).toBe("grid");
    expect(second.text).toContain("Tool lending");
    expect(second.rows).toHaveLength(3);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
  });

  it("reads labelled rows with a placeholder in another language", async () => {
    const ir = await parseText(["1. Wie oft besuchen Sie den Markt?", "Im Sommer [Bitte auswählen]", "Im Winter [Bitte auswählen]", ""].join("\n"));
    const question = questionById(ir, "1");
    expect(question.type).toBe("grid");
    expect(question.rows.map((row) => row.label)).toEqual(["Im Sommer", "Im Winter"]);
  });
});
