import { describe, expect, it } from "vitest";
import { parsePdfPage, parseText, questionById } from "../testing/parse-text";
import { numberFieldCaptions } from "./numeric-cues";
import { parseOption, splitInlineOptions } from "./patterns";

describe("glued letter codes: CJK answers lettered with a bare capital", () => {
  it("reads answers lettered A, B, C against their labels on the wording's line and on their own lines", async () => {
    const ir = await parseText(
      [
        "B1.您平时喝茶吗？【单选】 A喝 B不喝",
        "B2.您每周运动几次？【单选】",
        "A0次 B1-2次 C3次以上",
        "B3.您的月零花钱？【单选】",
        "A<500元 B 500-1000元 C≥1000元",
        "B4.您最喜欢的水果？【单选】",
        "A苹果 B香蕉 C葡萄",
        "D其他________【请注明】",
      ].join("\n"),
    );
    expect(questionById(ir, "B1")).toMatchObject({ type: "single", text: "您平时喝茶吗？【单选】" });
    expect(questionById(ir, "B1").options.map((option) => option.label)).toEqual(["喝", "不喝"]);
    expect(questionById(ir, "B2").options.map((option) => option.label)).toEqual(["0次", "1-2次", "3次以上"]);
    expect(questionById(ir, "B3").options).toHaveLength(3);
    expect(questionById(ir, "B4").options.map((option) => option.code)).toEqual(["A", "B", "C", "D"]);
  });

  it("needs a CJK label, the letters in sequence, and nothing asked", () => {
    expect(parseOption("A苹果")).toMatchObject({ code: "A", label: "苹果" });
    expect(parseOption("B500-1000元")).toMatchObject({ code: "B", label: "500-1000元" });
    expect(splitInlineOptions("A<500元 B 500-1000元", false)).toEqual(["A<500元", "B500-1000元"]);
    expect(parseOption("A轴：结构风险").code).toBeUndefined();
    expect(parseOption("Apple").code).toBeUndefined();
    expect(parseOption("A7您家有几辆车？").code).toBeUndefined();
    expect(splitInlineOptions("A苹果 C葡萄", false)).toBeNull();
    expect(splitInlineOptions("A new B road", false)).toBeNull();
  });
});

describe("CJK units beside a blank and bracketed remarks after the unit", () => {
  it("types a blank followed by a CJK unit and a type tag as a number", async () => {
    const ir = await parseText(["1.您每月的话费大约为_________元【填空】", "2.您的出生日期：____年____月"].join("\n"));
    expect(questionById(ir, "1").type).toBe("numeric");
    expect(questionById(ir, "2").type).not.toBe("numeric");
  });

  it("reads the unit before a bracketed condition on the value", async () => {
    const ir = await parseText("Q7. Depuis combien de temps jouez-vous ? ____ ans (moins de 2 ans → fin)\nQ8. Votre ville ?\n____");
    expect(questionById(ir, "Q7").type).toBe("numeric");
  });
});

describe("price asked: a pricing study's price questions", () => {
  it("types a question asking at what price as a number", async () => {
    const ir = await parseText(["Q1. À partir de quel prix trouveriez-vous ce savon trop cher ?", "Q2. At what price would this lamp seem a bargain?", "Q3. ¿A qué precio compraría esta silla?"].join("\n\n"));
    for (const id of ["Q1", "Q2", "Q3"]) expect(questionById(ir, id).type, id).toBe("numeric");
  });
});

describe("boxed answers after a remark or a closing quote", () => {
  it("reads the boxes from the first one when a sentence or a quote follows the question mark", async () => {
    const ir = await parseText(
      ["# Essai", "", "## Accueil", "**Q1.** « Voulez-vous jouer ? » ☐ Oui ☐ Non", "", "## Filtre", "- **Q2.** Avez-vous un vélo ? Les trottinettes ne comptent pas. ☐ Oui ☐ Non ☐ Je ne sais pas", "- **Q3.** Avez-vous un chien ? ☐ Oui ☐ Non"].join("\n"),
      "q.md",
    );
    expect(questionById(ir, "Q1")).toMatchObject({ type: "single" });
    expect(questionById(ir, "Q1").options.map((option) => option.label)).toEqual(["Oui", "Non"]);
    expect(questionById(ir, "Q2").options).toHaveLength(3);
    expect(questionById(ir, "Q2").text).toContain("Les trottinettes ne comptent pas.");
  });
});

/** A PDF form whose answer boxes the text layer lost: numbered bold questions, answer lines indented under them. */
function boxlessForm(lines: string[]) {
  return parsePdfPage(lines.map((text, i) => ({ text, x: /^\d/.test(text) ? 60 : 80, y: 760 - i * 16, bold: /^\d/.test(text) })));
}

describe("number-field captions: unit captions left by number boxes the text layer lost", () => {
  it("reads unit captions under the wording as a number field", async () => {
    const ir = await boxlessForm(["12. Combien de temps passez-vous à lire chaque semaine ?", "heure(s)", "minute(s)", "13. Avez-vous un jardin ?", "Oui", "Non"]);
    expect(questionById(ir, "12")).toMatchObject({ type: "numeric", options: [] });
    expect(questionById(ir, "12").instructions).toContain("fields: heure(s) / minute(s)");
    expect(questionById(ir, "13").type).toBe("single");
  });

  it("keeps answers that only mention a unit", () => {
    expect(numberFieldCaptions(["Moins de 6 mois", "Plus de 6 mois"], true)).toBe(false);
    expect(numberFieldCaptions(["heure(s)", "minute(s)"], false)).toBe(true);
    expect(numberFieldCaptions(["Répondez en nombre d'années et de mois. an(s) mois"], false)).toBe(true);
    expect(numberFieldCaptions(["Si vous y avez passé une demi-journée, indiquez 0.5", ", jour(s)"], false)).toBe(true);
  });
});

describe("answering help: a request on how to answer above answers printed without boxes", () => {
  it("moves the help line to the instructions", async () => {
    const ir = await boxlessForm(["5. Où avez-vous appris à nager ?", "Indiquez le lieu de votre première leçon et non celui des stages.", "En France", "À l'étranger", "6. Combien de temps lisez-vous ?", "heure(s)", "minute(s)", "7. Avez-vous un jardin ?", "Oui", "Non"]);
    const question = questionById(ir, "5");
    expect(question.options.map((option) => option.label)).toEqual(["En France", "À l'étranger"]);
    expect(question.instructions.join(" ")).toContain("Indiquez le lieu");
  });
});

describe("entry prompts: a specification's answer line that stands for the field", () => {
  it("reads the prompt as the field and the answers after it as special answers", async () => {
    const ir = await parseText(
      ["QVILLE: Quel est le nom de votre ville?", "Entrez le nom de la ville", "Je ne sais pas", "Je préfère ne pas répondre", "QANS: Quel âge a votre voiture?", "Insérer une liste déroulante", "Je préfère ne pas répondre", "QCOUL: Quelle est votre couleur préférée?", "Rouge", "Bleu"].join("\n"),
    );
    expect(questionById(ir, "QVILLE")).toMatchObject({ type: "open" });
    expect(questionById(ir, "QVILLE").options.map((option) => option.label)).toEqual(["Je ne sais pas", "Je préfère ne pas répondre"]);
    expect(questionById(ir, "QANS").type).toBe("numeric");
    expect(questionById(ir, "QCOUL").options).toHaveLength(2);
  });
});
