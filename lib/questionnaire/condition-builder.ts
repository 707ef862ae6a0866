import type { ConditionSubject } from "./condition-words";
import { type ComparisonOperator, type ConditionAst, type ConditionRef, printCondition } from "./conditions";

/**
 * The condition builder's model: a flat list of clauses (question → operator → values) joined by "and"
 * or "or". It is one view of the condition language, not a second language: `toBuilder` reads the
 * conditions it can show (anything else stays raw text for experts) and `fromBuilder` writes an AST that
 * `printCondition` turns into the canonical text that is saved. Browser-safe and pure.
 */

export type BuilderOperator = ComparisonOperator | "empty" | "notempty";
export type BuilderValue = string | number;
export type BuilderClause = { variable: string; row?: string; operator: BuilderOperator; values: BuilderValue[] };
export type BuilderModel = { join: "and" | "or"; clauses: BuilderClause[] };

const LIST_OPERATORS = new Set<BuilderOperator>(["anyof", "noneof", "allof"]);
const NO_VALUE = new Set<BuilderOperator>(["empty", "notempty"]);
const ORDER = new Set<BuilderOperator>(["<", "<=", ">", ">="]);
const NUMERIC_TYPES = new Set(["number", "nps", "rating"]);
const MULTI_TYPES = new Set(["multiple_choice", "ranking"]);

/** How many values an operator takes: none, exactly one, or one or more. */
export function operatorArity(operator: BuilderOperator): "none" | "one" | "many" {
  return NO_VALUE.has(operator) ? "none" : LIST_OPERATORS.has(operator) ? "many" : "one";
}

type Leaf = Extract<ConditionAst, { ref: ConditionRef }>;

function clauseOf(leaf: Leaf): BuilderClause | null {
  if (leaf.type === "count") return null;
  const base = { variable: leaf.ref.variable, ...(leaf.ref.row !== undefined ? { row: leaf.ref.row } : {}) };
  if (leaf.type === "empty") return { ...base, operator: leaf.negated ? "notempty" : "empty", values: [] };
  return { ...base, operator: leaf.op, values: Array.isArray(leaf.value) ? (leaf.value as BuilderValue[]) : [leaf.value as BuilderValue] };
}

/** The builder's view of a condition, or null when it needs the raw text (nested groups, `not`, `count`). */
export function toBuilder(ast: ConditionAst | null): BuilderModel | null {
  if (ast === null) return { join: "and", clauses: [] };
  if (ast.type === "and" || ast.type === "or") {
    const clauses: BuilderClause[] = [];
    for (const operand of ast.operands) {
      if (operand.type === "and" || operand.type === "or" || operand.type === "not") return null;
      const clause = clauseOf(operand);
      if (!clause) return null;
      clauses.push(clause);
    }
    return { join: ast.type, clauses };
  }
  if (ast.type === "not") return null;
  const clause = clauseOf(ast);
  return clause ? { join: "and", clauses: [clause] } : null;
}

/** Is the clause complete (a question, and the values its operator needs)? */
export function clauseComplete(clause: BuilderClause): boolean {
  if (!clause.variable) return false;
  const arity = operatorArity(clause.operator);
  if (arity === "none") return true;
  if (clause.values.length === 0 || clause.values.some((value) => value === "" || (typeof value === "number" && !Number.isFinite(value)))) return false;
  return arity === "many" || clause.values.length === 1;
}

function leafOf(clause: BuilderClause): ConditionAst {
  const ref: ConditionRef = clause.row !== undefined ? { variable: clause.variable, row: clause.row } : { variable: clause.variable };
  if (clause.operator === "empty" || clause.operator === "notempty") return { type: "empty", ref, negated: clause.operator === "notempty" };
  const value = LIST_OPERATORS.has(clause.operator) ? [...clause.values] : clause.values[0];
  return { type: "compare", ref, op: clause.operator, value };
}

/** The AST of the complete clauses (null when there are none: "always"). */
export function fromBuilder(model: BuilderModel): ConditionAst | null {
  const leaves = model.clauses.filter(clauseComplete).map(leafOf);
  if (leaves.length === 0) return null;
  if (leaves.length === 1) return leaves[0];
  return { type: model.join, operands: leaves };
}

/** The canonical text of the builder's condition, or null when it has no complete clause. */
export function builderText(model: BuilderModel): string | null {
  const ast = fromBuilder(model);
  return ast ? printCondition(ast) : null;
}

export type OperatorChoice = { value: BuilderOperator; label: string };

/** The operators offered for a question, worded for its kind (a multiple-choice question "includes"). */
export function operatorsFor(subject: ConditionSubject | undefined, row?: string): OperatorChoice[] {
  const type = subject?.type;
  const answered: OperatorChoice[] = [
    { value: "notempty", label: "is answered" },
    { value: "empty", label: "is not answered" },
  ];
  if (row === undefined && type && MULTI_TYPES.has(type)) {
    return [
      { value: "anyof", label: "includes any of" },
      { value: "allof", label: "includes all of" },
      { value: "noneof", label: "includes none of" },
      { value: "=", label: "includes" },
      { value: "!=", label: "does not include" },
      ...answered,
    ];
  }
  const hasCodes = row !== undefined ? Boolean(subject?.columns?.length) : Boolean(subject?.options?.length || subject?.rows?.length);
  const choice: OperatorChoice[] = [
    { value: "=", label: "is" },
    { value: "!=", label: "is not" },
    { value: "anyof", label: "is any of" },
    { value: "noneof", label: "is none of" },
  ];
  const order: OperatorChoice[] = [
    { value: ">=", label: "is at least" },
    { value: "<=", label: "is at most" },
    { value: ">", label: "is more than" },
    { value: "<", label: "is less than" },
  ];
  if (hasCodes) return [...choice, ...(type && NUMERIC_TYPES.has(type) ? order : []), ...answered];
  if (type && NUMERIC_TYPES.has(type)) return [{ value: "=", label: "is" }, { value: "!=", label: "is not" }, ...order, ...answered];
  if (type === "open_text") return [{ value: "=", label: "is" }, { value: "!=", label: "is not" }, { value: "contains", label: "contains" }, ...answered];
  if (type === "date") return [{ value: "=", label: "is" }, { value: "<", label: "is before" }, { value: ">", label: "is after" }, ...answered];
  return [...choice, ...order, { value: "contains", label: "contains" }, ...answered];
}

/** A value typed into the builder, as the language stores it: numbers for numeric comparisons, codes as text. */
export function builderValue(input: string, subject: ConditionSubject | undefined, operator: BuilderOperator): BuilderValue {
  const trimmed = input.trim();
  const numeric = /^-?\d+(\.\d+)?$/.test(trimmed);
  const hasCodes = Boolean(subject?.options?.length || subject?.rows?.length || subject?.columns?.length);
  if (numeric && (ORDER.has(operator) || (!hasCodes && subject?.type && NUMERIC_TYPES.has(subject.type)))) return Number(trimmed);
  return input;
}
