import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { holdsContactAddress, isContactList } from "./contact-lists";

describe("a list of contacts under an introduction", () => {
  it("finds e-mail addresses written plainly or spelled out, and web addresses", () => {
    expect(holdsContactAddress("Ana Lima [ ana.lima at uni.example.br ]")).toBe(true);
    expect(holdsContactAddress("Help desk <help@example.org>")).toBe(true);
    expect(holdsContactAddress("Our site: www.example.org/help")).toBe(true);
    expect(holdsContactAddress("I shop at the market")).toBe(false);
    expect(holdsContactAddress("Meet at 3.5 km")).toBe(false);
    expect(isContactList(["Ana [ ana at uni.br ]", "Ben (ben@uni.br)"])).toBe(true);
    expect(isContactList(["Ana [ ana at uni.br ]", "Someone else"])).toBe(false);
  });

  it("reads the introduction and its contacts as text, not as a question and its answers", async () => {
    const ir = await parseText(
      ["Club survey", "", "If you have any questions, please write to the organisers:", "- Ana Lima [ ana.lima at uni.example.br ]", "- Ben Sousa [ ben.sousa at uni.example.br ]", "", "1. How often do you train?", "- Daily", "- Weekly"].join("\n"),
      "form.md",
    );
    expect(questionsOf(ir).map((question) => question.text)).toEqual(["How often do you train?"]);
  });
});
