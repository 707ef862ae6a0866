import { describe, expect, it } from "vitest";
import { growth } from "../testing/regex-growth";
import { parseText, questionsOf } from "../testing/parse-text";
import { askedIfLine, SENTENCE_PATTERNS, sentenceCondition } from "./sentence-conditions";

/** Conditions written as sentences, in the languages of the cue lexicon (synthetic sentences written for this test). */
describe("sentence conditions", () => {
  it("reads 'if you answered X to question N' with the answer before the question", () => {
    expect(sentenceCondition("If you answered yes to question 4:")).toBe("if Q4 = yes:");
    expect(sentenceCondition("Si vous avez répondu « non » à la question 12 :")).toBe("if Q12 = non :");
    expect(sentenceCondition("Si respondió 'No' en P7, pase a P10")).toBe("if P7 = No, pase a P10");
    expect(sentenceCondition("Se hai risposto sì alla domanda 4:")).toBe("if Q4 = sì:");
    expect(sentenceCondition("Hvis du svarede nej til spørgsmål 5, gå til spørgsmål 8")).toBe("if Q5 = nej, gå til spørgsmål 8");
    expect(sentenceCondition("Jeśli odpowiedziałaś tak na pytanie 2:")).toBe("if Q2 = tak:");
  });

  it("reads the verb-last order ('… mit ja beantwortet haben', '… ja hebt geantwoord')", () => {
    expect(sentenceCondition("Wenn Sie Frage 3 mit ja beantwortet haben:")).toBe("if Q3 = ja:");
    expect(sentenceCondition("Als u bij vraag 6 nee hebt geantwoord:")).toBe("if Q6 = nee:");
    expect(sentenceCondition("Als u ja hebt geantwoord op vraag 6:")).toBe("if Q6 = ja:");
  });

  it("reads an answer alone (the question the sentence is written on) and a yes/no after the if-word", () => {
    expect(sentenceCondition("Se respondeu Não, passe para a questão 9")).toBe("if Não, passe para a questão 9");
    expect(sentenceCondition("Hvis nej, gå til spørgsmål 5")).toBe("if nej, gå til spørgsmål 5");
    expect(sentenceCondition("Om ja: gå till fråga 4")).toBe("if ja: gå till fråga 4");
    expect(sentenceCondition("Jeśli nie, przejdź do pytania 7")).toBe("if nie, przejdź do pytania 7");
  });

  it("reads a code recorded at a question, the code first or the question first ('if coded 1 at 402', 'jika 406 berkode 1')", () => {
    expect(sentenceCondition("if coded 2 at 115")).toBe("if Q115 = 2");
    expect(sentenceCondition("if 115 is coded 3")).toBe("if Q115 = 3");
    expect(sentenceCondition("jika berkode 1 pada 208")).toBe("if Q208 = 1");
    expect(sentenceCondition("apabila 311 berkode 2")).toBe("if Q311 = 2");
  });

  it("reads a short clause alone on its line as a filter", () => {
    expect(sentenceCondition("Si usted trabaja:")).toBe("if usted trabaja:");
    expect(sentenceCondition("Wenn Sie rauchen:")).toBe("if Sie rauchen:");
  });

  it("leaves wording and instructions as written", () => {
    // It goes on to ask; it instructs in its own words; it is no condition at all.
    expect(sentenceCondition("Si vous avez répondu oui à la question 1, quelle marque ?")).toBe("Si vous avez répondu oui à la question 1, quelle marque ?");
    expect(sentenceCondition("If you selected Other, please specify below")).toBe("If you selected Other, please specify below");
    expect(sentenceCondition("Se trata de una encuesta anónima.")).toBe("Se trata de una encuesta anónima.");
    expect(sentenceCondition("Om ons onderzoek: u kunt stoppen wanneer u wilt.")).toBe("Om ons onderzoek: u kunt stoppen wanneer u wilt.");
    // A heading that opens with another language's if-word ("om": "about") speaks of no respondent.
    expect(sentenceCondition("Om ons onderzoek:")).toBe("Om ons onderzoek:");
    expect(sentenceCondition("Si possible :")).toBe("Si possible :");
  });

  it("its patterns grow linearly", () => {
    for (const pattern of SENTENCE_PATTERNS) expect(growth(pattern).ratio).toBeLessThan(3);
  });
});

describe("a filter in brackets after the wording, in any lexicon language, naming a code", () => {
  it("binds '(jika Q2 berkode 1)' and '(if coded 2 at Q1)' to the question and code they name", async () => {
    const questions = questionsOf(
      await parseText(
        ["Q1. Kind of heating", "1. Wood", "2. Gas", "", "Q2. Gas supplier (if coded 2 at Q1)", "1. Public", "2. Private", "", "Q3. Monthly gas bill (jika Q2 berkode 1)", "1. Low", "2. High"].join("\n"),
        "form.md",
      ),
    );
    expect(questions.map((question) => [question.text, question.askIf.map((condition) => condition.condition)])).toEqual([
      ["Kind of heating", []],
      ["Gas supplier", ["{Q1} = '2'"]],
      ["Monthly gas bill", ["{Q2} = '1'"]],
    ]);
  });
});


describe("filters that name their question with an ask-word in another language", () => {
  it("says them the English way, keeping the bracket as printed", () => {
    expect(askedIfLine("[POSER JARDIN2 SI JARDIN>2]")).toBe("[ASK JARDIN2 IF JARDIN>2]");
    expect(askedIfLine("Poser QVELO2 si QVELO=Refus")).toBe("ASK QVELO2 IF QVELO=Refus");
    expect(askedIfLine("[POSER SI QVELO=1]")).toBe("[ASK IF QVELO=1]");
    expect(askedIfLine("PREGUNTAR P7 SI P6=1")).toBe("ASK P7 IF P6=1");
    expect(askedIfLine("Poser une question si vous voulez")).toBeNull();
  });

  it("scopes them to the question they name, and binds a refusal word to the answer that declines", async () => {
    const ir = await parseText(
      [
        "QVELO: Combien de vélos avez-vous?",
        "Un",
        "Deux ou plus",
        "Je préfère ne pas répondre",
        "Poser QVELO2 si QVELO=Refus",
        "QVELO2: Avez-vous un vélo?",
        "Oui",
        "Non",
        "[POSER QCASQUE SI QVELO2=1]",
        "QCASQUE: Portez-vous un casque?",
        "Oui",
        "Non",
        "QFIN: Quel est votre sexe?",
        "Masculin",
        "Féminin",
      ].join("\n"),
    );
    const asked = (id: string) => ir.items.find((item) => item.kind === "question" && item.id === id);
    const conditions = (id: string) => { const item = asked(id); return item && "askIf" in item ? item.askIf.map((c) => c.condition) : undefined; };
    expect(conditions("QVELO2")).toEqual(["{QVELO} = '3'"]);
    expect(conditions("QCASQUE")).toEqual(["{QVELO2} = '1'"]);
    expect(conditions("QFIN")).toEqual([]);
  });
});
