import { andOf, type ConditionAst, orOf } from "../conditions";
import type { QuestionRef, ResolveContext, Resolution } from "./logic";

/**
 * Row addressing in market-research scripting notes (the logic pipeline's bind step for rows): a question id with
 * `r<row>` appended names one row of it, as Decipher-style scripts write —
 *
 *   ASK IF B1r2>0             row 2 of B1 (a numeric-entry list or a grid) above 0
 *   ASK IF A1r7=5-7           row 7 of A1 answered 5, 6 or 7 (a code range)
 *   ASK IF S10r1-2 ALL = 1    rows 1 and 2 of S10 both answered 1 (ANY: either)
 *   TERMINATE IF S13r1>49%    row 1 of S13 above 49 (percent)
 *   [SHOW IF USER (B1r1>0)]   a group ("USER") defined by the bracketed condition
 *   SHOW IF S2r3              of a choice question without rows: answer 3 chosen
 *
 * Each reference binds against the symbol table (the id before `r`, then the row by its code or position); the
 * comparison after it against the row's answer codes or as a number. A condition that names a question without row
 * addressing is left to the prose reader (null), so the two never half-read one condition.
 */

/** `A1r7`, `A1.r7`, `S10r1-2`, `B1r2c3`: an id ending in a digit (an optional capital or lower-case letter), then the row. */
const ROW_REF = /\b([A-Za-z][A-Za-z0-9_.]{0,20}?\d[A-Za-z]?)\.?r(\d{1,3})(?:\s*-\s*r?(\d{1,3}))?(?:c(\d{1,3}))?(?![A-Za-z0-9_])/g;
/** `B1_2`, `B1.2` (a row number after a separator) or `B1b` (a row letter) after an id ending in a digit. */
const SUFFIX_REF = /\b([A-Za-z]{1,6}\d{1,3})(?:[_.](\d{1,2})|([a-z]))(?![A-Za-z0-9_.])/g;
/** A printed id elsewhere in the condition (a question named without a row). */
const PLAIN_ID = /\b[A-Za-z]{1,6}[-_]?\d{1,3}[A-Za-z0-9_.]{0,12}/g;
/** After a reference: an optional quantifier over a row range, an operator, the value. */
const COMPARISON = /^\s*(?:(all|both|each|every|any|either)\s*)?(==|=|!=|<>|≠|>=|≥|<=|≤|>|<)?\s*(-?\d{1,6}(?:\.\d{1,3})?)?\s*(?:%|percent\b)?(?:\s*(?:-|–|to|thru|through)\s*(-?\d{1,6}(?:\.\d{1,3})?)\s*%?)?/i;

interface RowRef {
  question: QuestionRef;
  rows: number[];
  /** A column written after the row ("B1r2c3"): the row answered with that column. */
  column?: number;
  start: number;
  end: number;
}

type Op = "=" | "!=" | "<" | "<=" | ">" | ">=";

function operator(written: string | undefined): Op | undefined {
  if (!written) return undefined;
  if (written === "==") return "=";
  if (written === "<>" || written === "≠") return "!=";
  if (written === "≥") return ">=";
  if (written === "≤") return "<=";
  return written as Op;
}

/** The code of a row (or of an answer, for a question without rows) at a printed code or position. */
function rowCode(list: QuestionRef["rows"], row: number): string | undefined {
  // A row printed with its scripting name first ("r7 Store Y") is that row wherever it stands.
  const named = list.find((option) => {
    const label = option.label.trim().toLowerCase();
    return label.startsWith(`r${row}`) && !/^\d/.test(label.slice(String(row).length + 1));
  });
  return named?.code ?? list.find((option) => option.code === String(row))?.code ?? list[row - 1]?.code;
}

/** One reference's comparison as an AST, or a problem. */
function leaf(ref: RowRef, op: Op | undefined, low: number | undefined, high: number | undefined, all: boolean): { ast?: ConditionAst; problem?: string } {
  const question = ref.question;
  const leaves: ConditionAst[] = [];
  for (const row of ref.rows) {
    if (question.rows.length) {
      const code = rowCode(question.rows, row);
      if (!code) return { problem: `row ${row} is not a row of ${question.id}` };
      const target = { variable: question.variable, row: code };
      const column = ref.column !== undefined ? rowCode(question.columns, ref.column) : undefined;
      if (ref.column !== undefined && !column) return { problem: `column ${ref.column} is not a column of ${question.id}` };
      // "B1r2c3", "B1r2c3=1": row 2 answered with column 3 ("=0": not).
      if (column && (!op || ((op === "=" || op === "!=") && (low === 0 || low === 1)))) {
        const chosen = !op || (op === "=") === (low === 1);
        leaves.push({ type: "compare", ref: target, op: chosen ? "=" : "!=", value: column });
        continue;
      }
      if (!op || low === undefined) {
        leaves.push({ type: "empty", ref: target, negated: true });
        continue;
      }
      const columnCodes = new Set(question.columns.map((column) => column.code));
      if (high !== undefined) {
        const codes: string[] = [];
        for (let value = low; value <= high && codes.length < 100; value++) codes.push(String(value));
        // A code range of the grid's columns is a choice among them; otherwise a numeric interval.
        if (columnCodes.size && codes.every((code) => columnCodes.has(code))) leaves.push({ type: "compare", ref: target, op: op === "!=" ? "noneof" : "anyof", value: codes });
        else leaves.push(andOf({ type: "compare", ref: target, op: ">=", value: low }, { type: "compare", ref: target, op: "<=", value: high })!);
        continue;
      }
      leaves.push({ type: "compare", ref: target, op, value: (op === "=" || op === "!=") && columnCodes.has(String(low)) ? String(low) : low });
      continue;
    }
    // No rows: a choice question's answers are its rows ("S2r3": answer 3 chosen, "= 0": not chosen).
    if (!question.options.length) return { problem: `${question.id} has no rows` };
    const code = rowCode(question.options, row);
    if (!code) return { problem: `${row} is not an answer of ${question.id}` };
    const chosen = !op || (op === "=" && low === 1) || (op === ">" && low === 0) || (op === ">=" && low === 1) || (op === "!=" && low === 0);
    const notChosen = (op === "=" && low === 0) || (op === "!=" && low === 1) || (op === "<" && low === 1);
    if (!chosen && !notChosen) return { problem: `${question.id}r${row} ${op} ${low} compares an answer of a question without rows` };
    const whole = { variable: question.variable };
    if (question.type === "multi" || question.type === "ranking") leaves.push({ type: "compare", ref: whole, op: chosen ? "anyof" : "noneof", value: [code] });
    else leaves.push({ type: "compare", ref: whole, op: chosen ? "=" : "!=", value: code });
  }
  return { ast: (all ? andOf(...leaves) : orOf(...leaves))! };
}

/** "ROWS 1-3 OF B1", "ROW 2 AT B1": rows named in words before the question. */
const ROWS_BEFORE = /\brows?\s+(\d{1,3})(?:\s*(?:-|–|to|through|thru)\s*(\d{1,3}))?\s+(?:of|at|in|for)\s+(?:q(?:uestion)?\.?\s*)?([A-Za-z]{1,6}[-_]?\d{1,3}[A-Za-z]?)\b/gi;
/** "B1 ROWS 1-3", "B1 ROW 2": rows named in words after the question. */
const ROWS_AFTER = /\b([A-Za-z]{1,6}[-_]?\d{1,3}[A-Za-z]?)\s+rows?\s+(\d{1,3})(?:\s*(?:-|–|to|through|thru)\s*(\d{1,3}))?\b/gi;

/** Rows named in words rewritten to the scripting form ("ANY OF ROWS 1-3 AT B1 = 3" → "ANY OF B1r1-3 = 3"). */
function spelledRows(text: string): string {
  return text
    .replace(ROWS_BEFORE, (_, first: string, last: string | undefined, id: string) => `${id}r${first}${last ? `-${last}` : ""}`)
    .replace(ROWS_AFTER, (_, id: string, first: string, last: string | undefined) => `${id}r${first}${last ? `-${last}` : ""}`);
}

/** The row references of one piece of a condition, bound to questions. */
function rowRefs(text: string, context: ResolveContext): RowRef[] {
  const refs: RowRef[] = [];
  for (const match of text.matchAll(ROW_REF)) {
    const question = context.index.byName(match[1], context.order);
    // A question whose own name ends in r<digits> is that question, not a row.
    if (!question || context.index.byName(`${match[1]}r${match[2]}`, context.order)) continue;
    const first = Number(match[2]);
    const last = match[3] ? Number(match[3]) : first;
    if (last < first || last - first > 50) continue;
    const rows = Array.from({ length: last - first + 1 }, (_, index) => first + index);
    refs.push({ question, rows, ...(match[4] ? { column: Number(match[4]) } : {}), start: match.index!, end: match.index! + match[0].length });
  }
  // "B1_2", "B1.2", "B1b": a grid's row written after its id, where the whole name is no question of its own.
  for (const match of text.matchAll(SUFFIX_REF)) {
    const start = match.index!;
    if (refs.some((ref) => start >= ref.start && start < ref.end)) continue;
    if (context.index.byName(match[0], context.order)) continue;
    const question = context.index.byName(match[1], context.order);
    if (!question || !question.rows.length) continue;
    const row = match[2] ? Number(match[2]) : question.rows.findIndex((option) => option.code.toLowerCase() === match[3]) + 1;
    if (!row) continue;
    refs.push({ question, rows: [row], start, end: start + match[0].length });
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** Whether a piece names a question without a row. */
function namesPlainQuestion(text: string, refs: RowRef[], context: ResolveContext): boolean {
  for (const match of text.matchAll(PLAIN_ID)) {
    if (refs.some((ref) => match.index! >= ref.start && match.index! < ref.end)) continue;
    if (context.index.byName(match[0], context.order)) return true;
  }
  return false;
}

/** One piece with row references: each reference and the comparison after it. */
function readPiece(text: string, refs: RowRef[]): { ast?: ConditionAst; problem?: string } {
  const leaves: { ast: ConditionAst; connective: "and" | "or" }[] = [];
  const problems: string[] = [];
  refs.forEach((ref, index) => {
    const clause = text.slice(ref.end, index + 1 < refs.length ? refs[index + 1].start : text.length);
    const comparison = COMPARISON.exec(clause)!;
    const quantifier = comparison[1]?.toLowerCase();
    const op = operator(comparison[2]);
    const low = comparison[3] !== undefined ? Number(comparison[3]) : undefined;
    const high = comparison[4] !== undefined ? Number(comparison[4]) : undefined;
    if (op && low === undefined) problems.push(`the value after ${ref.question.id}r${ref.rows[0]} was not understood`);
    // The quantifier after the rows ("S10r1-2 ALL = 1") or before them ("ALL OF ROWS 1-2 AT S10 = 1").
    const before = /\b(all|both|each|every|any|either)(?:\s+of)?(?:\s+the)?\s*$/i.exec(text.slice(Math.max(0, ref.start - 20), ref.start))?.[1].toLowerCase();
    const stated = quantifier ?? before;
    const all = stated === "all" || stated === "both" || stated === "each" || stated === "every";
    const read = leaf(ref, op, low, high !== undefined && low !== undefined && high >= low ? high : undefined, all);
    const between = index > 0 ? text.slice(refs[index - 1].end, ref.start) : "";
    const connective = /\bor\b|\|\|/i.test(between.slice(-12)) ? "or" : "and";
    if (read.ast) leaves.push({ ast: read.ast, connective });
    else problems.push(read.problem ?? "unreadable row comparison");
  });
  if (problems.length) return { problem: problems.join("; ") };
  return { ast: combine(leaves)! };
}

/** "and" binds tighter than "or". */
function combine(leaves: { ast: ConditionAst; connective: "and" | "or" }[]): ConditionAst | null {
  const groups: ConditionAst[][] = [];
  for (const { ast, connective } of leaves) {
    if (!groups.length || connective === "or") groups.push([ast]);
    else groups[groups.length - 1].push(ast);
  }
  return orOf(...groups.map((group) => andOf(...group)));
}

/** "and" / "or" between two comparisons. */
const CONNECTIVE = /(?<!\s)\s+(and|or)\s+|(?<!\s)\s*(&&|\|\|)\s*/gi;

/**
 * Reads a condition with row-addressed references; null when it has none. Pieces joined by "and"/"or" that name a
 * question without a row are read by `plain` (the prose reader), so "S12 = 1 AND B1r2>0" is read whole.
 */
export function resolveRowReferences(expression: string, context: ResolveContext, plain?: (text: string) => Resolution): Resolution | null {
  const text = spelledRows(expression.slice(0, 600));
  if (!rowRefs(text, context).length) return null;
  // The pieces between connectives; a piece that names nothing ("… = 1 OR 2") continues the one before it.
  const pieces: { text: string; connective: "and" | "or" }[] = [];
  let at = 0;
  let connective: "and" | "or" = "and";
  for (const match of text.matchAll(CONNECTIVE)) {
    pieces.push({ text: text.slice(at, match.index), connective });
    connective = (match[1] ?? match[2]).toLowerCase() === "or" || match[2] === "||" ? "or" : "and";
    at = match.index! + match[0].length;
  }
  pieces.push({ text: text.slice(at), connective });
  const merged: { text: string; connective: "and" | "or" }[] = [];
  for (const piece of pieces) {
    const names = rowRefs(piece.text, context).length > 0 || namesPlainQuestion(piece.text, [], context);
    if (!names && merged.length) merged[merged.length - 1].text += ` ${piece.connective} ${piece.text}`;
    else merged.push({ ...piece });
  }
  const leaves: { ast: ConditionAst; connective: "and" | "or" }[] = [];
  const problems: string[] = [];
  const questions: QuestionRef[] = [];
  for (const piece of merged) {
    const refs = rowRefs(piece.text, context);
    if (refs.length && !namesPlainQuestion(piece.text, refs, context)) {
      questions.push(...refs.map((ref) => ref.question));
      const read = readPiece(piece.text, refs);
      if (read.ast) leaves.push({ ast: read.ast, connective: piece.connective });
      else problems.push(read.problem ?? "unreadable row comparison");
      continue;
    }
    if (!plain) return null;
    const resolution = plain(piece.text);
    questions.push(...resolution.refs);
    if (resolution.ast) leaves.push({ ast: resolution.ast, connective: piece.connective });
    else problems.push(resolution.unresolved ?? `'${piece.text.trim().slice(0, 60)}' was not understood`);
  }
  if (problems.length) return { unresolved: problems.join("; "), refs: questions };
  const ast = combine(leaves);
  return ast ? { ast, refs: questions } : { unresolved: "no comparison found", refs: questions };
}
