import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../conditions";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { QUESTION_NOUN_INITIAL_NAME, QUESTION_NOUN_INITIALS } from "./cue-lexicon";
import { leadIn, yesNoAnswers } from "./follow-ups";
import { END_LINE, GOTO_TARGET, GOTO_VERB, HINT, looksLikeQuestionText, matchQuestionId, SECTION_LINE } from "./patterns";
import { parseText, questionsOf as questions } from "../testing/parse-text";

// Synthetic examples written for these tests, one per language the lexicon covers.

const parse = (text: string, filename = "q.txt") => parseText(text, filename);
const byId = (ir: QuestionnaireIR, id: string) => questions(ir).find((question) => question.id === id)!;

describe("cue lexicon: selection mode in other languages", () => {
  it.each([
    ["Plusieurs réponses possibles", "multi"],
    ["(Deux réponses maximum)", "multi"],
    ["Respuesta múltiple", "multi"],
    ["Puede marcar varias opciones", "multi"],
    ["Mehrfachnennungen möglich", "multi"],
    ["Marque todas as que se aplicam", "multi"],
    ["Più risposte possibili", "multi"],
    ["Meerdere antwoorden mogelijk", "multi"],
    ["(Sæt gerne flere kryds)", "multi"],
    ["Une seule réponse possible", "single"],
    ["Respuesta única", "single"],
    ["Nur eine Antwort", "single"],
    ["Resposta única", "single"],
    ["Una sola risposta", "single"],
    ["Sæt kun ét kryds", "single"],
  ])("%s → %s", (text, mode) => {
    expect(HINT[mode as "multi" | "single"].test(text)).toBe(true);
  });

  it("keeps the English cues", () => {
    expect(HINT.multi.test("Select all that apply")).toBe(true);
    expect(HINT.single.test("Select one")).toBe(true);
    expect(HINT.single.test("Select all that apply")).toBe(false);
  });

  it("reads a request to pick several or multiple answers as more than one answer", () => {
    expect(HINT.multi.test("Which fruits do you eat? (Select multiple)")).toBe(true);
    expect(HINT.multi.test("Which sports do you follow? (Tick several)")).toBe(true);
    expect(HINT.single.test("(Select multiple)")).toBe(false);
  });
});

describe("cue lexicon: follow-ups that depend on a yes or a no", () => {
  it.each([
    ["Si oui, lesquels ?", "yes"],
    ["Si non, pourquoi ?", "no"],
    ["Si vous avez répondu « oui », précisez", "yes"],
    ["Si sí, ¿cuántas veces?", "yes"],
    ["Si respondió Sí, ¿por qué?", "yes"],
    ["En caso negativo, ¿por qué no?", "no"],
    ["Wenn ja, wie oft?", "yes"],
    ["Falls nein: warum nicht?", "no"],
    ["Se sim, quais?", "yes"],
    ["Se não, por quê?", "no"],
    ["Se sì, quali?", "yes"],
    ["Zo ja, welke?", "yes"],
  ])("%s → %s", (text, polarity) => {
    expect(leadIn(text)).toMatchObject({ polarity });
  });

  it("reads accented yes answers ('Sí') as yes", () => {
    const options = [{ code: "1", label: "Sí" }, { code: "2", label: "No" }];
    expect(yesNoAnswers({ options } as IRQuestion)).not.toBeNull();
  });

  it("binds a Spanish 'Si sí' follow-up to the yes answer of the question before it", async () => {
    const ir = await parse(["Pregunta 1. ¿Tiene usted mascota?", "1. Sí", "2. No", "", "Pregunta 2. Si sí, ¿qué animal es?", "1. Perro", "2. Gato", "3. Otro"].join("\n"));
    const followUp = byId(ir, "Q2");
    expect(followUp.askIf).toHaveLength(1);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "1" })).toBe(true);
    expect(evaluateCondition(followUp.askIf[0].condition!, { Q1: "2" })).toBe(false);
  });
});

describe("cue lexicon: routing, numbering, sections and the end", () => {
  const goTo = new RegExp(String.raw`\b${GOTO_VERB}\s+${GOTO_TARGET}`, "i");
  it.each([
    ["Pase a la pregunta 7", "7"],
    ["Passez à la question 12", "12"],
    ["Aller à Q5", "Q5"],
    ["Weiter mit Frage 9", "9"],
    ["Passe para a pergunta 4", "4"],
    ["Passare alla domanda 6", "6"],
    ["Ga naar vraag 8", "8"],
    ["Skip to Q3", "Q3"],
  ])("%s names %s", (text, target) => {
    expect(goTo.exec(text)?.[1]).toBe(target);
  });

  it("routes a Spanish answer to the question it names", async () => {
    const ir = await parse(["Pregunta 1. ¿Tiene coche?", "1. Sí", "2. No → Pase a la pregunta 3", "", "Pregunta 2. ¿Con qué frecuencia conduce?", "1. A diario", "2. Semanalmente", "", "Pregunta 3. ¿Cuál es su edad?", "1. Menos de 30", "2. 30 o más"].join("\n"));
    expect(byId(ir, "Q1").options[1].route).toMatchObject({ kind: "question", ref: "3" });
  });

  it.each([
    ["Pregunta 3. ¿Cuál es su edad?", "Q3", "P3"],
    ["Frage 3: Wie alt sind Sie?", "Q3", "F3"],
    ["Pergunta 3 - Qual é a sua idade?", "Q3", "P3"],
    ["Vraag 3. Hoe oud bent u?", "Q3", "V3"],
  ])("%s is question %s (also %s)", (text, id, alias) => {
    expect(matchQuestionId(text)).toMatchObject({ id, alias });
  });

  it.each(["PARTIE 2", "Sección B. Opiniones", "Abschnitt C: Haushalt", "Seção 2 - Saúde", "Sezione 1", "Teil 1: Allgemeines"])("%s heads a section", (text) => {
    expect(SECTION_LINE.test(text)).toBe(true);
  });

  it.each(["Fin du questionnaire", "Fin de la encuesta", "Ende des Fragebogens", "Fim do questionário", "End of survey"])("%s ends the questionnaire", (text) => {
    expect(END_LINE.test(text)).toBe(true);
  });

  it("reads a question opened by a question word in another language", () => {
    expect(looksLikeQuestionText("Welche Zeitung lesen Sie")).toBe(true);
    expect(looksLikeQuestionText("Quel est votre âge")).toBe(true);
    expect(looksLikeQuestionText("Cuántos hijos tiene")).toBe(true);
  });
});

describe("cue lexicon: don't know and other-specify answers", () => {
  it("makes a 'don't know' answer exclusive in a multiple-answer question, in German", async () => {
    const ir = await parse(["Frage 1. Welche Medien nutzen Sie? (Mehrfachnennungen möglich)", "1. Fernsehen", "2. Radio", "3. Zeitung", "4. Keine Angabe"].join("\n"));
    const question = byId(ir, "Q1");
    expect(question.type).toBe("multi");
    expect(question.options.find((option) => option.label === "Keine Angabe")?.exclusive).toBe(true);
  });

  it("makes 'Sans opinion' exclusive in a French multiple-answer question", async () => {
    const ir = await parse(["Q.1 Quels sports pratiquez-vous ? (Plusieurs réponses possibles)", "1. Football", "2. Tennis", "3. Sans opinion"].join("\n"));
    const question = byId(ir, "Q1");
    expect(question.type).toBe("multi");
    expect(question.options.find((option) => option.label === "Sans opinion")?.exclusive).toBe(true);
  });
});

describe("cue lexicon: a bare number before wording that asks in its own language", () => {
  it.each([
    ["4 Concernant vos loisirs, pratiquez-vous un sport", "4"],
    ["7 Quels sont, selon vous, les deux problèmes", "7"],
    ["12 Welche Verkehrsmittel nutzen Sie", "12"],
    ["9 Actuellement vous habitez le plus souvent…", "9"],
  ])("%s is question %s", (text, id) => {
    expect(matchQuestionId(text)).toMatchObject({ id, kind: "numeric" });
  });

  it("still reads a coded answer as an answer", () => {
    expect(matchQuestionId("2 Tout à fait d'accord")).toBeNull();
    expect(matchQuestionId("3 Autre :")).toBeNull();
    expect(matchQuestionId("2 I have not used a train")).toBeNull();
  });

  it("reads a wrapped French question and its answers", async () => {
    const ir = await parse(["1 Concernant vos études, avez-vous une idée précise", "du métier que vous souhaitez exercer ?", "• Oui", "• Non", "", "2 Quels sont, selon vous, les deux sujets", "les plus importants ? (Deux réponses maximum)", "• L'emploi", "• La santé", "• Le logement"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["1", "single", 2],
      ["2", "multi", 3],
    ]);
  });
});

describe("cue lexicon: amounts asked for in other languages", () => {
  it.each([
    ["1. Combien de personnes vivent dans votre foyer ?", "numeric"],
    ["1. ¿Cuántos hijos tiene?", "numeric"],
    ["1. Wie viele Stunden arbeiten Sie pro Woche?", "numeric"],
    ["1. Hoeveel kamers heeft uw woning?", "numeric"],
    ["1. Hvor mange gange har du været i udlandet?", "numeric"],
    ["1. Pourquoi avez-vous choisi ce produit ?", "open"],
  ])("%s → %s", async (text, type) => {
    expect(byId(await parse(`${text}\n______`), "1").type).toBe(type);
  });
});

describe("question noun initials", () => {
  it("the name pattern covers every initial of the table, and only with a number after it", () => {
    for (const initial of QUESTION_NOUN_INITIALS) {
      expect(QUESTION_NOUN_INITIAL_NAME.exec(`${initial}12`)?.[1]).toBe("12");
      expect(QUESTION_NOUN_INITIAL_NAME.test(`${initial}X1`)).toBe(false);
    }
  });
});

describe("declared answer modes in other languages", () => {
  it("reads '(Choix multiples)', 'Mehrfachauswahl' and 'mark the corresponding options' as several answers, '(Question ouverte)' and 'offene Frage' as an open answer", async () => {
    expect(HINT.multi.test("Langues parlées (Choix multiples) :")).toBe(true);
    expect(HINT.multi.test("Welche Geräte nutzen Sie? (Mehrfachauswahl)")).toBe(true);
    expect(HINT.multi.test("Which tools do you own? Mark the corresponding options.")).toBe(true);
    expect(HINT.multi.test("Which tool do you use most? Mark the corresponding option.")).toBe(false);
    expect(HINT.open.test("Pourquoi ? (Question ouverte)")).toBe(true);
    expect(HINT.open.test("Was wünschen Sie sich? (offene Frage)")).toBe(true);
    expect(HINT.open.test("¿Qué cambiaría? (pregunta abierta)")).toBe(true);
    const ir = await parse(["1. Langues parlées à la maison (Choix multiples) :", "   - Français", "   - Anglais", "   - Autre", "2. Pourquoi avez-vous déménagé ? (Question ouverte)"].join("\n"), "q.md");
    expect(questions(ir).map((question) => question.type)).toEqual(["multi", "open"]);
  });
});
