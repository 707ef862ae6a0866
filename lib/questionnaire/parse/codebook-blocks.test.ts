import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { ageUniverseCondition } from "./codebook-blocks";

const english = [
  "# Data documentation",
  "",
  "## Analytic notes",
  "",
  "Values of HS020 (days) above 365 were re-coded as 666666. See HS030 for details.",
  "",
  "## Codebook",
  "",
  "### HS010 - Ever smoked",
  "",
  "Variable Name:",
  "",
  "    HS010",
  "SAS Label:",
  "",
  "    Ever smoked",
  "English Text:",
  "",
  "    Have you ever smoked cigarettes?",
  "Target:",
  "",
  "     Both males and females 18 YEARS - 150 YEARS",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "1 | Yes | 120 | 120 |",
  "2 | No | 80 | 200 | HS040",
  "9 | Don't know | 1 | 201 | HS040",
  ". | Missing | 10 | 211 |",
  "",
  "### HS020 - Age started smoking",
  "",
  "Variable Name:",
  "",
  "    HS020",
  "English Text:",
  "",
  "    How old were you when you started smoking?",
  "Target:",
  "",
  "     Both males and females 18 YEARS - 150 YEARS",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "5 to 80 | Range of Values | 110 | 110 |",
  "777 | Refused | 0 | 110 |",
  "999 | Don't know | 2 | 112 |",
  ". | Missing | 99 | 211 |",
  "",
  "### HS030 - Smoke now",
  "",
  "Variable Name:",
  "",
  "    HS030",
  "English Text:",
  "",
  "    Do you smoke cigarettes now?",
  "English Instructions:",
  "",
  "    HAND CARD HS1",
  "Target:",
  "",
  "     Both males and females 0 YEARS - 150 YEARS",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "1 | Every day | 50 | 50 |",
  "2 | Some days | 30 | 80 |",
  "3 | Not at all | 30 | 110 |",
  "",
  "### HS040 - Child in household",
  "",
  "Variable Name:",
  "",
  "    HS040",
  "English Text:",
  "",
  "    Does a child live in this household?",
  "Target:",
  "",
  "     Both males and females 0 YEARS - 17 YEARS",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "1 | Yes | 60 | 60 |",
  "2 | No | 140 | 200 |",
].join("\n");

const spanish = [
  "## Libro de códigos",
  "",
  "### P01 - Sexo",
  "",
  "Nombre de la variable: P01",
  "Texto de la pregunta: ¿Cuál es su sexo?",
  "Universo: Todas las personas",
  "",
  "Código | Descripción | Frecuencia | Pase a",
  "---|---|---|---",
  "1 | Hombre | 500 |",
  "2 | Mujer | 520 |",
  "",
  "### P02 - Trabajó",
  "",
  "Nombre de la variable: P02",
  "Texto de la pregunta: ¿Trabajó la semana pasada?",
  "Universo: Personas de 15 años y más",
  "",
  "Código | Descripción | Frecuencia | Pase a",
  "---|---|---|---",
  "1 | Sí | 400 |",
  "2 | No | 300 | P04",
  "",
  "### P03 - Horas",
  "",
  "Nombre de la variable: P03",
  "Texto de la pregunta: ¿Cuántas horas trabajó?",
  "",
  "Código | Descripción | Frecuencia | Pase a",
  "---|---|---|---",
  "1 a 98 | Rango | 390 |",
  "99 | No sabe | 10 |",
  "",
  "### P04 - Buscó trabajo",
  "",
  "Nombre de la variable: P04",
  "Texto de la pregunta: ¿Buscó trabajo en las últimas cuatro semanas?",
  "",
  "Código | Descripción | Frecuencia | Pase a",
  "---|---|---|---",
  "1 | Sí | 100 |",
  "2 | No | 200 |",
].join("\n");

const checkItems = [
  "### FQ010 - Eat breakfast",
  "",
  "Variable Name:",
  "",
  "    FQ010",
  "English Text:",
  "",
  "    How often do you eat breakfast? Would you say...",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "0 | Never | 10 | 10 | FQ025",
  "1 | Sometimes | 10 | 20 |",
  "2 | Every day, or more? | 10 | 30 |",
  "",
  "### FQ020A - Breakfast type - cereal",
  "",
  "Variable Name:",
  "",
  "    FQ020A",
  "English Text:",
  "",
  "    What do you usually eat?",
  "English Instructions:",
  "",
  "    CODE ALL THAT APPLY",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "10 | Cereal | 5 | 5 |",
  ". | Missing | 25 | 30 |",
  "",
  "### FQ025 - CHECK ITEM",
  "",
  "Variable Name:",
  "",
  "    FQ025",
  "English Instructions:",
  "",
  "    CHECK ITEM FQ025: IF SP AGE < 12 GO TO END OF SECTION.",
  "",
  "### FQ030 - Eat lunch at work",
  "",
  "Variable Name:",
  "",
  "    FQ030",
  "English Text:",
  "",
  "    Do you eat lunch at work?",
  "",
  "Code or Value | Value Description | Count | Cumulative | Skip to Item",
  "---|---|---|---|---",
  "1 | Yes | 5 | 5 |",
  "2 | No | 5 | 10 |",
].join("\n");

describe("codebook variable blocks", () => {
  it("keeps answer labels that run on from the wording, reads a one-code indicator of a 'code all' question as a choice, and routes a skip to a check item on to the next question", async () => {
    const qs = questionsOf(await parseText(checkItems, "codebook.md"));
    expect(qs.map((q) => q.id)).toEqual(["FQ010", "FQ020A", "FQ030"]);
    expect(qs[0].options).toHaveLength(3);
    expect(qs[0].options[0].route).toEqual({ kind: "question", ref: "FQ030" });
    expect(qs[1].type).toBe("multi");
    expect(qs[1].options).toHaveLength(1);
  });

  it("reads each variable heading as one question: wording field, codes without frequencies or the missing row, skip column as routes", async () => {
    const qs = questionsOf(await parseText(english, "codebook.md"));
    expect(qs.map((q) => q.id)).toEqual(["HS010", "HS020", "HS030", "HS040"]);
    expect(qs[0].text).toBe("Have you ever smoked cigarettes?");
    expect(qs[0].type).toBe("single");
    expect(qs[0].options.map((o) => o.code)).toEqual(["1", "2", "9"]);
    expect(qs[0].options[1].route).toEqual({ kind: "question", ref: "HS040" });
    // A range of values is a numeric entry; its special codes are no answers.
    expect(qs[1].type).toBe("numeric");
    expect(qs[1].options).toEqual([]);
    expect(qs[2].options).toHaveLength(3);
    // The age universe binds to a hidden age variable; "0 - 150 years" is everyone.
    expect(qs[0].askIf.map((a) => a.condition)).toEqual(["{AGE_YEARS} >= 18"]);
    expect(qs[2].askIf).toEqual([]);
    expect(qs[3].askIf.map((a) => a.condition)).toEqual(["{AGE_YEARS} <= 17"]);
  });

  it("reads a Spanish codebook with inline fields, a 'Pase a' column and a universe of persons 15 and over", async () => {
    const qs = questionsOf(await parseText(spanish, "libro.md"));
    expect(qs.map((q) => q.id)).toEqual(["P01", "P02", "P03", "P04"]);
    expect(qs[1].text).toBe("¿Trabajó la semana pasada?");
    expect(qs[1].options[1].route).toEqual({ kind: "question", ref: "P04" });
    expect(qs[1].askIf.map((a) => a.condition)).toEqual(["{AGE_YEARS} >= 15"]);
    expect(qs[0].askIf).toEqual([]);
    expect(qs[2].type).toBe("numeric");
  });

  it("states age universes as comparisons in several languages", () => {
    expect(ageUniverseCondition("Both males and females 4 YEARS - 19 YEARS")).toBe("AGE_YEARS >= 4 AND AGE_YEARS <= 19");
    expect(ageUniverseCondition("Personen 16 Jahre und älter")).toBe("AGE_YEARS >= 16");
    expect(ageUniverseCondition("Individus de 18 ans et plus")).toBe("AGE_YEARS >= 18");
    expect(ageUniverseCondition("Both males and females 0 YEARS - 150 YEARS")).toBeNull();
    expect(ageUniverseCondition("Membres de 10 ans ou plus")).toBe("AGE_YEARS >= 10");
    expect(ageUniverseCondition("Children under 16 years")).toBe("AGE_YEARS <= 15");
    expect(ageUniverseCondition("Personas menores de 14 años")).toBe("AGE_YEARS <= 13");
    expect(ageUniverseCondition("Persons in the labour force")).toBeNull();
  });
});
