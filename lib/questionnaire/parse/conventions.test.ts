import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx, LISTS } from "../testing/docx-writer";
import { buildPdf } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { matchQuestionId } from "./patterns";
import { parseText } from "../testing/parse-text";

/** More layouts people use for questionnaires, beyond the evaluation fixtures. */


async function parseBytes(bytes: Uint8Array, filename: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(bytes, { filename }));
}

function questions(ir: QuestionnaireIR): IRQuestion[] {
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

function byId(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = questions(ir).find((question) => question.id === id);
  if (!found) throw new Error(`no question ${id} in ${questions(ir).map((question) => question.id).join(", ")}`);
  return found;
}

const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("market-research answer tables", () => {
  it("reads answer | code | routing tables, with the code in any column", async () => {
    const bytes = buildDocx({
      blocks: [
        "S1. How old are you?",
        "SINGLE CODE",
        {
          kind: "table",
          rows: [
            ["Under 18", "1", "TERMINATE"],
            ["18-34", "2", "CONTINUE"],
            ["35-54", "3", "GO TO S3"],
            ["55+", "4", "CONTINUE"],
          ],
        },
        "S2. Gender",
        { kind: "table", rows: [["1", "Male"], ["2", "Female"], ["3", "Other"]] },
        "S3. Region",
        { kind: "table", rows: [["North", "01"], ["South", "02"]] },
      ],
    });
    const ir = await parseBytes(bytes, "screener.docx");
    const s1 = byId(ir, "S1");
    expect(s1.options.map((option) => [option.code, option.label, option.route])).toEqual([
      ["1", "Under 18", { kind: "terminate" }],
      ["2", "18-34", undefined],
      ["3", "35-54", { kind: "question", ref: "S3" }],
      ["4", "55+", undefined],
    ]);
    expect(byId(ir, "S2").options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Male"],
      ["2", "Female"],
      ["3", "Other"],
    ]);
    expect(byId(ir, "S3").options.map((option) => option.code)).toEqual(["01", "02"]);
  });

  it("reads answers laid out side by side in a table row", async () => {
    const bytes = buildDocx({ blocks: ["Q4. Do you smoke?", { kind: "table", rows: [["☐ Yes", "☐ No", "☐ Prefer not to say"]] }] });
    expect(labels(byId(await parseBytes(bytes, "row.docx"), "Q4"))).toEqual(["Yes", "No", "Prefer not to say"]);
  });

  it("reads an IF YES filter and ASK ALL / SINGLE CODE instructions", async () => {
    const ir = await parseText(["ASK ALL", "Q1. Do you have children?", "SINGLE CODE", "1 Yes", "2 No", "IF YES:", "Q1a. How many?", "____", "ASK ALL", "Q2. Do you have pets?", "1 Yes", "2 No"].join("\n"));
    expect(byId(ir, "Q1").options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Yes"],
      ["2", "No"],
    ]);
    expect(byId(ir, "Q1a").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q2").askIf).toEqual([]);
  });
});

describe("answers written in the question line", () => {
  it("splits boxes after the wording and boxes after each label", async () => {
    const ir = await parseText(["1. What is your gender? ☐ Male ☐ Female ☐ Other", "2. Are you a student?  Yes ☐   No ☐", "3. Rate the food (1 = poor, 5 = excellent)", "1 2 3 4 5"].join("\n"));
    expect(byId(ir, "1").text).toBe("What is your gender?");
    expect(labels(byId(ir, "1"))).toEqual(["Male", "Female", "Other"]);
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
    expect(byId(ir, "3").options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "5"]);
    expect(byId(ir, "3").options[0].label).toBe("poor");
  });

  it("reads question ids written as Q.1, Q 2 and Question 3", async () => {
    const ir = await parseText(["Q.1 Do you drive?", "Yes", "No", "Q 2 Do you cycle?", "Yes", "No", "Question 3: Do you walk?", "Yes", "No"].join("\n"));
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
  });
});

describe("online-survey exports", () => {
  it("reads a Google Forms printout: required marks, 'Mark only one oval', 'Check all that apply'", async () => {
    const ir = await parseText(
      [
        "1. How did you hear about us? *",
        "Mark only one oval.",
        "Friend",
        "Advert",
        "Other:",
        "2. Which products do you use?",
        "Check all that apply.",
        "Shampoo",
        "Soap",
        "3. Rate each product.",
        "Mark only one oval per row.",
        "| | Bad | Good |",
        "|---|---|---|",
        "| Shampoo | | |",
        "| Soap | | |",
      ].join("\n"),
      "forms.md",
    );
    expect(byId(ir, "1")).toMatchObject({ text: "How did you hear about us?", type: "single" });
    expect(labels(byId(ir, "1"))).toEqual(["Friend", "Advert", "Other"]);
    expect(byId(ir, "1").options[2].other).toBe(true);
    expect(byId(ir, "2").type).toBe("multi");
    expect(byId(ir, "3").type).toBe("grid");
  });

  it("splits answers printed in columns on one PDF line", async () => {
    const texts = [
      { text: "Q1. Which season do you prefer?", x: 72, y: 700 },
      { text: "o Spring", x: 90, y: 680 },
      { text: "o Summer", x: 250, y: 680 },
      { text: "o Autumn", x: 410, y: 680 },
      { text: "o Winter", x: 90, y: 662 },
      { text: "Q2. Why?", x: 72, y: 640 },
    ];
    const ir = await parseBytes(buildPdf([{ texts }]), "columns.pdf");
    expect(labels(byId(ir, "Q1"))).toEqual(["Spring", "Summer", "Autumn", "Winter"]);
  });
});

describe("Word documents without printed ids", () => {
  it("reads bold question paragraphs followed by bulleted answers", async () => {
    const bytes = buildDocx({
      lists: [LISTS.symbolBullet(1)],
      blocks: [
        { runs: [{ text: "How satisfied are you with our service?", bold: true }] },
        { runs: "Very satisfied", num: { id: 1 } },
        { runs: "Not satisfied", num: { id: 1 } },
        { runs: [{ text: "Please indicate your age group:", bold: true }] },
        { runs: "Under 30", num: { id: 1 } },
        { runs: "30 or older", num: { id: 1 } },
        { runs: [{ text: "Any other comments?", bold: true }] },
        "________________",
      ],
    });
    const ir = await parseBytes(bytes, "plain.docx");
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "single", 2],
      ["Q2", "single", 2],
      ["Q3", "open", 0],
    ]);
  });
});

describe("more exports and paper conventions", () => {
  it("reads Qualtrics 'Skip To' lines and SurveyMonkey's required asterisk", async () => {
    const ir = await parseText(
      [
        "* 1. Are you 18 or older?",
        "o Yes (1)",
        "o No (2)",
        "Skip To: End of Survey If Are you 18 or older? = No",
        "* 2. Do you own a bike?",
        "o Yes (1)",
        "o No (2)",
        "Skip To: 4 If Do you own a bike? = No",
        "3. What brand?",
        "________",
        "4. Any comments?",
        "________",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4"]);
    // Ending the survey at the first (screening) question screens the respondent out.
    expect(byId(ir, "1").routes.map((route) => [route.target, route.when?.condition])).toEqual([[{ kind: "terminate" }, "{Q1} = '2'"]]);
    expect(byId(ir, "2").routes.map((route) => [route.target, route.when?.condition])).toEqual([[{ kind: "question", ref: "4" }, "{Q2} = '2'"]]);
  });

  it("reads codes after dot leaders with routing, and (ASK ALL) / (ASK IF …) written in the question", async () => {
    const ir = await parseText(
      [
        "Q1. (ASK ALL) Do you work?",
        "Yes ........ 1",
        "No ......... 2 → GO TO Q3",
        "Q2. (ASK IF Q1 = 1) Full or part time?",
        "Full time ... 1",
        "Part time ... 2",
        "Q3. Thank you. Your age?",
        "____",
      ].join("\n"),
    );
    const q1 = byId(ir, "Q1");
    expect(q1.text).toBe("Do you work?");
    expect(q1.options.map((option) => [option.code, option.label, option.route])).toEqual([
      ["1", "Yes", undefined],
      ["2", "No", { kind: "question", ref: "Q3" }],
    ]);
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q2").text).toBe("Full or part time?");
  });

  it("reads a paper grid whose rows repeat the column codes", async () => {
    const ir = await parseText(
      [
        "Q7. How satisfied are you with each of these?",
        "                      Very       Fairly     Not",
        "a) Price               1          2          3",
        "b) Quality             1          2          3",
        "c) Service             1          2          3",
        "Q8. Any comments?",
        "____",
      ].join("\n"),
    );
    const q7 = byId(ir, "Q7");
    expect(q7.type).toBe("grid");
    expect(q7.rows.map((row) => [row.code, row.label])).toEqual([
      ["a", "Price"],
      ["b", "Quality"],
      ["c", "Service"],
    ]);
    expect(q7.columns.map((column) => [column.code, column.label])).toEqual([
      ["1", "Very"],
      ["2", "Fairly"],
      ["3", "Not"],
    ]);
  });
});

describe("classifications computed from answers", () => {
  it("programs a filter on a segment the questionnaire classifies as a computed variable", async () => {
    const ir = await parseText(
      [
        "S5. How often do you stream?",
        "1. Daily",
        "2. Weekly",
        "3. Never",
        "[IF S5 = 1 OR 2, CLASSIFY AS STREAMERS; ELSE CLASSIFY AS VIEWERS]",
        "S6. [Show only if S5 = Streamers]",
        "Which platform do you use?",
        "1. Twitch",
        "2. YouTube",
      ].join("\n"),
    );
    expect(byId(ir, "S6").askIf[0].condition).toBe("{S5_CLASS} = 'STREAMERS'");
    expect(ir.hiddenVariables).toEqual([{ name: "S5_CLASS", label: "classification of S5 (STREAMERS, VIEWERS)", kind: "computed" }]);
  });
});

describe("a social-survey paper questionnaire in plain text", () => {
  const TEXT = `HOUSEHOLD SURVEY 2024

SECTION A: HOUSEHOLD

A1  How many people live in this household, including yourself?
    WRITE IN NUMBER: ____

A2  Is this accommodation...
    READ OUT
    Owned outright ............................. 1
    Being bought with a mortgage ............... 2
    Rented ..................................... 3  GO TO A4
    Other (SPECIFY) ............................ 4

A3  IF OWNED (CODE 1 OR 2 AT A2)
    How long have you lived here?
    Less than a year ........................... 1
    1-5 years .................................. 2
    More than 5 years .......................... 3

A4  ASK ALL
    Do you have access to a car or van?
    Yes ........................................ 1
    No ......................................... 2  GO TO SECTION B

A5  How many cars or vans are available to this household?
    ______

SECTION B: WORK

B1  Did you do any paid work in the last 7 days?
    Yes ........................................ 1
    No ......................................... 2

B2  IF B1 = 1
    How many hours do you usually work a week?
    ______

END OF QUESTIONNAIRE
`;

  it("reads filters written where the wording starts, dot-leader codes with routing, and section jumps", async () => {
    const ir = await parseText(TEXT);
    expect(questions(ir).map((question) => [question.id, question.type])).toEqual([
      ["A1", "numeric"],
      ["A2", "single"],
      ["A3", "single"],
      ["A4", "single"],
      ["A5", "numeric"],
      ["B1", "single"],
      ["B2", "numeric"],
    ]);
    const a2 = byId(ir, "A2");
    expect(a2.options.map((option) => [option.code, option.label, option.route])).toEqual([
      ["1", "Owned outright", undefined],
      ["2", "Being bought with a mortgage", undefined],
      ["3", "Rented", { kind: "question", ref: "A4" }],
      ["4", "Other (SPECIFY)", undefined],
    ]);
    expect(a2.options[3].other).toBe(true);
    expect(byId(ir, "A3")).toMatchObject({ text: "How long have you lived here?" });
    expect(byId(ir, "A3").askIf[0].condition).toBe("{A2} anyof ['1', '2']");
    expect(byId(ir, "A4").askIf).toEqual([]);
    expect(byId(ir, "A4").options[1].route).toEqual({ kind: "section", label: "B" });
    expect(byId(ir, "B2").askIf[0].condition).toBe("{B1} = '1'");
    expect(ir.items.at(-1)).toMatchObject({ kind: "info", role: "end" });
  });
});

describe("lists and web pages", () => {
  it("reads questions and answers numbered at two levels of one Word list", async () => {
    const bytes = buildDocx({
      lists: [{ id: 5, levels: [{ format: "decimal", text: "%1." }, { format: "decimal", text: "%2)" }] }],
      blocks: [
        { runs: "Do you live in a city?", num: { id: 5 } },
        { runs: "Yes", num: { id: 5, level: 1 } },
        { runs: "No", num: { id: 5, level: 1 } },
        { runs: "How long have you lived there?", num: { id: 5 } },
        { runs: "Less than a year", num: { id: 5, level: 1 } },
        { runs: "A year or more", num: { id: 5, level: 1 } },
      ],
    });
    const ir = await parseBytes(bytes, "levels.docx");
    expect(questions(ir).map((question) => [question.id, question.options.map((option) => `${option.code}=${option.label}`).join(",")])).toEqual([
      ["1", "1=Yes,2=No"],
      ["2", "1=Less than a year,2=A year or more"],
    ]);
  });

  it("reads an HTML form with radio buttons, checkboxes, a select and a text area", async () => {
    const html = `<html><body><h1>Feedback</h1>
      <p>Thank you for helping us improve.</p>
      <div><p><b>1. How did you find us?</b></p>
        <label><input type="radio" name="q1"> Search engine</label><br>
        <label><input type="radio" name="q1"> A friend</label></div>
      <div><p><b>2. Which features do you use?</b> (check all that apply)</p>
        <label><input type="checkbox"> Reports</label><label><input type="checkbox"> Alerts</label></div>
      <div><p><b>3. Your country</b></p><select><option>France</option><option>Spain</option></select></div>
      <div><p><b>4. Any other comments?</b></p><textarea></textarea></div></body></html>`;
    const ir = await parseText(html, "form.html");
    expect(questions(ir).map((question) => [question.id, question.type, labels(question).join(",")])).toEqual([
      ["1", "single", "Search engine,A friend"],
      ["2", "multi", "Reports,Alerts"],
      ["3", "single", "France,Spain"],
      ["4", "open", ""],
    ]);
  });
});

describe("table layouts and headings", () => {
  it("reads a question written as a heading", async () => {
    const bytes = buildDocx({ lists: [LISTS.symbolBullet(1)], blocks: [{ runs: "Background", style: "Heading1" }, { runs: "How old are you?", style: "Heading2" }, { runs: "Under 30", num: { id: 1 } }, { runs: "30 or older", num: { id: 1 } }] });
    const ir = await parseBytes(bytes, "headings.docx");
    expect(questions(ir).map((question) => [question.text, labels(question).join(",")])).toEqual([["How old are you?", "Under 30,30 or older"]]);
    expect(ir.sections.map((section) => section.title)).toEqual(["Background"]);
  });

  it("reads questionnaires laid out as a table of number | question | answers", async () => {
    const bytes = buildDocx({
      blocks: [
        {
          kind: "table",
          rows: [
            ["No.", "Question", "Response"],
            ["1", "Do you own a car?", ["☐ Yes", "☐ No"].map((runs) => ({ runs }))],
            ["2", "How many people live in your home?", "________"],
            ["3", "Which do you use? (tick all that apply)", ["☐ Bus", "☐ Train", "☐ Bike"].map((runs) => ({ runs }))],
          ],
        },
      ],
    });
    const ir = await parseBytes(bytes, "table-form.docx");
    expect(questions(ir).map((question) => [question.id, question.type, labels(question).join(",")])).toEqual([
      ["1", "single", "Yes,No"],
      ["2", "numeric", ""],
      ["3", "multi", "Bus,Train,Bike"],
    ]);
  });

  it("reads answers laid out in two columns of a table", async () => {
    const bytes = buildDocx({ blocks: ["Q2. Which fruit do you like? (select all that apply)", { kind: "table", rows: [["☐ Apple", "☐ Pear"], ["☐ Plum", "☐ Kiwi"]] }] });
    expect(labels(byId(await parseBytes(bytes, "two-columns.docx"), "Q2"))).toEqual(["Apple", "Pear", "Plum", "Kiwi"]);
  });

  it("names numbered grid columns after the scale described above the grid", async () => {
    const bytes = buildDocx({
      blocks: [
        "Q9. Please rate each statement (1 = Strongly disagree, 5 = Strongly agree).",
        { kind: "table", rows: [["Statement", "1", "2", "3", "4", "5"], ["The app is easy to use", "", "", "", "", ""], ["The app is fast", "", "", "", "", ""]] },
      ],
    });
    const q9 = byId(await parseBytes(bytes, "scale.docx"), "Q9");
    expect(q9.type).toBe("grid");
    expect(q9.columns.map((column) => `${column.code}=${column.label}`)).toEqual(["1=Strongly disagree", "2=2", "3=3", "4=4", "5=Strongly agree"]);
  });
});

describe("Markdown task lists", () => {
  it("reads '- [ ]' checkboxes and '- ( )' radio buttons as answers of the right kind", async () => {
    const ir = await parseText(["### 1. Which editors do you use?", "- [ ] Vim", "- [x] VS Code", "- [ ] Emacs", "", "### 2. Favourite?", "- ( ) Vim", "- ( ) VS Code"].join("\n"), "q.md");
    expect(byId(ir, "1")).toMatchObject({ type: "multi" });
    expect(labels(byId(ir, "1"))).toEqual(["Vim", "VS Code", "Emacs"]);
    expect(byId(ir, "2")).toMatchObject({ type: "single" });
    expect(labels(byId(ir, "2"))).toEqual(["Vim", "VS Code"]);
  });
});

describe("tables with a numbering column", () => {
  it("takes the labels from the column after an S/N column that only numbers the rows", async () => {
    const bytes = buildDocx({
      blocks: [
        "1. Do you take part in these activities?",
        {
          kind: "table",
          rows: [
            ["S/N", "ACTIVITIES", "YES", "NO"],
            ["a.", "Cycling", "", ""],
            ["b.", "Swimming", "", ""],
            ["c.", "Running", "", ""],
          ],
        },
        "2. How old are you? ________",
      ],
    });
    const ir = await parseBytes(bytes, "table.docx");
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["YES", "NO"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["Cycling", "Swimming", "Running"]);
  });
});

describe("questions marked without a number", () => {
  it("starts a question at each bare 'Q)' marker, with its lettered answers, even before numbered items", async () => {
    const text = [
      "Q) Select your gender:",
      "a. Male",
      "b. Female",
      "Q). The incubation period of the illness is",
      "a. 2 days",
      "b. 2 weeks",
      "c. 2 months",
      "Q)Which of the following describes you? Select your top 3",
      "a. Student",
      "b. Worker",
      "c. Parent",
      "d. Retired",
      "1. Do you travel by bus?",
      "a. Yes",
      "b. No",
      "2. Do you travel by train?",
      "a. Yes",
      "b. No",
      "3. Do you travel by car?",
      "a. Yes",
      "b. No",
    ].join("\n");
    const list = (await parseText(text)).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.text, question.type, question.options.length])).toEqual([
      ["Select your gender:", "single", 2],
      ["The incubation period of the illness is", "single", 3],
      ["Which of the following describes you? Select your top 3", "multi", 4],
      ["Do you travel by bus?", "single", 2],
      ["Do you travel by train?", "single", 2],
      ["Do you travel by car?", "single", 2],
    ]);
  });
});

describe("rows printed one by one with a repeated answer list", () => {
  it("reads a lead-in asking the same of each row, then rows each followed by the same answers, as one grid", async () => {
    const text = [
      "Q) How old are you?",
      "a. Under 30",
      "b. 30 or over",
      "",
      "How likely are you to wear a helmet for each activity?",
      "1. Cycling to work",
      "a. Not likely",
      "b. Likely",
      "2. Skating in a park",
      "a. Not likely",
      "b. Likely",
      "3. Riding a scooter",
      "a. Not likely",
      "b. Likely",
    ].join("\n");
    const list = (await parseText(text)).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list).toHaveLength(2);
    const grid = list[1];
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => row.label)).toEqual(["Cycling to work", "Skating in a park", "Riding a scooter"]);
    expect(grid.columns.map((column) => column.label)).toEqual(["Not likely", "Likely"]);
  });
});

describe("question ids with a variant letter", () => {
  it("reads an id on its own line with a dashed variant letter ('Q4-A', 'Q4-B') as the question's id", async () => {
    expect(matchQuestionId("Q4-B")).toMatchObject({ id: "Q4-B", kind: "standalone", number: 4 });
    const ir = await parseText(
      ["Q3", "Which fruit do you eat most?", "● Apples", "● Pears", "", "Q4-A", "Which of these shops do you use?", "● Market", "● Supermarket", "", "Q4-B", "Which of these shops would you like to try?", "● Market", "● Supermarket"].join("\n"),
    );
    expect(questions(ir).map((question) => question.id)).toEqual(["Q3", "Q4-A", "Q4-B"]);
    expect(questions(ir)[2].options).toHaveLength(2);
  });
});

describe("module ids with a dot before a two-digit number", () => {
  it("reads 'HLTH.03' as a question id, alone or before the wording, but not a single letter's section number or a decimal", () => {
    expect(matchQuestionId("HLTH.03 Do you take a daily walk?")).toMatchObject({ id: "HLTH.03", rest: "Do you take a daily walk?", number: 3 });
    expect(matchQuestionId("HLTH.12")).toMatchObject({ id: "HLTH.12", kind: "standalone", number: 12 });
    expect(matchQuestionId("B.1 Household roster")?.id).not.toBe("B.1");
    expect(matchQuestionId("AB.5 tonnes")?.id).not.toBe("AB.5");
  });
});

describe("survey-tool ids with a section number before the question letter", () => {
  it("reads 'S3Q2B * …' and 'S3Q4C Which …' as ids, with or without the required-answer star, and binds display logic to them", async () => {
    expect(matchQuestionId("S3Q2B * Which pets live in the flat?")).toMatchObject({ id: "S3Q2B", rest: "Which pets live in the flat?", number: 2 });
    expect(matchQuestionId("S3Q4C Which pet food brand is bought most?")).toMatchObject({ id: "S3Q4C", number: 4 });
    expect(matchQuestionId("S3Q7")).toMatchObject({ id: "S3Q7", kind: "standalone" });
    // Without the section prefix a capital after the number still needs punctuation: "B2B Cloud …" is a phrase.
    expect(matchQuestionId("B2B Cloud software buyers")).toBeNull();
    const ir = await parseText(
      [
        "Start of Block: Pets",
        "Household overview for ${S1Q1/ChoiceGroup/SelectedChoices}:",
        "S3Q2B * Which pets live in the flat? Select all that apply.",
        "▢ Cats (1)",
        "▢ Rabbits (2)",
        "▢ Parrots (3)",
        "Display This Question:",
        "If * Which pets live in the flat? Select all that apply. = Rabbits",
        "S3Q4C * How often is the rabbit hutch cleaned?",
        "o Daily (1)",
        "o Weekly (2)",
        "S3Q5A Which pet food brand is bought most?",
        "o Own label (1)",
        "o Branded (2)",
        "End of Block: Pets",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.map((question) => question.id)).toEqual(["S3Q2B", "S3Q4C", "S3Q5A"]);
    expect(list[0].options).toHaveLength(3);
    expect(list[1].text).not.toMatch(/^\*/);
    expect(list[1].askIf.map((condition) => condition.condition ?? "").join(" ")).toMatch(/S3Q2B/);
  });
});

describe("numbered text items in survey-tool exports", () => {
  it("reads a numbered item with no answers, no field and no request as text where the export prints fields for text questions", async () => {
    const ir = await parseText(
      [
        "Start of Block: Garden",
        "G1 * What is the name of your allotment site?",
        "________________________________________________________________",
        "Q31 Growing season overview for ${G1/ChoiceGroup/SelectedChoices}",
        "G2 * Which vegetables did you grow this year? Select all that apply.",
        "▢ Beans (1)",
        "▢ Leeks (2)",
        "▢ Onions (3)",
        "G3 Please describe any pest problems you had.",
        "________________________________________________________________",
        "End of Block: Garden",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.type])).toEqual([
      ["G1", "open"],
      ["G2", "multi"],
      ["G3", "open"],
    ]);
    expect(ir.items.some((item) => item.kind === "info" && item.text.includes("Growing season overview"))).toBe(true);
  });
});


describe("paper questionnaires: numbers without a dot, labelled dotted answer lines", () => {
  it("reads a number, a space and question wording as a question id", () => {
    expect(matchQuestionId("12 Quel est votre âge ?")).toMatchObject({ id: "12", kind: "numeric", number: 12, rest: "Quel est votre âge ?" });
    expect(matchQuestionId("3 Concernant vos notes en général, par rapport aux autres élèves,")).toMatchObject({ id: "3", number: 3 });
    expect(matchQuestionId("43 L’un de vos parents est-il né à l’étranger ?")).toMatchObject({ id: "43", number: 43 });
    expect(matchQuestionId("14 Y a-t-il un film qui vous a marqué ?")).toMatchObject({ id: "14", number: 14 });
    // A coded answer reads the same but neither asks nor runs on.
    expect(matchQuestionId("2 I have not used a train in the last month")).toBeNull();
  });

  it("reads a 'Si oui' follow-up answered on labelled dotted lines as a question asked if yes", async () => {
    const ir = await parseText(
      ["43 L’un de vos parents est-il né à l’étranger ?", "• Oui • Non", "Si oui, pouvez-vous nous dire dans quel pays ?", "~ Mère : ..................", "~ Père : ..................", "44 Où habitez-vous ?", "• Ville • Campagne"].join("\n"),
    );
    const followUp = questions(ir).find((question) => question.text.startsWith("Si oui"));
    expect(followUp?.type).toBe("open");
    expect(followUp?.askIf[0]?.condition).toBe("{Q43} = '1'");
  });

  it("leaves coded answers and short labels alone", () => {
    expect(matchQuestionId("1 Strongly agree")).toBeNull();
    expect(matchQuestionId("2 Non")).toBeNull();
  });
});

describe("a list printed in place of its values", () => {
  it("reads '[List of …]' under a question as a drop-down whose values are not printed", async () => {
    const ir = await parseText(["Q1", "In which region do you live?", "[List of Regions]", "", "Q2", "How old are you (in years)?", "[List of values]", "", "Q3", "Which colour do you prefer?", "● Red", "● Blue"].join("\n"));
    expect(questions(ir).map((question) => question.type)).toEqual(["dropdown", "dropdown", "single"]);
  });
});

describe("a command sentence under a bare id", () => {
  it("reads 'Select …:' on the line after an id of its own as the wording, and every marked line under it as an answer", async () => {
    const ir = await parseText(["Q1", "Select the sport you play most often:", "● Football", "● Tennis", "● Swimming", "", "Q2", "How often do you play it?", "● Weekly", "● Monthly"].join("\n"));
    const first = questions(ir)[0];
    expect(first.text).toMatch(/^Select the sport/);
    expect(first.options.map((option) => option.label)).toEqual(["Football", "Tennis", "Swimming"]);
  });
});

describe("sub-numbered questions under numbered topic headings", () => {
  it("reads '1.1:' and '1.2.1 (condition) …' as ids, a numbered topic heading as the part title, and restarts per section", async () => {
    const text = [
      "## Section 1: About you",
      "",
      "### 1.1: Which team are you in?",
      "",
      "-   [ ] Data",
      "-   [ ] Methods",
      "",
      "## Section 2: Systems",
      "",
      "### Question 1: Size of systems",
      "",
      "In this question we look at how large systems are.",
      "",
      "### 1.1 How many systems do you run?",
      "",
      "-   [ ] One",
      "-   [ ] Several",
      "",
      "#### 1.2: Does one system handle several steps?",
      "",
      "-   [ ] yes",
      "-   [ ] no",
      "",
      "#### 1.2.1 `(if 1.2 == 'yes')` Which steps does it handle?",
      "",
      "-   [ ] Ingestion",
      "-   [ ] Aggregation",
      "",
      "#### 1.3 Is the system documented?",
      "",
      "-   [ ] yes",
      "-   [ ] no",
    ].join("\n");
    const list = (await parseText(text, "q.md")).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.id.replace(/^S\d+\./, ""), question.options.length])).toEqual([
      ["1.1", 2],
      ["1.1", 2],
      ["1.2", 2],
      ["1.2.1", 2],
      ["1.3", 2],
    ]);
    expect(list[3].text).toBe("Which steps does it handle?");
  });
});

describe("questions styled as headings, in a list without numbers", () => {
  it("reads a scale given by its labels as the columns of the bulleted items, remarks after the question mark, select-two, and bracketed entry placeholders", async () => {
    const text = [
      "## Tools",
      "",
      "### Which editors do you use?",
      "*Use scale: Using, Planning to use, Not using*",
      "- Vim",
      "- Emacs",
      "- VS Code",
      "",
      "### Which platforms do you deploy to? (Check all that apply)",
      "- Linux",
      "- Windows",
      "",
      "### What are the top two problems you face? (Select two)",
      "- Speed",
      "- Cost",
      "- Security",
      "",
      "### How many services are you running in production?",
      "[enter number]",
      "",
      "### What is your company name? (not shared)",
      "[enter text] *(optional)*",
      "",
      "### What is your email?",
      "[enter text] *(optional)*",
    ].join("\n");
    const list = (await parseText(text, "q.md")).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.text, question.type])).toEqual([
      ["Which editors do you use?", "grid"],
      ["Which platforms do you deploy to?", "multi"],
      ["What are the top two problems you face?", "multi"],
      ["How many services are you running in production?", "numeric"],
      ["What is your company name? (not shared)", "open"],
      ["What is your email?", "open"],
    ]);
    expect(list[0].columns.map((column) => column.label)).toEqual(["Using", "Planning to use", "Not using"]);
    expect(list[0].rows).toHaveLength(3);
  });
});

describe("a form summary printed to text, one answer per line", () => {
  it("drops the print header and footer of every page, reads a label-worded question's answers and an 'If other please specify' field", async () => {
    const page = (n: number, body: string[]) => ["6/7/26, 11:19 AM", "", "Health Questionnaire", "", ...body, "", "https://forms.example.org/summary", "", `${n}/3`, "\f"];
    const text = [
      ...page(1, ["Health Questionnaire", "Part A – Basic Information", "", "1. Age:", "", "2. Religion", "Buddhist", "Hindu", "Other", "If other please specify", "3. Gender:", "Male", "Female"]),
      ...page(2, ["4. Marital Status", "Married", "Single", "5. When were you diagnosed? (Year):", "", "6. Do you have children?", "Yes", "No"]),
      ...page(3, ["7. Do you smoke?", "Yes", "No", "8. Education Level:", "School", "University"]),
    ].join("\n");
    const list = (await parseText(text)).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => [question.id, question.type, question.options.map((option) => option.label)])).toEqual([
      ["1", "numeric", []],
      ["2", "single", ["Buddhist", "Hindu", "Other"]],
      ["3", "single", ["Male", "Female"]],
      ["4", "single", ["Married", "Single"]],
      ["5", "numeric", []],
      ["6", "single", ["Yes", "No"]],
      ["7", "single", ["Yes", "No"]],
      ["8", "single", ["School", "University"]],
    ]);
  });
});

describe("interviewer tags after the wording", () => {
  it("takes '(READ LIST)' / '(Read the list)' out of the wording as an instruction", async () => {
    const ir = await parseText(["S1. Which of these pets do you keep? (READ LIST)", "1 Cat", "2 Dog", "S2. Which of these vets have you used? (Read the list)", "1 Northside", "2 Riverside"].join("\n"));
    const found = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(found.map((question) => question.text)).toEqual(["Which of these pets do you keep?", "Which of these vets have you used?"]);
    expect(found.map((question) => question.instructions.join(" "))).toEqual([expect.stringMatching(/READ LIST/), expect.stringMatching(/Read the list/)]);
  });
});
