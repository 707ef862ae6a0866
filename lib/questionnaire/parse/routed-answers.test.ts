import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { routedAnswer } from "./routed-answers";

/** Answers printed as "label: where the respondent goes" with no box or code (screener questions). */
describe("answers printed with their route after a colon or a dash", () => {
  it("reads the label and the directive, and knows going on from leaving", () => {
    expect(routedAnswer("Yes: Continue")).toEqual({ label: "Yes", directive: "Continue", goesOn: true });
    expect(routedAnswer("No: End Survey")).toEqual({ label: "No", directive: "End Survey", goesOn: false });
    expect(routedAnswer("Nein: Ende der Befragung")?.goesOn).toBe(false);
    expect(routedAnswer("Note: the survey continues on the next page")).toBeNull();
    expect(routedAnswer("Other: please specify")).toBeNull();
    expect(routedAnswer("No – end the interview")).toEqual({ label: "No", directive: "end the interview", goesOn: false });
    expect(routedAnswer("Part-time - continue")?.goesOn).toBe(true);
    expect(routedAnswer("Follow-up visit")).toBeNull();
  });

  it("reads the lines under a question as its answers, the leaving one as a screen-out", async () => {
    const text = ["Do you keep a garden at home?", "", "Yes: Continue", "No: End Survey", "", "What do you grow?", "( ) Herbs", "( ) Flowers"].join("\n");
    const [first, second] = questionsOf(await parseText(text));
    expect(first.text).toBe("Do you keep a garden at home?");
    expect(first.options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(first.options[1].route?.kind).toBe("terminate");
    expect(first.options[0].route).toBeUndefined();
    expect(second.options).toHaveLength(2);
  });

  it("gives a route typed after an answer run to the answer its condition names, by label or by code", async () => {
    const text = ["Q1. Do you keep bees?", "1. Yes 2. No 3. Unsure  If No go to Q3", "Q2. How many hives?", "Q3. Do you keep goats?", "1. Many 2. Few  If 1 go to Q5", "Q4. Why few?", "Q5. Your age?"].join("\n");
    const [bees, , goats] = questionsOf(await parseText(text));
    expect(bees.options.map((option) => option.label)).toEqual(["Yes", "No", "Unsure"]);
    expect(bees.options[1].route).toEqual({ kind: "question", ref: "Q3" });
    expect(bees.options[2].route).toBeUndefined();
    expect(goats.options.map((option) => option.label)).toEqual(["Many", "Few"]);
    expect(goats.options[0].route).toEqual({ kind: "question", ref: "Q5" });
  });
});

describe("an exit printed in brackets after an answer", () => {
  it("reads '(Action: Exit Survey)' and an end-of-questionnaire word alone in brackets ('(fin)') as the answer's route", async () => {
    const ir = await parseText(
      [
        "1. Do you keep bees?",
        "o Yes",
        "o No (Action: Exit Survey)",
        "",
        "2. Avez-vous un rucher ?",
        "o Oui",
        "o Non (fin)",
        "",
        "3. How many hives do you have?",
        "o One (the first)",
        "o More than one",
      ].join("\n"),
    );
    const [bees, rucher, hives] = questionsOf(ir);
    expect(bees.options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(bees.options[1].route?.kind).toMatch(/^(?:terminate|end)$/);
    expect(rucher.options.map((option) => option.label)).toEqual(["Oui", "Non"]);
    expect(rucher.options[1].route).toEqual({ kind: "end" });
    expect(hives.options.every((option) => !option.route)).toBe(true);
  });
});

describe("a Korean screen-out after an answer's code", () => {
  it("reads 면접 중단 / 조사 종료 (stop the interview / end the survey) as a termination", async () => {
    const { parseRouteTarget } = await import("./logic");
    expect(parseRouteTarget("면접 중단")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("조사 종료")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("면접")).toBeNull();
  });
});

describe("a double-dash arrow after an answer's code in a field script ('NO   2   --> PASAR A P.5')", () => {
  it("reads '-->' as the routing arrow: the answer keeps its code and routes to the named question", async () => {
    const text = [
      "P.1   ¿VIVE USTED EN ESTE BARRIO?",
      "",
      "         SÍ                                  1",
      "         NO                                  2        --> ENCUESTA NO VÁLIDA",
      "",
      "P.2   ¿TIENE BICICLETA?",
      "",
      "         SÍ                 1       --> PASAR A P.3",
      "         NO                 2       --> PASAR A P.5",
      "",
      "P.3   ¿DE QUÉ COLOR ES?",
      "",
      "         ROJA                 1",
      "         VERDE                2",
      "",
      "P.4   ¿LA USA A DIARIO?",
      "",
      "         SÍ                 1",
      "         NO                 2",
      "",
      "P.5   ¿CUÁNTOS HIJOS TIENE?",
      "",
      "         NINGUNO              1",
      "         UNO O MÁS            2",
    ].join("\n");
    const [first, second] = questionsOf(await parseText(text));
    expect(first.options.map((option) => option.label)).toEqual(["SÍ", "NO"]);
    expect(first.options[1].route).toEqual({ kind: "terminate" });
    expect(second.options.map((option) => option.label)).toEqual(["SÍ", "NO"]);
    expect(second.options[0].route).toEqual({ kind: "question", ref: "P.3" });
    expect(second.options[1].route).toEqual({ kind: "question", ref: "P.5" });
  });

  it("reads 'ENTREVISTA / ENCUESTA NO VÁLIDA' (the interview does not count) as a screen-out", async () => {
    const { parseRouteTarget } = await import("./logic");
    expect(parseRouteTarget("--> ENCUESTA NO VÁLIDA")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("ENTREVISTA NO VALIDA")).toEqual({ kind: "terminate" });
  });
});

describe("a comparison before an arrow beside a number field ('(under 21 → end)')", () => {
  it("routes only the numbers the comparison names, never everyone", async () => {
    const { parseRouteStatement } = await import("./logic");
    expect(parseRouteStatement("(under 21 → end)")).toEqual({ target: { kind: "end" }, condition: "under 21", selfCondition: true });
    expect(parseRouteStatement("(moins de 16 ans → fin)")).toMatchObject({ condition: "moins de 16 ans", selfCondition: true });
    expect(parseRouteStatement("→ end")).toEqual({ target: { kind: "end" } });
  });
});
