import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRInfo, IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx, LISTS } from "../testing/docx-writer";
import { buildPdf } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { parseText } from "../testing/parse-text";

const parse = (text: string, filename = "q.txt") => parseText(text, filename);

function questions(ir: QuestionnaireIR): IRQuestion[] {
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

function byId(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = questions(ir).find((question) => question.id === id);
  if (!found) throw new Error(`no question ${id} in ${questions(ir).map((question) => question.id).join(", ")}`);
  return found;
}

const codes = (question: IRQuestion) => question.options.map((option) => option.code);
const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("question ids and wording", () => {
  it("recognises the usual printed ids and keeps the wording without them", async () => {
    const ir = await parse(
      [
        "Q1. What is your age?",
        "[1] Under 18",
        "[2] 18 or older",
        "",
        "S2) Where do you live?",
        "(1) City",
        "(2) Countryside",
        "",
        "A1a How often do you shop?",
        "Daily (1)",
        "Weekly (2)",
        "",
        "12. Any comments?",
        "________",
        "",
        "[BQ01] Overall, how satisfied are you?",
        "1 = Not satisfied",
        "2 = Satisfied",
        "",
        "SQ1BRAND: Which brands do you know?",
        "- Brand A",
        "- Brand B",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "S2", "A1a", "12", "BQ01", "SQ1BRAND"]);
    expect(byId(ir, "Q1").text).toBe("What is your age?");
    expect(byId(ir, "12").variable).toBe("Q12");
    expect(byId(ir, "12").type).toBe("open");
    expect(codes(byId(ir, "A1a"))).toEqual(["1", "2"]);
    expect(labels(byId(ir, "A1a"))).toEqual(["Daily", "Weekly"]);
    expect(labels(byId(ir, "BQ01"))).toEqual(["Not satisfied", "Satisfied"]);
  });

  it("tells numbered answers from numbered questions by the question sequence", async () => {
    const ir = await parse(["1. How many children do you have?", "1. None", "2. One", "3. Two or more", "2. Do they live with you?", "1. Yes", "2. No", "3. Which school do they attend?"].join("\n"));
    expect(questions(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(labels(byId(ir, "1"))).toEqual(["None", "One", "Two or more"]);
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
  });

  it("reads answers printed one per line without markers under numbered questions", async () => {
    const ir = await parse(
      ["1. In general, how would you rate the service?", "Excellent", "Good", "Poor", "2. Which of these have you used? (Select all that apply.)", "Website", "App", "Phone", "None of the above", "3. What is your age? [OPEN END]"].join("\n"),
    );
    expect(labels(byId(ir, "1"))).toEqual(["Excellent", "Good", "Poor"]);
    expect(byId(ir, "2").type).toBe("multi");
    expect(byId(ir, "2").options.find((option) => option.label === "None of the above")?.exclusive).toBe(true);
    expect(byId(ir, "3").type).toBe("numeric");
  });

  it("reads a quoted Markdown line under a question as its note, not as an answer", async () => {
    const ir = await parse(
      ["1. Full name of each household member", "> Write the names as on the identity card.", "", "2. Is this address the same as on the card?", "> Ask to see the card.", "1. Same", "2. Different"].join("\n"),
      "q.md",
    );
    expect(byId(ir, "1").type).toBe("open");
    expect(byId(ir, "1").options).toEqual([]);
    expect(labels(byId(ir, "2"))).toEqual(["Same", "Different"]);
    // A script typed wholly inside a quote: quoting sets nothing apart there.
    const quoted = await parse(["> Q1. Do you rent or own your home?", ">", "> Rent", ">", "> Own", ">", "> Q2. Is there a garden?", ">", "> Yes", ">", "> No"].join("\n"), "q.md");
    expect(labels(byId(quoted, "Q1"))).toEqual(["Rent", "Own"]);
  });

  it("splits answers written on one line", async () => {
    const ir = await parse(["1. What is your age?", "(1) Under 18 (2) 18-25 (3) Over 25", "- Gender:", "☐ Male ☐ Female ☐ Prefer not to say"].join("\n"));
    expect(labels(byId(ir, "1"))).toEqual(["Under 18", "18-25", "Over 25"]);
    expect(labels(byId(ir, "Gender"))).toEqual(["Male", "Female", "Prefer not to say"]);
  });

  it("splits slash-separated answers on a single bullet line (Markdown)", async () => {
    const ir = await parse(["**1. 您的性别 (Gender)**", "- 男 / 女", "", "**2. Which city tier?**", "- Tier 1 / Tier 2 / Other"].join("\n"), "q.md");
    expect(labels(byId(ir, "1"))).toEqual(["男", "女"]);
    expect(labels(byId(ir, "2"))).toEqual(["Tier 1", "Tier 2", "Other"]);
  });

  it("reads automatic Word numbering for questions and bullets for answers", async () => {
    const bytes = buildDocx({
      lists: [LISTS.decimal(1), LISTS.symbolBullet(2)],
      blocks: [
        { runs: "Have you used the bus service?", num: { id: 1 } },
        { runs: "Yes (1)", num: { id: 2 } },
        { runs: "No (2)", num: { id: 2 } },
        { runs: "How often do you travel?", num: { id: 1 } },
        { runs: "Daily (1)", num: { id: 2 } },
        { runs: "Weekly (2)", num: { id: 2 } },
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "bus.docx" }));
    expect(questions(ir).map((question) => [question.id, question.text, codes(question).join(",")])).toEqual([
      ["1", "Have you used the bus service?", "1,2"],
      ["2", "How often do you travel?", "1,2"],
    ]);
  });

  it("keeps an exact source span for each question", async () => {
    const text = "Intro text for you.\n\nQ1. Do you drive?\nYes\nNo\n\nQ2. Why not?\n______";
    const doc = await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" });
    const ir = parseQuestionnaire(doc);
    const q1 = byId(ir, "Q1");
    expect(doc.text.slice(q1.span.start, q1.span.end)).toBe("Q1. Do you drive?\nYes\nNo");
    expect(q1.excerpt).toBe("Q1. Do you drive?\nYes\nNo");
    for (const option of q1.options) expect(doc.text.slice(option.span.start, option.span.end)).toBe(option.label);
  });
});

describe("question types", () => {
  it("infers types from instructions, answer formats and wording", async () => {
    const ir = await parse(
      [
        "Q1. Which of these do you own? (Please select all that apply)",
        "☐ Car",
        "☐ Bike",
        "Q2. How many people live in your household?",
        "________",
        "Q3. Please describe your last trip.",
        "[OPEN-END]",
        "Q4. What state do you live in? [DROPDOWN]",
        "Q5. On a scale of 0 to 10, how likely are you to recommend us to a friend?",
        "Q6. Please rank the following in order of preference.",
        "1. Price",
        "2. Quality",
        "3. Service",
        "Q7. What is your date of birth? (DD/MM/YYYY)",
        "Q8. On a scale of 1 to 5, how satisfied are you overall?",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.type)).toEqual(["multi", "numeric", "open", "dropdown", "nps", "ranking", "date", "rating"]);
    expect(byId(ir, "Q5")).toMatchObject({ min: 0, max: 10 });
    expect(byId(ir, "Q8")).toMatchObject({ min: 1, max: 5 });
    // The points of a scale the wording states, with none printed, are the answers (an 11-point NPS keeps its range).
    expect(byId(ir, "Q8").options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "5"]);
    expect(byId(ir, "Q5").options).toEqual([]);
  });

  it("does not take a first line that asks (its question mark followed by a bracketed note) for the title", async () => {
    const ir = await parse(["Wie alt bist du? (offen)", "", "Wo wohnst du? (Auswahl)", "", "Was machst du am Wochenende? (offen)"].join("\n"));
    expect(questions(ir).map((question) => question.text)).toEqual(["Wie alt bist du? (offen)", "Wo wohnst du? (Auswahl)", "Was machst du am Wochenende? (offen)"]);
  });

  it("reads a rating scale named in other languages, by its two ends or by its end labels in brackets", async () => {
    const ir = await parse(
      [
        "F1. Wie zufrieden sind Sie insgesamt auf einer Skala von 1 bis 7?",
        "F2. Sur une échelle de 0 à 10, comment jugez-vous le service?",
        "F3. Wo würden Sie den Lärm in Ihrer Straße auf dieser Skala (0 = ganz leise, 10 = sehr laut) einordnen?",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.type)).toEqual(["rating", "rating", "rating"]);
    expect(byId(ir, "F1")).toMatchObject({ min: 1, max: 7 });
    expect(byId(ir, "F2")).toMatchObject({ min: 0, max: 10 });
    expect(byId(ir, "F3")).toMatchObject({ min: 0, max: 10 });
  });

  it("reads a grid from a table with a scale header and statement rows", async () => {
    const ir = await parse(
      ["Q5. How much do you agree with each statement? (one answer per row)", "", "| | Agree (1) | Neutral (2) | Disagree (3) |", "|---|---|---|---|", "| The staff were friendly | | | |", "| Prices are fair | | | |"].join("\n"),
      "grid.md",
    );
    const q5 = byId(ir, "Q5");
    expect(q5.type).toBe("grid");
    expect(q5.columns.map((column) => [column.code, column.label])).toEqual([
      ["1", "Agree"],
      ["2", "Neutral"],
      ["3", "Disagree"],
    ]);
    expect(q5.rows.map((row) => row.label)).toEqual(["The staff were friendly", "Prices are fair"]);
  });

  it("reads a one-row rating table as a single-choice question", async () => {
    const bytes = buildDocx({ blocks: ["Q3. Overall impression of the product?", { kind: "table", rows: [["", "1= Poor", "2= Fair", "3= Good"], ["Overall impression", "o", "o", "o"]] }] });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "rating.docx" }));
    expect(byId(ir, "Q3").type).toBe("single");
    expect(labels(byId(ir, "Q3"))).toEqual(["Poor", "Fair", "Good"]);
  });

  it("reads an answer list printed as a label/code table", async () => {
    const bytes = buildDocx({
      blocks: [
        "MR",
        { kind: "table", rows: [["QBRAND: Which brands have you bought?", "CODE"], ["Brand A", "1"], ["Brand B", "2"], ["Other (please specify)", "<open>"], ["None of these", "99"]] },
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "codes.docx" }));
    const question = byId(ir, "QBRAND");
    expect(question.type).toBe("multi");
    expect(question.options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Brand A"],
      ["2", "Brand B"],
      ["3", "Other (please specify)"],
      ["99", "None of these"],
    ]);
    expect(question.options[2].other).toBe(true);
    expect(question.options[3].exclusive).toBe(true);
  });

  it("turns numbered statements that share a printed scale into one grid", async () => {
    const ir = await parse(
      [
        "Section 2: Service",
        "(1 = Strongly Disagree → 5 = Strongly Agree)",
        "1. The staff were friendly.",
        "2. The wait was short.",
        "3. The price was fair.",
      ].join("\n"),
    );
    const grid = questions(ir);
    expect(grid).toHaveLength(1);
    expect(grid[0]).toMatchObject({ id: "Section 2", type: "grid" });
    expect(grid[0].rows.map((row) => row.code)).toEqual(["1", "2", "3"]);
    expect(grid[0].columns.map((column) => column.code)).toEqual(["1", "2", "3", "4", "5"]);
    expect(grid[0].columns[0].label).toBe("Strongly Disagree");
  });

  it("reads a printed PDF grid with answer circles in columns", async () => {
    const texts = [
      { text: "Q8 How often have you felt the following?", x: 72, y: 720 },
      { text: "Never (1)", x: 300, y: 700 },
      { text: "Often (2)", x: 420, y: 700 },
      { text: "Tired (1)", x: 80, y: 680 },
      { text: "o", x: 315, y: 680 },
      { text: "o", x: 435, y: 680 },
      { text: "Worried about", x: 80, y: 662 },
      { text: "money (2)", x: 80, y: 650 },
      { text: "o", x: 315, y: 650 },
      { text: "o", x: 435, y: 650 },
      { text: "Q9 Any other comments?", x: 72, y: 620 },
    ];
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts }]), { filename: "grid.pdf" }));
    const grid = byId(ir, "Q8");
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => [row.code, row.label])).toEqual([
      ["1", "Tired"],
      ["2", "Worried about money"],
    ]);
    expect(grid.columns.map((column) => [column.code, column.label])).toEqual([
      ["1", "Never"],
      ["2", "Often"],
    ]);
    expect(byId(ir, "Q9").type).toBe("open");
  });
});

describe("answer details", () => {
  it("marks exclusive and other-specify answers, randomisation, anchors and quotas", async () => {
    const ir = await parse(
      [
        "Q1. Which of these brands do you know? (Select all that apply) [RANDOMIZE]",
        "1. Alpha",
        "2. Beta [Quota – 20% of the sample]",
        "3. Other (please specify) ________ [Anchor to bottom]",
        "4. ⊗None of these",
        "5. Don't know [EXCLUSIVE]",
      ].join("\n"),
    );
    const q1 = byId(ir, "Q1");
    expect(q1.randomize).toBe(true);
    expect(q1.options.map((option) => [option.label, Boolean(option.exclusive), Boolean(option.other), Boolean(option.anchor)])).toEqual([
      ["Alpha", false, false, false],
      ["Beta", false, false, false],
      ["Other (please specify)", false, true, true],
      ["None of these", true, false, false],
      ["Don't know", true, false, false],
    ]);
    expect(q1.quotas).toEqual(["Beta: Quota – 20% of the sample"]);
  });
});

describe("logic", () => {
  it("reads ask-if conditions written before a question, in brackets or as 'if … then'", async () => {
    const ir = await parse(
      [
        "Q1. Do you own a car?",
        "1. Yes",
        "2. No",
        "ASK IF Q1=1",
        "Q2. Which brand is it?",
        "1. Ford",
        "2. Toyota",
        "[Show for Q2=1,2]",
        "Q3. How old is it?",
        "________",
        "_if Q1 == 2, then:_",
        "Q4. Why not?",
        "________",
      ].join("\n"),
      "q.md",
    );
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{Q2} anyof ['1', '2']");
    expect(byId(ir, "Q4").askIf[0].condition).toBe("{Q1} = '2'");
  });

  it("resolves answers named by label, variable names and option flags", async () => {
    const ir = await parse(
      [
        "Q1",
        "**EMPLOYMENT**",
        "Which best describes your employment status?",
        "- (1) Employed full time",
        "- (2) Employed part time",
        "- (3) Student",
        "",
        "Q2",
        "**USES**",
        "(multiple selection)",
        "Which do you use? Choose all that apply.",
        "- (1) Email",
        "- (2) Chat",
        "",
        "Q3",
        "_if EMPLOYMENT < 3 and USES(2) == 1, then:_",
        "How often do you chat at work?",
        "- (1) Often",
        "- (2) Rarely",
        "",
        "PAGE BREAK - SHOW IF Q1=Student",
        "Q4. What do you study?",
        "________",
      ].join("\n"),
      "q.md",
    );
    expect(byId(ir, "Q1").aliases).toContain("EMPLOYMENT");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{Q1} < 3 and {Q2} anyof ['2']");
    expect(byId(ir, "Q4").askIf[0].condition).toBe("{Q1} = '3'");
  });

  it("reads per-answer routing: skip to a question or a page, terminate, and 'no need to answer' skips", async () => {
    const ir = await parse(
      [
        "Page 1",
        "Q1. Did you vote?",
        "o Yes [Skip to page 3]",
        "o No → Q4",
        "o Not eligible (TERMINATE)",
        "Page 2",
        "Q2. Why did you vote?",
        "________",
        "Page 3",
        "Q3. Have you paid for music?",
        "(1) Yes (no need to answer the 4th question) (2) No",
        "Q4. Why not?",
        "________",
      ].join("\n"),
    );
    const q1 = byId(ir, "Q1");
    expect(q1.options.map((option) => option.route)).toEqual([{ kind: "page", label: "3" }, { kind: "question", ref: "Q4" }, { kind: "terminate" }]);
    expect(byId(ir, "Q3").options[0].route).toEqual({ kind: "skip", ref: "4" });
    expect(byId(ir, "Q3").page).toBe("3");
  });

  it("reads question-level routing and screen-outs written as sentences, also above the question", async () => {
    const ir = await parse(
      [
        "S1. Are you 18 or older?",
        "1. Yes",
        "2. No",
        "IF S1 = 2, TERMINATE",
        "MR, TERMINATE IF S2 ≠ 1",
        "S2. Which of these products have you bought? (select all that apply)",
        "1. Coffee",
        "2. Tea",
        "S3. Do you drink it daily?",
        "1. Yes",
        "2. No",
        "IF NO, SKIP TO S5",
        "S4. How many cups a day?",
        "____",
        "S5. Thank you. Any comments?",
        "____",
      ].join("\n"),
    );
    expect(byId(ir, "S1").routes.map((route) => [route.target.kind, route.when?.condition])).toEqual([["terminate", "{S1} = '2'"]]);
    expect(byId(ir, "S2").routes.map((route) => [route.target.kind, route.when?.condition])).toEqual([["terminate", "{S2} noneof ['1']"]]);
    expect(byId(ir, "S2").type).toBe("multi");
    expect(byId(ir, "S3").routes.map((route) => [route.target, route.when?.condition])).toEqual([[{ kind: "question", ref: "S5" }, "{S3} = '2'"]]);
  });

  it("reads Qualtrics display logic that quotes the wording of an earlier question", async () => {
    const ir = await parse(
      [
        "Q1 In the past week, which of these symptoms did you have? Please select all that apply.",
        "▢ Fever (1)",
        "▢ Cough (2)",
        "▢ ⊗None of the above (3)",
        "Q2 Have you been tested?",
        "o Yes (1)",
        "o No (2)",
        "Display This Question:",
        "If In the past week, which of these symptoms did you have? Please select all... = Fever",
        "Or In the past week, which of these symptoms did you have? Please select all... q://QID1/SelectedChoicesCount Is Greater Than 1",
        "And Have you been tested? = Yes",
        "Q3 What was your temperature?",
        "________",
      ].join("\n"),
    );
    expect(byId(ir, "Q1").type).toBe("multi");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{Q1} anyof ['1'] or count({Q1}) > 1 and {Q2} = '1'");
  });

  it("attaches Qualtrics per-choice display logic to the choice printed under it, keeping one question", async () => {
    const ir = await parse(
      [
        "Q1 Which pets do you own?",
        "(Select all that apply)",
        "▢ Dog (1)",
        "▢ Cat (2)",
        "Q2 Which supplies did you buy last month?",
        "Display This Choice:",
        "If Which pets do you own? (Select all tha... =",
        "Dog",
        "▢ Leash (1)",
        "Display This Choice:",
        "If Which pets do you own? (Select all tha... = Cat",
        "▢ Litter (2)",
        "▢ Nothing (3)",
        "Q3 Any comments?",
        "________",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    const supplies = byId(ir, "Q2");
    expect(supplies.askIf).toEqual([]);
    expect(supplies.options.map((option) => [option.label, option.showIf?.condition])).toEqual([
      ["Leash", "{Q1} anyof ['1']"],
      ["Litter", "{Q1} anyof ['2']"],
      ["Nothing", undefined],
    ]);
  });

  it("reads a PDF grid row whose label wraps around its answer cells and ends with its code", async () => {
    const lines: { label?: string; cells?: boolean }[] = [
      { label: "Q1 How often do you use each tool?" },
      { label: "Hammer -" },
      { label: "a tool for", cells: true },
      { label: "Driving" },
      { label: "Nails (1)" },
      { label: "Saw - cuts", cells: true },
      { label: "(2)" },
      { label: "Drill - makes" },
      { label: "holes in", cells: true },
      { label: "Walls and" },
      { label: "Ceilings (3)" },
      { label: "Q2 Any comments?" },
      { label: "________" },
    ];
    const texts = [{ text: "Never", x: 250, y: 720 }, { text: "Sometimes", x: 320, y: 720 }, { text: "Often", x: 400, y: 720 }];
    lines.forEach((line, index) => {
      const y = 740 - (index + (index > 0 ? 1 : 0)) * 16;
      if (line.label) texts.push({ text: line.label, x: 72, y });
      if (line.cells) for (const x of [260, 335, 410]) texts.push({ text: "o", x, y });
    });
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts }]), { filename: "grid.pdf" }));
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
    const grid = byId(ir, "Q1");
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => [row.code, row.label])).toEqual([
      ["1", "Hammer - a tool for Driving Nails"],
      ["2", "Saw - cuts"],
      ["3", "Drill - makes holes in Walls and Ceilings"],
    ]);
  });

  it("reads a Qualtrics skip whose quoted wording is in capitals with commas", async () => {
    const ir = await parse(
      [
        "Q1 PLEASE READ THE TERMS ABOVE. IF YOU ACCEPT THEM, CHOOSE YES TO CONTINUE.",
        "o Yes (1)",
        "o No (2)",
        "Skip To: End of Survey If PLEASE READ THE TERMS ABOVE. IF YOU ACCEPT THEM, CHOOSE... = No",
        "Q2 Any comments?",
        "________",
      ].join("\n"),
    );
    const consent = byId(ir, "Q1");
    expect(consent.routes.map((route) => route.when?.condition)).toEqual(["{Q1} = '2'"]);
  });

  it("applies a filter written above a block of questions to every question of the block", async () => {
    const ir = await parse(
      [
        "Q1. Are you employed?",
        "1. Yes",
        "2. No",
        "PAGE BREAK - SHOW IF Q1=1",
        "We would now like to ask you about your work.",
        "Q2. How many hours do you work?",
        "____",
        "Q3. Do you like your job?",
        "1. Yes",
        "2. No",
        "PAGE BREAK",
        "Q4. Any comments?",
        "____",
      ].join("\n"),
    );
    const intro = ir.items.find((item): item is IRInfo => item.kind === "info" && item.text.startsWith("We would"));
    expect(intro?.askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q4").askIf).toEqual([]);
  });

  it("reads 'among' filters, groups assigned outside the questionnaire, and keeps unresolvable conditions as written", async () => {
    const ir = await parse(
      [
        "Q1. How often do you pay on a date?",
        "Always",
        "Often",
        "Never",
        "Q2. [Among “Always” & “Often”] Why do you pay? (Select all that apply.)",
        "It is polite",
        "I earn more",
        "[SHOW ONLY TO CELL 2]",
        "Q3. Would you buy the product shown?",
        "Yes",
        "No",
        "SHOW IF HEARD OF THE BRAND",
        "Q4. Where did you hear of it?",
        "[OPEN-END]",
      ].join("\n"),
    );
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} anyof ['1', '2']");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{CELL} = '2'");
    expect(ir.hiddenVariables.map((variable) => variable.name)).toEqual(["CELL"]);
    expect(byId(ir, "Q4").askIf[0]).toMatchObject({ text: "SHOW IF HEARD OF THE BRAND" });
    expect(byId(ir, "Q4").askIf[0].condition).toBeUndefined();
    expect(byId(ir, "Q4").askIf[0].unresolved).toBeTruthy();
  });
});

describe("sections, screens and notes", () => {
  it("records sections, information screens, the end screen and the screen-out text", async () => {
    const ir = await parse(
      [
        "SECTION A - SCREENER",
        "Welcome! Thank you for taking part in this survey.",
        "A1. Are you over 18?",
        "1. Yes",
        "2. No [TERMINATE]",
        "[TERMINATING SCREEN]",
        "Sorry, you do not qualify for this study.",
        "Section B: Habits",
        "B1. Do you cook?",
        "1. Yes",
        "2. No",
        "END",
        "Thank you for your time!",
      ].join("\n"),
    );
    expect(ir.sections.map((section) => [section.label ?? "", section.title])).toEqual([
      ["Section A", "SCREENER"],
      ["Section B", "Habits"],
    ]);
    const infos = ir.items.filter((item): item is IRInfo => item.kind === "info");
    expect(infos.map((info) => [info.role, info.text])).toEqual([
      ["intro", "Welcome! Thank you for taking part in this survey."],
      ["terminate", "Sorry, you do not qualify for this study."],
      ["end", "Thank you for your time!"],
    ]);
    expect(byId(ir, "A1").options[1].route).toEqual({ kind: "terminate" });
    expect(byId(ir, "B1").section).toBe(ir.sections[1].key);
  });

  it("keeps programmer notes out of the wording and flags a repeated question id", async () => {
    const ir = await parse(["Q1. How old are you? [PROGRAMMER: validate 18-99]", "____", "Q1. Where do you live?", "1. North", "2. South"].join("\n"));
    const [first, second] = questions(ir);
    expect(first.text).toBe("How old are you?");
    expect(first.notes.join(" ")).toMatch(/PROGRAMMER/);
    expect(first.type).toBe("numeric");
    expect(second.variable).toBe("Q1_2");
    expect(second.warnings.join(" ")).toMatch(/more than once/);
  });
});
