import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { AGE_LABEL_CUES, asksForNumberInUnits, blankInUnits, unitBlankAnswer, withoutPlaceholders } from "./numeric-cues";

describe("numeric cues: a year or an amount in a unit", () => {
  it("reads a year asked for in several languages", () => {
    for (const text of [
      "Quelle est votre année de naissance ?",
      "En quelle année vous êtes-vous installé ?",
      "¿En qué año empezó a trabajar aquí?",
      "In welchem Jahr wurde der Betrieb gegründet?",
      "Em que ano começou a estudar?",
      "In welk jaar bent u begonnen?",
      "Geboortejaar",
      "Date of founding (YYYY)",
      "Votre naissance (AAAA)",
    ]) expect(asksForNumberInUnits(text), text).toBe(true);
  });

  it("reads an amount asked in a unit", () => {
    for (const text of [
      "Quelle est la surface de votre librairie (en m²) ?",
      "Quel était le chiffre d'affaires ? (en euro)",
      "Wie viel Pflanzenschutzmittel wurde angewendet (in t)?",
      "How much land is in use? Please provide in hectares.",
      "Dosage (in milligrams)",
      "Purchase price (€)",
      "Qual é a sua renda mensal em reais?",
      "Hvor meget betaler du i kroner?",
    ]) expect(asksForNumberInUnits(text), text).toBe(true);
  });

  it("leaves wording with no unit or year alone", () => {
    for (const text of [
      "What do you think of Europe?",
      "Which t-shirt do you prefer?",
      "En quelle langue répondez-vous ?",
      "Why did you choose this year's programme in particular?",
      "Describe your role in the team.",
      "What is the average herd age? Please provide in years + months",
    ]) expect(asksForNumberInUnits(text), text).toBe(false);
  });

  it("reads a blank printed with a unit beside it", () => {
    for (const line of ["______________ kg milk", "_________ha", "Please provide in hectares. _________ha", "€ ________", "…………… ans", "____ Jahre", "_____ %", "____ horas por semana"])
      expect(blankInUnits(line), line).toBe(true);
    for (const line of ["______________", "Name: ________", "Other (please specify) ______", "Comments ............"]) expect(blankInUnits(line), line).toBe(false);
  });
});

describe("numeric cues in compiled questions", () => {
  it("makes questions with a year, a unit or a unit beside the blank numeric, and keeps open ones open", async () => {
    const ir = await parseText(
      [
        "Q1. How much land is in use for your dairy farm?",
        "Please provide in hectares. _________ha",
        "",
        "Q2. What was the herd average milk production of your farm in 2021?",
        "______________ kg milk",
        "",
        "Q3. Wie viel Pflanzenschutzmittel (in t) wurde 2019 angewendet?",
        "______________",
        "",
        "Q4. Why did you choose dairy farming?",
        "______________",
      ].join("\n"),
      "form.txt",
    );
    expect(questionsOf(ir).map((q) => q.type)).toEqual(["numeric", "numeric", "numeric", "open"]);
  });

  it("reads the Indonesian amount words and units ('Jumlah …', 'Luas …', '(ekor)', '(tahun)') as a number", async () => {
    const ir = await parseText(["Q1. Jumlah kamar tidur", "", "Q2. Luas kebun sayur", "", "Q3. Lama tinggal di desa ini (tahun)", "", "Q4. Nama pasar terdekat"].join("\n"), "form.md");
    expect(questionsOf(ir).map((q) => q.type)).toEqual(["numeric", "numeric", "numeric", "open"]);
  });
});

describe("numeric cues: piped placeholders, doses and time spans, a unit beside a blank on the wording's line", () => {
  it("does not read a piped '[dog name]' as a question about a name", () => {
    expect(withoutPlaceholders("How many trainers have you consulted for [dog name]?")).not.toMatch(/name/);
    expect(withoutPlaceholders("What was the dosage of ${MEDICATION}?")).not.toMatch(/MEDICATION/);
    expect(withoutPlaceholders("Respondent [ENTER NAME]")).toMatch(/NAME/);
  });

  it("compiles them as numbers", async () => {
    const ir = await parseText(
      [
        "Q1. How many dog trainers would you say you have consulted for [dog name]?",
        "______",
        "",
        "Q2. What was the dosage of ${MEDICATION} administered? (dosage in milligrams (mg))",
        "______",
        "",
        "Q3. What share of your income do you save? ______ %",
        "",
        "Q4. What is your dog's name?",
        "______",
      ].join("\n"),
      "form.txt",
    );
    expect(questionsOf(ir).map((q) => q.type)).toEqual(["numeric", "numeric", "numeric", "open"]);
  });
});

describe("one answer beside a number field", () => {
  it("is a number question with a special answer, not a choice of one", async () => {
    const ir = await parseText(
      [
        "S1. How old are you? RECORD EXACT AGE",
        "_____ YEARS",
        "Under 18 ........ 1 TERMINATE",
        "",
        "S2. Quantas horas por dia você estuda fora da escola?",
        "Não tenho tempo ........ 0",
        "",
        "S3. Do you own a car?",
        "Yes ........ 1",
      ].join("\n"),
      "script.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.type)).toEqual(["numeric", "numeric", "single"]);
    expect(qs[0].options.map((o) => [o.label, o.exclusive])).toEqual([["Under 18", true]]);
  });
});

describe("items each with a blank, rated on a stated scale", () => {
  it("is a grid of the items over the scale; without a scale the fields stay numbers", async () => {
    const ir = await parseText(
      [
        "Q4. Please rate the following on a scale of 1 to 5, where 1 = very poor and 5 = excellent.",
        "Quality ___",
        "Price ___",
        "Service ___",
        "",
        "Q5. How many of each do you own?",
        "Cars ____",
        "Bicycles ____",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.type)).toEqual(["grid", "numeric"]);
    expect(qs[0].rows.map((row) => row.label)).toEqual(["Quality", "Price", "Service"]);
    expect(qs[0].columns).toHaveLength(5);
  });
});

describe("scale end labels joined by 'and'", () => {
  it("names the first and the last point", async () => {
    const ir = await parseText(
      [
        "Q4. Please rate the following on a scale of 1 to 5, where 1 = very poor and 5 = excellent.",
        "Quality ___",
        "Price ___",
        "",
        "Q5. Please rate the following on a 5-point scale, where 1 = muy malo y 5 = excelente.",
        "Calidad ___",
        "Precio ___",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect([qs[0].columns[0].label, qs[0].columns[4].label]).toEqual(["very poor", "excellent"]);
    expect(qs[1].columns[0].label).toBe("muy malo");
  });
});

describe("an answer that is a blank in a unit", () => {
  it("recognises the blank with its unit in several languages", () => {
    for (const label of ["__ percent", "____ years", "__ Prozent", "...... kg", "___ por ciento"]) expect(unitBlankAnswer(label), label).toBe(true);
    for (const label of ["Less than a year", "__ maybe later", "Other ____"]) expect(unitBlankAnswer(label), label).toBe(false);
  });

  it("reads a numbered blank in a unit over an opt-out as a number field with that special answer", async () => {
    const qs = questionsOf(
      await parseText(
        ["1. How likely is it to rain at the fair, in your view?", "    1. __ percent", "    2. I'd rather not guess", "", "2. Which stall do you visit first?", "    1. Bakery", "    2. Cheese", "    3. Flowers"].join("\n"),
        "fair.md",
      ),
    );
    expect(qs.map((question) => [question.type, question.options.map((option) => option.label)])).toEqual([
      ["numeric", ["I'd rather not guess"]],
      ["single", ["Bakery", "Cheese", "Flowers"]],
    ]);
  });
});

describe("a line naming a block of questions", () => {
  it("heads the block: it is neither an answer of the open question above nor its wording", async () => {
    const qs = questionsOf(
      await parseText(
        [
          "1. Which stall do you visit first?",
          "    1. Bakery",
          "    2. Cheese",
          "",
          "2. What would you change about the fair?",
          "",
          "3. What do you miss at the fair?",
          "",
          "**Introduction to questions 4-5**",
          "Picture a neighbour who visits the fair every month.",
          "",
          "4. How often would she stay past noon?",
          "    1. Never",
          "    2. Sometimes",
          "",
          "5. Would she bring children?",
          "    1. Yes",
          "    2. No",
        ].join("\n"),
        "fair.md",
      ),
    );
    expect(qs.map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["1", "single", 2],
      ["2", "open", 0],
      ["3", "open", 0],
      ["4", "single", 2],
      ["5", "single", 2],
    ]);
    expect(qs[2].text).toBe("What do you miss at the fair?");
  });
});

describe("an age asked by its noun alone", () => {
  it("reads the label in several languages, and not a longer wording or another word", () => {
    for (const label of ["Edad", "Votre âge :", "Alter (in Jahren)", "Idade", "Leeftijd:"]) expect(AGE_LABEL_CUES.test(label), label).toBe(true);
    for (const label of ["Alternative Antworten", "Edad de inicio del tratamiento y motivo", "Agenda"]) expect(AGE_LABEL_CUES.test(label), label).toBe(false);
  });

  it("compiles a numbered age label as a number field", async () => {
    const qs = questionsOf(await parseText(["1. Edad", "", "2. ¿Qué deporte prefieres?", "   a) Fútbol", "   b) Tenis"].join("\n"), "deporte.md"));
    expect(qs.map((question) => question.type)).toEqual(["numeric", "single"]);
  });
});
