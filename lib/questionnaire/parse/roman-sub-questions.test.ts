import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("sub-questions numbered with Roman numerals under lettered questions", () => {
  const guide = [
    "Interview guide",
    "1. Daily routine",
    "(a) How do you usually travel to work?",
    "(b) Do you ever cycle to work?",
    "i. If yes, which route do you take? Why that one?",
    "ii. If yes, what would make cycling easier?",
    "iii. What stops you from cycling more often?",
    "(c) When do you usually leave home?",
    "2. Closing",
    "(a) Is there anything else you would like to add?",
    "(b) May we contact you again?",
  ].join("\n");

  it("reads every numeral as its own open question, like the letters around it", async () => {
    const list = questionsOf(await parseText(guide));
    expect(list).toHaveLength(8);
    expect(list.map((question) => question.options.length)).toEqual([0, 2, 0, 0, 0, 0, 0, 0]);
    expect(list[3].text).toContain("what would make cycling easier?");
    expect(list[4].text).toContain("What stops you from cycling more often?");
  });

  it("binds an 'If yes' sub-question to the lettered question it follows, past its own numeral", async () => {
    const list = questionsOf(await parseText(guide));
    const asked = list[1];
    expect(list[2].askIf[0]?.condition).toBe(`{${asked.variable}} = '1'`);
    expect(list[3].askIf[0]?.condition).toBe(`{${asked.variable}} = '1'`);
    expect(list.slice(4).every((question) => question.askIf.length === 0)).toBe(true);
  });

  it("keeps answers numbered i., ii., iii. as one answer list", async () => {
    const list = questionsOf(await parseText(["1. Which season do you like best?", "i. Spring", "ii. Summer", "iii. Autumn", "iv. Winter"].join("\n")));
    expect(list).toHaveLength(1);
    expect(list[0].options.map((option) => option.label)).toEqual(["Spring", "Summer", "Autumn", "Winter"]);
  });
});
