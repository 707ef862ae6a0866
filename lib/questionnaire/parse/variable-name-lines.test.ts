import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("variable-name lines and dotted blanks on a coded paper form", () => {
  it("reads the capitalised line after each answer list as the variable name, and a dotted blank as an entry field", async () => {
    const ir = await parseText(
      [
        "P1. In which year did you open the shop?",
        ".... 1",
        "OPENYR",
        "",
        "P2. Which town is the shop in?",
        ".... 1",
        "TOWN",
        "",
        "P3. What kind of shop is it?",
        "General 1",
        "Specialist 2",
        "SHOPTYPE",
        "",
        "P4. Do you sell online?",
        "Yes 1",
        "No 2",
        "ONLINE",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.id)).toEqual(["P1", "P2", "P3", "P4"]);
    expect(qs[0].type).not.toBe("single");
    expect(qs[0].options).toHaveLength(0);
    expect(qs[2].options).toHaveLength(2);
    expect(qs[3].options).toHaveLength(2);
  });

  it("keeps a capitalised last answer when the document does not close its lists that way", async () => {
    const ir = await parseText(["Q1. Which network?", "a. ABC", "b. NBC", "c. CBS"].join("\n"), "form.txt");
    expect(questionsOf(ir)[0].options.map((o) => o.label)).toEqual(["ABC", "NBC", "CBS"]);
  });
});

describe("two-letter variable names once the form closes its lists with variable names", () => {
  it("reads 'CA' after a dotted blank as the variable name, so the question is an entry field", async () => {
    const ir = await parseText(
      [
        "A1 Quelle est votre année de naissance (AAAA) ?",
        "1………………………………… 1",
        "NAISS",
        "",
        "A2 Quel est votre statut ?",
        "Salarié 1",
        "Indépendant 2",
        "STATUT",
        "",
        "A3 Combien de salariés ?",
        "1………………………………… 1",
        "NBSAL",
        "",
        "A4 Quel était le chiffre d’affaires l’année dernière ? (en euro)",
        "1………………………………… 1",
        "CA",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.id)).toEqual(["A1", "A2", "A3", "A4"]);
    expect(qs[3].options).toHaveLength(0);
    expect(qs[3].type).toBe("numeric");
    expect(qs[0].type).toBe("numeric");
  });
});
