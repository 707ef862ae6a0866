import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { QUESTION_NOUN_INITIALS } from "./cue-lexicon";
import { INITIAL_DOTTED_ID, matchQuestionId } from "./patterns";

/**
 * Spanish, Portuguese, German and Italian questionnaires print a question's id as the initial of their word for
 * "question" (Pregunta, Frage, Domanda, …), a full stop and the number: "P.7", "P.2B", "P.4B.1", "F.12a". The full
 * stop marks the id, so a capital part letter after the number needs no punctuation; the routing names the question
 * with the same spelling ("PASAR A P.2B"), which the id keeps as its alias.
 */
describe("dotted question-noun initial ids ('P.7', 'P.2B', 'P.4B.1')", () => {
  it.each([
    ["P.7 ¿Con qué frecuencia visita usted el mercado?", "P7", "P.7", "¿Con qué"],
    ["P.2B     ¿Y su pareja?", "P2B", "P.2B", "¿Y su"],
    ["P.4B.1   ¿Cuántos años tenía entonces?", "P4B.1", "P.4B.1", "¿Cuántos"],
    ["P.9A. ¿Qué deporte practica?", "P9A", "P.9A", "¿Qué deporte"],
    ["P.0F2 ¿Ha viajado alguna vez en tren?", "P0F2", "P.0F2", "¿Ha viajado"],
    ["P.6.C ¿A qué edad empezó?", "P6.C", "P.6.C", "¿A qué edad"],
    ["F.12a Wie oft fahren Sie Rad?", "F12a", "F.12a", "Wie oft"],
  ])("%s", (line, id, alias, rest) => {
    const found = matchQuestionId(line);
    expect(found?.id).toBe(id);
    expect(found?.alias).toBe(alias);
    expect(found?.rest.startsWith(rest)).toBe(true);
  });

  it("knows every question noun's initial of the cue lexicon, and no other letter", () => {
    for (const initial of QUESTION_NOUN_INITIALS) expect(INITIAL_DOTTED_ID.test(`${initial}.3`), initial).toBe(true);
    for (const letter of "ABCEGHIJKLMNOQRSTUWXYZ".split("").filter((letter) => !QUESTION_NOUN_INITIALS.includes(letter))) expect(INITIAL_DOTTED_ID.test(`${letter}.3`), letter).toBe(false);
  });

  it("reads a dotted initial alone on its line as a standalone id", () => {
    expect(matchQuestionId("P.5B")?.id).toBe("P5B");
  });

  it("leaves other letters and a page reference alone", () => {
    expect(matchQuestionId("A.1 Composición del hogar")?.id).not.toBe("A1");
    expect(matchQuestionId("p.12 del manual")).toBeNull();
  });

  it("finds each question of a dotted-initial questionnaire and routes to the dotted spelling", async () => {
    const ir = await parseText(
      [
        "P.1 ¿Ha viajado alguna vez en tren?",
        "SÍ 1 --> PASAR A P.2A",
        "NO 2 --> PASAR A P.3",
        "P.2A ¿Con qué frecuencia viaja en tren?",
        "CADA SEMANA 1",
        "CADA MES 2",
        "P.2B ¿Viaja solo o acompañado?",
        "SOLO 1",
        "ACOMPAÑADO 2",
        "P.3 ¿Cuál es su edad?",
        "MENOS DE 30 AÑOS 1",
        "30 AÑOS O MÁS 2",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["P1", "P2A", "P2B", "P3"]);
    expect(questionById(ir, "P1").options.find((option) => option.code === "2")?.route).toMatchObject({ kind: "question", ref: "P.3" });
    // The dotted spelling of the route finds the question by its alias: the compiled survey jumps to P3's page.
    const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
    const target = document.pages.find((page) => page.blocks.some((block) => block.config.question?.variable === questionById(ir, "P3").variable));
    expect(document.pages.flatMap((page) => page.navigation_rules).some((rule) => rule.target_page_id === target?.id)).toBe(true);
  });
});
