import { describe, expect, it } from "vitest";
import { matchQuestionId, normalizeForMatch, parseOption } from "./patterns";

describe("a text's normal form for matching is kept once read (bounded table, same form every time)", () => {
  it("gives the same form on every call, before and after the table is emptied", () => {
    const label = "Très <b>satisfait</b> – “mostly”";
    const form = normalizeForMatch(label);
    expect(form).toBe("tres satisfait mostly");
    expect(form).toBe(normalizeForMatch(label));
    for (let index = 0; index < 20500; index++) normalizeForMatch(`Invented answer ${index}`);
    expect(normalizeForMatch(label)).toBe(form);
    expect(normalizeForMatch("Invented answer 7")).toBe("invented answer 7");
  });
});

describe("a line's id and an answer line's parse are kept per text (each caller gets its own copy)", () => {
  it("gives equal, separate results for the same text", () => {
    const id = matchQuestionId("Q12. How many hedgehogs visit the garden?");
    expect(id).toMatchObject({ id: "Q12", number: 12 });
    id!.rest = "changed by one caller";
    expect(matchQuestionId("Q12. How many hedgehogs visit the garden?")?.rest).toBe("How many hedgehogs visit the garden?");
    expect(matchQuestionId("just a sentence with no number")).toBeNull();
    const option = parseOption("Every evening .......... 3");
    expect(option).toMatchObject({ label: "Every evening", code: "3" });
    option.label = "changed";
    expect(parseOption("Every evening .......... 3").label).toBe("Every evening");
  });
});
