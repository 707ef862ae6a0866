import { describe, expect, it } from "vitest";
import { normalizeForMatch } from "./patterns";

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
