import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { normalizeLineText } from "../extract/model";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parsePdfPage, parseText, questionsOf } from "../testing/parse-text";
import type { QuestionnaireIR } from "../ir";

/**
 * Conventions of paper field forms (household and community questionnaires printed to PDF): numbering that
 * resumes after a block of roster columns, role-addressed instruction labels, routing arrows printed as other glyphs.
 * Wording invented for the tests.
 */

const byId = (ir: QuestionnaireIR, id: string) => questionsOf(ir).find((question) => question.id === id);

describe("numbering that resumes after a roster table", () => {
  // Questions 5-9 are the columns of a table of trips (not read as questions); the numbering resumes at 10.
  const form = [
    "1. Do you keep any goats at your homestead?",
    "YES ..... 1",
    "NO ...... 2",
    "2. How many rooms does your dwelling have?",
    "NUMBER ________",
    "3. How far is the nearest water pump from here?",
    "KILOMETRES ________",
    "4. Did anyone in the household travel in the last month?",
    "YES ..... 1",
    "NO ...... 2",
    "PLEASE LIST EVERY TRIP IN THE TABLE BELOW",
    "T 5 6 7 8 9",
    "R Where to? Why? How long? Cost? With whom?",
    "1",
    "2",
    "3",
    "10. Which fuel do you mostly cook with?",
    "WOOD ........ 1",
    "CHARCOAL .... 2",
    "GAS ......... 3",
    "11. Is there a market day in this village?",
    "YES ..... 1",
    "NO ...... 2",
    "12. How many shops are within walking distance?",
    "NUMBER ________",
  ].join("\n");

  it("reads the question after the jump as the next question, not as an answer of the last one", async () => {
    const ir = await parseText(form);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(expect.arrayContaining(["4", "10", "11", "12"]));
    expect(byId(ir, "10")?.options.map((option) => option.label)).toEqual(["WOOD", "CHARCOAL", "GAS"]);
    expect(byId(ir, "4")?.options).toHaveLength(2);
  });

  it("still reads a far-ahead numbered line without numbering after it as an answer", async () => {
    const ir = await parseText(["1. What is your main occupation at present?", "FARMER ..... 1", "TRADER ..... 2", "2. Which of these crops do you grow most?", "MAIZE", "SORGHUM", "3. Do you sell any of your harvest?", "YES ... 1", "NO ... 2", "4. Where do you usually sell your harvest?", "MARKET ... 1", "20. At the farm gate to a passing trader", "OTHER ... 3"].join("\n"));
    expect(byId(ir, "20")).toBeUndefined();
  });
});

describe("role-addressed instruction labels", () => {
  it("does not read 'SUPERVISOR:' or 'ENUMERATOR:' as a question id", async () => {
    const ir = await parseText([
      "ENUMERATOR: WRITE THE HOUSEHOLD NUMBER ON EVERY PAGE ________",
      "1. Does this household own the land it farms?",
      "YES ..... 1",
      "NO ...... 2",
      "SUPERVISOR: CHECK THE NAME OF THE RESPONDENT __________",
      "2. How many plots does the household farm?",
      "NUMBER ________",
    ].join("\n"));
    const ids = questionsOf(ir).map((question) => question.id);
    expect(ids).not.toContain("SUPERVISOR");
    expect(ids).not.toContain("ENUMERATOR");
    expect(ids).toEqual(expect.arrayContaining(["1", "2"]));
  });
});

describe("routing arrows printed as other glyphs", () => {
  it("normalises double, heavy and long arrows to →", () => {
    expect(normalizeLineText("Non ..... 2 ⇒ 7")).toBe("Non ..... 2 → 7");
    expect(normalizeLineText("No ... 2 ➔ Q9")).toBe("No ... 2 → Q9");
    expect(normalizeLineText("Nein 2 ⟶ 12")).toBe("Nein 2 → 12");
  });

  it("routes an answer whose code is followed by ⇒ and a question number", async () => {
    const ir = await parseText([
      "1. Y a-t-il un moulin dans le village ?",
      "Oui ........ 1",
      "Non ........ 2 ⇒ 3",
      "2. A quelle distance se trouve le moulin le plus proche ?",
      "Nombre de Km ______",
      "3. Y a-t-il un poste de police dans le village ?",
      "Oui ........ 1",
      "Non ........ 2",
    ].join("\n"));
    expect(byId(ir, "1")?.options.map((option) => option.route)).toEqual([undefined, { kind: "question", ref: "3" }]);
  });
});

describe("a section heading printed across two question columns", () => {
  // A page of two columns of questions under one heading that spans both; the previous page ended section 1 at 3.
  const column = (x: number, numbers: number[]): PdfText[] =>
    numbers.flatMap((number, index) => [
      { text: `${number}. Is there a grain store in this village at present ?`, x, y: 700 - index * 90 },
      { text: "Yes ............ 1", x: x + 10, y: 684 - index * 90 },
      { text: "No ............. 2", x: x + 10, y: 670 - index * 90 },
    ]);
  const pages: PdfText[][] = [
    [
      { text: "SECTION 1: POPULATION", x: 60, y: 740 },
      ...column(60, [1, 2, 3]).map((text, index) => ({ ...text, text: index % 3 === 0 ? text.text.replace("a grain store", "a school") : text.text })),
    ],
    [{ text: "SECTION 2: ECONOMY, ROADS AND MARKETS OF THE VILLAGE", x: 200, y: 740 }, { text: "7", x: 540, y: 760 }, ...column(60, [1, 2, 3, 4]), ...column(330, [5, 6, 7, 8])],
  ];

  it("reads the heading before the left column", async () => {
    const doc = await extractDocument(buildPdf(pages.map((texts) => ({ texts }))), { filename: "form.pdf" });
    const texts = doc.lines.map((line) => line.text);
    const heading = texts.indexOf("SECTION 2: ECONOMY, ROADS AND MARKETS OF THE VILLAGE");
    const firstOfPage = texts.findIndex((text, index) => index > 0 && text.startsWith("1. Is there a grain store"));
    expect(heading).toBeGreaterThan(-1);
    expect(heading).toBeLessThan(firstOfPage);
  });
});

describe("routing printed after a dot-leader code", () => {
  const form = [
    "1. Does the household grow any cassava this season?",
    "YES .............. 1 • •",
    "NO ............... 2 IF NO, PLEASE GO TO QUESTION 4",
    "2. Why does the household grow cassava?",
    "TO EAT ........... 1",
    "TO SELL .......... 2",
    "NOW GO TO QUESTION 4",
    "3. How many sacks were harvested last season?",
    "NUMBER ________",
    "4. Would the household plant more next season?",
    "YES .............. 1 < END",
    "NO ............... 2",
    "5. Why would the household not plant more?",
    "NO LAND .......... 1",
    "NO SEED .......... 2",
  ].join("\n");

  it("keeps the code when drawn boxes or a routing note follow it", async () => {
    const ir = await parseText(form);
    expect(byId(ir, "1")?.options.map((option) => option.code)).toEqual(["1", "2"]);
    expect(byId(ir, "1")?.options[1].route).toEqual({ kind: "question", ref: "4" });
    expect(byId(ir, "4")?.options.map((option) => option.code)).toEqual(["1", "2"]);
    expect(byId(ir, "4")?.options[0].route).toEqual({ kind: "end" });
  });

  it("reads 'NOW GO TO QUESTION n' after an answer list as routing, not as an answer", async () => {
    const ir = await parseText(form);
    expect(byId(ir, "2")?.options.map((option) => option.label)).toEqual(["TO EAT", "TO SELL"]);
  });
});

describe("write-in answers coded after a dot leader", () => {
  it("reads 'Other /_____/ .. 7' as the answer coded 7 and its '(à préciser)' caption as no question", async () => {
    const ir = await parseText([
      "1. Où les habitants vendent-ils surtout leur lait ?",
      "Au village ..................... 1",
      "A la laiterie .................. 2",
      "Autre pays /________________/ ...... 3",
      "              A préciser",
      "Autre /__________________/ .. 7",
      "2. Y a-t-il un vétérinaire dans le village ?",
      "Oui ........ 1",
      "Non ........ 2",
    ].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2"]);
    expect(byId(ir, "1")?.options.map((option) => option.code)).toEqual(["1", "2", "3", "7"]);
  });
});

describe("a question number printed without its usual full stop", () => {
  it("starts question 9 at '9 How …?' instead of running it on from the routed answer above it", async () => {
    const parsed = await parsePdfPage([
          ...[5, 6, 7].flatMap((number, index) => [
            { text: `${number}. Has anyone in the household been to the clinic this month ?`, x: 60, y: 740 - index * 60 },
            { text: "YES ..................................................................................... 1", x: 70, y: 726 - index * 60 },
            { text: "NO ...................................................................................... 2", x: 70, y: 712 - index * 60 },
          ]),
          { text: "8. Has the household received a visit from a health worker this year ?", x: 60, y: 560 },
          { text: "YES ..................................................................................... 1", x: 70, y: 546 },
          { text: "NO ...................................................................................... 2 GO TO QUESTION 10", x: 70, y: 532 },
          { text: "9 How many visits did the household receive from the health worker ?", x: 60, y: 518 },
          { text: "NUMBER ______", x: 70, y: 504 },
          { text: "10. Is there a pharmacy within an hour's walk of the household ?", x: 60, y: 480 },
          { text: "YES ..................................................................................... 1", x: 70, y: 466 },
          { text: "NO ...................................................................................... 2", x: 70, y: 452 },
    ]);
    expect(questionsOf(parsed).map((question) => question.id)).toEqual(["5", "6", "7", "8", "9", "10"]);
    expect(byId(parsed, "8")?.options.map((option) => option.code)).toEqual(["1", "2"]);
  });
});

describe("parts printed as '4.a' and '4.b'", () => {
  it("reads them as questions 4a and 4b, also when 4b does not end with a question mark", async () => {
    const ir = await parseText([
      "3. Is the track to the village cut at some time of the year?",
      "Yes ............ 1",
      "No ............. 2",
      "4.a In general, for how many weeks is it cut?",
      "4.b For which main reason",
      "Flooding ........... 1",
      "Mudslide ........... 2",
      "Other .............. 3",
      "5. How far away is the nearest tarred road?",
      "Kilometres ______",
    ].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["3", "4a", "4b", "5"]);
    expect(byId(ir, "4b")?.options).toHaveLength(3);
  });
});

describe("wrapped question lines in a narrow PDF column", () => {
  it("joins a question wrapped within its column before reading the next number", async () => {
    const column = (x: number, first: number): PdfText[] =>
      [0, 1, 2, 3].flatMap((index) => [
        { text: `${first + index}. Does the village committee keep a written`, x, y: 720 - index * 80 },
        { text: "record of its meetings this year ?", x: x + 12, y: 706 - index * 80 },
        { text: "Yes ................................ 1", x: x + 20, y: 692 - index * 80 },
        { text: "No ................................. 2", x: x + 20, y: 678 - index * 80 },
      ]);
    const ir = await parsePdfPage([...column(60, 1), ...column(330, 5)]);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(questionsOf(ir).every((question) => question.options.length === 2)).toBe(true);
  });
});

describe("numbering across sections and decimal parts", () => {
  it("starts a question after a section heading whose numbering goes on below the last number", async () => {
    const ir = await parseText([
      "SECTION 4: HEALTH",
      "1. Is there a health post in the village?",
      "Yes ..... 1",
      "No ...... 2",
      "2. Is there a pharmacy in the village?",
      "Yes ..... 1",
      "No ...... 2",
      "3. How many households have a bed net?",
      "Number ______",
      "4. How many households have a latrine?",
      "Number ______",
      "5. How many wells are there in the village?",
      "Number ______",
      "6. How many births were there last year?",
      "Number ______",
      "7. How many deaths were there last year?",
      "Number ______",
      "8. How many midwives work in the village?",
      "Number ______",
      "SECTION 5B: FARMING SERVICES",
      "5. Does the village receive visits from an extension worker?",
      "Yes ..... 1",
      "No ...... 2",
      "6. Is there a farmers' association in the village?",
      "Yes ..... 1",
      "No ...... 2",
    ].join("\n"));
    const texts = questionsOf(ir).map((question) => question.text);
    expect(texts).toEqual(expect.arrayContaining(["Does the village receive visits from an extension worker?", "Is there a farmers' association in the village?"]));
    expect(questionsOf(ir)).toHaveLength(10);
  });

  it("reads '9.1' after '8' as the first part of question 9, and '10.' after '9.2' as the next question", async () => {
    const ir = await parseText([
      "7. Is the village connected to the power grid?",
      "Yes ..... 1",
      "No ...... 2",
      "8. Is there a mobile phone signal in the village?",
      "Yes ..... 1",
      "No ...... 2",
      "9.1 What is the main source of lighting?",
      "Grid ........ 1",
      "Lamp ........ 2",
      "9.2 What is the main cooking fuel?",
      "Wood ........ 1",
      "Charcoal .... 2",
      "10. Is there a weekly market in the village?",
      "Yes ..... 1",
      "No ...... 2",
    ].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["7", "8", "9.1", "9.2", "10"]);
    expect(questionsOf(ir).every((question) => question.options.length === 2)).toBe(true);
  });

  it("reads the next chapter's first item ('4.1' after '3.10', '2.1.1' after '1.2.4') as a question without a heading between them", async () => {
    const chapters = await parseText([
      "3.9 Do you keep bees?",
      "□Yes",
      "□No",
      "3.10 How many hives do you keep?",
      "□One or two",
      "□Three or more",
      "4.1 Which flowers grow near the hives?",
      "□Clover",
      "□Heather",
    ].join("\n"));
    expect(questionsOf(chapters).map((question) => question.id)).toEqual(["3.9", "3.10", "4.1"]);
    expect(questionsOf(chapters).every((question) => question.options.length === 2)).toBe(true);
    const levels = await parseText([
      "1.2.3 Do you sell honey?",
      "□Yes",
      "□No",
      "1.2.4 Do you sell wax?",
      "□Yes",
      "□No",
      "2.1.1 Has a hive been lost this winter?",
      "□Yes",
      "□No",
    ].join("\n"));
    expect(questionsOf(levels).map((question) => question.id)).toEqual(["1.2.3", "1.2.4", "2.1.1"]);
  });
});

describe("a code and its routing set apart from the answer's label", () => {
  it("reads 'Yes, both      3 GO TO 3' (wide gap, no dot leader) as the answer coded 3 routed to question 3", async () => {
    const ir = await parsePdfPage([
      { text: "1. Is there a primary or a secondary school in the village ?", x: 60, y: 720 },
      { text: "Yes, a primary school", x: 70, y: 706 },
      { text: "1 GO TO 3", x: 300, y: 706 },
      { text: "Yes, a secondary school", x: 70, y: 692 },
      { text: "2", x: 300, y: 692 },
      { text: "Yes, both", x: 70, y: 678 },
      { text: "3 GO TO 3", x: 300, y: 678 },
      { text: "No", x: 70, y: 664 },
      { text: "4", x: 300, y: 664 },
      { text: "2. How far away is the nearest primary school ?", x: 60, y: 640 },
      { text: "Km ______", x: 70, y: 626 },
      { text: "3. How many classrooms does the primary school have ?", x: 60, y: 600 },
      { text: "Number ______", x: 70, y: 586 },
    ]);
    const first = questionsOf(ir).find((question) => question.id === "1");
    expect(first?.options.map((option) => option.code)).toEqual(["1", "2", "3", "4"]);
    expect(first?.options.map((option) => option.route?.kind === "question" ? option.route.ref : null)).toEqual(["3", null, "3", null]);
  });
});

describe("distances and amounts asked in other languages", () => {
  it("types 'A quelle distance …' and 'Montant …' questions as numbers", async () => {
    const ir = await parseText([
      "1. A quelle distance se trouve le puits le plus proche ?",
      "2. Montant payé par mois pour l'eau",
      "3. ¿A qué distancia está el mercado más cercano?",
    ].join("\n\n"));
    expect(questionsOf(ir).map((question) => question.type)).toEqual(["numeric", "numeric", "numeric"]);
  });
});

describe("route targets of field forms", () => {
  it("reads an arrow to a section, a closing of the questionnaire, and a jump followed by 'NEXT PAGE'", async () => {
    const { parseRouteTarget } = await import("./logic");
    expect(parseRouteTarget("→ Section 3")).toEqual({ kind: "section", label: "3" });
    expect(parseRouteTarget("→ Partie B")).toEqual({ kind: "section", label: "B" });
    expect(parseRouteTarget("→ IF NOT, PLEASE CLOSE THE QUESTIONNAIRE AND HAND IT BACK")).toEqual({ kind: "terminate" });
    const ir = await parseText([
      "1. Does anyone in the household smoke?",
      "YES ............... 1",
      "NO ................ 2 GO TO QUESTION 3 NEXT PAGE",
      "2. How many cigarettes a day?",
      "NUMBER ______",
      "3. Does anyone in the household drink alcohol?",
      "YES ............... 1",
      "NO ................ 2",
    ].join("\n"));
    expect(byId(ir, "1")?.options[1].route).toEqual({ kind: "question", ref: "3" });
  });
});

describe("closing words of an answer routed to the end, and 'IF NO, why not?'", () => {
  const form = [
    "11. How many members does the household have?",
    "NUMBER ______",
    "12. Has the household borrowed money this year?",
    "YES ................................................1 < END",
    "THANK YOU FOR YOUR TIME.",
    "NO .................................................2",
    "13. IF NO, why not?",
    "NO LENDER NEARBY ...................1",
    "INTEREST TOO HIGH ..................2",
    "DID NOT NEED TO ....................3",
  ].join("\n");

  it("keeps the answers after the closing words in the question", async () => {
    const ir = await parseText(form);
    expect(byId(ir, "12")?.options.map((option) => option.code)).toEqual(["1", "2"]);
    expect(byId(ir, "12")?.options[0].route).toEqual({ kind: "end" });
  });

  it("reads 'IF NO, why not?' after the number as the wording of the question, with its answers", async () => {
    const ir = await parseText(form);
    expect(byId(ir, "13")?.text).toMatch(/why not\?/i);
    expect(byId(ir, "13")?.options).toHaveLength(3);
  });
});

describe("a routing arrow alone on the line under an answer", () => {
  it("routes the answer above it when another answer follows", async () => {
    const ir = await parseText([
      "20. Is there a football pitch in the village?",
      "Oui, ................................. 1",
      "→ 22",
      "Non .................................. 2",
      "21. How far away is the nearest pitch?",
      "Km ______",
      "22. Is there a bus stop in the village?",
      "Oui ......... 1",
      "Non ......... 2",
    ].join("\n"));
    expect(byId(ir, "20")?.options.map((option) => option.code)).toEqual(["1", "2"]);
    expect(byId(ir, "20")?.options[0].route).toEqual({ kind: "question", ref: "22" });
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["20", "21", "22"]);
  });
});
