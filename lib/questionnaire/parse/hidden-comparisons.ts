import type { ResolveContext, Resolution } from "./logic";

/**
 * A comparison on a variable the questionnaire sets outside its questions (the logic pipeline's bind step for hidden
 * variables): a classification computed in the screener ("ASK IF HCP_TYPE=2", "SHOW IF SEGMENT = 3"), a sample
 * variable, a quota cell. The name is written in capitals (with underscores or digits), binds to no question, and does
 * not look like a question id; the comparison becomes a condition on a hidden variable of that name, declared once.
 */

/** `NAME = value`, `NAME != value`: a capitalised name, an equality, a code or a capitalised word. */
const HIDDEN_COMPARISON = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*(==|=|!=|<>|≠)\s*(\d{1,4}|[A-Z][A-Za-z0-9_]{0,30}|["“'][^"”']{1,40}["”'])$/;
/** `NAME = 1, 2`, `NAME = 1 OR 2`, `NAME IN (1,2)`, `NAME = 1-3`: several codes. */
const HIDDEN_CODES = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*(?:==|=|\bin\b)\s*\(?\s*(\d{1,4}(?:\s*(?:,|\/|\bor\b|-|–)\s*\d{1,4}){1,20})\s*\)?$/i;
/** `NAME >= 20`, `NAME < 16`: an ordered comparison on a number set outside the questions (an age, a count). */
const HIDDEN_ORDER = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*(<=|>=|<|>|≤|≥)\s*(\d{1,6})$/;
/** A value that means "no value": the comparison tests whether the variable is set. */
const NO_VALUE = /^(?:missing|null|blank|empty|unanswered|sysmis)$/i;
/** A question id's shape ("S1", "Q12a", "HCP3"): a missing question, not a hidden variable. */
const ID_SHAPE = /^[A-Z]{1,4}\d{1,3}[A-Za-z]?$/;

/** The codes a list or range names ("1, 2", "1 OR 2", "1-3"). */
function codesOf(written: string): string[] {
  const range = /^(\d{1,4})\s*[-–]\s*(\d{1,4})$/.exec(written.trim());
  if (range && Number(range[2]) >= Number(range[1]) && Number(range[2]) - Number(range[1]) < 100) {
    return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, index) => String(Number(range[1]) + index));
  }
  return written.split(/,|\/|\bor\b/i).map((code) => code.trim()).filter(Boolean);
}

export function resolveHiddenComparison(expression: string, context: ResolveContext): Resolution | null {
  const list = HIDDEN_CODES.exec(expression.trim());
  if (list && !/^[A-Z]+\d/.test(list[1]) && isHiddenName(list[1], context)) {
    const codes = codesOf(list[2]);
    if (codes.length && codes.every((code) => /^\d{1,4}$/.test(code))) {
      const name = list[1];
      return {
        ast: { type: "compare", ref: { variable: name }, op: "anyof", value: codes },
        hidden: { name, value: codes.join(", "), label: `Set outside the questionnaire's questions (a classification, sample or quota variable); the document asks some questions only where ${name} is one of ${codes.join(", ")}.` },
        refs: [],
      };
    }
  }
  const ordered = HIDDEN_ORDER.exec(expression.trim());
  if (ordered && isHiddenName(ordered[1], context)) {
    const name = ordered[1];
    const op = ordered[2] === "≤" ? "<=" : ordered[2] === "≥" ? ">=" : (ordered[2] as "<" | "<=" | ">" | ">=");
    return {
      ast: { type: "compare", ref: { variable: name }, op, value: Number(ordered[3]) },
      hidden: { name, value: `${op} ${ordered[3]}`, label: `Set outside the questionnaire's questions (a classification, sample or quota variable); the document asks some questions only where ${name} ${op} ${ordered[3]}.` },
      refs: [],
    };
  }
  const match = HIDDEN_COMPARISON.exec(expression.trim());
  if (!match) return null;
  const name = match[1];
  if (!isHiddenName(name, context)) return null;
  const value = match[3].replace(/^["“']|["”']$/g, "");
  const negated = match[2] === "!=" || match[2] === "<>" || match[2] === "≠";
  // "x != MISSING", "FLAG == NULL": a test for an answer being there at all, not a value called "MISSING".
  if (NO_VALUE.test(value)) return { ast: { type: "empty", ref: { variable: name }, negated }, hidden: { name, value: negated ? "answered" : "not answered", label: `Set outside the questionnaire's questions (a classification, sample or quota variable); the document asks some questions only where ${name} is ${negated ? "" : "not "}set.` }, refs: [] };
  return {
    ast: { type: "compare", ref: { variable: name }, op: negated ? "!=" : "=", value },
    hidden: { name, value, label: `Set outside the questionnaire's questions (a classification, sample or quota variable); the document asks some questions only where ${name} ${negated ? "is not" : "is"} ${value}.` },
    refs: [],
  };
}

/** A capitalised name that is no question, no question's row and not shaped like an id. */
function isHiddenName(name: string, context: ResolveContext): boolean {
  if (name !== name.toUpperCase() || ID_SHAPE.test(name) || name.length < 3 || context.index.byName(name, context.order)) return false;
  // "B1_2": a row of question B1, not a variable of its own.
  const idPart = /^([A-Z]{1,6}\d{1,3}[A-Z]?)_/.exec(name);
  if (idPart && context.index.byName(idPart[1], context.order)) return false;
  // A name in capitals is a variable when it has an underscore or a digit, or is long enough not to be a word.
  return /[_\d]/.test(name) || name.length >= 4;
}
