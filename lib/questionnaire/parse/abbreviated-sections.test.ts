import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { abbreviatedSection } from "./abbreviated-sections";

/** Convention: a household-survey module heads a section with the noun cut short and glued to its number ("SEC4: FERTILITY"). */

describe("abbreviated section headings", () => {
  it("reads SEC/Sect. with the number glued or spaced, a separator and the title", () => {
    expect(abbreviatedSection("SEC2:HOUSING & WATER")).toEqual({ label: "Section 2", title: "HOUSING & WATER" });
    expect(abbreviatedSection("Sect. 3 – Livestock")).toEqual({ label: "Section 3", title: "Livestock" });
    expect(abbreviatedSection("SEC 5")).toEqual({ label: "Section 5", title: "Section 5" });
  });

  it("leaves an id that runs on, or a number followed by wording, alone", () => {
    expect(abbreviatedSection("Sec5Q11")).toBeNull();
    expect(abbreviatedSection("SEC4 HOW MANY GOATS DO YOU OWN?")).toBeNull();
    expect(abbreviatedSection("Second visit: date")).toBeNull();
  });

  it("keeps the section's first numbered question a question, not an answer of the heading", async () => {
    const ir = await parseText(
      [
        "SEC3: LIVESTOCK",
        "",
        "1. Does the household own any goats?",
        "   Yes ..... 1",
        "   No ...... 2",
        "",
        "2. How many goats?  ____",
        "",
      ].join("\n"),
      "livestock.txt",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2"]);
    expect(questionById(ir, "1").options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});
