import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { isCitation } from "./citations";

describe("a numbered list of cited sources", () => {
  it("recognises an entry with authors and a year in brackets, not a question that names a year", () => {
    expect(isCitation('The Garden Attitude Scale. Miller, A.; & Stone, B. (2004). "Measuring garden attitudes". Journal of Outdoor Studies, 12, 40-51.')).toBe(true);
    expect(isCitation("What did you plant in spring (2004)?")).toBe(false);
    expect(isCitation("I visited the garden in (2004) with friends.")).toBe(false);
  });

  it("reads the cited sources before the items as text, not as questions", async () => {
    const ir = await parseText(
      [
        "This study used two published scales:",
        "",
        '1. The Garden Attitude Scale. Miller, A.; & Stone, B. (2004). "Measuring garden attitudes". Journal of Outdoor Studies, 12, 40-51.',
        '2. The Weekend Habits Index. Novak, C. (2011). "Weekend routines". Leisure Review, 3(2), 7-19.',
        "",
        "The items were rated on a three point scale (1 = Disagree, 2 = Unsure, 3 = Agree):",
        "",
        "GA1\tI enjoy weeding the flower beds.",
        "GA2\tI plan the garden before spring.",
        "GA3\tI share cuttings with my neighbours.",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["GA1", "GA2", "GA3"]);
    expect(questionsOf(ir).every((question) => question.options.length === 3)).toBe(true);
  });
});
