import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("numbered section titles over decimal-numbered questions", () => {
  it("leaves no empty question behind for the section's number", async () => {
    const ir = await parseText(
      [
        "1. About the garden",
        "1.1 How big is your garden?",
        "○ Small",
        "○ Large",
        "1.2 What do you grow?",
        "☐ Herbs",
        "☐ Fruit",
        "2. About the tools",
        "2.1 Which tools do you own?",
        "☐ Spade",
        "☐ Rake",
        "",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1.1", "1.2", "2.1"]);
    expect(ir.sections.map((section) => section.title)).toEqual(["1. About the garden", "2. About the tools"]);
  });
});
