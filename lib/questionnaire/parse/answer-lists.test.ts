import { describe, expect, it } from "vitest";
import { isStatementList, statedAnswerColumns } from "./answer-lists";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const parse = (text: string, filename = "form.md") => parseText(text, filename);

// Unnumbered questions whose answers are numbered lists that start again at 1 under each question (Word's
// automatic numbering, or Markdown lists), after a numbered consent list.
const form = [
  "Garden survey",
  "",
  "By answering these questions:",
  "",
  "1. You agree that your answers may be published",
  "2. You know that you can stop at any point",
  "3. You confirm that you are over eighteen years old",
  "",
  "Which season do you like best?",
  "",
  "1. Spring",
  "2. Summer",
  "3. Autumn",
  "4. Winter",
  "",
  "How often do you water your plants?",
  "",
  "1. Daily",
  "2. Weekly",
  "3. Rarely",
  "",
  "Your main crop",
  "",
  "1. Tomatoes",
  "2. Beans",
  "",
  "If you grow beans, which kind do you grow:",
  "",
  "1. Runner beans",
  "2. Broad beans",
  "3. French beans",
].join("\n");

describe("numbered answer lists (every list starts again at 1 under an unnumbered question)", () => {
  it("reads the numbered items as answers, the paragraphs above them as the questions", async () => {
    const ir = await parse(form);
    expect(questions(ir).map((question) => [question.text, question.options.length])).toEqual([
      ["Which season do you like best?", 4],
      ["How often do you water your plants?", 3],
      ["Your main crop", 2],
      ["If you grow beans, which kind do you grow:", 3],
    ]);
  });

  it("reads a numbered list of statements under a lead-in that asks nothing as information, not a question", async () => {
    const ir = await parse(form);
    const info = ir.items.find((item) => item.kind === "info");
    expect(info && "text" in info ? info.text : "").toMatch(/By answering these questions:.*You agree/s);
  });

  it("keeps numbered questions numbered", async () => {
    const ir = await parse(["1. Which season do you like best?", "- Spring", "- Summer", "2. How often do you water your plants?", "- Daily", "- Weekly", "3. Which crop do you grow most?", "- Tomatoes", "- Beans"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["1", 2],
      ["2", 2],
      ["3", 2],
    ]);
  });
});

describe("isStatementList", () => {
  it("needs a lead-in that asks nothing and items that are whole clauses", () => {
    const items = ["You agree that your answers may be published", "You know that you can stop at any point", "You confirm that you are over eighteen"];
    expect(isStatementList("By answering these questions:", items)).toBe(true);
    expect(isStatementList("Please tick the statements you agree with:", items)).toBe(false);
    expect(isStatementList("Reasons for leaving:", ["Pay", "Hours", "Location"])).toBe(false);
  });
});

describe("matrices written as lists", () => {
  it("reads items, an answer-list label ('Choices:') and a second list as a matrix: the items are its rows", async () => {
    const ir = await parse(
      [
        "T1 How much do you trust each of these for weather news?",
        "[RANDOMIZE ROWS]",
        "- Newspapers",
        "- Radio",
        "- Phone apps",
        "Choices:",
        "- A lot",
        "- Some",
        "- Not at all",
        "T2 Which of these do you own?",
        "- A barometer",
        "- A rain gauge",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.rows.length, question.type === "grid" ? question.columns.length : question.options.length])).toEqual([
      ["T1", "grid", 3, 3],
      ["T2", "single", 0, 2],
    ]);
  });

  it("reads numbered statements under a printed scale as the rows that scale rates, not as questions", async () => {
    const ir = await parse(
      [
        "Question 1: Below are three statements. Using the 1 – 5 scale below, write a number on the line before each statement.",
        "- (1) Not at all true",
        "- (2) Slightly true",
        "- (3) Somewhat true",
        "- (4) Mostly true",
        "- (5) Completely true",
        "1. _ I fall asleep easily.",
        "2. _ I wake up rested.",
        "3. _ I sleep through the night.",
        "Question 2: How many hours do you sleep?",
        "- Under 6",
        "- 6 to 8",
        "- Over 8",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.rows.length, question.type === "grid" ? question.columns.length : question.options.length])).toEqual([
      ["Q1", "grid", 3, 5],
      ["Q2", "single", 0, 3],
    ]);
    expect(questions(ir)[0].rows?.map((row) => row.label)).toEqual(["I fall asleep easily.", "I wake up rested.", "I sleep through the night."]);
  });
});

describe("a screener's side column of dispositions after coded answers", () => {
  it("takes 'CONTINUE' (and its quota note) out of the label, and keeps a number that ends a code-first label", async () => {
    const ir = await parseText(
      [
        "S2. Which age group are you in?",
        "1 Under 21          THANK AND END",
        "2 21-44             CONTINUE",
        "3 45 or older       CONTINUE - CHECK QUOTA",
        "4 Refused           THANK AND END",
        "S3. Would you join a tasting panel?",
        "1 YES, CONTINUE",
        "2 NO",
      ].join("\n"),
    );
    const [ages, panel] = questions(ir);
    expect(ages.options.map((option) => option.label)).toEqual(["Under 21", "21-44", "45 or older", "Refused"]);
    expect(ages.options.map((option) => option.route?.kind ?? null)).toEqual(["terminate", null, null, "terminate"]);
    expect(ages.options[2].quota).toMatch(/QUOTA/);
    expect(panel.options.map((option) => option.label)).toEqual(["YES, CONTINUE", "NO"]);
  });
});

describe("answer columns stated in the wording for the list under it", () => {
  it("reads the stated columns, nested brackets and all", () => {
    expect(statedAnswerColumns("Which workshops have you joined so far (Options: Finished; Still attending (this term); Left early)?")).toEqual(["Finished", "Still attending (this term)", "Left early"]);
    expect(statedAnswerColumns("¿Qué talleres conoce? (Opciones de respuesta: Sí; No; No sabe)")).toEqual(["Sí", "No", "No sabe"]);
    expect(statedAnswerColumns("Which workshops have you joined (if any)?")).toBeNull();
  });

  it("makes the listed items the rows of a grid over the stated columns", async () => {
    const qs = questions(
      await parseText(
        ["1. Which workshops have you joined so far (Options: Finished; Still attending; Left early)?", "   • Pottery", "   • Bookbinding", "   • Woodcarving", "", "2. Which workshop would you recommend?", "   • Pottery", "   • Bookbinding"].join("\n"),
        "workshops.md",
      ),
    );
    expect(qs.map((question) => [question.type, question.rows.length, question.columns.length, question.options.length])).toEqual([
      ["grid", 3, 3, 0],
      ["single", 0, 0, 2],
    ]);
  });

  it("rates items lettered a), b) on the numbered scale stated in the wording", async () => {
    const qs = questions(
      await parseText(
        ["1. Rate how far you agree with each statement (1 = strongly disagree, 2 = disagree, 3 = neutral, 4 = agree, 5 = strongly agree).", "   a) The library opens early enough", "   b) The reading room is quiet", "   c) Staff answer questions quickly"].join("\n"),
        "library.md",
      ),
    );
    expect(qs.map((question) => [question.type, question.rows.length, question.columns.length])).toEqual([["grid", 3, 5]]);
  });
});
