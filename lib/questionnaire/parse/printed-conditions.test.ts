import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

async function parseText(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
const conditions = (ir: QuestionnaireIR) => Object.fromEntries(questions(ir).map((question) => [question.id, question.askIf.map((condition) => condition.condition ?? condition.text)]));

// A survey tool's printout: "Question N:" ids, an icon before each help line, the condition under the wording.
const printout = (conditionLines: string[]) =>
  [
    "Question 1: Do you keep bees?",
    "‼ Please select only one of the following answers:",
    "○ Yes",
    "○ No",
    "Question 2: How many hives do you keep?",
    "‼ Please select only one of the following answers:",
    "○ One",
    "○ Two to five",
    "○ More than five",
    "Question 3: Which problems have your colonies had?",
    ...conditionLines,
    "‼ Please select all applicable answers:",
    "□ Mites",
    "□ Wasps",
    "□ Cold winters",
  ].join("\n");

describe("display conditions printed by a survey tool under the wording", () => {
  it("reads 'Answer this question only if …' and its 'Answer was … to …' clause as the question's filter, wording wrapped or not", async () => {
    const ir = await parseText(
      printout(["Answer this question only if the following conditions are fulfilled:", "Answer was “Yes” to “Question 1” (Do you keep", "bees?)"]),
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "single", 2],
      ["Q2", "single", 3],
      ["Q3", "multi", 3],
    ]);
    expect(conditions(ir)).toMatchObject({ Q1: [], Q2: [], Q3: ["{Q1} = '1'"] });
    expect(questions(ir)[2].text).toBe("Which problems have your colonies had?");
  });

  it("joins clauses on one question as alternatives and on different questions as all required, unless the printout says", async () => {
    const sameQuestion = await parseText(
      printout(["Answer this question only if the following conditions are fulfilled:", "Answer was “Two to five” to “Question 2”", "Answer was “More than five” to “Question 2”"]),
    );
    expect(conditions(sameQuestion).Q3).toEqual(["{Q2} = '2' or {Q2} = '3'"]);
    const differentQuestions = await parseText(
      printout(["Answer this question only if the following conditions are fulfilled:", "Answer was “Yes” to “Question 1”", "Answer was “One” to “Question 2”"]),
    );
    expect(conditions(differentQuestions).Q3).toEqual(["{Q1} = '1' and {Q2} = '1'"]);
    const written = await parseText(
      printout(["Answer this question only if the following conditions are fulfilled:", "Answer was “Yes” to “Question 1”", "or", "Answer was “One” to “Question 2”"]),
    );
    expect(conditions(written).Q3).toEqual(["{Q1} = '1' or {Q2} = '1'"]);
  });

  it("names the question by the code in brackets when the printout gives one ('at question '2 [HIVES]'')", async () => {
    const text = printout(["Answer this question only if the following conditions are fulfilled:", "Answer was 'One' at question '2 [Q2]' (How many hives do you keep?)"]);
    expect(conditions(await parseText(text)).Q3).toEqual(["{Q2} = '1'"]);
  });

  it("reads the printout's lead and clauses in the tool's other interface languages, several answers joined by 'or' (cue lexicon)", async () => {
    const spanish = printout(["Sólo conteste esta pregunta si se cumplen las siguientes condiciones:", "La respuesta fue 'Two to five' o 'More than five' en la pregunta '2 [Q2]' (How many hives do you keep?)"]);
    expect(conditions(await parseText(spanish)).Q3).toEqual(["{Q2} = '2' or {Q2} = '3'"]);
    const german = printout(["Beantworten Sie diese Frage nur, wenn folgende Bedingungen erfüllt sind:", "Die Antwort war 'Yes' bei Frage '1 [Q1]' (Do you keep bees?)"]);
    expect(conditions(await parseText(german)).Q3).toEqual(["{Q1} = '1'"]);
  });

  it("leaves a lead line without any clause as it is written", async () => {
    const ir = await parseText(printout(["Answer this question only if the following conditions are fulfilled:"]));
    expect(conditions(ir).Q3).toEqual([]);
  });
});

describe("a printed condition between the wording and the tool's answer help line", () => {
  it("keeps the condition, the help line and the answers with the question they are printed under (Spanish and Portuguese help lines)", async () => {
    for (const help of ["Por favor seleccione sólo una de las siguientes opciones:", "Por favor, escolha uma das seguintes opções:"]) {
      const lines = (id: number, wording: string, condition: string[], answers: string[]) => [`${id} [P${id}]${wording} *`, ...condition, help, ...answers.map((answer) => `☐ ${answer}`)];
      const lead = "Sólo conteste esta pregunta si se cumplen las siguientes condiciones:";
      const text = [
        ...lines(1, "¿Se considera usted una persona religiosa?", [], ["Muy religiosa", "Poco religiosa", "Nada religiosa"]),
        ...lines(2, "¿Practica alguna religión?", [lead, "La respuesta fue 'Muy religiosa' o 'Poco religiosa' en la pregunta '1 [P1]' (¿Se considera usted una persona religiosa?)"], ["Sí", "No"]),
        ...lines(3, "¿Cuál?", [lead, "La respuesta fue 'Sí' en la pregunta '2 [P2]' (¿Practica alguna religión?)"], ["Católica", "Evangélica", "Otra"]),
        ...lines(4, "¿Con qué frecuencia reza?", [lead, "La respuesta fue 'Sí' en la pregunta '2 [P2]' (¿Practica alguna religión?)"], ["Nunca", "A veces", "Siempre"]),
      ].join("\n");
      const ir = await parseText(text);
      expect(questions(ir).map((question) => [question.options.length, question.askIf.length > 0])).toEqual([
        [3, false],
        [2, true],
        [3, true],
        [3, true],
      ]);
    }
  });
});
