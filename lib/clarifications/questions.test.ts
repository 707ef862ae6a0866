import { describe, expect, it } from "vitest";
import { compileFile } from "@/lib/questionnaire";
import { draftOf, excerptOf, overrideOfAnswer } from "./questions";

const survey = { id: "srv_1", slug: "demo", name: "Demo" };

async function drafts(lines: string[]) {
  const result = await compileFile(new TextEncoder().encode(lines.join("\n")), { filename: "q.md", survey, questionnaireRevision: 1 });
  return result.assumptions.map((assumption) => draftOf(assumption, result.extracted.text));
}

describe("clarifications from the compiler's assumptions", () => {
  it("takes the whole lines a span touches as the excerpt, and none for a span that points nowhere", () => {
    const text = "Q1. First\n1. Yes\n2. No [SKIP TO Q9]\nQ2. Next";
    const start = text.indexOf("SKIP");
    expect(excerptOf(text, { start, end: start + 4 })).toBe("2. No [SKIP TO Q9]");
    expect(excerptOf(text, { start: 0, end: 0 })).toBe("");
  });

  it("asks for a number range in plain words and reads the author's own words as the range", async () => {
    const [range] = (await drafts(["Q1. How many cups of coffee do you drink a day?", "Enter a number: ____"])).filter((draft) => draft.kind === "numeric_range");
    expect(range.prompt).toBe("Q1 asks for a number but does not say which numbers are allowed. What is the lowest and highest answer?");
    expect(range.options.map((option) => option.option_id)).toEqual(["option_1", "keep"]);
    expect(overrideOfAnswer(range, { kind: "answer", option_id: "option_1", text: null })).toMatchObject({ kind: "range", min: 0, max: 999 });
    expect(overrideOfAnswer(range, { kind: "answer", option_id: null, text: "0 to 20" })).toMatchObject({ kind: "text", about: "numeric_range", text: "0 to 20" });
    expect(overrideOfAnswer(range, { kind: "skip", option_id: null, text: null })).toBeNull();
  });

  it("asks where a value no question sets comes from, naming the questions that depend on it", async () => {
    const [variable] = (await drafts(["Q1. Which drinks do you like? Select all that apply.", "1. Tea", "2. Coffee", "", "SHOW ONLY TO CELL B", "Q2. Why do you like them?", "____"])).filter((draft) => draft.kind === "undefined_variable");
    expect(variable.prompt).toMatch(/^The questionnaire uses CELL to decide who sees Q2, but never says where that value comes from/);
    expect(variable.options.map((option) => option.option_id)).toContain("computed");
    expect(variable.context.excerpt).toBe("SHOW ONLY TO CELL B");
  });
});
