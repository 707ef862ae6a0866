import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("population headings", () => {
  it("conditions the questions after each population heading on it, until the next one (Spanish, age universe)", async () => {
    const qs = questionsOf(
      await parseText(
        [
          "MÓDULO EMPLEO",
          "",
          "Personas de 15 años y más",
          "",
          "E1. ¿Trabajó la semana pasada?",
          "",
          "1. Sí",
          "2. No",
          "",
          "Desocupados",
          "",
          "E2. ¿Ha trabajado alguna vez?",
          "",
          "1. Sí",
          "2. No",
          "",
          "Ocupados",
          "",
          "E3. ¿Tiene contrato de trabajo?",
          "",
          "1. Sí",
          "2. No",
          "",
          "E4. ¿Trabaja a jornada completa?",
          "",
          "1. Sí",
          "2. No",
        ].join("\n"),
        "modulo.txt",
      ),
    );
    expect(qs.map((q) => q.id)).toEqual(["E1", "E2", "E3", "E4"]);
    expect(qs[0].askIf.map((a) => a.condition)).toEqual(["{AGE_YEARS} >= 15"]);
    expect(qs[1].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Desocupados'"]);
    expect(qs[2].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Ocupados'"]);
    expect(qs[3].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Ocupados'"]);
  });

  it("reads English and German population headings, and leaves a document with one such line alone", async () => {
    const english = questionsOf(
      await parseText(
        ["LABOUR FORCE MODULE", "", "Employed persons", "", "Q1. Do you work full time?", "1. Yes", "2. No", "", "Unemployed persons", "", "Q2. Are you looking for work?", "1. Yes", "2. No"].join("\n"),
        "lfs.txt",
      ),
    );
    expect(english[0].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Employed persons'"]);
    expect(english[1].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Unemployed persons'"]);
    const german = questionsOf(
      await parseText(["ERWERBSTÄTIGKEIT", "", "Erwerbstätige", "", "F1. Haben Sie einen Arbeitsvertrag?", "1. Ja", "2. Nein", "", "Arbeitslose", "", "F2. Suchen Sie Arbeit?", "1. Ja", "2. Nein"].join("\n"), "mz.txt"),
    );
    expect(german[1].askIf.map((a) => a.condition)).toEqual(["{GROUP} = 'Arbeitslose'"]);
    const single = questionsOf(await parseText(["HEALTH", "", "Women", "", "Q1. Have you ever been pregnant?", "1. Yes", "2. No", "", "Q2. Do you smoke?", "1. Yes", "2. No"].join("\n"), "one.txt"));
    expect(single[1].askIf).toEqual([]);
  });

  it("reads one section heading that states an age in its tail as the universe of its section's questions", async () => {
    const qs = questionsOf(
      await parseText(
        ["## Household", "", "Q1. How many rooms does the dwelling have?", "", "## Schooling (members aged 6 years and over)", "", "Q2. Did you ever attend school?", "1. Yes", "2. No", "", "Q3. Can you read a short letter?", "1. Yes", "2. No", "", "## Work", "", "Q4. Did you work last week?", "1. Yes", "2. No"].join("\n"),
        "census.md",
      ),
    );
    expect(qs.map((q) => q.askIf.map((a) => a.condition))).toEqual([[], ["{AGE_YEARS} >= 6"], ["{AGE_YEARS} >= 6"], []]);
  });
});
