/**
 * The condition language of DESIGN §4: a strict subset of SurveyJS expressions used by
 * `navigation_rules[].condition` and `config.showIf`. Hand-written parser (never `eval`) with
 * position-carrying errors and caps on length and depth, a pure evaluator and a canonical printer
 * (print ∘ parse is the identity on printed forms). Browser-safe: no Node imports.
 *
 *   expr  := or
 *   or    := and ('or' and)*
 *   and   := not ('and' not)*
 *   not   := ('not' | '!') not | '(' expr ')' | cmp
 *   cmp   := ref op value | ref ('empty' | 'notempty') | 'count(' ref ')' op number
 *   op    := '=' | '!=' | '<' | '<=' | '>' | '>=' | 'anyof' | 'noneof' | 'allof' | 'contains'
 *   ref   := '{' VARIABLE ('.' ROW)? '}'
 *   value := 'string' | number | '[' value (',' value)* ']'
 *
 * Semantics: values are option codes. A comparison with an unanswered question is false (`empty` tests
 * for it; `count()` of an unanswered question is 0). For a multiple-choice answer (an array), `=` and
 * `!=` test whether the code is (not) among the selected ones; `anyof`/`noneof` test the intersection,
 * `allof` that every listed code is selected, `contains` membership (or a substring of a text answer).
 * Numbers compare numerically when both sides are numeric ("17" = 17), otherwise as strings.
 */

export const CONDITION_LIMITS = { maxLength: 4000, maxDepth: 32, maxListItems: 500 } as const;

export type ComparisonOperator = "=" | "!=" | "<" | "<=" | ">" | ">=" | "anyof" | "noneof" | "allof" | "contains";
export type CountOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";
export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ["=", "!=", "<", "<=", ">", ">=", "anyof", "noneof", "allof", "contains"];

export interface ConditionRef {
  variable: string;
  row?: string;
}

export type ConditionValue = string | number | ConditionValue[];

export type ConditionAst =
  | { type: "or"; operands: ConditionAst[] }
  | { type: "and"; operands: ConditionAst[] }
  | { type: "not"; operand: ConditionAst }
  | { type: "compare"; ref: ConditionRef; op: ComparisonOperator; value: ConditionValue }
  | { type: "empty"; ref: ConditionRef; negated: boolean }
  | { type: "count"; ref: ConditionRef; op: CountOperator; value: number };

export class ConditionSyntaxError extends Error {
  readonly position: number;
  readonly source: string;

  constructor(message: string, position: number, source: string) {
    super(`${message} at position ${position}`);
    this.name = "ConditionSyntaxError";
    this.position = position;
    this.source = source;
  }
}

type TokenKind = "ref" | "rbrace" | "lparen" | "rparen" | "lbracket" | "rbracket" | "comma" | "dot" | "op" | "word" | "string" | "number" | "bang" | "end";

interface Token {
  kind: TokenKind;
  text: string;
  value?: string | number;
  ref?: ConditionRef;
  position: number;
}

const NAME_CHAR = /[\p{L}\p{N}_\-]/u;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const start = i;
    if (char === "{") {
      // A reference: {VARIABLE} or {VARIABLE.ROW}; names are letters, digits, '_' and '-'.
      let j = i + 1;
      while (j < source.length && source[j] === " ") j++;
      const nameStart = j;
      while (j < source.length && NAME_CHAR.test(source[j])) j++;
      if (j === nameStart) throw new ConditionSyntaxError("Expected a variable name after '{'", j, source);
      const variable = source.slice(nameStart, j);
      let row: string | undefined;
      if (source[j] === ".") {
        const rowStart = ++j;
        while (j < source.length && NAME_CHAR.test(source[j])) j++;
        if (j === rowStart) throw new ConditionSyntaxError("Expected a row code after '.'", j, source);
        row = source.slice(rowStart, j);
      }
      while (j < source.length && source[j] === " ") j++;
      if (source[j] !== "}") throw new ConditionSyntaxError("Expected '}'", j, source);
      tokens.push({ kind: "ref", text: source.slice(i, j + 1), ref: row === undefined ? { variable } : { variable, row }, position: start });
      i = j + 1;
      continue;
    }
    const single: Record<string, TokenKind> = { "}": "rbrace", "(": "lparen", ")": "rparen", "[": "lbracket", "]": "rbracket", ",": "comma", ".": "dot" };
    if (single[char]) {
      // A dot followed by a digit after an operator is part of a number (".5" is not allowed; require 0.5).
      tokens.push({ kind: single[char], text: char, position: start });
      i++;
      continue;
    }
    if (char === "!" && source[i + 1] === "=") {
      tokens.push({ kind: "op", text: "!=", position: start });
      i += 2;
      continue;
    }
    if (char === "!") {
      tokens.push({ kind: "bang", text: "!", position: start });
      i++;
      continue;
    }
    if (char === "<" || char === ">") {
      const text = source[i + 1] === "=" ? `${char}=` : char;
      tokens.push({ kind: "op", text, position: start });
      i += text.length;
      continue;
    }
    if (char === "=") {
      // Accept "==" as a synonym of "=" only to report it; the language uses "=".
      if (source[i + 1] === "=") throw new ConditionSyntaxError("Use '=' (not '==') to compare", start, source);
      tokens.push({ kind: "op", text: "=", position: start });
      i++;
      continue;
    }
    if (char === "'" || char === '"') {
      const quote = char;
      let value = "";
      i++;
      let closed = false;
      while (i < source.length) {
        const c = source[i];
        if (c === "\\") {
          const next = source[i + 1];
          if (next === undefined) break;
          value += next;
          i += 2;
          continue;
        }
        if (c === quote) {
          closed = true;
          i++;
          break;
        }
        value += c;
        i++;
      }
      if (!closed) throw new ConditionSyntaxError("Unterminated string", start, source);
      tokens.push({ kind: "string", text: source.slice(start, i), value, position: start });
      continue;
    }
    if (/[0-9]/.test(char) || (char === "-" && /[0-9]/.test(source[i + 1] ?? ""))) {
      const match = /^-?\d+(?:\.\d+)?/.exec(source.slice(i));
      const text = match![0];
      tokens.push({ kind: "number", text, value: Number(text), position: start });
      i += text.length;
      continue;
    }
    if (NAME_CHAR.test(char)) {
      let j = i;
      while (j < source.length && NAME_CHAR.test(source[j])) j++;
      tokens.push({ kind: "word", text: source.slice(i, j), position: start });
      i = j;
      continue;
    }
    throw new ConditionSyntaxError(`Unexpected character '${char}'`, start, source);
  }
  tokens.push({ kind: "end", text: "", position: source.length });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    return this.tokens[this.index++];
  }

  private fail(message: string, token = this.peek()): never {
    throw new ConditionSyntaxError(message, token.position, this.source);
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === "word" && token.text.toLowerCase() === word;
  }

  private enter(): void {
    if (++this.depth > CONDITION_LIMITS.maxDepth) this.fail(`Condition is nested more than ${CONDITION_LIMITS.maxDepth} levels deep`);
  }

  private leave(): void {
    this.depth--;
  }

  parse(): ConditionAst {
    if (this.peek().kind === "end") this.fail("Empty condition");
    const ast = this.or();
    const rest = this.peek();
    if (rest.kind !== "end") {
      this.fail(rest.kind === "rparen" ? "Unbalanced ')'" : `Expected 'and', 'or' or the end of the condition, found '${rest.text}'`);
    }
    return ast;
  }

  private or(): ConditionAst {
    this.enter();
    const operands = [this.and()];
    while (this.isWord(this.peek(), "or")) {
      this.next();
      operands.push(this.and());
    }
    this.leave();
    return operands.length === 1 ? operands[0] : { type: "or", operands: operands.flatMap((o) => (o.type === "or" ? o.operands : [o])) };
  }

  private and(): ConditionAst {
    this.enter();
    const operands = [this.not()];
    while (this.isWord(this.peek(), "and")) {
      this.next();
      operands.push(this.not());
    }
    this.leave();
    return operands.length === 1 ? operands[0] : { type: "and", operands: operands.flatMap((o) => (o.type === "and" ? o.operands : [o])) };
  }

  private not(): ConditionAst {
    const token = this.peek();
    if (token.kind === "bang" || this.isWord(token, "not")) {
      this.next();
      this.enter();
      const operand = this.not();
      this.leave();
      return { type: "not", operand };
    }
    if (token.kind === "lparen") {
      this.next();
      this.enter();
      const inner = this.or();
      this.leave();
      if (this.peek().kind !== "rparen") this.fail("Expected ')'");
      this.next();
      return inner;
    }
    return this.comparison();
  }

  private ref(): ConditionRef {
    const token = this.peek();
    if (token.kind !== "ref") this.fail(token.kind === "end" ? "Expected a question reference like {Q1}" : `Expected a question reference like {Q1}, found '${token.text}'`);
    this.next();
    return { ...token.ref! };
  }

  private comparison(): ConditionAst {
    const token = this.peek();
    if (this.isWord(token, "count")) {
      this.next();
      if (this.peek().kind !== "lparen") this.fail("Expected '(' after count");
      this.next();
      const ref = this.ref();
      if (this.peek().kind !== "rparen") this.fail("Expected ')' after the reference in count(...)");
      this.next();
      const op = this.next();
      if (op.kind !== "op") this.fail("Expected a comparison operator after count(...)", op);
      const value = this.next();
      if (value.kind !== "number") this.fail("Expected a number after the operator", value);
      return { type: "count", ref, op: op.text as CountOperator, value: value.value as number };
    }
    const ref = this.ref();
    const op = this.next();
    if (op.kind === "word") {
      const word = op.text.toLowerCase();
      if (word === "empty" || word === "notempty") return { type: "empty", ref, negated: word === "notempty" };
      if (word === "anyof" || word === "noneof" || word === "allof" || word === "contains") {
        const value = this.value();
        if ((word === "anyof" || word === "noneof" || word === "allof") && !Array.isArray(value)) {
          return { type: "compare", ref, op: word, value: [value] };
        }
        return { type: "compare", ref, op: word, value };
      }
      this.fail(`Unknown operator '${op.text}'`, op);
    }
    if (op.kind !== "op") this.fail(op.kind === "end" ? "Expected an operator after the reference" : `Expected an operator, found '${op.text}'`, op);
    const value = this.value();
    if (Array.isArray(value)) this.fail(`A list needs 'anyof', 'noneof' or 'allof', not '${op.text}'`, op);
    return { type: "compare", ref, op: op.text as ComparisonOperator, value };
  }

  private value(): ConditionValue {
    const token = this.next();
    if (token.kind === "string" || token.kind === "number") return token.value as string | number;
    if (token.kind === "lbracket") {
      const items: ConditionValue[] = [];
      if (this.peek().kind === "rbracket") this.fail("A list needs at least one value");
      for (;;) {
        const item = this.next();
        if (item.kind !== "string" && item.kind !== "number") this.fail("Expected a quoted code or a number in the list", item);
        items.push(item.value as string | number);
        if (items.length > CONDITION_LIMITS.maxListItems) this.fail(`A list may hold at most ${CONDITION_LIMITS.maxListItems} values`, item);
        const separator = this.next();
        if (separator.kind === "rbracket") break;
        if (separator.kind !== "comma") this.fail("Expected ',' or ']' in the list", separator);
      }
      return items;
    }
    if (token.kind === "word") this.fail(`Values are quoted codes: write '${token.text}' in quotes`, token);
    this.fail(token.kind === "end" ? "Expected a value" : `Expected a value, found '${token.text}'`, token);
  }
}

export function parseCondition(text: string): ConditionAst {
  if (typeof text !== "string") throw new ConditionSyntaxError("Condition must be text", 0, String(text));
  if (text.length > CONDITION_LIMITS.maxLength) {
    throw new ConditionSyntaxError(`Condition is longer than ${CONDITION_LIMITS.maxLength} characters`, CONDITION_LIMITS.maxLength, text.slice(0, 100));
  }
  return new Parser(tokenize(text), text).parse();
}

export function isValidCondition(text: string): boolean {
  try {
    parseCondition(text);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- printer

function printString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function printNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Cannot print the number ${value}`);
  const text = String(value);
  if (/e/i.test(text)) return value.toFixed(Math.max(0, Math.min(20, -Math.floor(Math.log10(Math.abs(value) || 1)) + 15))).replace(/(?:\.|(?<![.0]))0+$/, "");
  return text;
}

function printValue(value: ConditionValue): string {
  if (Array.isArray(value)) return `[${value.map(printValue).join(", ")}]`;
  return typeof value === "number" ? printNumber(value) : printString(value);
}

function printRef(ref: ConditionRef): string {
  return `{${ref.variable}${ref.row !== undefined ? `.${ref.row}` : ""}}`;
}

export function printCondition(ast: ConditionAst): string {
  switch (ast.type) {
    case "or":
      return ast.operands.map((operand) => (operand.type === "or" ? `(${printCondition(operand)})` : printCondition(operand))).join(" or ");
    case "and":
      return ast.operands
        .map((operand) => (operand.type === "or" || operand.type === "and" ? `(${printCondition(operand)})` : printCondition(operand)))
        .join(" and ");
    case "not": {
      const inner = printCondition(ast.operand);
      return ast.operand.type === "or" || ast.operand.type === "and" ? `not (${inner})` : `not ${inner}`;
    }
    case "compare":
      return `${printRef(ast.ref)} ${ast.op} ${printValue(ast.value)}`;
    case "empty":
      return `${printRef(ast.ref)} ${ast.negated ? "notempty" : "empty"}`;
    case "count":
      return `count(${printRef(ast.ref)}) ${ast.op} ${printNumber(ast.value)}`;
  }
}

// ---------------------------------------------------------------- evaluator

export type Answers = Record<string, unknown>;

function lookup(ref: ConditionRef, answers: Answers): unknown {
  if (ref.row === undefined) return answers[ref.variable];
  const flat = answers[`${ref.variable}.${ref.row}`];
  if (flat !== undefined) return flat;
  const whole = answers[ref.variable];
  if (whole && typeof whole === "object" && !Array.isArray(whole)) return (whole as Record<string, unknown>)[ref.row];
  return undefined;
}

function isUnanswered(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "number") return Number.isNaN(value);
  if (typeof value === "object") return Object.keys(value as object).length === 0;
  return false;
}

function asNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return null;
}

function scalarText(value: unknown): string {
  return typeof value === "string" ? value : String(value);
}

function looseEquals(a: unknown, b: unknown): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x === y;
  return scalarText(a) === scalarText(b);
}

function compareOrder(a: unknown, b: unknown): number | null {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) return x - y;
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function selected(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.filter((item) => !isUnanswered(item));
  if (value && typeof value === "object") return Object.values(value as object).filter((item) => !isUnanswered(item));
  return isUnanswered(value) ? [] : [value];
}

function evaluate(ast: ConditionAst, answers: Answers): boolean {
  switch (ast.type) {
    case "or":
      return ast.operands.some((operand) => evaluate(operand, answers));
    case "and":
      return ast.operands.every((operand) => evaluate(operand, answers));
    case "not":
      return !evaluate(ast.operand, answers);
    case "empty": {
      const empty = isUnanswered(lookup(ast.ref, answers));
      return ast.negated ? !empty : empty;
    }
    case "count": {
      const count = selected(lookup(ast.ref, answers)).length;
      return compareNumbers(count, ast.op, ast.value);
    }
    case "compare": {
      const answer = lookup(ast.ref, answers);
      if (isUnanswered(answer)) return false;
      const values = Array.isArray(ast.value) ? ast.value : [ast.value];
      const chosen = selected(answer);
      switch (ast.op) {
        case "anyof":
          return values.some((value) => chosen.some((item) => looseEquals(item, value)));
        case "noneof":
          return !values.some((value) => chosen.some((item) => looseEquals(item, value)));
        case "allof":
          return values.every((value) => chosen.some((item) => looseEquals(item, value)));
        case "contains":
          if (typeof answer === "string" && !Array.isArray(ast.value)) return answer.toLowerCase().includes(scalarText(ast.value).toLowerCase());
          return values.every((value) => chosen.some((item) => looseEquals(item, value)));
        case "=":
          return Array.isArray(answer) ? chosen.some((item) => looseEquals(item, ast.value)) : looseEquals(answer, ast.value);
        case "!=":
          return Array.isArray(answer) ? !chosen.some((item) => looseEquals(item, ast.value)) : !looseEquals(answer, ast.value);
        default: {
          if (Array.isArray(answer)) return false;
          const order = compareOrder(answer, ast.value);
          if (order === null) return false;
          return ast.op === "<" ? order < 0 : ast.op === "<=" ? order <= 0 : ast.op === ">" ? order > 0 : order >= 0;
        }
      }
    }
  }
}

function compareNumbers(left: number, op: CountOperator, right: number): boolean {
  switch (op) {
    case "=":
      return left === right;
    case "!=":
      return left !== right;
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    case ">":
      return left > right;
    case ">=":
      return left >= right;
  }
}

const parsedCache = new Map<string, ConditionAst>();

/** Evaluates a condition (AST or text) against answers keyed by variable. Text is parsed (and cached). */
export function evaluateCondition(condition: ConditionAst | string, answers: Answers): boolean {
  let ast: ConditionAst;
  if (typeof condition === "string") {
    const cached = parsedCache.get(condition);
    if (cached) ast = cached;
    else {
      ast = parseCondition(condition);
      if (parsedCache.size > 2000) parsedCache.clear();
      parsedCache.set(condition, ast);
    }
  } else ast = condition;
  return evaluate(ast, answers);
}

// ---------------------------------------------------------------- helpers for builders and validators

/** Every question reference in the condition, in order of appearance. */
export function conditionRefs(ast: ConditionAst): ConditionRef[] {
  switch (ast.type) {
    case "or":
    case "and":
      return ast.operands.flatMap(conditionRefs);
    case "not":
      return conditionRefs(ast.operand);
    default:
      return [ast.ref];
  }
}

/** Every comparison (leaf) of the condition. */
export function conditionLeaves(ast: ConditionAst): Extract<ConditionAst, { ref: ConditionRef }>[] {
  switch (ast.type) {
    case "or":
    case "and":
      return ast.operands.flatMap(conditionLeaves);
    case "not":
      return conditionLeaves(ast.operand);
    default:
      return [ast];
  }
}

export function andOf(...operands: (ConditionAst | null | undefined)[]): ConditionAst | null {
  const present = operands.filter((operand): operand is ConditionAst => Boolean(operand));
  if (present.length === 0) return null;
  if (present.length === 1) return present[0];
  return { type: "and", operands: present.flatMap((operand) => (operand.type === "and" ? operand.operands : [operand])) };
}

export function orOf(...operands: (ConditionAst | null | undefined)[]): ConditionAst | null {
  const present = operands.filter((operand): operand is ConditionAst => Boolean(operand));
  if (present.length === 0) return null;
  if (present.length === 1) return present[0];
  return { type: "or", operands: present.flatMap((operand) => (operand.type === "or" ? operand.operands : [operand])) };
}

export function notOf(operand: ConditionAst): ConditionAst {
  if (operand.type === "not") return operand.operand;
  if (operand.type === "empty") return { ...operand, negated: !operand.negated };
  return { type: "not", operand };
}

/** Variable names the language can reference without escaping. */
export function isConditionVariableName(name: string): boolean {
  return /^[\p{L}\p{N}_\-]+$/u.test(name);
}
