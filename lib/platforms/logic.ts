import { andOf, notOf, orOf, parseCondition, type ConditionAst, type ConditionRef, type CountOperator } from "@/lib/questionnaire/conditions";
import type { TBlockType, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * The condition language (DESIGN §4) in the shape external platforms think in: negation pushed down to
 * literals whose meaning matches a platform operator exactly, including on unanswered questions. A
 * comparison with an unanswered question is false in our language; Qualtrics' "Not Selected" is true
 * there, so `{X} != '1'` becomes `{X} notempty and not selected(X, 1)` rather than "Not Selected" alone.
 * Exporters print these literals; importers turn platform expressions back into the same literals, so
 * export → import preserves what a respondent sees.
 */

export type Literal =
  /** The choice (or grid cell `ref.row` → column) `value` is chosen; negated: it is not (true when unanswered). */
  | { kind: "selected"; ref: ConditionRef; value: string; negated: boolean }
  /** Answered and compares as given (false when unanswered). */
  | { kind: "compare"; ref: ConditionRef; op: "=" | "!=" | "<" | "<=" | ">" | ">="; value: string | number }
  | { kind: "empty"; ref: ConditionRef; negated: boolean }
  /** Text answer contains `value` (case-insensitive); negated: it does not (true when unanswered). */
  | { kind: "contains"; ref: ConditionRef; value: string; negated: boolean }
  | { kind: "count"; ref: ConditionRef; op: CountOperator; value: number };

export type Logic = { type: "and" | "or"; operands: Logic[] } | { type: "literal"; literal: Literal } | { type: "true" } | { type: "false" };

export type QuestionKind = "choice" | "multi" | "grid" | "number" | "text" | "unknown";

export function questionKinds(document: TSurveyDocument): Map<string, { kind: QuestionKind; type: TBlockType }> {
  const kinds = new Map<string, { kind: QuestionKind; type: TBlockType }>();
  for (const page of document.pages) {
    for (const block of page.blocks) {
      const question = block.config.question;
      if (!question) continue;
      kinds.set(question.variable, { kind: kindOfType(block.config.type, Boolean(question.options?.length)), type: block.config.type });
    }
  }
  return kinds;
}

export function kindOfType(type: TBlockType, hasOptions: boolean): QuestionKind {
  switch (type) {
    case "single_choice":
    case "dropdown":
      return "choice";
    case "multiple_choice":
    case "ranking":
      return "multi";
    case "matrix":
      return "grid";
    case "number":
      return "number";
    case "rating":
    case "nps":
      return hasOptions ? "choice" : "number";
    case "open_text":
    case "date":
      return "text";
    default:
      return "unknown";
  }
}

const FLIP: Record<"<" | "<=" | ">" | ">=", "<" | "<=" | ">" | ">="> = { "<": ">=", "<=": ">", ">": "<=", ">=": "<" };
const COUNT_COMPLEMENT: Record<CountOperator, CountOperator> = { "=": "!=", "!=": "=", "<": ">=", "<=": ">", ">": "<=", ">=": "<" };

const lit = (literal: Literal): Logic => ({ type: "literal", literal });

function and(...operands: Logic[]): Logic {
  const flat: Logic[] = [];
  for (const operand of operands) {
    if (operand.type === "false") return operand;
    if (operand.type === "true") continue;
    if (operand.type === "and") flat.push(...operand.operands);
    else flat.push(operand);
  }
  if (flat.length === 0) return { type: "true" };
  return flat.length === 1 ? flat[0] : { type: "and", operands: flat };
}

function or(...operands: Logic[]): Logic {
  const flat: Logic[] = [];
  for (const operand of operands) {
    if (operand.type === "true") return operand;
    if (operand.type === "false") continue;
    if (operand.type === "or") flat.push(...operand.operands);
    else flat.push(operand);
  }
  if (flat.length === 0) return { type: "false" };
  return flat.length === 1 ? flat[0] : { type: "or", operands: flat };
}

export { and as andLogic, or as orLogic };

/**
 * `not logic` with the negation pushed down to the literals (what the importers' expression readers build).
 * A comparison keeps the "unanswered is false" rule: not (X op v) = unanswered or X op' v.
 */
export function negateLogic(logic: Logic): Logic {
  switch (logic.type) {
    case "true":
      return { type: "false" };
    case "false":
      return { type: "true" };
    case "and":
      return or(...logic.operands.map(negateLogic));
    case "or":
      return and(...logic.operands.map(negateLogic));
    case "literal": {
      const literal = logic.literal;
      switch (literal.kind) {
        case "selected":
        case "empty":
        case "contains":
          return lit({ ...literal, negated: !literal.negated });
        case "count":
          return lit({ ...literal, op: COUNT_COMPLEMENT[literal.op] });
        case "compare":
          return or(lit({ kind: "empty", ref: literal.ref, negated: false }), lit({ ...literal, op: COUNT_COMPLEMENT[literal.op] }));
      }
    }
  }
}

function valuesOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((item) => String(item));
}

/** Negation normal form of a condition, in platform literals. `kinds` tells choice questions from numbers and texts. */
export function toLogic(condition: ConditionAst | string, kinds: Map<string, { kind: QuestionKind }>, negated = false): Logic {
  const ast = typeof condition === "string" ? parseCondition(condition) : condition;
  switch (ast.type) {
    case "and":
    case "or": {
      const operands = ast.operands.map((operand) => toLogic(operand, kinds, negated));
      return (ast.type === "and") !== negated ? and(...operands) : or(...operands);
    }
    case "not":
      return toLogic(ast.operand, kinds, !negated);
    case "empty":
      return lit({ kind: "empty", ref: ast.ref, negated: ast.negated !== negated });
    case "count":
      return lit({ kind: "count", ref: ast.ref, op: negated ? COUNT_COMPLEMENT[ast.op] : ast.op, value: ast.value });
    case "compare": {
      const kind = ast.ref.row !== undefined ? "grid" : (kinds.get(ast.ref.variable)?.kind ?? "unknown");
      const choiceLike = kind === "choice" || kind === "multi" || kind === "grid" || (kind === "unknown" && typeof ast.value === "string");
      const ref = ast.ref;
      const selected = (value: string, not: boolean) => lit({ kind: "selected", ref, value, negated: not });
      const answered = lit({ kind: "empty", ref, negated: true });
      const unanswered = lit({ kind: "empty", ref, negated: false });
      const values = valuesOf(ast.value);
      switch (ast.op) {
        case "=":
          if (choiceLike) return selected(values[0], negated);
          return negated ? or(unanswered, lit({ kind: "compare", ref, op: "!=", value: ast.value as string | number })) : lit({ kind: "compare", ref, op: "=", value: ast.value as string | number });
        case "!=":
          if (choiceLike) return negated ? or(unanswered, selected(values[0], false)) : and(answered, selected(values[0], true));
          return negated ? or(unanswered, lit({ kind: "compare", ref, op: "=", value: ast.value as string | number })) : lit({ kind: "compare", ref, op: "!=", value: ast.value as string | number });
        case "anyof":
          return negated ? and(...values.map((value) => selected(value, true))) : or(...values.map((value) => selected(value, false)));
        case "noneof":
          return negated ? or(unanswered, ...values.map((value) => selected(value, false))) : and(answered, ...values.map((value) => selected(value, true)));
        case "allof":
          return negated ? or(...values.map((value) => selected(value, true))) : and(...values.map((value) => selected(value, false)));
        case "contains":
          if (kind === "text" && !Array.isArray(ast.value)) return lit({ kind: "contains", ref, value: String(ast.value), negated });
          return negated ? or(...values.map((value) => selected(value, true))) : and(...values.map((value) => selected(value, false)));
        default: {
          const op = ast.op as "<" | "<=" | ">" | ">=";
          return negated ? or(unanswered, lit({ kind: "compare", ref, op: FLIP[op], value: ast.value as string | number })) : lit({ kind: "compare", ref, op, value: ast.value as string | number });
        }
      }
    }
  }
}

/** Disjunctive normal form (OR of AND groups), or null when it would have more than `maxTerms` groups. */
export function toDnf(logic: Logic, maxTerms = 64): Literal[][] | null {
  switch (logic.type) {
    case "true":
      return [[]];
    case "false":
      return [];
    case "literal":
      return [[logic.literal]];
    case "or": {
      const terms: Literal[][] = [];
      for (const operand of logic.operands) {
        const dnf = toDnf(operand, maxTerms);
        if (!dnf) return null;
        terms.push(...dnf);
        if (terms.length > maxTerms) return null;
      }
      return terms;
    }
    case "and": {
      let terms: Literal[][] = [[]];
      for (const operand of logic.operands) {
        const dnf = toDnf(operand, maxTerms);
        if (!dnf) return null;
        const next: Literal[][] = [];
        for (const left of terms) for (const right of dnf) next.push([...left, ...right]);
        if (next.length > maxTerms) return null;
        terms = next;
      }
      return terms;
    }
  }
}

/** A literal back in the condition language (importers). */
export function literalToAst(literal: Literal): ConditionAst {
  switch (literal.kind) {
    case "selected": {
      const ast: ConditionAst = { type: "compare", ref: literal.ref, op: "=", value: literal.value };
      return literal.negated ? notOf(ast) : ast;
    }
    case "compare":
      return { type: "compare", ref: literal.ref, op: literal.op, value: literal.value };
    case "empty":
      return { type: "empty", ref: literal.ref, negated: literal.negated };
    case "contains": {
      const ast: ConditionAst = { type: "compare", ref: literal.ref, op: "contains", value: literal.value };
      return literal.negated ? notOf(ast) : ast;
    }
    case "count":
      return { type: "count", ref: literal.ref, op: literal.op, value: literal.value };
  }
}

/** Logic back in the condition language; null for "always". A constant false becomes an impossible test. */
export function logicToAst(logic: Logic): ConditionAst | null {
  switch (logic.type) {
    case "true":
      return null;
    case "false":
      return { type: "count", ref: { variable: "__never__" }, op: "<", value: 0 };
    case "literal":
      return literalToAst(logic.literal);
    case "and":
      return andOf(...logic.operands.map(logicToAst));
    case "or": {
      const operands = logic.operands.map(logicToAst);
      return operands.some((operand) => operand === null) ? null : orOf(...operands);
    }
  }
}

export function literalLogic(literal: Literal): Logic {
  return lit(literal);
}
