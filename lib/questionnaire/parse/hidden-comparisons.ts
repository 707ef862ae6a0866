import type { ResolveContext, Resolution } from "./logic";

/**
 * A comparison on a variable the questionnaire sets outside its questions (the logic pipeline's bind step for hidden
 * variables): a classification computed in the screener ("ASK IF HCP_TYPE=2", "SHOW IF SEGMENT = 3"), a sample
 * variable, a quota cell. The name is written in capitals (with underscores or digits), binds to no question, and does
 * not look like a question id; the comparison becomes a condition on a hidden variable of that name, declared once.
 */

/** `NAME = value`, `NAME != value`: a capitalised name, an equality, a code or a capitalised word. */
const HIDDEN_COMPARISON = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*(==|=|!=|<>|≠)\s*(\d{1,4}|[A-Z][A-Za-z0-9_]{0,30}|["“'][^"”']{1,40}["”'])$/;
/** A question id's shape ("S1", "Q12a", "HCP3"): a missing question, not a hidden variable. */
const ID_SHAPE = /^[A-Z]{1,4}\d{1,3}[A-Za-z]?$/;

export function resolveHiddenComparison(expression: string, context: ResolveContext): Resolution | null {
  const match = HIDDEN_COMPARISON.exec(expression.trim());
  if (!match) return null;
  const name = match[1];
  if (ID_SHAPE.test(name) || name.length < 3 || context.index.byName(name, context.order)) return null;
  // "B1_2": a row of question B1, not a variable of its own.
  const idPart = /^([A-Z]{1,6}\d{1,3}[A-Z]?)_/.exec(name);
  if (idPart && context.index.byName(idPart[1], context.order)) return null;
  // A name in capitals is a variable when it has an underscore or a digit, or is long enough not to be a word.
  if (!/[_\d]/.test(name) && name.length < 4) return null;
  const value = match[3].replace(/^["“']|["”']$/g, "");
  const negated = match[2] === "!=" || match[2] === "<>" || match[2] === "≠";
  return {
    ast: { type: "compare", ref: { variable: name }, op: negated ? "!=" : "=", value },
    hidden: { name, value, label: `Set outside the questionnaire's questions (a classification, sample or quota variable); the document asks some questions only where ${name} ${negated ? "is not" : "is"} ${value}.` },
    refs: [],
  };
}
