import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

/**
 * The logic-convention audit matrix (issue 15, section 1: detect → scope → bind → keep).
 *
 * Each row is one convention in one rendering: a small synthetic questionnaire (written for this test), the
 * question(s) the condition must land on and the question(s) it must name. A row passes when the compiled
 * survey carries the logic where the shared scorer looks for it — the block's `showIf`, a navigation rule
 * on the question's page, or a rule that jumps to it — and the condition names the source question ("strict").
 * Rows also check the IR directly: display conditions on `askIf`, routes on the answer or a routing statement,
 * row conditions on the row, group bases on a declared hidden variable, and kept (unbound) filters flagged on
 * their own question and on no other.
 *
 * Rows with `known` are documented known failures (see /work/notes/issue-15-h-logic.md): they run with
 * `it.fails`, so a fix turns them red and the row must then be promoted.
 */

type Expect =
  /** Display condition on each target naming `refs` (any of them). */
  | { kind: "askIf"; targets: string[]; refs: string[]; none?: string[] }
  /** Route on `source` (an answer's route or a routing statement) to `to` (printed id, "terminate", "end" or "section"). */
  | { kind: "route"; source: string; to: string; code?: string }
  /** A row or answer of `target` shown only when a condition names `refs`. */
  | { kind: "row"; target: string; refs: string[] }
  /** Display condition on each target on a declared hidden variable. */
  | { kind: "group"; targets: string[]; none?: string[] }
  /** Questions an answer's route jumps over: each target's compiled block shows only when `source` is not that answer; `none` keep no showIf. */
  | { kind: "skipped"; source: string; targets: string[]; none?: string[] }
  /** A flagged (unresolved) condition on `target`, and no condition at all on `clean`. */
  | { kind: "keep"; target: string; clean: string[] };

interface Row {
  convention: string;
  rendering: string;
  text: string[];
  filename?: string;
  expect: Expect;
  known?: string;
}

const norm = (id: string) =>
  String(id ?? "")
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/[.):]+$/, "")
    .replace(/^Q\.?(?=[A-Z0-9])/, "")
    .replace(/^0+(?=\d)/, "")
    .replace(/[._-]/g, "");
const refsOf = (condition: string | undefined) =>
  [...String(condition ?? "").matchAll(/\{([^}]+)\}/g)].flatMap((match) => {
    const variable = match[1].split(".")[0];
    return [norm(variable), norm(variable.split("_")[0])];
  });

async function parse(row: Row): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(row.text.join("\n") + "\n"), { filename: row.filename ?? "q.txt" }));
}
const questionsOf = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
function find(ir: QuestionnaireIR, id: string): IRQuestion {
  const question = questionsOf(ir).find((candidate) => norm(candidate.id) === norm(id) || norm(candidate.variable) === norm(id));
  if (!question) throw new Error(`no question ${id} among ${questionsOf(ir).map((candidate) => candidate.id).join(", ")}`);
  return question;
}

/** The conditions the shared scorer credits to a question: its block's showIf, its page's rules, rules into its page. */
function scoredConditions(ir: QuestionnaireIR, question: IRQuestion): string[] {
  const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
  const conditions: string[] = [];
  for (const page of document.pages) {
    const block = page.blocks.find((candidate) => candidate.config.question?.variable === question.variable);
    if (!block) continue;
    if (block.config.showIf?.trim()) conditions.push(block.config.showIf);
    for (const rule of page.navigation_rules) if (rule.condition?.trim()) conditions.push(rule.condition);
    for (const other of document.pages) for (const rule of other.navigation_rules) if (rule.condition?.trim() && rule.target_page_id === page.id) conditions.push(rule.condition);
  }
  return conditions;
}
const names = (conditions: (string | undefined)[], refs: string[]) => conditions.some((condition) => refsOf(condition).some((ref) => refs.map(norm).includes(ref)));

async function check(row: Row): Promise<void> {
  const ir = await parse(row);
  const e = row.expect;
  const show = (question: IRQuestion) => JSON.stringify({ id: question.id, askIf: question.askIf, routes: question.routes, notes: question.notes });
  if (e.kind === "askIf") {
    for (const target of e.targets) {
      const question = find(ir, target);
      expect(names(question.askIf.map((condition) => condition.condition), e.refs), `askIf of ${target}: ${show(question)}`).toBe(true);
      expect(names(scoredConditions(ir, question), e.refs), `compiled ${target}`).toBe(true);
    }
    for (const other of e.none ?? []) expect(find(ir, other).askIf, `no askIf on ${other}`).toEqual([]);
  } else if (e.kind === "skipped") {
    const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
    const showIf = (id: string) => {
      const variable = find(ir, id).variable;
      return document.pages.flatMap((page) => page.blocks).find((block) => block.config.question?.variable === variable)?.config.showIf;
    };
    for (const target of e.targets) expect(names([showIf(target)], [e.source]), `showIf of ${target}: ${showIf(target)}`).toBe(true);
    for (const other of e.none ?? []) expect(showIf(other), `no showIf on ${other}`).toBeFalsy();
  } else if (e.kind === "route") {
    const question = find(ir, e.source);
    const wanted = (target: { kind: string; ref?: string; label?: string }) =>
      e.to === "terminate" || e.to === "end" ? target.kind === e.to : e.to === "section" ? target.kind === "section" : (target.kind === "question" || target.kind === "skip") && norm(target.ref ?? "") === norm(e.to);
    const onOption = question.options.some((option) => option.route && wanted(option.route) && (!e.code || option.code === e.code));
    const onStatement = question.routes.some((route) => wanted(route.target) && (!route.when || names([route.when.condition], [e.source])));
    expect(onOption || onStatement, `route on ${e.source}: ${show(question)} options ${JSON.stringify(question.options.map((option) => [option.code, option.label, option.route]))}`).toBe(true);
    expect(names(scoredConditions(ir, question), [e.source]), `compiled ${e.source}`).toBe(true);
  } else if (e.kind === "row") {
    const question = find(ir, e.target);
    const conditions = [...question.rows, ...question.options].map((option) => option.showIf?.condition);
    expect(names(conditions, e.refs), `row showIf in ${e.target}: ${JSON.stringify([...question.rows, ...question.options].map((option) => [option.label, option.showIf]))}`).toBe(true);
  } else if (e.kind === "group") {
    const hidden = ir.hiddenVariables.map((variable) => norm(variable.name));
    for (const target of e.targets) {
      const question = find(ir, target);
      expect(
        question.askIf.some((condition) => refsOf(condition.condition).some((ref) => hidden.includes(ref))),
        `group askIf of ${target}: ${show(question)} hidden ${hidden.join(",")}`,
      ).toBe(true);
    }
    for (const other of e.none ?? []) expect(find(ir, other).askIf, `no askIf on ${other}`).toEqual([]);
  } else {
    const question = find(ir, e.target);
    expect(
      question.askIf.some((condition) => condition.unresolved),
      `flagged on ${e.target}: ${show(question)}`,
    ).toBe(true);
    for (const other of e.clean) expect(find(ir, other).askIf, `nothing on ${other}: ${show(find(ir, other))}`).toEqual([]);
  }
}

/** A paper form whose section gateway prints its first boxed answer where the wording would, with a section skip. */
const GATEWAY_SECTIONS_FORM = [
  "Section 1A – Garden pond",
  "1. ☐ 0 No pond in this garden (SKIP TO SECTION 1B)",
  "☐ 1 Yes",
  "2. How deep is the pond?",
  "☐ 1 Under one metre",
  "☐ 2 One metre or more",
  "Section 1B – Garden shed",
  "3. Is there a shed in the garden?",
  "☐ 0 No",
  "☐ 1 Yes",
];

// ------------------------------------------------------------------------------------------------ rows
// Base questionnaires in several renderings: Q-ids with printed codes, plain "1." with markdown bullets, …

const ROWS: Row[] = [
  // ---------------------------------------------------------------- option-line routing
  {
    convention: "option route: 'Yes ....1 → GO TO Q5'",
    rendering: "Q-ids, dotted leader, code after",
    text: ["Q1. Do you own a bicycle?", "Yes ....1 → GO TO Q3", "No .....2", "Q2. Why not?", "Too expensive ....1", "No space ....2", "Q3. How do you travel to work?", "Car ....1", "Bus ....2"],
    expect: { kind: "route", source: "Q1", to: "Q3", code: "1" },
  },
  {
    convention: "option route: 'Yes ....1 → GO TO Q5'",
    rendering: "A-ids, code before, GO TO",
    text: ["A1. Do you own a bicycle?", "1 Yes GO TO A3", "2 No", "A2. Why not?", "1 Too expensive", "2 No space", "A3. How do you travel to work?", "1 Car", "2 Bus"],
    expect: { kind: "route", source: "A1", to: "A3", code: "1" },
  },
  {
    convention: "option route: 'No (SKIP TO Q7)'",
    rendering: "markdown, '1.' ids, no codes",
    filename: "q.md",
    text: ["1. Do you have a pet?", "", "- Yes", "- No (skip to question 3)", "", "2. What kind of pet?", "", "- Dog", "- Cat", "", "3. How old are you?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "route", source: "1", to: "3", code: "2" },
  },
  {
    convention: "option route: 'No (SKIP TO Q7)'",
    rendering: "Q.1 ids, codes, caps",
    text: ["Q.1 Do you have a pet?", "1. Yes", "2. No (SKIP TO Q.3)", "Q.2 What kind of pet?", "1. Dog", "2. Cat", "Q.3 How old are you?", "1. Under 40", "2. 40 or over"],
    expect: { kind: "route", source: "Q.1", to: "Q.3", code: "2" },
  },
  {
    convention: "option route: '[TERMINATE]'",
    rendering: "S-ids, codes",
    text: ["S1. Are you 18 or older?", "1 Yes", "2 No [TERMINATE]", "S2. Which region do you live in?", "1 North", "2 South"],
    expect: { kind: "route", source: "S1", to: "terminate", code: "2" },
  },
  {
    convention: "option route: '[TERMINATE]'",
    rendering: "markdown, no codes",
    filename: "q.md",
    text: ["1. Do you work in market research?", "", "- Yes [TERMINATE]", "- No", "", "2. Which region do you live in?", "", "- North", "- South"],
    expect: { kind: "route", source: "1", to: "terminate", code: "1" },
  },
  {
    convention: "option route: recruiter's screen-out note '[Remove]'",
    rendering: "markdown bullets, bracketed note",
    filename: "q.md",
    text: ["1. Do you keep bees at home?", "", "- Yes [Recruit 3]", "- No [Remove]", "", "2. How many hives do you keep?", "", "- One", "- Two or more"],
    expect: { kind: "route", source: "1", to: "terminate", code: "2" },
  },
  {
    convention: "option route: recruiter's screen-out note '[Remove]'",
    rendering: "S-ids, codes, parenthesised capitals",
    text: ["S1. Have you flown a glider in the past year?", "1 Yes", "2 No (DO NOT RECRUIT)", "S2. Which club do you fly with?", "1 Northfield", "2 Southmoor"],
    expect: { kind: "route", source: "S1", to: "terminate", code: "2" },
  },
  {
    convention: "option route: 'Thank and close'",
    rendering: "S-ids, dash",
    text: ["S1. What is your age?", "1 Under 18 — THANK AND CLOSE", "2 18 to 34", "3 35 or older", "S2. Which region do you live in?", "1 North", "2 South"],
    expect: { kind: "route", source: "S1", to: "terminate", code: "1" },
  },
  {
    convention: "option route: 'Thank and close'",
    rendering: "Q-ids, parenthesised, lower case",
    text: ["Q1. What is your age?", "1. Under 18 (thank and close)", "2. 18 to 34", "3. 35 or older", "Q2. Which region do you live in?", "1. North", "2. South"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "1" },
  },
  {
    convention: "option route: '2 No → Q9'",
    rendering: "A-ids, arrow",
    text: ["A1. Did you vote in the last election?", "1 Yes", "2 No → A3", "A2. Which party did you vote for?", "1 Red", "2 Blue", "A3. How interested are you in politics?", "1 Very", "2 Not at all"],
    expect: { kind: "route", source: "A1", to: "A3", code: "2" },
  },
  {
    convention: "option route: '2 No → Q9'",
    rendering: "S2a ids, ascii arrow",
    text: ["S2a. Did you vote in the last election?", "1 Yes", "2 No -> S3", "S2b. Which party did you vote for?", "1 Red", "2 Blue", "S3. How interested are you in politics?", "1 Very", "2 Not at all"],
    expect: { kind: "route", source: "S2a", to: "S3", code: "2" },
  },
  {
    convention: "option route: 'CONTINUE' / 'TERMINATE'",
    rendering: "S-ids, caps instructions after options",
    text: ["S1. Do you or anyone in your household work in advertising?", "1 Yes TERMINATE", "2 No CONTINUE", "S2. What is your age?", "1 18-34", "2 35+"],
    expect: { kind: "route", source: "S1", to: "terminate", code: "1" },
  },
  {
    convention: "option route: 'CONTINUE' / 'TERMINATE'",
    rendering: "Q-ids, bracketed",
    text: ["Q1. Do you or anyone in your household work in advertising?", "1. Yes [THANK & TERMINATE]", "2. No [CONTINUE]", "Q2. What is your age?", "1. 18-34", "2. 35+"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "1" },
  },
  {
    convention: "option route: routing column in an answer table",
    rendering: "markdown table, Code | Answer | Route",
    filename: "q.md",
    text: [
      "Q1. Do you drink coffee?",
      "",
      "| Code | Answer | Route |",
      "|---|---|---|",
      "| 1 | Yes | Continue |",
      "| 2 | No | Go to Q3 |",
      "",
      "Q2. How many cups a day?",
      "",
      "| Code | Answer |",
      "|---|---|",
      "| 1 | One |",
      "| 2 | Two or more |",
      "",
      "Q3. Do you drink tea?",
      "",
      "| Code | Answer |",
      "|---|---|",
      "| 1 | Yes |",
      "| 2 | No |",
    ],
    expect: { kind: "route", source: "Q1", to: "Q3", code: "2" },
  },
  {
    convention: "option route: routing column in an answer table",
    rendering: "markdown table, Answer | Code | Skip",
    filename: "q.md",
    text: [
      "Q1. Do you drink coffee?",
      "",
      "| Answer | Code | Skip |",
      "|---|---|---|",
      "| Yes | 1 | |",
      "| No | 2 | Skip to Q3 |",
      "",
      "Q2. How many cups a day?",
      "",
      "| Answer | Code |",
      "|---|---|",
      "| One | 1 |",
      "| Two or more | 2 |",
      "",
      "Q3. Do you drink tea?",
      "",
      "| Answer | Code |",
      "|---|---|",
      "| Yes | 1 |",
      "| No | 2 |",
    ],
    expect: { kind: "route", source: "Q1", to: "Q3", code: "2" },
  },

  // ---------------------------------------------------------------- filter lines
  {
    convention: "group base line 'ASK <GROUP> ONLY:' before the next question",
    rendering: "telephone script, after a 'CODE AS' classification note",
    text: [
      "Q.1\tDo you own a caravan?", "1\tYes", "2\tNo", "", "IF Q.1 = 1 CODE AS OWNER.", "", "ASK TOURERS ONLY:",
      "Q.2\tHow many nights a year do you tour?", "1\tUnder ten", "2\tTen or more", "", "ASK ALL:", "Q.3\tWhat is your age?", "1\tUnder 40", "2\t40 or over",
    ],
    expect: { kind: "group", targets: ["Q.2"], none: ["Q.3"] },
  },
  {
    convention: "group base line 'ASK <GROUP> ONLY:' before the next question",
    rendering: "S-ids, capitals line on its own",
    text: ["S1. Do you own a caravan?", "1 Yes", "2 No", "ASK TOURERS ONLY:", "S2. How many nights a year do you tour?", "1 Under ten", "2 Ten or more", "ASK ALL:", "S3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "group", targets: ["S2"], none: ["S3"] },
  },
  {
    convention: "filter on the id's line before the wording: 'S5. ASK IF S4 = 1,2: Which …?'",
    rendering: "S-ids, codes, colon, a list of codes",
    text: ["S1. How often do you go hiking?", "1 Every week", "2 Every month", "3 Never", "S2. ASK IF S1 = 1,2: Which trails do you walk?", "1 Coastal path", "2 Hill loop", "S3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["S2"], refs: ["S1"], none: ["S3"] },
  },
  {
    convention: "filter on the id's line before the wording: 'S5. ASK IF S4 = 1,2: Which …?'",
    rendering: "Q-ids, spaced dash, capitals",
    text: ["Q1. Do you own a kayak?", "1 Yes", "2 No", "Q2. ASK IF Q1 = 1 - HOW OFTEN DO YOU PADDLE?", "1 Weekly", "2 Less often", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'ASK IF Q3 = 1'",
    rendering: "Q-ids, instruction above",
    text: ["Q1. Do you have children?", "1 Yes", "2 No", "ASK IF Q1 = 1", "Q2. How many children do you have?", "1 One", "2 Two or more", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'ASK IF Q3 = 1'",
    rendering: "markdown, '1.' ids, bracketed inside the wording",
    filename: "q.md",
    text: ["1. Do you have children?", "", "- Yes", "- No", "", "2. [ASK IF Q1 = 1] How many children do you have?", "", "- One", "- Two or more", "", "3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'IF Q3=1 OR 2'",
    rendering: "Q-ids, caps, no spaces",
    text: ["Q1. How often do you exercise?", "1 Daily", "2 Weekly", "3 Never", "IF Q1=1 OR 2", "Q2. Where do you exercise?", "1 Gym", "2 Outdoors", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'IF Q3=1 OR 2'",
    rendering: "A-ids, lower case, comma list",
    text: ["A1. How often do you exercise?", "1 Daily", "2 Weekly", "3 Never", "(if A1 = 1, 2)", "A2. Where do you exercise?", "1 Gym", "2 Outdoors", "A3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["A2"], refs: ["A1"], none: ["A3"] },
  },
  {
    convention: "filter: 'ASK Q5 IF …'",
    rendering: "Q-ids, note below the source question",
    text: ["Q1. Have you flown in the past year?", "1 Yes", "2 No", "ASK Q2 IF Q1 = 1", "Q2. Which airline did you fly?", "1 Alpha", "2 Beta", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'ASK Q5 IF …'",
    rendering: "'1.' ids, prose codes",
    text: ["1. Have you flown in the past year?", "1 Yes", "2 No", "Ask Q2 only if code 1 at Q1.", "2. Which airline did you fly?", "1 Alpha", "2 Beta", "3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'SHOW IF'",
    rendering: "S2a ids",
    text: ["S1. Do you own a car?", "1 Yes", "2 No", "SHOW IF S1 = 1", "S2a. Which brand is it?", "1 Ford", "2 Toyota", "S3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["S2a"], refs: ["S1"], none: ["S3"] },
  },
  {
    convention: "filter: 'SHOW IF'",
    rendering: "markdown, bracketed line, label value",
    filename: "q.md",
    text: ["Q1. Do you own a car?", "", "- Yes", "- No", "", "[Show if Q1 = Yes]", "", "Q2. Which brand is it?", "", "- Ford", "- Toyota", "", "Q3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'DISPLAY IF'",
    rendering: "A-ids",
    text: ["A1. Do you use public transport?", "1 Yes", "2 No", "DISPLAY IF A1 = 1", "A2. Which one do you use most?", "1 Bus", "2 Train", "A3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["A2"], refs: ["A1"], none: ["A3"] },
  },
  {
    convention: "filter: 'DISPLAY IF'",
    rendering: "Q.1 ids, 'Display this question if'",
    text: ["Q.1 Do you use public transport?", "1. Yes", "2. No", "Display this question if Q.1 = Yes", "Q.2 Which one do you use most?", "1. Bus", "2. Train", "Q.3 What is your age?", "1. Under 40", "2. 40 or over"],
    expect: { kind: "askIf", targets: ["Q.2"], refs: ["Q.1"], none: ["Q.3"] },
  },
  {
    convention: "filter: 'BASE: Those who …'",
    rendering: "Q-ids, base with code",
    text: ["Q1. Do you smoke?", "1 Yes", "2 No", "BASE: Those who smoke (Q1 = 1)", "Q2. How many cigarettes a day?", "1 Under 10", "2 10 or more", "BASE: ALL", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'BASE: Those who …'",
    rendering: "Q-ids, base in words (restates the question)",
    text: ["Q1. Do you smoke?", "1 Yes", "2 No", "BASE: Those who smoke", "Q2. How many cigarettes a day?", "1 Under 10", "2 10 or more", "BASE: ALL RESPONDENTS", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'FILTER: …'",
    rendering: "Q-ids",
    text: ["Q1. Did you shop online last month?", "1 Yes", "2 No", "FILTER: Q1 = 1", "Q2. How much did you spend?", "1 Under $50", "2 $50 or more", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'FILTER: …'",
    rendering: "'1.' ids, filter in words with id",
    text: ["1. Did you shop online last month?", "1 Yes", "2 No", "Filter: those who shopped online at Q1", "2. How much did you spend?", "1 Under $50", "2 $50 or more", "3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: '[IF YES TO Q4]'",
    rendering: "Q-ids, line above",
    text: ["Q1. Have you heard of Brand X?", "1 Yes", "2 No", "[IF YES TO Q1]", "Q2. Where did you hear of it?", "1 TV", "2 Online", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: '[IF YES TO Q4]'",
    rendering: "markdown, bracket inside wording",
    filename: "q.md",
    text: ["1. Have you heard of Brand X?", "", "- Yes", "- No", "", "2. (If yes to Q1) Where did you hear of it?", "", "- TV", "- Online", "", "3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'Q6 only if Q5 = Yes'",
    rendering: "Q-ids, line between",
    text: ["Q5. Do you rent your home?", "1 Yes", "2 No", "Q6 only if Q5 = Yes", "Q6. How much is your rent?", "1 Under $1000", "2 $1000 or more", "Q7. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q6"], refs: ["Q5"], none: ["Q7"] },
  },
  {
    convention: "filter: 'Q6 only if Q5 = Yes'",
    rendering: "'1.' ids, after the options of the source",
    text: ["5. Do you rent your home?", "a. Yes", "b. No", "(Q6 only if Q5 = a)", "6. How much is your rent?", "a. Under $1000", "b. $1000 or more", "7. What is your age?", "a. Under 40", "b. 40 or over"],
    expect: { kind: "askIf", targets: ["6"], refs: ["5"], none: ["7"] },
  },
  {
    convention: "filter: '(If yes) Why?'",
    rendering: "markdown, no codes",
    filename: "q.md",
    text: ["1. Would you recommend us to a friend?", "", "- Yes", "- No", "", "2. (If yes) Why?", "", "____", "", "3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: '(If yes) Why?'",
    rendering: "Q-ids, codes, 'If no, why not?'",
    text: ["Q1. Would you recommend us to a friend?", "1 Yes", "2 No", "Q2. If no, why not?", "________", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'If you answered No to question 3, skip to question 6'",
    rendering: "'1.' ids, prose after the options",
    text: [
      "1. Do you have internet access at home?",
      "a. Yes",
      "b. No",
      "If you answered 'No' to question 1, skip to question 3.",
      "2. How fast is your connection?",
      "a. Slow",
      "b. Fast",
      "3. What is your age?",
      "a. Under 40",
      "b. 40 or over",
    ],
    expect: { kind: "route", source: "1", to: "3" },
  },
  {
    convention: "filter: 'If you answered No to question 3, skip to question 6'",
    rendering: "markdown, italic prose, Q-ids",
    filename: "q.md",
    text: ["**Q1.** Do you have internet access at home?", "", "- Yes", "- No", "", "*If you answered No to Q1, please skip to Q3.*", "", "**Q2.** How fast is your connection?", "", "- Slow", "- Fast", "", "**Q3.** What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "route", source: "Q1", to: "Q3" },
  },
  {
    convention: "filter: 'If no, go to section C'",
    rendering: "sections with headings, Q-ids",
    text: [
      "SECTION A: HOUSEHOLD",
      "Q1. Do you have a garden?",
      "1 Yes",
      "2 No",
      "If no, go to Section C",
      "SECTION B: GARDEN",
      "Q2. How big is your garden?",
      "1 Small",
      "2 Large",
      "SECTION C: ABOUT YOU",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "Q1", to: "section" },
  },
  {
    convention: "filter: 'If no, go to section C'",
    rendering: "markdown headings, option side note",
    filename: "q.md",
    text: [
      "## Section A: Household",
      "",
      "1. Do you have a garden?",
      "",
      "- Yes",
      "- No (go to Section C)",
      "",
      "## Section B: Garden",
      "",
      "2. How big is your garden?",
      "",
      "- Small",
      "- Large",
      "",
      "## Section C: About you",
      "",
      "3. What is your age?",
      "",
      "- Under 40",
      "- 40 or over",
    ],
    expect: { kind: "route", source: "1", to: "section" },
  },
  {
    convention: "filter: 'Those who said …'",
    rendering: "Q-ids, answer label and id",
    text: ["Q1. Do you have a library card?", "1 Yes", "2 No", "Those who said Yes at Q1:", "Q2. How often do you visit the library?", "1 Weekly", "2 Monthly", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'Those who said …'",
    rendering: "'1.' ids, answer label only",
    text: ["1. Which pet do you have?", "a. Dog", "b. Cat", "c. None", "ASK THOSE WHO SAID DOG OR CAT", "2. How old is your pet?", "a. Under 5", "b. 5 or older", "3. What is your age?", "a. Under 40", "b. 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'Only ask those aged 18+'",
    rendering: "Q-ids, age question with ranges",
    text: ["Q1. How old are you?", "1 Under 18", "2 18-34", "3 35+", "Only ask those aged 18+", "Q2. Do you drink alcohol?", "1 Yes", "2 No", "Q3. Which region do you live in?", "1 North", "2 South"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'Only ask those aged 18+'",
    rendering: "'1.' ids, numeric age",
    text: ["1. What is your age in years? ____", "ASK ONLY THOSE AGED 18 OR OVER", "2. Do you drink alcohol?", "a. Yes", "b. No", "3. Which region do you live in?", "a. North", "b. South"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'For respondents who selected …'",
    rendering: "Q-ids, quoted label at id",
    text: ["Q1. How do you commute?", "1 Car", "2 Train", "3 Bicycle", "For respondents who selected 'Train' at Q1:", "Q2. Which train line do you use?", "1 Red line", "2 Blue line", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "filter: 'For respondents who selected …'",
    rendering: "markdown, label without id",
    filename: "q.md",
    text: ["1. How do you commute?", "", "- Car", "- Train", "- Bicycle", "", "*For respondents who selected Train:*", "", "2. Which train line do you use?", "", "- Red line", "- Blue line", "", "3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "filter: 'if code 3 at Q4'",
    rendering: "Q-ids",
    text: ["Q4. Which device do you use most?", "1 Phone", "2 Tablet", "3 Laptop", "ASK IF CODE 3 AT Q4", "Q5. Which laptop brand?", "1 Alpha", "2 Beta", "Q6. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q5"], refs: ["Q4"], none: ["Q6"] },
  },
  {
    convention: "filter: 'if code 3 at Q4'",
    rendering: "A-ids, 'coded'",
    text: ["A4. Which device do you use most?", "1 Phone", "2 Tablet", "3 Laptop", "IF CODED 3 AT A4", "A5. Which laptop brand?", "1 Alpha", "2 Beta", "A6. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["A5"], refs: ["A4"], none: ["A6"] },
  },
  {
    convention: "filter: 'if Q4 is 3-5' (range)",
    rendering: "Q-ids, hyphen range",
    text: [
      "Q4. How satisfied are you?",
      "1 Very dissatisfied",
      "2 Dissatisfied",
      "3 Neutral",
      "4 Satisfied",
      "5 Very satisfied",
      "ASK IF Q4 = 3-5",
      "Q5. What do you like most?",
      "1 Price",
      "2 Service",
      "Q6. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q5"], refs: ["Q4"], none: ["Q6"] },
  },
  {
    convention: "filter: 'if Q4 is 3-5' (range)",
    rendering: "S-ids, 'codes 3 to 5'",
    text: [
      "S4. How satisfied are you?",
      "1 Very dissatisfied",
      "2 Dissatisfied",
      "3 Neutral",
      "4 Satisfied",
      "5 Very satisfied",
      "IF S4 IS CODES 3 TO 5",
      "S5. What do you like most?",
      "1 Price",
      "2 Service",
      "S6. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["S5"], refs: ["S4"], none: ["S6"] },
  },
  {
    convention: "filter: 'if Q2 ≠ 1'",
    rendering: "Q-ids, unicode not-equal",
    text: ["Q2. Are you retired?", "1 Yes", "2 No", "ASK IF Q2 ≠ 1", "Q3. What is your occupation?", "1 Office", "2 Manual", "Q4. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q3"], refs: ["Q2"], none: ["Q4"] },
  },
  {
    convention: "filter: 'if Q2 ≠ 1'",
    rendering: "'1.' ids, '<>'",
    text: ["2. Are you retired?", "1 Yes", "2 No", "IF Q2 <> 1", "3. What is your occupation?", "1 Office", "2 Manual", "4. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["3"], refs: ["2"], none: ["4"] },
  },
  {
    convention: "filter: 'if NOT …'",
    rendering: "Q-ids, NOT code",
    text: ["Q2. Are you retired?", "1 Yes", "2 No", "ASK IF NOT CODE 1 AT Q2", "Q3. What is your occupation?", "1 Office", "2 Manual", "Q4. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q3"], refs: ["Q2"], none: ["Q4"] },
  },
  {
    convention: "filter: 'if NOT …'",
    rendering: "A-ids, 'not answered yes'",
    text: ["A2. Are you retired?", "1 Yes", "2 No", "IF NOT YES AT A2", "A3. What is your occupation?", "1 Office", "2 Manual", "A4. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["A3"], refs: ["A2"], none: ["A4"] },
  },
  {
    convention: "filter: conjunctions AND/OR",
    rendering: "Q-ids, AND",
    text: ["Q1. Do you own a car?", "1 Yes", "2 No", "Q2. Do you own a bicycle?", "1 Yes", "2 No", "ASK IF Q1 = 1 AND Q2 = 1", "Q3. Which do you use more?", "1 Car", "2 Bicycle", "Q4. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q3"], refs: ["Q1", "Q2"], none: ["Q4"] },
  },
  {
    convention: "filter: conjunctions AND/OR",
    rendering: "markdown, bracketed OR with labels",
    filename: "q.md",
    text: ["1. Do you own a car?", "", "- Yes", "- No", "", "2. Do you own a bicycle?", "", "- Yes", "- No", "", "3. [If Q1 = Yes or Q2 = Yes] How do you usually get to work?", "", "- Car", "- Bicycle", "", "4. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "askIf", targets: ["3"], refs: ["1", "2"], none: ["4"] },
  },
  {
    convention: "filter: 'for each brand selected at Q3' (loop)",
    rendering: "Q-ids, caps instruction",
    text: ["Q3. Which brands have you bought? (select all)", "1 Alpha", "2 Beta", "3 Gamma", "ASK FOR EACH BRAND SELECTED AT Q3", "Q4. How satisfied were you with it?", "1 Satisfied", "2 Not satisfied", "Q5. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "askIf", targets: ["Q4"], refs: ["Q3"], none: ["Q5"] },
  },
  {
    convention: "filter: 'for each brand selected at Q3' (loop)",
    rendering: "'1.' ids, in wording",
    text: ["3. Which brands have you bought? (select all)", "a. Alpha", "b. Beta", "c. Gamma", "4. For each brand selected at Q3, how satisfied were you?", "a. Satisfied", "b. Not satisfied", "5. What is your age?", "a. Under 40", "b. 40 or over"],
    expect: { kind: "askIf", targets: ["4"], refs: ["3"], none: ["5"] },
    known: "a loop lead-in in the wording ('For each brand selected at Q3, …') is not a condition; the scorer wants one naming Q3",
  },

  // ---------------------------------------------------------------- scope
  {
    convention: "scope: 'IF YES, ASK Q5–Q8' (range)",
    rendering: "Q-ids, en dash",
    text: [
      "Q4. Do you have a pension?",
      "1 Yes",
      "2 No",
      "IF YES, ASK Q5–Q6",
      "Q5. Who provides it?",
      "1 Employer",
      "2 Private",
      "Q6. How much do you contribute?",
      "1 Under 5%",
      "2 More than that",
      "ASK ALL",
      "Q7. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q5", "Q6"], refs: ["Q4"], none: ["Q7"] },
  },
  {
    convention: "scope: 'IF YES, ASK Q5–Q8' (range)",
    rendering: "'1.' ids, option side note 'to'",
    text: [
      "4. Do you have a pension?",
      "1 Yes (answer Q5 to Q6)",
      "2 No (go to Q7)",
      "5. Who provides it?",
      "1 Employer",
      "2 Private",
      "6. How much do you contribute?",
      "1 Under 5%",
      "2 5% or more",
      "7. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "4", to: "7", code: "2" },
  },
  {
    convention: "scope: section note covering the section",
    // A plain "ASK IF …" right under a heading is the first question's own filter (synthetic s50 relies on it):
    // a section-level note says so ("THIS SECTION"), or sits in the heading, or is a base line.
    rendering: "caps headings, 'ASK THIS SECTION IF'",
    text: [
      "SECTION A: TRAVEL",
      "Q1. Do you use the train?",
      "1 Yes",
      "2 No",
      "SECTION B: TRAIN USERS",
      "ASK THIS SECTION IF Q1 = 1",
      "Q2. How often do you take the train?",
      "1 Daily",
      "2 Weekly",
      "Q3. How satisfied are you with the train?",
      "1 Satisfied",
      "2 Not satisfied",
      "SECTION C: ABOUT YOU",
      "ASK ALL",
      "Q4. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2", "Q3"], refs: ["Q1"], none: ["Q4"] },
  },
  {
    convention: "scope: section note covering the section",
    rendering: "caps headings, filter in the heading's brackets",
    text: [
      "SECTION A: TRAVEL",
      "Q1. Do you use the train?",
      "1 Yes",
      "2 No",
      "SECTION B: TRAIN USERS (ASK IF Q1 = 1)",
      "Q2. How often do you take the train?",
      "1 Daily",
      "2 Weekly",
      "Q3. How satisfied are you with the train?",
      "1 Satisfied",
      "2 Not satisfied",
      "SECTION C: ABOUT YOU",
      "Q4. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2", "Q3"], refs: ["Q1"], none: ["Q4"] },
  },
  {
    convention: "scope: section note covering the section",
    rendering: "caps headings, plain filter under the heading is the first question's only",
    text: [
      "SECTION A: TRAVEL",
      "Q1. Do you use the train?",
      "1 Yes",
      "2 No",
      "SECTION B: TRAIN",
      "ASK IF Q1 = 1",
      "Q2. How often do you take the train?",
      "1 Daily",
      "2 Weekly",
      "Q3. Would you use a faster train?",
      "1 Yes",
      "2 No",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "scope: section note covering the section",
    rendering: "markdown headings, italic note 'only for those who'",
    filename: "q.md",
    text: [
      "## Section A: Travel",
      "",
      "1. Do you use the train?",
      "",
      "- Yes",
      "- No",
      "",
      "## Section B: Train users",
      "",
      "*This section is only for those who answered Yes to Q1.*",
      "",
      "2. How often do you take the train?",
      "",
      "- Daily",
      "- Weekly",
      "",
      "3. How satisfied are you with the train?",
      "",
      "- Satisfied",
      "- Not satisfied",
      "",
      "## Section C: About you",
      "",
      "4. What is your age?",
      "",
      "- Under 40",
      "- 40 or over",
    ],
    expect: { kind: "askIf", targets: ["2", "3"], refs: ["1"], none: ["4"] },
  },
  {
    convention: "scope: base until the next base, 'ASK ALL' resets",
    rendering: "Q-ids, BASE lines without a heading",
    text: [
      "Q1. Do you have a dog?",
      "1 Yes",
      "2 No",
      "BASE: ALL WITH A DOG (Q1 = 1)",
      "Q2. How big is your dog?",
      "1 Small",
      "2 Large",
      "Q3. How often do you walk your dog?",
      "1 Daily",
      "2 Less often",
      "ASK ALL",
      "Q4. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2", "Q3"], refs: ["Q1"], none: ["Q4"] },
  },
  {
    convention: "scope: base until the next base, 'ASK ALL' resets",
    rendering: "A-ids, 'ASK IF' then 'ASK EVERYONE'",
    text: [
      "A1. Do you have a dog?",
      "1 Yes",
      "2 No",
      "ASK IF A1 = 1 (A2-A3)",
      "A2. How big is your dog?",
      "1 Small",
      "2 Large",
      "A3. How often do you walk your dog?",
      "1 Daily",
      "2 Less often",
      "ASK EVERYONE",
      "A4. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["A2", "A3"], refs: ["A1"], none: ["A4"] },
  },
  {
    convention: "scope: '<group> only' on a hidden variable",
    rendering: "Q-ids, caps line above",
    text: ["Q1. What is your age?", "1 Under 40", "2 40 or over", "SMOKERS ONLY", "Q2. Which brand do you smoke?", "1 Alpha", "2 Beta", "ASK ALL", "Q3. Which region do you live in?", "1 North", "2 South"],
    expect: { kind: "group", targets: ["Q2"], none: ["Q3"] },
  },
  {
    convention: "scope: '<group> only' on a hidden variable",
    rendering: "markdown, bracket in wording",
    filename: "q.md",
    text: ["1. What is your age?", "", "- Under 40", "- 40 or over", "", "2. [Parents only] How many hours a week do you spend on childcare?", "", "- Under 10", "- 10 or more", "", "3. Which region do you live in?", "", "- North", "- South"],
    expect: { kind: "group", targets: ["2"], none: ["3"] },
  },
  {
    convention: "scope: applicability note on a section ('the following questions only apply if …')",
    rendering: "markdown, note under the section heading, next section for everyone",
    filename: "q.md",
    text: [
      "## About you", "", "1. How old are you?", "", "- Under 30", "- 30 or over", "",
      "## Homework", "", "The following questions only apply if you set homework. Feel free to skip this section otherwise.", "",
      "2. How often do you set homework?", "", "- Weekly", "- Monthly", "",
      "3. How long does marking take?", "", "- Under an hour", "- An hour or more", "",
      "## Closing", "", "4. Which region do you live in?", "", "- North", "- South",
    ],
    expect: { kind: "group", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "scope: applicability note on a section ('the following questions only apply if …')",
    rendering: "Q-ids, heading line printed above the note, ask all after",
    text: [
      "Q1. How old are you?", "1 Under 30", "2 30 or over", "",
      "Homework", "This section applies only to teachers who set homework.", "",
      "Q2. How often do you set homework?", "1 Weekly", "2 Monthly",
      "ASK ALL", "Q3. Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "group", targets: ["Q2"], none: ["Q3"] },
  },
  {
    convention: "scope: audience tag on the wording ('(for <group>)')",
    rendering: "Q-ids, two audiences tagged at the end of the wording",
    text: [
      "Q1. How long have you taught? (for teachers)", "1 Under 5 years", "2 5 years or more",
      "Q2. Which year are you in? (for students)", "1 First", "2 Second",
      "Q3. Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "group", targets: ["Q1", "Q2"], none: ["Q3"] },
  },
  {
    convention: "scope: audience tag on the wording ('(for <group>)')",
    rendering: "markdown, one '(<group> only)' tag",
    filename: "q.md",
    text: ["1. How many children do you have? (parents only)", "", "- One", "- Two or more", "", "2. Which region do you live in?", "", "- North", "- South"],
    expect: { kind: "group", targets: ["1"], none: ["2"] },
  },
  {
    convention: "scope: range filter in prose ('Questions 5 through 8 are only answered when …')",
    rendering: "numbered, statement merged under the question before the range",
    text: [
      "1. How old are you?", "A. Under 30", "B. 30 or over",
      "Questions 2 through 3 are only answered when the respondent keeps a garden.",
      "2. How large is the garden?", "A. Small", "B. Large",
      "3. How often do you mow it?", "A. Weekly", "B. Monthly",
      "4. Which region do you live in?", "A. North", "B. South",
    ],
    expect: { kind: "group", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "scope: item-level note inside a battery (row showIf)",
    rendering: "Q-ids, bracketed ask-if on a row",
    text: [
      "Q1. Which of these do you own?",
      "1 Car",
      "2 Bicycle",
      "Q2. How satisfied are you with each?",
      "1 Car [ASK IF Q1 = 1]",
      "2 Bicycle [ASK IF Q1 = 2]",
      "Scale: 1 Satisfied 2 Not satisfied",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "row", target: "Q2", refs: ["Q1"] },
  },
  {
    convention: "scope: item-level note inside a battery (row showIf)",
    rendering: "markdown grid, note column",
    filename: "q.md",
    text: [
      "Q1. Which of these do you own?",
      "",
      "- Car",
      "- Bicycle",
      "",
      "Q2. How satisfied are you with each?",
      "",
      "| | Satisfied | Not satisfied |",
      "|---|---|---|",
      "| Car (show if Q1 = Car) | ○ | ○ |",
      "| Bicycle (show if Q1 = Bicycle) | ○ | ○ |",
      "",
      "Q3. What is your age?",
      "",
      "- Under 40",
      "- 40 or over",
    ],
    expect: { kind: "row", target: "Q2", refs: ["Q1"] },
  },

  // ---------------------------------------------------------------- keep
  {
    convention: "keep: an unbound filter stays on its question, flagged",
    rendering: "Q-ids, names a question that is not there",
    text: ["Q1. Do you own a car?", "1 Yes", "2 No", "ASK IF Q9 = 1", "Q2. Which brand is it?", "1 Ford", "2 Toyota", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "keep", target: "Q2", clean: ["Q3"] },
  },
  {
    convention: "keep: an unbound filter stays on its question, flagged",
    rendering: "markdown, bracketed condition on a label that is nowhere",
    filename: "q.md",
    text: ["1. Do you own a car?", "", "- Yes", "- No", "", "2. [If the respondent is a fleet manager] Which brand is it?", "", "- Ford", "- Toyota", "", "3. What is your age?", "", "- Under 40", "- 40 or over"],
    expect: { kind: "keep", target: "2", clean: ["3"] },
  },
  {
    convention: "keep: an unbound filter stays on its question, flagged",
    rendering: "Q-ids, code that the question does not have",
    text: ["Q1. Do you own a car?", "1 Yes", "2 No", "ASK IF Q1 = 7", "Q2. Which brand is it?", "1 Ford", "2 Toyota", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "keep", target: "Q2", clean: ["Q3"] },
  },

  // ---------------------------------------------------------------- survey tools' printed logic (branch tool-logic)
  // Each survey tool prints its logic one fixed way; a row per tool convention, written for this test.
  {
    convention: "tool LimeSurvey: 'Only answer this question if the following conditions are met: Answer was …'",
    rendering: "Q-ids, single quotes, 'at question' with the code in brackets",
    text: [
      "Q01. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "Q02. How often do you ride it?",
      "Only answer this question if the following conditions are met:",
      "Answer was 'Yes' at question '1 [Q01]' (Do you own a bicycle?)",
      "1 Daily",
      "2 Weekly",
      "Q03. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q02"], refs: ["Q01"], none: ["Q03"] },
  },
  {
    convention: "tool LimeSurvey: 'Only answer this question if the following conditions are met: Answer was …'",
    rendering: "printable view, '1 [Q01]' numbering, help lines, radio circles",
    text: [
      "1 [Q01] Do you own a bicycle?",
      "Please choose only one of the following:",
      "○ Yes",
      "○ No",
      "2 [Q02] How often do you ride it?",
      "Only answer this question if the following conditions are met:",
      "Answer was 'Yes' at question '1 [Q01]' (Do you own a bicycle?)",
      "Please choose only one of the following:",
      "○ Daily",
      "○ Weekly",
      "3 [Q03] What is your age?",
      "Please choose only one of the following:",
      "○ Under 40",
      "○ 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q02"], refs: ["Q01"], none: ["Q03"] },
  },
  {
    convention: "tool LimeSurvey: relevance expression '((Q01.NAOK == \"A1\"))'",
    rendering: "Q-ids, expression under the lead line",
    text: [
      "Q1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "Q2. How often do you ride it?",
      "Only answer this question if the following conditions are met:",
      '((Q1.NAOK == "1"))',
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool LimeSurvey: relevance expression '((Q01.NAOK == \"A1\"))'",
    rendering: "letter codes, 'Relevance:' label, or",
    text: [
      "Q01. Do you own a bicycle?",
      "Y) Yes",
      "N) No",
      "Q02. How often do you ride it?",
      'Relevance: ((Q01.NAOK == "Y" or Q01.NAOK == "N"))',
      "1 Daily",
      "2 Weekly",
      "Q03. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q02"], refs: ["Q01"], none: ["Q03"] },
  },
  {
    convention: "tool REDCap: branching logic '[field] = '1''",
    rendering: "Q-ids as field names, 'Branching logic:' line",
    text: [
      "Q1. Do you currently smoke?",
      "1 Yes",
      "0 No",
      "Q2. How many cigarettes do you smoke per day?",
      "Branching logic: [q1] = '1'",
      "1 Fewer than 10",
      "2 10 or more",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool REDCap: branching logic '[field] = '1''",
    rendering: "codebook, field names with dashes, 'Show the field ONLY if:'",
    text: [
      "smoke_now - Do you currently smoke?",
      "1 Yes",
      "0 No",
      "cigs_day - How many cigarettes do you smoke per day?",
      "Show the field ONLY if: [smoke_now] = '1'",
      "1 Fewer than 10",
      "2 10 or more",
      "age_band - What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["cigs_day"], refs: ["smoke_now"], none: ["age_band"] },
  },
  {
    convention: "tool REDCap: '[age] >= 18 and [consent] = '1''",
    rendering: "Q-ids, two comparisons, column header wording",
    text: [
      "Q1. Do you agree to take part?",
      "1 Yes",
      "0 No",
      "Q2. How old are you? (years) ________",
      "Q3. Which region do you live in?",
      "Branching Logic (Show field only if...): [q1] = '1' and [q2] >= 18",
      "1 North",
      "2 South",
      "Q4. What is your job?",
      "1 Employed",
      "2 Not employed",
    ],
    expect: { kind: "askIf", targets: ["Q3"], refs: ["Q1", "Q2"], none: ["Q4"] },
  },
  {
    convention: "tool REDCap: checkbox '[race(2)] = '1''",
    rendering: "Q-ids, multi-select source",
    text: [
      "Q1. Which of these do you use? (select all that apply)",
      "1 Car",
      "2 Bicycle",
      "3 Bus",
      "Q2. How often do you ride your bicycle?",
      "Branching logic: [q1(2)] = '1'",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool XLSForm/ODK: 'relevant: ${field} = 'yes''",
    rendering: "Q-ids, value by label",
    text: [
      "Q1. Do you agree to take part?",
      "1 Yes",
      "2 No",
      "Q2. Which region do you live in?",
      "relevant: ${q1} = 'yes'",
      "1 North",
      "2 South",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool XLSForm/ODK: 'relevant: ${field} = 'yes''",
    rendering: "field names with dashes, 'Relevance:' label",
    text: [
      "consent_given - Do you agree to take part?",
      "1 Yes",
      "2 No",
      "home_region - Which region do you live in?",
      "Relevance: ${consent_given} = 'yes'",
      "1 North",
      "2 South",
      "age_band - What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["home_region"], refs: ["consent_given"], none: ["age_band"] },
  },
  {
    convention: "tool XLSForm/ODK: 'selected(${field}, 'choice')'",
    rendering: "Q-ids, multi-select, choice by label",
    text: [
      "Q1. Which of these do you use? (select all that apply)",
      "1 Car",
      "2 Bicycle",
      "3 Other",
      "Q2. Please describe the other transport.",
      "relevant: selected(${q1}, 'other')",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool XLSForm/ODK: 'selected(${field}, 'choice')'",
    rendering: "'1.' ids, 'Only show if' with not()",
    text: [
      "1. Do you agree to take part?",
      "1 Yes",
      "2 No",
      "2. Which region do you live in?",
      "Only show if: not(selected(${q1}, '2'))",
      "1 North",
      "2 South",
      "3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "answer-level go-to: 'Skip to question N' after an option skips the questions in between",
    rendering: "form print, route after the label without a dash",
    text: [
      "1. Do you own a bicycle? *",
      "Mark only one oval.",
      "    Yes   Skip to question 2",
      "    No    Skip to question 4",
      "2. How often do you ride it?",
      "Mark only one oval.",
      "    Daily",
      "    Weekly",
      "3. Where do you park it?",
      "Mark only one oval.",
      "    At home",
      "    At work",
      "4. What is your age?",
      "Mark only one oval.",
      "    Under 40",
      "    40 or over",
    ],
    expect: { kind: "skipped", source: "1", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "answer-level go-to: 'Skip to question N' after an option skips the questions in between",
    rendering: "Markdown task list, em dash and code span after the option",
    filename: "q.md",
    text: [
      "#### 1. Do you own a bicycle? *",
      "",
      "- [ ] Yes — `Skip to question 2`",
      "- [ ] No — `Skip to question 3`",
      "",
      "#### 2. How often do you ride it?",
      "",
      "- [ ] Daily",
      "- [ ] Weekly",
      "",
      "#### 3. What is your age?",
      "",
      "- [ ] Under 40",
      "- [ ] 40 or over",
    ],
    expect: { kind: "skipped", source: "1", targets: ["2"], none: ["3"] },
  },
  {
    convention: "answer-level go-to: 'Skip to question N' after an option skips the questions in between",
    rendering: "Portuguese form print ('Pular para a pergunta N', lexicon GO_TO row)",
    text: [
      "1. Você tem uma bicicleta? *",
      "Marcar apenas uma oval.",
      "    Sim   Pular para a pergunta 2",
      "    Não   Pular para a pergunta 3",
      "2. Com que frequência você pedala?",
      "Marcar apenas uma oval.",
      "    Todo dia",
      "    Toda semana",
      "3. Qual é a sua idade?",
      "Marcar apenas uma oval.",
      "    Menos de 40",
      "    40 ou mais",
    ],
    expect: { kind: "skipped", source: "1", targets: ["2"], none: ["3"] },
  },
  {
    convention: "answer-level go-to: 'Skip to question N' after an option skips the questions in between",
    rendering: "Portuguese form print: the route itself",
    text: [
      "1. Você tem uma bicicleta? *",
      "Marcar apenas uma oval.",
      "    Sim   Pular para a pergunta 2",
      "    Não   Pular para a pergunta 3",
      "2. Com que frequência você pedala?",
      "Marcar apenas uma oval.",
      "    Todo dia",
      "    Toda semana",
      "3. Qual é a sua idade?",
      "Marcar apenas uma oval.",
      "    Menos de 40",
      "    40 ou mais",
    ],
    expect: { kind: "route", source: "1", to: "3", code: "2" },
  },
  {
    convention: "tool Google Forms: 'Skip to section N (title)' after an option",
    rendering: "numbered form print, oval helper line",
    text: [
      "1. Do you own a bicycle? *",
      "Mark only one oval.",
      "    Yes   Skip to section 2 (Cycling)",
      "    No    Skip to section 3 (About you)",
      "Section 2 of 3",
      "Cycling",
      "2. How often do you ride it?",
      "Mark only one oval.",
      "    Daily",
      "    Weekly",
      "Section 3 of 3",
      "About you",
      "3. What is your age?",
      "Mark only one oval.",
      "    Under 40",
      "    40 or over",
    ],
    expect: { kind: "route", source: "1", to: "section", code: "2" },
  },
  {
    convention: "tool Google Forms: 'Skip to section N (title)' after an option",
    rendering: "'Go to section' spelling, Q-ids",
    text: [
      "Q1. Do you own a bicycle?",
      "1 Yes",
      "2 No (Go to section 3)",
      "Section 2: Cycling",
      "Q2. How often do you ride it?",
      "1 Daily",
      "2 Weekly",
      "Section 3: About you",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "Q1", to: "section", code: "2" },
  },
  {
    convention: "tool Google Forms: 'Submit form' after an option",
    rendering: "Q-ids, an answer that ends the form",
    text: ["Q1. What is your age?", "1 Under 40", "2 40 or over", "Q2. Would you like to tell us more?", "1 Yes", "2 No (Submit form)", "Q3. What would you like to tell us?", "1 Praise", "2 Complaint"],
    expect: { kind: "route", source: "Q2", to: "end", code: "2" },
  },
  {
    convention: "paper form: a gateway number whose first answer stands where the wording would, 'SKIP TO SECTION 1B'",
    rendering: "sub-part sections 1A/1B, boxed coded answers",
    text: GATEWAY_SECTIONS_FORM,
    expect: { kind: "route", source: "1", to: "section", code: "0" },
  },
  {
    convention: "paper form: a gateway number whose first answer stands where the wording would, 'SKIP TO SECTION 1B'",
    rendering: "the skipped question shows only when the gateway is not 'no'",
    text: GATEWAY_SECTIONS_FORM,
    expect: { kind: "skipped", source: "1", targets: ["2"], none: ["3"] },
  },
  {
    convention: "paper form: '(END FORM HERE)' / '(STOP HERE)' after an answer",
    rendering: "numbered, coded answers, the form ends for one answer",
    text: ["1. How old is the hedge?", "1 Under ten years", "2 Ten years or more", "2. Is the hedge cut every year?", "0 No (END FORM HERE)", "1 Yes", "3. Who cuts the hedge?", "1 The owner", "2 A contractor"],
    expect: { kind: "route", source: "2", to: "end", code: "0" },
  },
  {
    convention: "paper form: '(END FORM HERE)' / '(STOP HERE)' after an answer",
    rendering: "Q-ids, 'STOP HERE' in capitals",
    text: ["Q1. How old is the hedge?", "1 Under ten years", "2 Ten years or more", "Q2. Is the hedge cut every year?", "1 Yes", "2 No (STOP HERE)", "Q3. Who cuts the hedge?", "1 The owner", "2 A contractor"],
    expect: { kind: "route", source: "Q2", to: "end", code: "2" },
  },
  {
    convention: "tool SurveyMonkey: '[Question logic] If … then skip to …'",
    rendering: "Q-ids, logic line under the options",
    text: [
      "Q1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "Question logic: If No is selected, then skip to Q3",
      "Q2. How often do you ride it?",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "Q1", to: "Q3", code: "2" },
  },
  {
    convention: "tool SurveyMonkey: '[Question logic] If … then skip to …'",
    rendering: "'1.' ids, 'Skip logic:' with the answer quoted",
    text: [
      "1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      'Skip logic: If "No", skip to question 3',
      "2. How often do you ride it?",
      "1 Daily",
      "2 Weekly",
      "3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "1", to: "3" },
  },
  {
    convention: "tool Alchemer: 'Logic: Hidden unless: Question \"…\" #N is one of the following answers (\"Yes\")'",
    rendering: "numbered questions, wording and number",
    text: [
      "1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "2. How often do you ride it?",
      'Logic: Hidden unless: Question "Do you own a bicycle?" #1 is one of the following answers ("Yes")',
      "1 Daily",
      "2 Weekly",
      "3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
  },
  {
    convention: "tool Alchemer: 'Logic: Hidden unless: Question \"…\" #N is one of the following answers (\"Yes\")'",
    rendering: "Q-ids, two answers, wording only",
    text: [
      "Q1. How do you travel to work?",
      "1 Car",
      "2 Bus",
      "3 Bicycle",
      "Q2. How long is your commute?",
      'Hidden unless: Question "How do you travel to work?" is one of the following answers ("Car","Bus")',
      "1 Under 30 minutes",
      "2 30 minutes or more",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool Alchemer: 'Disqualify' after an answer",
    rendering: "Q-ids, bracketed action",
    text: ["Q1. Are you 18 or older?", "1 Yes", "2 No [Disqualify]", "Q2. Which region do you live in?", "1 North", "2 South"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "2" },
  },
  {
    convention: "tool Qualtrics: 'Skip To: End of Survey If …' (routes from this question)",
    rendering: "Q-ids, wording quoted, 'Is Selected'",
    text: [
      "Q1 Are you 18 or older?",
      "Yes (1)",
      "No (2)",
      "Skip To: End of Survey If Are you 18 or older? = No",
      "Q2 Which region do you live in?",
      "North (1)",
      "South (2)",
    ],
    // The end of the survey at a screening question is a screen-out (screenOutIneligible).
    expect: { kind: "route", source: "Q1", to: "terminate" },
  },
  {
    convention: "tool Qualtrics: 'Skip To: End of Survey If …' (routes from this question)",
    rendering: "Q-ids, skip to a question, 'Is Selected'",
    text: [
      "Q1 Do you own a bicycle?",
      "Yes (1)",
      "No (2)",
      "Skip To: Q3 If Do you own a bicycle? = No",
      "Q2 How often do you ride it?",
      "Daily (1)",
      "Weekly (2)",
      "Q3 What is your age?",
      "Under 40 (1)",
      "40 or over (2)",
    ],
    expect: { kind: "route", source: "Q1", to: "Q3" },
  },
  {
    convention: "tool Typeform/Jotform/Forms: 'Branch to question N' / 'Go to: Question N'",
    rendering: "Q-ids, 'Go to: Question 3' on an option",
    text: ["Q1. Do you own a bicycle?", "1 Yes", "2 No (Go to: Question 3)", "Q2. How often do you ride it?", "1 Daily", "2 Weekly", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "route", source: "Q1", to: "Q3", code: "2" },
  },
  {
    convention: "tool Typeform/Jotform/Forms: 'Branch to question N' / 'Go to: Question N'",
    rendering: "'1.' ids, 'Branch to question 3' after the option",
    text: ["1. Do you own a bicycle?", "1 Yes", "2 No - Branch to question 3", "2. How often do you ride it?", "1 Daily", "2 Weekly", "3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "route", source: "1", to: "3", code: "2" },
  },
  {
    convention: "tool scripting notes: 'BASE: those coded 1-3 at S2'",
    rendering: "S-ids, code range at the question",
    text: [
      "S1. What is your age?",
      "1 Under 40",
      "2 40 or over",
      "S2. How often do you cycle?",
      "1 Daily",
      "2 Weekly",
      "3 Monthly",
      "4 Never",
      "BASE: those coded 1-3 at S2",
      "S3. Where do you usually cycle?",
      "1 Roads",
      "2 Paths",
      "ASK ALL",
      "S4. Which region do you live in?",
      "1 North",
      "2 South",
    ],
    expect: { kind: "askIf", targets: ["S3"], refs: ["S2"], none: ["S4"] },
  },
  {
    convention: "tool scripting notes: Decipher '<cond> Q1r2 </cond>'",
    rendering: "Q-ids, row of a multi-select",
    text: [
      "Q1. Which of these do you use? (select all that apply)",
      "1 Car",
      "2 Bicycle",
      "3 Bus",
      "Q2. How often do you ride your bicycle?",
      "<cond> Q1r2 </cond>",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool scripting notes: '[if S3 in (1,2)]'",
    rendering: "S-ids, bracketed 'in' list",
    text: [
      "S3. How often do you cycle?",
      "1 Daily",
      "2 Weekly",
      "3 Never",
      "[if S3 in (1,2)]",
      "S4. Where do you usually cycle?",
      "1 Roads",
      "2 Paths",
      "S5. Which region do you live in?",
      "1 North",
      "2 South",
    ],
    expect: { kind: "askIf", targets: ["S4"], refs: ["S3"], none: ["S5"] },
  },
  {
    convention: "tool scripting notes: 'ROUTE:' / 'ROUTING:'",
    rendering: "Q-ids, ROUTING line after the options",
    text: [
      "Q1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "ROUTING: IF Q1=2 GO TO Q3",
      "Q2. How often do you ride it?",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "Q1", to: "Q3" },
  },
  {
    convention: "tool scripting notes: 'ROUTE:' / 'ROUTING:'",
    rendering: "A-ids, 'ROUTE: A1 = 2 -> A3'",
    text: [
      "A1. Do you own a bicycle?",
      "1 Yes",
      "2 No",
      "ROUTE: A1 = 2 -> A3",
      "A2. How often do you ride it?",
      "1 Daily",
      "2 Weekly",
      "A3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "route", source: "A1", to: "A3" },
  },
  {
    convention: "tool scripting notes: 'FILTER: Q1=1' / 'SHOW IF'",
    rendering: "Dimensions-style 'FILTER: Q1.ContainsAny({_2})'",
    text: [
      "Q1. Which of these do you use? (select all that apply)",
      "1 Car",
      "2 Bicycle",
      "3 Bus",
      "FILTER: Q1.ContainsAny({_2})",
      "Q2. How often do you ride your bicycle?",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool XLSForm/ODK: 'relevant: ${field} = 'yes''",
    rendering: "survey sheet table (type | name | label | relevant) with its choices sheet",
    filename: "q.md",
    text: [
      "| type | name | label | relevant |",
      "|---|---|---|---|",
      "| start | start | | |",
      "| select_one yn | owns_bike | Do you own a bicycle? | |",
      "| select_one freq | ride_freq | How often do you ride it? | ${owns_bike} = 'yes' |",
      "| integer | age | What is your age? | |",
      "",
      "| list_name | name | label |",
      "|---|---|---|",
      "| yn | yes | Yes |",
      "| yn | no | No |",
      "| freq | daily | Daily |",
      "| freq | weekly | Weekly |",
    ],
    expect: { kind: "askIf", targets: ["ride_freq"], refs: ["owns_bike"], none: ["age"] },
  },
  {
    convention: "tool REDCap: branching logic '[field] = '1''",
    rendering: "data dictionary table with a 'Branching Logic (Show field only if...)' column",
    filename: "q.md",
    text: [
      "| Variable / Field Name | Field Type | Field Label | Choices, Calculations, OR Slider Labels | Branching Logic (Show field only if...) |",
      "|---|---|---|---|---|",
      "| smoke_now | radio | Do you currently smoke? | 1, Yes \\| 0, No | |",
      "| cigs_day | text | How many cigarettes do you smoke per day? | | [smoke_now] = '1' |",
      "| age_years | text | What is your age? | | |",
    ],
    expect: { kind: "askIf", targets: ["cigs_day"], refs: ["smoke_now"], none: ["age_years"] },
  },
  {
    convention: "tool REDCap: branching logic '[field] = '1''",
    rendering: "codebook table, 'Show the field ONLY if:' under the field name",
    filename: "q.md",
    text: [
      "| # | Variable / Field Name | Field Label | Field Attributes |",
      "|---|---|---|---|",
      "| 1 | smoke_now | Do you currently smoke? | radio |",
      "| 2 | cigs_day<br>Show the field ONLY if: [smoke_now] = '1' | How many cigarettes do you smoke per day? | text (integer) |",
      "| 3 | age_years | What is your age? | text (integer) |",
    ],
    expect: { kind: "askIf", targets: ["cigs_day"], refs: ["smoke_now"], none: ["age_years"] },
  },
  {
    convention: "tool scripting notes: Decipher '<cond> Q1r2 </cond>'",
    rendering: "dotted row 'Q1.r3', single-choice source",
    text: [
      "Q1. How do you travel to work?",
      "1 Car",
      "2 Bus",
      "3 Bicycle",
      "<cond> Q1.r3 </cond>",
      "Q2. How long is your ride?",
      "1 Under 30 minutes",
      "2 30 minutes or more",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool scripting notes: 'FILTER: Q1=1' / 'SHOW IF'",
    rendering: "Confirmit-style mask \"FILTER: f('q1').any('2')\"",
    text: [
      "Q1. Which of these do you use? (select all that apply)",
      "1 Car",
      "2 Bicycle",
      "3 Bus",
      "FILTER: f('q1').any('2')",
      "Q2. How often do you ride your bicycle?",
      "1 Daily",
      "2 Weekly",
      "Q3. What is your age?",
      "1 Under 40",
      "2 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "tool LimeSurvey: relevance expression '((Q01.NAOK == \"A1\"))'",
    rendering: "printable view, default answer codes A1/A2 not printed",
    text: [
      "1 [Q01] Do you own a bicycle?",
      "Please choose only one of the following:",
      "○ Yes",
      "○ No",
      "2 [Q02] How often do you ride it?",
      "Only answer this question if the following conditions are met:",
      '((Q01.NAOK == "A1"))',
      "Please choose only one of the following:",
      "○ Daily",
      "○ Weekly",
      "3 [Q03] What is your age?",
      "Please choose only one of the following:",
      "○ Under 40",
      "○ 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q02"], refs: ["Q01"], none: ["Q03"] },
  },
  {
    convention: "tool REDCap: branching logic '[field] = '1''",
    rendering: "yes/no field coded 1/0, labels printed without codes",
    text: [
      "Q1. Do you currently smoke?",
      "○ Yes",
      "○ No",
      "Q2. Did you ever smoke?",
      "Branching logic: [q1] = '0'",
      "○ Yes",
      "○ No",
      "Q3. What is your age?",
      "○ Under 40",
      "○ 40 or over",
    ],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "keep: a tool expression naming a field that is nowhere stays flagged",
    rendering: "REDCap brackets, unknown field",
    text: ["Q1. Do you own a car?", "1 Yes", "2 No", "Q2. Which brand is it?", "Branching logic: [car_owner] = '1'", "1 Ford", "2 Toyota", "Q3. What is your age?", "1 Under 40", "2 40 or over"],
    expect: { kind: "keep", target: "Q2", clean: ["Q3"] },
  },
  {
    convention: "detect: a group base in capitals with its condition in brackets ('ASK BIKE RIDERS (RIDE=1):')",
    rendering: "variable names, one space after the name, base line above each question",
    text: [
      "ASK ALL:", "RIDE Do you ride a bicycle?", "1 Yes", "2 No",
      "ASK BIKE RIDERS (RIDE=1):", "HELMET Do you wear a helmet when riding?", "1 Always", "2 Sometimes", "3 Never",
      "ASK ALL:", "REGION Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "askIf", targets: ["HELMET"], refs: ["RIDE"], none: ["REGION"] },
  },
  {
    convention: "detect: a group base in capitals with its condition in brackets ('ASK BIKE RIDERS (RIDE=1):')",
    rendering: "description that repeats the question's name, nested brackets",
    text: [
      "ASK ALL:", "RIDE Do you ride a bicycle?", "1 Yes", "2 No",
      "ASK ALL:", "RIDE2 Does anyone else at home ride one?", "1 Yes", "2 No",
      "ASK NON-RIDE OWNERS WITH A RIDER AT HOME ((RIDE=2 OR RIDE=REFUSED) AND RIDE2=1):", "SHARE Do you ever borrow their bicycle?", "1 Yes", "2 No",
      "ASK ALL:", "REGION Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "askIf", targets: ["SHARE"], refs: ["RIDE", "RIDE2"], none: ["REGION"] },
  },
  {
    convention: "bind: a base naming one form of a split sample ('ASK ALL FORM 2:') is a hidden form variable",
    rendering: "variable names, base line above the question",
    text: [
      "ASK ALL:", "RIDE Do you ride a bicycle?", "1 Yes", "2 No",
      "ASK ALL FORM 2:", "TRUSTCITY How much do you trust the city council?", "1 A lot", "2 A little",
      "ASK ALL:", "REGION Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "group", targets: ["TRUSTCITY"], none: ["REGION"] },
  },
  {
    convention: "keep: a hidden comparison joined to a question's comparison ('FLAG_X=1,2 AND Q1=1') keeps both",
    rendering: "ASK IF line with a description and the condition in brackets",
    text: [
      "Q1. Do you ride a bicycle?", "1 Yes", "2 No",
      "ASK IF PARENT AND RIDER (PARENT_FLAG=1,2 AND Q1=1):", "Q2. Do your children ride with you?", "1 Yes", "2 No",
      "ASK ALL:", "Q3. Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "group", targets: ["Q2"], none: ["Q3"] },
  },
  {
    convention: "bind: brackets joined by AND group the clauses ('(A=1 OR B=1) AND (C=1)')",
    rendering: "group base in capitals, two bracketed groups",
    text: [
      "Q1. Do you ride a bicycle?", "1 Yes", "2 No",
      "Q2. Do you run?", "1 Yes", "2 No",
      "Q3. Are you a club member?", "1 Yes", "2 No",
      "ASK ACTIVE MEMBERS (Q1=1 OR Q2=1) AND (Q3=1):", "Q4. How often do you train with the club?", "1 Weekly", "2 Monthly",
      "ASK ALL:", "Q5. Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "askIf", targets: ["Q4"], refs: ["Q1", "Q2", "Q3"], none: ["Q5"] },
  },
  {
    convention: "bind: a base naming a sample frame ('ASK ALL MOBILE SAMPLE:') is a hidden sample variable",
    rendering: "telephone script, frame base above the question, 'ASK ALL' after",
    text: [
      "Q1. Do you follow local news?", "1 Yes", "2 No",
      "ASK ALL MOBILE SAMPLE:", "M1. Are you driving right now?", "1 Yes", "2 No",
      "ASK ALL:", "Q2. Which region do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "group", targets: ["M1"], none: ["Q2"] },
  },
  {
    convention: "bind: a split-form id 'Q.11F2' in a base is one id, also where a question 2 exists",
    rendering: "telephone script, 'ASK IF ANGRY (Q.11F2=3):' after 'Q.2'",
    text: [
      "Q.2 Are you satisfied with your town?", "1 Satisfied", "2 Dissatisfied",
      "Q.11F2 Are you content, frustrated or angry about the council?", "1 Content", "2 Frustrated", "3 Angry",
      "ASK IF ANGRY (Q.11F2=3):", "Q.12F2 What is the main reason you are angry?", "1 Answer given", "9 Don't know",
      "ASK ALL:", "Q.13 Which town do you live in?", "1 North", "2 South",
    ],
    expect: { kind: "askIf", targets: ["Q12F2"], refs: ["Q11F2"], none: ["Q13"] },
  },
  {
    convention: "scope: a bracketed filter naming its question ('[ASK HOMEPH IF …]') waits for that question",
    rendering: "under an open question without answers, the named question by variable name",
    text: [
      "AREA. What are the first three characters of your postcode?",
      "[ASK HOMEPH IF FRAME=MOBILE]",
      "HOMEPH. Do you also have a phone line at home?", "Yes", "No",
      "[ASK ALL]",
      "REGION. Which region do you live in?", "North", "South",
    ],
    expect: { kind: "group", targets: ["HOMEPH"], none: ["AREA", "REGION"] },
  },
];

// ---------------------------------------------------------------- conditions in other languages (sentence-conditions.ts)
// One line per language: the same five renderings — a routing note after an answer, an "if yes" follow-up, "if you
// answered X to question N" on a line of its own and opening a question's wording, and "if no, go to question N"
// after the answers.

interface Language {
  language: string;
  own: string;
  yes: string;
  no: string;
  which: string;
  brands: [string, string];
  where: string;
  places: [string, string];
  age: string;
  ages: [string, string];
  /** The routing note after an answer, to question 3. */
  goTo3: string;
  /** "If yes, which …?" */
  ifYesWhich: string;
  /** "If you answered yes to question 1:" */
  answeredYesTo1: string;
  /** "If no, go to question 3" */
  ifNoGoTo3: string;
}

const LANGUAGES: Language[] = [
  { language: "English", own: "Do you own a car?", yes: "Yes", no: "No", which: "Which brand?", brands: ["Ford", "Opel"], where: "Where do you live?", places: ["North", "South"], age: "How old are you?", ages: ["Young", "Old"], goTo3: "go to question 3", ifYesWhich: "If yes, which brand?", answeredYesTo1: "If you answered yes to question 1:", ifNoGoTo3: "If you answered no, go to question 3" },
  { language: "French", own: "Avez-vous une voiture ?", yes: "Oui", no: "Non", which: "Quelle marque ?", brands: ["Renault", "Peugeot"], where: "Où habitez-vous ?", places: ["Nord", "Sud"], age: "Quel âge avez-vous ?", ages: ["Jeune", "Âgé"], goTo3: "passez à la question 3", ifYesWhich: "Si oui, quelle marque ?", answeredYesTo1: "Si vous avez répondu oui à la question 1 :", ifNoGoTo3: "Si non, passez à la question 3" },
  { language: "Spanish", own: "¿Tiene usted coche?", yes: "Sí", no: "No", which: "¿Qué marca?", brands: ["Seat", "Ford"], where: "¿Dónde vive?", places: ["Norte", "Sur"], age: "¿Cuántos años tiene?", ages: ["Joven", "Mayor"], goTo3: "pase a la pregunta 3", ifYesWhich: "Si sí, ¿qué marca?", answeredYesTo1: "Si respondió 'Sí' en la pregunta 1:", ifNoGoTo3: "Si respondió 'No', pase a la pregunta 3" },
  { language: "German", own: "Haben Sie ein Auto?", yes: "Ja", no: "Nein", which: "Welche Marke?", brands: ["Opel", "Audi"], where: "Wo wohnen Sie?", places: ["Nord", "Süd"], age: "Wie alt sind Sie?", ages: ["Jung", "Alt"], goTo3: "weiter mit Frage 3", ifYesWhich: "Wenn ja, welche Marke?", answeredYesTo1: "Wenn Sie Frage 1 mit ja beantwortet haben:", ifNoGoTo3: "Falls nein: weiter mit Frage 3" },
  { language: "Portuguese", own: "Você tem carro?", yes: "Sim", no: "Não", which: "Qual marca?", brands: ["Fiat", "Ford"], where: "Onde mora?", places: ["Norte", "Sul"], age: "Qual a sua idade?", ages: ["Jovem", "Idoso"], goTo3: "passe para a questão 3", ifYesWhich: "Se sim, qual marca?", answeredYesTo1: "Se respondeu Sim na questão 1:", ifNoGoTo3: "Se respondeu Não, passe para a questão 3" },
  { language: "Italian", own: "Ha un'automobile?", yes: "Sì", no: "No", which: "Quale marca?", brands: ["Fiat", "Lancia"], where: "Dove abita?", places: ["Nord", "Sud"], age: "Quanti anni ha?", ages: ["Giovane", "Anziano"], goTo3: "passare alla domanda 3", ifYesWhich: "Se sì, quale marca?", answeredYesTo1: "Se hai risposto sì alla domanda 1:", ifNoGoTo3: "Se no, passare alla domanda 3" },
  { language: "Dutch", own: "Heeft u een auto?", yes: "Ja", no: "Nee", which: "Welk merk?", brands: ["Opel", "Ford"], where: "Waar woont u?", places: ["Noord", "Zuid"], age: "Hoe oud bent u?", ages: ["Jong", "Oud"], goTo3: "ga naar vraag 3", ifYesWhich: "Zo ja, welk merk?", answeredYesTo1: "Als u ja hebt geantwoord op vraag 1:", ifNoGoTo3: "Als nee, ga naar vraag 3" },
  { language: "Danish", own: "Har du en bil?", yes: "Ja", no: "Nej", which: "Hvilket mærke?", brands: ["Volvo", "Ford"], where: "Hvor bor du?", places: ["Nord", "Syd"], age: "Hvor gammel er du?", ages: ["Ung", "Gammel"], goTo3: "gå til spørgsmål 3", ifYesWhich: "Hvis ja, hvilket mærke?", answeredYesTo1: "Hvis du svarede ja til spørgsmål 1:", ifNoGoTo3: "Hvis nej, gå til spørgsmål 3" },
  { language: "Swedish", own: "Har du en bil?", yes: "Ja", no: "Nej", which: "Vilket märke?", brands: ["Volvo", "Saab"], where: "Var bor du?", places: ["Norr", "Söder"], age: "Hur gammal är du?", ages: ["Ung", "Gammal"], goTo3: "gå till fråga 3", ifYesWhich: "Om ja, vilket märke?", answeredYesTo1: "Om du svarade ja på fråga 1:", ifNoGoTo3: "Om nej, gå till fråga 3" },
  { language: "Norwegian", own: "Har du en bil?", yes: "Ja", no: "Nei", which: "Hvilket merke?", brands: ["Volvo", "Ford"], where: "Hvor bor du?", places: ["Nord", "Sør"], age: "Hvor gammel er du?", ages: ["Ung", "Gammel"], goTo3: "gå til spørsmål 3", ifYesWhich: "Hvis ja, hvilket merke?", answeredYesTo1: "Hvis du svarte ja på spørsmål 1:", ifNoGoTo3: "Hvis nei, gå til spørsmål 3" },
  { language: "Polish", own: "Czy masz samochód?", yes: "Tak", no: "Nie", which: "Jaka marka?", brands: ["Fiat", "Ford"], where: "Gdzie mieszkasz?", places: ["Północ", "Południe"], age: "Ile masz lat?", ages: ["Młody", "Stary"], goTo3: "przejdź do pytania 3", ifYesWhich: "Jeśli tak, jaka marka?", answeredYesTo1: "Jeśli odpowiedziałeś tak na pytanie 1:", ifNoGoTo3: "Jeśli nie, przejdź do pytania 3" },
];

ROWS.push(
  ...LANGUAGES.flatMap((l): Row[] => [
    {
      convention: `${l.language}: option route ('${l.no} (${l.goTo3})')`,
      rendering: "numbered, codes before, routing note in brackets after the answer",
      text: ["1. " + l.own, `1 ${l.yes}`, `2 ${l.no} (${l.goTo3})`, "2. " + l.which, `1 ${l.brands[0]}`, `2 ${l.brands[1]}`, "3. " + l.where, `1 ${l.places[0]}`, `2 ${l.places[1]}`],
      expect: { kind: "route", source: "1", to: "3", code: "2" },
    },
    {
      convention: `${l.language}: if-yes follow-up ('${l.ifYesWhich}')`,
      rendering: "numbered, codes before",
      text: ["1. " + l.own, `1 ${l.yes}`, `2 ${l.no}`, "2. " + l.ifYesWhich, `1 ${l.brands[0]}`, `2 ${l.brands[1]}`, "3. " + l.where, `1 ${l.places[0]}`, `2 ${l.places[1]}`],
      expect: { kind: "askIf", targets: ["2"], refs: ["1"], none: ["3"] },
    },
    {
      convention: `${l.language}: 'if you answered X to question N' ('${l.answeredYesTo1}')`,
      rendering: "numbered, the sentence on its own line two questions later",
      text: ["1. " + l.own, `1 ${l.yes}`, `2 ${l.no}`, "2. " + l.age, `1 ${l.ages[0]}`, `2 ${l.ages[1]}`, l.answeredYesTo1, "3. " + l.which, `1 ${l.brands[0]}`, `2 ${l.brands[1]}`, "4. " + l.where, `1 ${l.places[0]}`, `2 ${l.places[1]}`],
      expect: { kind: "askIf", targets: ["3"], refs: ["1"], none: ["4"] },
    },
    {
      convention: `${l.language}: 'if you answered X to question N, …?' opening the wording`,
      rendering: "numbered, the clause in the wording two questions later",
      text: [
        "1. " + l.own, `1 ${l.yes}`, `2 ${l.no}`, "2. " + l.age, `1 ${l.ages[0]}`, `2 ${l.ages[1]}`,
        `3. ${l.answeredYesTo1.replace(/\s*:$/, "")}, ${l.which.replace(/^(¿?)(\p{Lu})/u, (_, mark: string, letter: string) => mark + letter.toLowerCase())}`,
        `1 ${l.brands[0]}`, `2 ${l.brands[1]}`, "4. " + l.where, `1 ${l.places[0]}`, `2 ${l.places[1]}`,
      ],
      expect: { kind: "askIf", targets: ["3"], refs: ["1"], none: ["4"] },
    },
    {
      convention: `${l.language}: 'if no, go to question N' ('${l.ifNoGoTo3}')`,
      rendering: "numbered, the routing sentence on its own line after the answers",
      text: ["1. " + l.own, `1 ${l.yes}`, `2 ${l.no}`, l.ifNoGoTo3, "2. " + l.which, `1 ${l.brands[0]}`, `2 ${l.brands[1]}`, "3. " + l.where, `1 ${l.places[0]}`, `2 ${l.places[1]}`],
      expect: { kind: "route", source: "1", to: "3" },
    },
  ]),
);

// ---------------------------------------------------------------- section scope (group-bases.ts)
ROWS.push({
  convention: "scope: a section filter runs through its subsections and stops at the next section",
  rendering: "markdown, '#' sections with a '##' subsection inside the filtered one",
  filename: "q.md",
  text: [
    "# Part A: Gardening", "", "The following questions only apply if you keep a garden.", "",
    "1. How large is your garden?", "", "- Small", "- Large", "",
    "## Vegetables", "", "2. Which vegetables do you grow?", "", "- Beans", "- Peas", "",
    "# Part B: About you", "", "3. Where do you live?", "", "- North", "- South",
  ],
  expect: { kind: "group", targets: ["1", "2"], none: ["3"] },
});

// ---------------------------------------------------------------- tool printouts in other languages (printed-conditions.ts)
ROWS.push({
  convention: "printed tool condition: lead line and 'answer was … at question …' clause in the interface language",
  rendering: "'Question N:' printout, Spanish LimeSurvey labels, two answers joined by 'o'",
  text: [
    "Question 1: ¿Tiene usted un huerto?", "○ Sí", "○ No",
    "Question 2: ¿Qué cultiva?", "Sólo conteste esta pregunta si se cumplen las siguientes condiciones:",
    "La respuesta fue 'Sí' o 'No' en la pregunta '1 [Q1]' (¿Tiene usted un huerto?)", "○ Tomates", "○ Judías",
    "Question 3: ¿Dónde vive?", "○ Norte", "○ Sur",
  ],
  expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
});

// ---------------------------------------------------------------- follow-ups bind the nearest asked line (follow-ups.ts)
ROWS.push({
  convention: "follow-up: an indented 'If yes, …' makes the line above it an asked question, even without a question mark",
  rendering: "markdown interview guide, unnumbered lines, follow-ups indented with non-breaking spaces",
  filename: "q.md",
  text: [
    "## Garden", "Do you keep a garden?", "", "&nbsp;&nbsp;&nbsp;&nbsp;If yes, which vegetables do you grow?", "",
    "Could you describe the tools you use (spades, hoes…)", "", "&nbsp;&nbsp;&nbsp;&nbsp;If yes, would you lend them to a neighbour?", "",
    "During the winter, which crops do you store?", "", "Would you join a seed exchange in town?", "&nbsp;&nbsp;&nbsp;&nbsp;If yes, how often?", "",
    "Where do you live?",
  ],
  expect: { kind: "askIf", targets: ["Q2", "Q4", "Q7"], refs: ["Q1", "Q3", "Q6"], none: ["Q5", "Q8"] },
});

// ---------------------------------------------------------------- routes to a part named by its title (compile.ts findSection)
ROWS.push({
  convention: "route: 'skip directly to Part N: Title' reaches the part with that title when no part carries the label",
  rendering: "markdown, '## Part I' headings, the last part headed by its title only",
  filename: "q.md",
  text: [
    "## Part I: Garden", "", "### Question 1. Do you keep a garden?", "*If you select “No,” please skip directly to Part IV: Household (questions about you).*", "", "- Yes", "- No", "",
    "### Question 2. Which vegetables do you grow?", "", "- Beans", "- Peas", "",
    "## Household Information", "", "### Question 3. Where do you live?", "", "- North", "- South",
  ],
  expect: { kind: "route", source: "1", to: "section" },
});

// ---------------------------------------------------------------- questions a one-answer jump passes over (skipped-questions.ts)
ROWS.push(
  {
    convention: "skipped questions: a jump on one answer hides the questions it passes over when that answer was given",
    rendering: "code list with an arrow after one answer ('No 2 → Q4')",
    text: ["Q1. Do you own a bicycle?", "    Yes  1", "    No   2  → Q4", "Q2. How often do you ride it?", "    Daily  1", "    Weekly  2", "Q3. Where do you park it?", "    Home  1", "    Work  2", "Q4. What is your age?", "    Under 40  1", "    40 or over  2"],
    expect: { kind: "skipped", source: "Q1", targets: ["Q2", "Q3"], none: ["Q4"] },
  },
  {
    convention: "skipped questions: a jump on one answer hides the questions it passes over when that answer was given",
    rendering: "markdown, 'If you select No, please skip directly to Part III' under the question, the part named by title",
    filename: "q.md",
    text: [
      "## Part I: Garden", "", "### Question 1. Do you keep a garden?", "*If you select “No,” please skip directly to Part III: Household (questions about you).*", "", "- Yes", "- No", "",
      "### Question 2. Which vegetables do you grow?", "", "- Beans", "- Peas", "",
      "## Part II: Tools", "", "### Question 3. Which tools do you use?", "", "- Spade", "- Hoe", "",
      "## Household Information", "", "### Question 4. Where do you live?", "", "- North", "- South",
    ],
    expect: { kind: "skipped", source: "1", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "skipped questions: a routing statement ('IF Q1 = 2 SKIP TO Q4') hides the questions it passes over",
    rendering: "capitals routing line under the answers",
    text: ["Q1. Do you own a bicycle?", "    Yes  1", "    No   2", "IF Q1 = 2 SKIP TO Q4", "Q2. How often do you ride it?", "    Daily  1", "    Weekly  2", "Q3. Where do you park it?", "    Home  1", "    Work  2", "Q4. What is your age?", "    Under 40  1", "    40 or over  2"],
    expect: { kind: "skipped", source: "Q1", targets: ["Q2", "Q3"], none: ["Q4"] },
  },
  {
    convention: "skipped questions: a routing statement ('IF Q1 = 2 SKIP TO Q4') hides the questions it passes over",
    rendering: "'SKIP TO S6 IF S1 = 3' printed two questions below S1, whose own answer 'Never' jumps into the range",
    text: [
      "S1. How often do you visit a museum?", "1 Every month", "2 Every year", "3 Less often", "4 Never    GO TO S4",
      "S2. Which museum did you visit last?", "1 Art", "2 Science", "S3. Did you go alone?", "1 Yes", "2 No",
      "SKIP TO S6 IF S1 = 3",
      "S4. Would you like more museums nearby?", "1 Yes", "2 No", "S5. Why do you say that?", "_____",
      "S6. What is your age?", "1 Under 40", "2 40 or over",
    ],
    expect: { kind: "skipped", source: "S1", targets: ["S4", "S5"], none: ["S6"] },
  },
  {
    convention: "skipped questions: a jump on one answer hides the questions it passes over when that answer was given",
    rendering: "German 'weiter mit Frage 4' after one answer",
    text: ["1. Besitzen Sie ein Fahrrad?", "    Ja  1", "    Nein  2  → weiter mit Frage 4", "2. Wie oft fahren Sie?", "    Täglich  1", "    Wöchentlich  2", "3. Wo parken Sie es?", "    Zuhause  1", "    Arbeit  2", "4. Wie alt sind Sie?", "    Unter 40  1", "    40 oder älter  2"],
    expect: { kind: "skipped", source: "1", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "skipped questions: a jump on one answer hides the questions it passes over when that answer was given",
    rendering: "French 'passer à la question 4' after one answer",
    text: ["1. Possédez-vous un vélo ?", "    Oui  1", "    Non  2  → passer à la question 4", "2. À quelle fréquence roulez-vous ?", "    Tous les jours  1", "    Chaque semaine  2", "3. Où le garez-vous ?", "    Maison  1", "    Travail  2", "4. Quel âge avez-vous ?", "    Moins de 40  1", "    40 ou plus  2"],
    expect: { kind: "skipped", source: "1", targets: ["2", "3"], none: ["4"] },
  },
  {
    convention: "skipped questions: a question printed 'BASE: ALL …' keeps its own base when a jump passes over it",
    rendering: "exit-interview script, 'BASE: ALL SHOPPERS' between the jump and its target",
    text: ["BASE: ALL SHOPPERS", "Q1. Did you buy anything today?", "    Yes  1", "    No   2  → Q4", "BASE: ALL WHO BOUGHT (Q1=1)", "Q2. How much did you spend?", "    Under 50  1", "    50 or more  2", "BASE: ALL SHOPPERS", "Q3. How satisfied were you with the staff?", "    Satisfied  1", "    Not satisfied  2", "Q4. What is your age?", "    Under 40  1", "    40 or over  2"],
    expect: { kind: "skipped", source: "Q1", targets: ["Q2"], none: ["Q3", "Q4"] },
  },
);

// ---------------------------------------------------------------- headings addressed to a group (section-audience.ts)
ROWS.push(
  {
    convention: "section audience: a heading addressed to a group binds to the yes/no question that defines it",
    rendering: "markdown, 'Questions for People Who Don’t Drink Tea' after a part the No answer skips",
    filename: "q.md",
    text: [
      "## Part I: Habits", "", "### Question 1. Do you drink tea?", "*If you select “No,” please skip directly to Part III: About you.*", "", "- Yes", "- No", "",
      "### Question 2. How often do you drink tea?", "", "- Daily", "- Weekly", "",
      "## Questions for People Who Don’t Drink Tea", "", "### Question 3. Why don’t you drink tea?", "", "- Taste", "- Health", "",
      "## About you", "", "### Question 4. What is your age?", "", "- Under 40", "- 40 or over",
    ],
    expect: { kind: "askIf", targets: ["3"], refs: ["1"], none: ["4"] },
  },
  {
    convention: "section audience: a heading addressed to a group binds to the yes/no question that defines it",
    rendering: "markdown, 'If you do not own a car' heading, the filter question three questions back",
    filename: "q.md",
    text: [
      "## Travel", "", "1. Do you own a car?", "", "- Yes", "- No", "", "2. How do you get to work?", "", "- Walk", "- Bus", "",
      "3. How long is your commute?", "", "- Short", "- Long", "", "4. Do you like your commute?", "", "- A lot", "- A little", "",
      "## If you do not own a car", "", "5. Would you like to own one?", "", "- Certainly", "- Never", "",
      "## About you", "", "6. What is your age?", "", "- Under 40", "- 40 or over",
    ],
    expect: { kind: "askIf", targets: ["5"], refs: ["1"], none: ["6"] },
  },
  {
    convention: "section audience: a heading addressed to a group binds to the yes/no question that defines it",
    rendering: "Spanish markdown, 'Preguntas para quienes no tienen coche' (lexicon row), Sí/No filter question",
    filename: "q.md",
    text: [
      "## Transporte", "", "1. ¿Tiene coche?", "", "- Sí", "- No", "", "2. ¿Cómo va al trabajo?", "", "- A pie", "- En autobús", "",
      "## Preguntas para quienes no tienen coche", "", "3. ¿Le gustaría tener uno?", "", "- Sí", "- No", "",
      "## Sobre usted", "", "4. ¿Qué edad tiene?", "", "- Menos de 40", "- 40 o más",
    ],
    expect: { kind: "askIf", targets: ["3"], refs: ["1"], none: ["4"] },
  },
  {
    convention: "section audience: a group that binds to no question is a condition on the declared group variable",
    rendering: "German markdown, 'Fragen für Personen, die im Ausland leben' (lexicon row), no filter question",
    filename: "q.md",
    text: [
      "## Allgemein", "", "1. Wie alt sind Sie?", "", "- Unter 40", "- 40 oder älter", "",
      "## Fragen für Personen, die im Ausland leben", "", "2. Seit wann leben Sie dort?", "", "- Unter 5 Jahren", "- Länger", "",
      "## Zum Schluss", "", "3. Wie zufrieden sind Sie?", "", "- Sehr", "- Wenig",
    ],
    expect: { kind: "group", targets: ["2"], none: ["3"] },
  },
);

// ---------------------------------------------------------------- the previous question named by position (positional-refs.ts)
ROWS.push(
  ...[
    ["bracketed Qualtrics write-up note after the answers", "[shown if answered 'No' to previous question]", ["Yes", "No", "I don't know"]],
    ["English sentence in brackets", "[if you answered yes to the previous question]", ["Yes", "No"]],
    ["French sentence in brackets (lexicon rows)", "(si vous avez répondu non à la question précédente)", ["Oui", "Non"]],
    ["French 'la réponse précédente'", "(si la réponse précédente est non)", ["Oui", "Non"]],
    ["Spanish LimeSurvey-style sentence", "[Si la respuesta fue 'No' en la pregunta anterior]", ["Sí", "No"]],
    ["German verb-last sentence", "[nur wenn Sie die vorherige Frage mit nein beantwortet haben]", ["Ja", "Nein"]],
  ].map(
    ([rendering, note, answers]): Row => ({
      convention: "positional reference: a display note naming 'the previous question' binds to the question printed before",
      rendering: rendering as string,
      text: ["Q1. What is your age?", "Under 40", "40 or over", "Q2. Would you order medicines online?", ...(answers as string[]), note as string, "Q3. Why not?", "Price", "Privacy", "Q4. Where do you live?", "North", "South"],
      expect: { kind: "askIf", targets: ["Q3"], refs: ["Q2"], none: ["Q4"] },
    }),
  ),
);

// ---------------------------------------------------------------- who answers, said on the question (self-filters.ts)
ROWS.push(
  {
    convention: "self filter: 'Fill in this question if you are <answer label>' binds the label to the earlier question that offers it",
    rendering: "translated web survey, the note after the type tag, the filter question far back",
    text: [
      "1. What is your ethnicity? [Single choice question] *", "○ The Wa Minority.", "○ Han Chinese.", "○ Other Ethnic Minority.",
      "2. What is your age? [Single choice question] *", "○ Under 40", "○ 40 or over",
      "3. Where do you live? [Single choice question] *", "○ Town", "○ Village",
      "4. What is your occupation? [Single choice question] *", "○ Farmer", "○ Teacher",
      "5. If you were Wa minority, which language would your child learn? [Single choice question] (Fill in this question if you are Wa, if not go to question 6)",
      "○ Wa", "○ Chinese",
      "6. If you were Han Chinese or another minority, would you learn Wa? [Single choice question] (Fill in this question if you are Han Chinese or other ethnic minorities, if not, go to question 7)",
      "○ Yes", "○ No",
      "7. How satisfied are you? [Single choice question] *", "○ Very", "○ Not",
    ],
    expect: { kind: "askIf", targets: ["5", "6"], refs: ["1"], none: ["7"] },
  },
  {
    convention: "self filter: 'Fill in this question if you are <answer label>' binds the label to the earlier question that offers it",
    rendering: "French, '(Répondez à cette question uniquement si vous êtes salarié)' (lexicon row)",
    text: [
      "1. Quelle est votre situation ?", "○ Salarié", "○ Indépendant", "○ Retraité",
      "2. Quel âge avez-vous ?", "○ Moins de 40 ans", "○ 40 ans ou plus",
      "3. Combien d'heures travaillez-vous ? (Répondez à cette question uniquement si vous êtes salarié)", "○ Moins de 35", "○ 35 ou plus",
      "4. Où habitez-vous ?", "○ Ville", "○ Campagne",
    ],
    expect: { kind: "askIf", targets: ["3"], refs: ["1"], none: ["4"] },
  },
  {
    convention: "self filter: a group no question asks is a condition on the declared group variable",
    rendering: "English, '(Fill in if you have children, no need to fill in if you do not.)'",
    text: [
      "1. What is your age?", "○ Under 40", "○ 40 or over",
      "2. Do your children speak Wa? (Fill in if you have children, no need to fill in if you do not.)", "○ Well", "○ A little",
      "3. Where do you live?", "○ Town", "○ Village",
    ],
    expect: { kind: "group", targets: ["2"], none: ["3"] },
  },
);

// ---------------------------------------------------------------- a bare lead-in over a run of answer fields (lead-in-runs.ts)
ROWS.push(
  ...[
    ["English data-collection form, 'If yes:' alone above three fields", "Have you had side effects?", ["Yes", "No"], "If yes:"],
    ["French form, 'Si oui :' alone above three fields (lexicon follow-up row)", "Avez-vous eu des effets indésirables ?", ["Oui", "Non"], "Si oui :"],
  ].map(
    ([rendering, asked, answers, lead]): Row => ({
      convention: "lead-in run: a bare 'If yes:' line governs every answer field under it up to the next closed question",
      rendering: rendering as string,
      text: ["Q1. " + (asked as string), ...(answers as string[]), lead as string, "Q2. What was the effect?", "__________", "Q3. Which medicine caused it?", "__________", "Q4. How many doses before it started?", "__________", "Q5. Is your quality of life affected?", ...(answers as string[])],
      expect: { kind: "askIf", targets: ["Q2", "Q3", "Q4"], refs: ["Q1"], none: ["Q5"] },
    }),
  ),
);

// ---------------------------------------------------------------- exclusions, separated route tails, "no value" tests, follow-up lines
ROWS.push(
  {
    convention: "exclusion filter: '[DO NOT ASK IN <group>]' is a condition on the declared group variable, never ask-all",
    rendering: "bracket before the wording, a region as the group",
    text: ["Q1. Do you own a kayak?", "1 Yes", "2 No", "Q2. [DO NOT ASK IN NORTHLAND] Which river do you paddle most?", "1 Upper river", "2 Lower river", "Q3. How often do you paddle?", "1 Weekly", "2 Rarely"],
    expect: { kind: "group", targets: ["Q2"], none: ["Q3"] },
  },
  {
    convention: "exclusion filter: '[DO NOT ASK IN <group>]' is a condition on the declared group variable, never ask-all",
    rendering: "a list of regions on its own line above the question",
    text: ["Q1. Do you own a kayak?", "1 Yes", "2 No", "[DO NOT ASK IN NORTHLAND, EASTMARCH, OR WESTFOLD. ]", "Q2. Which river do you paddle most?", "1 Upper river", "2 Lower river", "Q3. How often do you paddle?", "1 Weekly", "2 Rarely"],
    expect: { kind: "group", targets: ["Q2"], none: ["Q3"] },
  },
  {
    convention: "exclusion filter: '[DO NOT SHOW IF …]' negates the condition it names",
    rendering: "'[DO NOT SHOW IF Q1 = 2]' before the wording",
    text: ["Q1. Do you own a kayak?", "1 Yes", "2 No", "Q2. [DO NOT SHOW IF Q1 = 2] Which river do you paddle most?", "1 Upper river", "2 Lower river", "Q3. How often do you paddle?", "1 Weekly", "2 Rarely"],
    expect: { kind: "askIf", targets: ["Q2"], refs: ["Q1"], none: ["Q3"] },
  },
  {
    convention: "answer-level route after a colon or dash closing the label, in any case",
    rendering: "'Yes: Continue' / 'No: End survey' (at a screening question, a screen-out)",
    text: ["Q1. Do you keep bees?", "1 Yes: Continue", "2 No: End survey", "Q2. How many hives do you keep?", "1 One", "2 More than one"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "2" },
  },
  {
    convention: "answer-level route after a colon or dash closing the label, in any case",
    rendering: "'Under 18 – terminate'",
    text: ["Q1. How old are you?", "1 Under 18 – terminate", "2 18 or older", "Q2. Do you keep bees?", "1 Yes", "2 No"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "1" },
  },
  {
    convention: "answer-level route after a colon or dash closing the label, in any case",
    rendering: "unnumbered question, unmarked answers 'Yes: Continue' / 'No: End Survey'",
    text: ["Have you grown vegetables in the past year?", "", "Yes: Continue", "No: End Survey", "", "Which vegetables did you grow?", "Tomatoes ___", "Beans ___"],
    expect: { kind: "route", source: "Q1", to: "terminate", code: "2" },
  },
  {
    convention: "a comparison with MISSING on a variable set outside the questions tests whether it is set",
    rendering: "'[ASK IF HIVE_COUNT != MISSING]'",
    text: ["Q1. Do you keep bees?", "1 Yes", "2 No", "Q2. [ASK IF HIVE_COUNT != MISSING] How much honey did you harvest?", "1 Little", "2 A lot"],
    expect: { kind: "group", targets: ["Q2"] },
  },
  {
    convention: "self-scoped filter naming an earlier question but none of its answers: asked of those who answered it",
    rendering: "instruction line 'Answer this question only if at question 2 you gave any years'",
    text: ["1. What is your job?", "______", "2. How many years have you worked there?", "______", "3. Which tasks do you do at work?", "Answer this question only if at question 2 you gave any years", "______", "4. Where do you live?", "______"],
    expect: { kind: "askIf", targets: ["3"], refs: ["2"], none: ["4"] },
  },
  {
    convention: "one-line follow-up after the answers ('If yes, which one? ____') is a question of its own, asked on the answer",
    rendering: "plain text, write-in blank glued to the question mark",
    text: ["1. Do you have a library card?", "1. Yes", "2. No", "If yes, which library?____________", "2. How often do you read?", "1. Daily", "2. Weekly"],
    expect: { kind: "askIf", targets: ["QX1"], refs: ["1"], none: ["2"] },
  },
  {
    convention: "one-line follow-up after the answers ('If yes, which one? ____') is a question of its own, asked on the answer",
    rendering: "'(if a or b) Why? ____': lowercase letters name the answers by their place in the list",
    text: ["1. Where do you buy bread?", "1. Bakery", "2. Supermarket", "3. I bake it", "(if a or b) Why?____________", "2. How often do you read?", "1. Daily", "2. Weekly"],
    expect: { kind: "askIf", targets: ["QX1"], refs: ["1"], none: ["2"] },
  },
  {
    convention: "one-line follow-up after the answers ('If yes, which one? ____') is a question of its own, asked on the answer",
    rendering: "Portuguese, behind a pointer: '⇒ SE SIM: Quantas …? __ __'",
    text: ["20. Você pedala?", "(0) Não", "(1) Sim", "⇒ SE SIM: Quantas vezes por semana pedala? __ __", "21. Você nada?", "(0) Não", "(1) Sim"],
    expect: { kind: "askIf", targets: ["QX1"], refs: ["20"], none: ["21"] },
  },
);

describe("logic-convention audit matrix", () => {
  for (const row of ROWS) {
    const name = `${row.convention} — ${row.rendering}`;
    if (row.known) it.fails(`${name} (known failure: ${row.known})`, () => check(row));
    else it(name, () => check(row));
  }
});

// ---------------------------------------------------------------- telephone-script references and split-form ids (cati8f)
ROWS.push(
  {
    convention: "telephone script: 'Q.66' (a dot after the Q) names question Q66 in an ASK IF base",
    rendering: "English Pew style, 'ASK IF GAVE RESPONSE IN Q.66 (Q.66=1,2,3), ASK:'",
    text: [
      "Q.66 Is religion increasing its influence or losing its influence?", "1 Increasing influence", "2 Losing influence", "3 Same (VOL.)", "9 Don't know/Refused (VOL.)",
      "ASK IF GAVE RESPONSE IN Q.66 (Q.66=1,2,3), ASK:",
      "Q.67 All in all, do you think this is a good thing or a bad thing?", "1 Good thing", "2 Bad thing", "9 Don't know/Refused (VOL.)",
    ],
    expect: { kind: "askIf", targets: ["Q67"], refs: ["Q66"] },
  },
  {
    convention: "telephone script: 'Q.70=1,2' inside the bracket of an ASK IF base",
    rendering: "English, 'ASK IF APPROVE OR DISAPPROVE (Q.70=1,2):'",
    text: [
      "Q.70 Do you approve or disapprove of the new tax law?", "1 Approve", "2 Disapprove", "9 Don't know/Refused (VOL.)",
      "ASK IF APPROVE OR DISAPPROVE (Q.70=1,2):",
      "Q.70a Do you feel that way very strongly, or not so strongly?", "1 Very strongly", "2 Not so strongly",
    ],
    expect: { kind: "askIf", targets: ["Q70a"], refs: ["Q70"] },
  },
  {
    convention: "telephone script: a split-form id 'Q.14F2' is a question id and can be named by a later base",
    rendering: "English, 'Q.14F2 …' then 'ASK IF APPROVE (Q.14F2=1):'",
    text: [
      "Q.13 Do you follow politics?", "1 Yes", "2 No",
      "Q.14F2 Do you approve or disapprove of the way the Speaker is handling her job?", "1 Approve", "2 Disapprove", "9 Don't know/Refused (VOL.)",
      "ASK IF APPROVE (Q.14F2=1):",
      "Q.15 Do you approve very strongly, or not so strongly?", "1 Very strongly", "2 Not so strongly",
    ],
    expect: { kind: "askIf", targets: ["Q15"], refs: ["Q14F2"] },
  },
);

// ---------------------------------------------------------------- split-sample form bases (split-forms.ts, numbering-gaps.ts)
ROWS.push(
  ...[
    ["'ASK FORM 1:' after a numbering-gap note", ["NO QUESTIONS 3-9", "ASK FORM 1:"]],
    ["'ASK FORM 2 ONLY:'", ["ASK FORM 2 ONLY:"]],
    ["'[ASK VERSION B]'", ["[ASK VERSION B]"]],
  ].map(
    ([rendering, base]): Row => ({
      convention: "split-form base: a block asked of one form is conditioned on the assigned form, until the next base",
      rendering: rendering as string,
      text: [
        "ASK ALL:", "Q.1 Are you satisfied with the way things are going in this country today?", "1 Satisfied", "2 Dissatisfied", "9 Don't know/Refused (VOL.)",
        ...(base as string[]),
        "Q.10 Do you approve or disapprove of the job Congress is doing?", "1 Approve", "2 Disapprove", "9 [VOL. DO NOT READ] Don't know/Refused",
        "ASK ALL:", "Q.11 How closely do you follow politics?", "1 Very closely", "2 Not closely",
      ],
      expect: { kind: "group", targets: ["Q10"], none: ["Q11"] },
    }),
  ),
);

// ---------------------------------------------------------------- "SI → PASE A P5": yes without its accent, target "P" + number
ROWS.push(
  {
    convention: "answer-level go-to: the answer 'SI' (sí without accent) carries its route before the printed code",
    rendering: "capitals, arrow and 'PASE A P3' before the code in the right margin; questions numbered '3.'",
    text: [
      "1. ¿VISITÓ ALGUNA FERIA DE LIBROS ESTE AÑO?",
      "SI → PASE A P3                                 1",
      "NO CONTINÚA                                    0",
      "2. ¿POR QUÉ NO VISITÓ NINGUNA?",
      "NO LE INTERESA                                 1",
      "NO TUVO TIEMPO                                 2",
      "3. ¿CUÁNTOS LIBROS COMPRÓ ESTE AÑO?",
      "NINGUNO                                        1",
      "UNO O MÁS                                      2",
    ],
    expect: { kind: "route", source: "1", to: "P3", code: "1" },
  },
  {
    convention: "answer-level go-to: the answer 'SI' (sí without accent) carries its route before the printed code",
    rendering: "the questions jumped over show only when the answer was not taken",
    text: [
      "1. ¿VISITÓ ALGUNA FERIA DE LIBROS ESTE AÑO?",
      "SI → PASE A P3                                 1",
      "NO CONTINÚA                                    0",
      "2. ¿POR QUÉ NO VISITÓ NINGUNA?",
      "NO LE INTERESA                                 1",
      "NO TUVO TIEMPO                                 2",
      "3. ¿CUÁNTOS LIBROS COMPRÓ ESTE AÑO?",
      "NINGUNO                                        1",
      "UNO O MÁS                                      2",
    ],
    expect: { kind: "skipped", source: "1", targets: ["2"], none: ["3"] },
  },
  {
    convention: "a routing line that opens with 'if' and a condition stays a routing statement",
    rendering: "'SI P1 = 2 → PASE A P3' with no code after it",
    text: [
      "1. ¿VISITÓ ALGUNA FERIA DE LIBROS ESTE AÑO?",
      "SI                                             1",
      "NO                                             2",
      "SI P1 = 2 → PASE A P3",
      "2. ¿CUÁL FUE LA ÚLTIMA?",
      "LOCAL                                          1",
      "OTRA                                           2",
      "3. ¿CUÁNTOS LIBROS COMPRÓ ESTE AÑO?",
      "NINGUNO                                        1",
      "UNO O MÁS                                      2",
    ],
    expect: { kind: "route", source: "1", to: "P3" },
  },
);
ROWS.push({
  convention: "answer-level go-to: a follow-up whose every answer jumps ahead scopes the questions the earlier 'yes' jump enters",
  rendering: "'SI → PASE A P3' at 1, follow-ups 1.1 and 1.2 (both answers → P4): 2 and 3 show only when 1.2 was not answered",
  text: [
    "1. ¿FUE AL TEATRO EL ÚLTIMO AÑO?",
    "SI → PASE A P2                                 1",
    "NO CONTINÚA                                    0",
    "1.1 ¿POR QUÉ NO VA AL TEATRO?",
    "NO LE INTERESA                                 1",
    "ES CARO                                        2",
    "1.2 ANTES, ¿IBA AL TEATRO?",
    "SI → PASE A P4                                 1",
    "NO → PASE A P4                                 0",
    "2. ¿CON QUIÉN VA AL TEATRO?",
    "SOLO                                           1",
    "ACOMPAÑADO                                     2",
    "3. ¿CUÁNTO GASTA EN ENTRADAS?",
    "POCO                                           1",
    "MUCHO                                          2",
    "4. ¿LEE DIARIOS?",
    "SI                                             1",
    "NO                                             0",
  ],
  expect: { kind: "skipped", source: "1.2", targets: ["2", "3"], none: ["4"] },
});
