import type { TBlockType, TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";
import { type ConditionAst, type ConditionRef, type ConditionValue, ConditionSyntaxError, parseCondition } from "./conditions";

/**
 * Conditions in words, for people: `{Q7} = '1'` → "Q7 is Yes", `{S3} anyof ['1','4']` → "S3 is Toyota or
 * Honda", `{AGE} >= 18` → "AGE is at least 18". Codes are shown as the labels of the question's options
 * (rows and columns for grids); a code the question does not have is shown quoted with a note, so a broken
 * condition never reads as a plausible one. Variables keep their names (Q7), which people know from the
 * questionnaire; internal ids never appear. Browser-safe and pure.
 *
 * The words follow the evaluator's semantics (lib/questionnaire/conditions): for a multiple-choice
 * question `=` means "includes", `anyof` "includes any of", and so on.
 */

/** What the printer needs to know about a variable: its kind and the labels of its codes. */
export type ConditionSubject = {
  type?: TBlockType | "hidden" | "computed";
  options?: readonly TChoice[];
  rows?: readonly TChoice[];
  columns?: readonly TChoice[];
};

export type ConditionVocabulary = (variable: string) => ConditionSubject | undefined;

/** A variable a condition can name, with what people see of it (the question's wording or the variable's label). */
export type NamedSubject = { variable: string; wording: string; subject: ConditionSubject };

/** Every question of a document in survey order, then the declared hidden and computed variables. */
export function subjectsOf(document: Pick<TSurveyDocument, "pages" | "variables">): NamedSubject[] {
  const named: NamedSubject[] = [];
  const seen = new Set<string>();
  for (const page of [...document.pages].sort((a, b) => a.order - b.order)) {
    for (const block of [...page.blocks].sort((a, b) => a.order - b.order)) {
      const question = block.config.question;
      if (!question || seen.has(question.variable)) continue;
      seen.add(question.variable);
      named.push({ variable: question.variable, wording: plain(block.config.content), subject: { type: block.config.type, options: question.options, rows: question.rows, columns: question.columns } });
    }
  }
  for (const variable of document.variables ?? []) {
    if (variable.type === "question" || seen.has(variable.name)) continue;
    seen.add(variable.name);
    named.push({ variable: variable.name, wording: variable.label ?? (variable.type === "hidden" ? "Hidden variable" : "Computed variable"), subject: { type: variable.type } });
  }
  return named;
}

/** The vocabulary of a survey document: every question with its lists, and the declared hidden/computed variables. */
export function vocabularyOf(document: Pick<TSurveyDocument, "pages" | "variables">): ConditionVocabulary {
  const subjects = new Map(subjectsOf(document).map((named) => [named.variable, named.subject]));
  return (variable) => subjects.get(variable);
}

const MULTI_TYPES = new Set(["multiple_choice", "ranking"]);

function isMulti(subject: ConditionSubject | undefined): boolean {
  return Boolean(subject?.type && MULTI_TYPES.has(subject.type));
}

function quote(text: string): string {
  return `“${text}”`;
}

/** The label of a code in a list, or the code itself, marked when the list does not have it. */
function labelOf(code: ConditionValue, list: readonly TChoice[] | undefined): string {
  if (Array.isArray(code)) return code.map((item) => labelOf(item, list)).join(", ");
  const text = String(code);
  if (!list || list.length === 0) return typeof code === "number" ? text : quote(text);
  const choice = list.find((candidate) => candidate.value === text);
  if (!choice) return `${quote(text)} (not an answer code)`;
  return choice.label.trim() ? plain(choice.label) : quote(text);
}

/** Markdown and line breaks out of a label, so it reads inline. */
function plain(label: string): string {
  return label
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function joinList(items: string[], conjunction: "or" | "and" | "nor"): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length === 2) return `${items[0]} ${conjunction} ${items[1]}`;
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

function values(value: ConditionValue): ConditionValue[] {
  return Array.isArray(value) ? value : [value];
}

/** The name of a reference: `Q7`, or `Q9 “Brand A”` for one row of a grid. */
function subjectName(ref: ConditionRef, subject: ConditionSubject | undefined): string {
  if (ref.row === undefined) return ref.variable;
  const row = subject?.rows?.find((candidate) => candidate.value === ref.row);
  if (row?.label.trim()) return `${ref.variable} ${quote(plain(row.label))}`;
  return `${ref.variable} row ${quote(ref.row)}${subject?.rows?.length && !row ? " (no such row)" : ""}`;
}

const NUMERIC_WORDS: Record<string, string> = { "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least" };
const COUNT_WORDS: Record<string, string> = { "=": "exactly", "!=": "other than", "<": "fewer than", "<=": "at most", ">": "more than", ">=": "at least" };

function leafWords(ast: Extract<ConditionAst, { ref: ConditionRef }>, vocabulary: ConditionVocabulary): string {
  const subject = vocabulary(ast.ref.variable);
  const name = subjectName(ast.ref, subject);
  if (ast.type === "empty") return `${name} is ${ast.negated ? "answered" : "not answered"}`;
  if (ast.type === "count") {
    const count = ast.value;
    return `${COUNT_WORDS[ast.op]} ${count} answer${count === 1 ? "" : "s"} ${ast.op === "!=" ? "are" : count === 1 ? "is" : "are"} chosen in ${name}`;
  }
  // A row of a grid is answered with a column code; a whole question with its options (or items).
  const list = ast.ref.row !== undefined ? subject?.columns : subject?.options?.length ? subject.options : subject?.rows;
  const words = (value: ConditionValue, conjunction: "or" | "and" | "nor") => joinList(values(value).map((item) => labelOf(item, list)), conjunction);
  const multi = isMulti(subject) && ast.ref.row === undefined;
  switch (ast.op) {
    case "=":
      return multi ? `${name} includes ${words(ast.value, "or")}` : `${name} is ${words(ast.value, "or")}`;
    case "!=":
      return multi ? `${name} does not include ${words(ast.value, "or")}` : `${name} is not ${words(ast.value, "or")}`;
    case "anyof":
      if (values(ast.value).length === 1) return multi ? `${name} includes ${words(ast.value, "or")}` : `${name} is ${words(ast.value, "or")}`;
      return multi ? `${name} includes any of ${words(ast.value, "or")}` : `${name} is ${words(ast.value, "or")}`;
    case "noneof": {
      const count = values(ast.value).length;
      if (multi) return `${name} includes none of ${words(ast.value, "or")}`;
      if (count === 1) return `${name} is not ${words(ast.value, "or")}`;
      return count === 2 ? `${name} is neither ${words(ast.value, "nor")}` : `${name} is none of ${words(ast.value, "or")}`;
    }
    case "allof":
      return `${name} includes ${words(ast.value, "and")}`;
    case "contains":
      return subject?.options?.length || multi ? `${name} includes ${words(ast.value, "and")}` : `${name} contains ${quote(String(ast.value))}`;
    default: {
      // An order compares the number itself; a scale point's label is added when it says more.
      const number = String(ast.value);
      const point = list?.find((choice) => choice.value === number);
      const label = point && plain(point.label) !== number && point.label.trim() ? ` (${plain(point.label)})` : "";
      return `${name} ${NUMERIC_WORDS[ast.op]} ${number}${label}`;
    }
  }
}

function words(ast: ConditionAst, vocabulary: ConditionVocabulary, nested: boolean): string {
  switch (ast.type) {
    case "and":
    case "or": {
      const text = ast.operands.map((operand) => words(operand, vocabulary, true)).join(` ${ast.type} `);
      return nested ? `(${text})` : text;
    }
    case "not": {
      const operand = ast.operand;
      if (operand.type === "and" || operand.type === "or") return `not ${words(operand, vocabulary, true)}`;
      return `not (${words(operand, vocabulary, false)})`;
    }
    default:
      return leafWords(ast, vocabulary);
  }
}

/** A parsed condition in words. */
export function conditionInWords(ast: ConditionAst, vocabulary: ConditionVocabulary = () => undefined): string {
  return words(ast, vocabulary, false);
}

export type DescribedCondition = { words: string; error: null } | { words: null; error: string; position: number };

/** A condition's text in words, or why it cannot be read (the parser's message with its position). */
export function describeCondition(text: string, vocabulary: ConditionVocabulary = () => undefined): DescribedCondition {
  try {
    return { words: conditionInWords(parseCondition(text), vocabulary), error: null };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return { words: null, error: error.message, position: error.position };
    throw error;
  }
}
