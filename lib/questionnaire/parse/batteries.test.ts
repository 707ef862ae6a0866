import { describe, expect, it } from "vitest";
import { scaleFromText } from "./interpret";
import { parseText as parseAs, questionsOf as questions } from "../testing/parse-text";

const parseText = (text: string, filename = "q.md") => parseAs(text, filename);

describe("batteries whose scale is stated once, apart from the items", () => {
  it("reads a legend written with end points only and labels ending at a full stop", () => {
    expect(scaleFromText("Scale: 1 = Not true … 4 = Very true.")?.columns.map((column) => column.label)).toEqual(["Not true", "2", "3", "Very true"]);
    expect(scaleFromText("Key: 1 = Seldom, 2 = Often, 3 = Always.\nPeriod: last week.")?.columns.map((column) => column.label)).toEqual(["Seldom", "Often", "Always"]);
  });

  it("takes bulleted statements that carry the next printed ids as one grid under the scale line", async () => {
    const ir = await parseText(
      [
        "## Part 1",
        "",
        "Q1. How old are you? [open text]",
        "",
        "## Part 2",
        "",
        "Key: 1 = Seldom, 2 = Often, 3 = Always.",
        "Period: last week.",
        "",
        "- Q2. I slept well.",
        "- Q3. I ate breakfast.",
        "- Q4. I went for a walk.",
        "",
        "## Part 3",
        "",
        "Key: 1 = Not true … 4 = Very true.",
        "",
        "- Q5. I like my job.",
        "",
      ].join("\n"),
    );
    const list = questions(ir);
    const grid = list.find((question) => question.type === "grid")!;
    expect(grid.rows.map((row) => row.code)).toEqual(["Q2", "Q3", "Q4"]);
    expect(grid.columns.map((column) => column.label)).toEqual(["Seldom", "Often", "Always"]);
    const single = list.find((question) => question.id === "Q5")!;
    expect(single.type).toBe("single");
    expect(single.options).toHaveLength(4);
  });
});

describe("items rated on a legend given in the wording", () => {
  it("reads a bracketed legend naming some points in any order as the whole scale, and the bulleted items as its rows", async () => {
    expect(scaleFromText("Rate them (5 = High, 1 = Low, 0 = Don't use)")?.columns.map((column) => column.label)).toEqual(["Don't use", "Low", "2", "3", "4", "High"]);
    expect(scaleFromText("Please rank them in order of importance (1 = most important, 4 = least important)")).toBeNull();
    const ir = await parseText(
      [
        "1. Please rate the value of the following parts of a plan:  (5 = High, 1 = Low, 0 = Don't Use)",
        "- Goal definition",
        "- Process maps",
        "- Meeting schedule",
        "",
        "2. Do you use a plan? (Yes/No)",
        "",
        "3. Does your team need a template? If so, which one?",
        "- Text box for entry.",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.map((question) => [question.id, question.type, question.rows.length, question.columns.length, question.options.length])).toEqual([
      ["1", "grid", 3, 6, 0],
      ["2", "single", 0, 0, 2],
      ["3", "open", 0, 0, 0],
    ]);
  });
});
