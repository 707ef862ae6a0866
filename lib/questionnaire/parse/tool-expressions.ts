import type { ConditionAst } from "../conditions";
import { andOf, notOf, orOf } from "../conditions";

/**
 * The expression grammars survey tools print their logic in, read by one small parser (the logic pipeline's
 * detect → bind steps for tool expressions):
 *
 * - REDCap branching logic: `[smoker] = '1'`, `[age] >= 18 and [consent] = '1'`, a checkbox option
 *   `[race(2)] = '1'`, an event prefix `[visit_1][weight] > 80`, `<>` for "not equal".
 * - XLSForm / ODK / KoboToolbox / SurveyCTO `relevant`: `${consent} = 'yes'`, `selected(${q5}, 'other')`,
 *   `not(selected(${q5}, '2'))`, `${age} >= 18`.
 * - LimeSurvey's Expression Manager relevance: `((Q03.NAOK == "A1"))`, `!is_empty(Q3.NAOK)`, `&&`, `||`.
 * - Market-research scripting notes: Decipher `Q1r2` (row 2 of Q1 chosen), `S3 in (1,2)`, Dimensions
 *   `Q1.ContainsAny({_2,_3})`.
 *
 * The grammar is one: references (`[name]`, `[name(code)]`, `${name}`, `name.NAOK`, `name`), literals (quoted text,
 * numbers, `{_2}` sets), comparisons (`= == != <> ≠ < <= > >= in`), calls (`selected`, `is_empty`, `not`, `ContainsAny`
 * …), `and`/`or`/`not` with `&&`/`||`/`!`, and brackets. The parser returns names and written values only; binding a
 * name to a question and a value to an answer is the resolver's job (`bindToolExpression`).
 */

export interface ToolRef {
  /** The name as written (field name, printed id). */
  name: string;
  /** A checkbox option (`[race(2)]`) or a row (`Q1r2`) written with the name. */
  option?: string;
}

export type ToolOp = "=" | "!=" | "<" | "<=" | ">" | ">=";

export type ToolExpr =
  | { kind: "and"; items: ToolExpr[] }
  | { kind: "or"; items: ToolExpr[] }
  | { kind: "not"; item: ToolExpr }
  | { kind: "compare"; ref: ToolRef; op: ToolOp; values: (string | number)[] }
  /** Any of `values` chosen at `ref` (selected(), ContainsAny, `in`). */
  | { kind: "selected"; ref: ToolRef; values: string[]; all?: boolean }
  /** `ref` answered (a bare reference, `!is_empty`) or, negated, not answered. */
  | { kind: "answered"; ref: ToolRef; negated?: boolean };

type Token =
  | { t: "ref"; ref: ToolRef; bracketed: boolean }
  | { t: "name"; value: string }
  | { t: "str"; value: string }
  | { t: "num"; value: number }
  | { t: "set"; values: string[] }
  | { t: "op"; value: ToolOp | "in" }
  | { t: "and" | "or" | "not" | "(" | ")" | "," };

const MAX_LENGTH = 600;
const NAME = /[A-Za-z_\u00C0-\u024F][\w\u00C0-\u024F-]{0,60}/y;
/** Suffixes LimeSurvey adds to a question code: `Q03.NAOK`, `Q03.value`, `Q03.shown`, `Q03.code`. */
const LIME_SUFFIX = /\.(?:naok|value|shown|code|valuenaok)\b/iy;
/** Decipher's row of a question: "Q1.r2". */
const DECIPHER_ROW = /\.r\d{1,3}\b/y;
/** The rest of a dotted printed id after its first number (".2" of "Q3.2", ".4.2" of "A1.4.2"). */
const DOTTED_ID = /(?:\.\d{1,3})+(?![\w.])/y;

function tokenize(source: string): Token[] | null {
  const text = source.slice(0, MAX_LENGTH);
  const tokens: Token[] = [];
  let at = 0;
  const sticky = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    return match ? match[0] : null;
  };
  while (at < text.length) {
    const char = text[at];
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    // [event][field], [field], [field(code)]: the last bracket names the field.
    if (char === "[") {
      let ref: ToolRef | null = null;
      while (text[at] === "[") {
        const close = text.indexOf("]", at);
        if (close < 0 || close - at > 80) return null;
        const inner = text.slice(at + 1, close).trim();
        const parts = /^([A-Za-z_][\w-]{0,60})(?:\(\s*([\w.-]{1,20})\s*\))?$/.exec(inner);
        if (!parts) return null;
        ref = { name: parts[1], ...(parts[2] ? { option: parts[2] } : {}) };
        at = close + 1;
      }
      tokens.push({ t: "ref", ref: ref!, bracketed: true });
      continue;
    }
    if (char === "$" && text[at + 1] === "{") {
      const close = text.indexOf("}", at);
      if (close < 0 || close - at > 80) return null;
      const name = text.slice(at + 2, close).trim();
      if (!/^[A-Za-z_][\w.-]{0,60}$/.test(name)) return null;
      tokens.push({ t: "ref", ref: { name }, bracketed: true });
      at = close + 1;
      continue;
    }
    if (char === "{") {
      const close = text.indexOf("}", at);
      if (close < 0 || close - at > 200) return null;
      const values = text
        .slice(at + 1, close)
        .split(",")
        .map((value) => value.trim().replace(/^_/, "").replace(/^["']|["']$/g, ""))
        .filter(Boolean);
      tokens.push({ t: "set", values });
      at = close + 1;
      continue;
    }
    if (char === "'" || char === '"' || char === "“" || char === "‘") {
      const closer = char === "“" ? "”" : char === "‘" ? "’" : char;
      const close = text.indexOf(closer, at + 1);
      if (close < 0) return null;
      tokens.push({ t: "str", value: text.slice(at + 1, close) });
      at = close + 1;
      continue;
    }
    const two = text.slice(at, at + 2);
    if (["==", "!=", "<>", "<=", ">=", "&&", "||"].includes(two)) {
      if (two === "&&") tokens.push({ t: "and" });
      else if (two === "||") tokens.push({ t: "or" });
      else tokens.push({ t: "op", value: two === "==" ? "=" : two === "<>" ? "!=" : (two as ToolOp) });
      at += 2;
      continue;
    }
    if ("=<>≠≤≥".includes(char)) {
      tokens.push({ t: "op", value: char === "≠" ? "!=" : char === "≤" ? "<=" : char === "≥" ? ">=" : (char as ToolOp) });
      at++;
      continue;
    }
    if (char === "!") {
      tokens.push({ t: "not" });
      at++;
      continue;
    }
    if (char === "(" || char === ")" || char === ",") {
      tokens.push({ t: char });
      at++;
      continue;
    }
    const number = sticky(/-?\d+(?:\.\d+)?(?![\w])/y);
    if (number !== null) {
      tokens.push({ t: "num", value: Number(number) });
      at += number.length;
      continue;
    }
    const bare = sticky(NAME);
    if (bare !== null) {
      // A dotted printed id ("Q3.2", "A1.4.2"): the numbers after the dots belong to the name.
      at += bare.length;
      const dotted = /\d$/.test(bare) ? sticky(DOTTED_ID) : null;
      if (dotted !== null) at += dotted.length;
      const name = bare + (dotted ?? "");
      const lower = name.toLowerCase();
      if (lower === "and") tokens.push({ t: "and" });
      else if (lower === "or") tokens.push({ t: "or" });
      else if (lower === "not") tokens.push({ t: "not" });
      else if (lower === "in") tokens.push({ t: "op", value: "in" });
      else {
        const suffix = sticky(LIME_SUFFIX);
        if (suffix !== null) at += suffix.length;
        // Decipher's "Q1.r2": row 2 of Q1.
        const row = suffix === null ? sticky(DECIPHER_ROW) : null;
        if (row !== null) {
          at += row.length;
          tokens.push({ t: "ref", ref: { name, option: row.slice(2) }, bracketed: false });
        } else tokens.push({ t: "name", value: name });
      }
      continue;
    }
    // Methods: Dimensions "Q1.ContainsAny(", Confirmit "f('q1').any(" — the dot joins a reference to its method.
    if (char === "." && (tokens.at(-1)?.t === "name" || tokens.at(-1)?.t === ")") && /[A-Za-z]/.test(text[at + 1] ?? "")) {
      at++;
      continue;
    }
    return null;
  }
  return tokens;
}

const CALLS = new Set(["selected", "is_empty", "isempty", "not"]);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private take(kind: Token["t"]): Token | null {
    const token = this.tokens[this.at];
    if (token?.t !== kind) return null;
    this.at++;
    return token;
  }

  or(): ToolExpr | null {
    const first = this.and();
    if (!first) return null;
    const items = [first];
    while (this.take("or")) {
      const next = this.and();
      if (!next) return null;
      items.push(next);
    }
    return items.length === 1 ? first : { kind: "or", items };
  }

  private and(): ToolExpr | null {
    const first = this.unary();
    if (!first) return null;
    const items = [first];
    while (this.take("and")) {
      const next = this.unary();
      if (!next) return null;
      items.push(next);
    }
    return items.length === 1 ? first : { kind: "and", items };
  }

  private unary(): ToolExpr | null {
    if (this.take("not")) {
      const item = this.unary();
      return item ? { kind: "not", item } : null;
    }
    return this.primary();
  }

  private reference(): ToolRef | null {
    const token = this.peek();
    // Confirmit: f('q1') is the answer to q1.
    const quoted = this.tokens[this.at + 2];
    if (token?.t === "name" && token.value === "f" && this.tokens[this.at + 1]?.t === "(" && quoted?.t === "str" && this.tokens[this.at + 3]?.t === ")") {
      this.at += 4;
      return { name: quoted.value };
    }
    if (token?.t === "ref") {
      this.at++;
      return token.ref;
    }
    if (token?.t === "name" && !CALLS.has(token.value.toLowerCase())) {
      this.at++;
      return { name: token.value };
    }
    return null;
  }

  private value(): (string | number)[] | null {
    const token = this.peek();
    if (token?.t === "str" || token?.t === "num") {
      this.at++;
      return [token.value];
    }
    if (token?.t === "set") {
      this.at++;
      return token.values;
    }
    // Unquoted words as values ("= yes") only where a comparison needs one.
    if (token?.t === "name") {
      this.at++;
      return [token.value];
    }
    if (token?.t === "(") {
      // "in (1, 2)"
      this.at++;
      const values: (string | number)[] = [];
      for (;;) {
        const next = this.peek();
        if (next?.t === "str" || next?.t === "num" || next?.t === "name") {
          this.at++;
          values.push(next.value);
        } else return null;
        if (this.take(",")) continue;
        if (this.take(")")) return values;
        return null;
      }
    }
    return null;
  }

  private call(name: string): ToolExpr | null {
    const lower = name.toLowerCase();
    if (!this.take("(")) return null;
    if (lower === "not") {
      const inner = this.or();
      return inner && this.take(")") ? { kind: "not", item: inner } : null;
    }
    const ref = this.reference();
    if (!ref) return null;
    if (lower === "is_empty" || lower === "isempty") return this.take(")") ? { kind: "answered", ref, negated: true } : null;
    if (lower === "selected") {
      if (!this.take(",")) return null;
      const values = this.value();
      return values && this.take(")") ? { kind: "selected", ref, values: values.map(String) } : null;
    }
    return null;
  }

  private primary(): ToolExpr | null {
    const token = this.peek();
    if (!token) return null;
    if (token.t === "(") {
      this.at++;
      const inner = this.or();
      return inner && this.take(")") ? inner : null;
    }
    if (token.t === "name" && CALLS.has(token.value.toLowerCase()) && this.tokens[this.at + 1]?.t === "(") {
      this.at++;
      return this.call(token.value);
    }
    const ref = this.reference();
    if (!ref) return null;
    // Dimensions: Q1.ContainsAny({_2}) — the method name follows the reference.
    const method = this.peek();
    if (method?.t === "name" && /^(?:contains(?:any|all|none)|any|all|none)$/i.test(method.value)) {
      this.at++;
      if (!this.take("(")) return null;
      // ContainsAny({_2,_3}) takes a set; Confirmit's any('2','3') a list of values.
      const values: (string | number)[] = [];
      for (;;) {
        const next = this.value();
        if (!next) return null;
        values.push(...next);
        if (!this.take(",")) break;
      }
      if (!this.take(")")) return null;
      const chosen: ToolExpr = { kind: "selected", ref, values: values.map(String), all: /all$/i.test(method.value) };
      return /none$/i.test(method.value) ? { kind: "not", item: chosen } : chosen;
    }
    const op = this.take("op") as { t: "op"; value: ToolOp | "in" } | null;
    if (!op) {
      // A bare reference: Decipher's "Q1r2" (row 2 of Q1 chosen), or the field answered.
      const row = /^([A-Za-z][\w]*?\d[a-z]?)r(\d{1,3})$/.exec(ref.name);
      if (row && !ref.option) return { kind: "selected", ref: { name: row[1] }, values: [row[2]] };
      return { kind: "answered", ref };
    }
    // The empty value ("= null", "!= ''"): the field left unanswered, or answered.
    const empty = this.peek();
    if ((op.value === "=" || op.value === "!=") && ((empty?.t === "name" && /^null$/i.test(empty.value)) || (empty?.t === "str" && empty.value === ""))) {
      this.at++;
      return { kind: "answered", ref, negated: op.value === "=" };
    }
    const values = this.value();
    if (!values) return null;
    if (op.value === "in") return { kind: "selected", ref, values: values.map(String) };
    return { kind: "compare", ref, op: op.value, values };
  }
}

/** Reads a tool expression; null when the text is not one (or not all of it parses). */
export function parseToolExpression(text: string): ToolExpr | null {
  const tokens = tokenize(text.trim());
  if (!tokens || !tokens.length) return null;
  const parser = new Parser(tokens);
  const expression = parser.or();
  return expression && parser.done() ? expression : null;
}

/**
 * Whether a written condition uses a tool's expression syntax (so the tool grammar, not the prose reader, owns it):
 * a bracketed or `${}` field, a LimeSurvey `.NAOK`, `==`, `&&`/`||`, a call such as `selected(`, a Dimensions
 * method, an `in (…)` list, or a Decipher row reference standing alone.
 */
export function looksLikeToolExpression(text: string): boolean {
  const value = text.trim();
  if (value.length > MAX_LENGTH) return false;
  return (
    /\[[A-Za-z_][\w-]{0,60}(?:\(\s*[\w.-]{1,20}\s*\))?\]\s*(?:[=<>!≠]|\[|$|\)|\s(?:and|or)\b)|\$\{[A-Za-z_][\w.-]{0,60}\}|\.naok\b|==|&&|\|\||\b(?:selected|is_empty|count-selected)\s*\(|\.contains(?:any|all|none)\s*\(|\bin\s*\(|\bf\(\s*['"]/i.test(value) ||
    /^\(*\s*[A-Za-z]{1,4}\d{1,3}[a-z]?\.?r\d{1,3}\s*\)*$/.test(value) ||
    // "Q3.2 != 'United States'": a not-equal against a quoted answer is written only in an expression grammar.
    /\b[A-Za-z]{1,4}\d[\w.]{0,12}\s*(?:!=|<>)\s*['"]/.test(value)
  );
}

// ------------------------------------------------------------------------------------------ binding

/** What binding needs from the symbol table (kept abstract so this module has no dependency on logic.ts). */
export interface ToolBinder<Q> {
  question(name: string): Q | undefined;
  variable(question: Q): string;
  id(question: Q): string;
  multi(question: Q): boolean;
  /** The answer codes a written value names (a code or a label), or null. */
  codes(question: Q, value: string): string[] | null;
  /** The code of the answer printed at `position` (1-based), for tools that name answers by position. */
  codeAt(question: Q, position: number): string | undefined;
}

export interface ToolBinding<Q> {
  ast?: ConditionAst;
  problem?: string;
  refs: Q[];
}

/** Binds a parsed tool expression: every name to a question, every value to an answer code. */
export function bindToolExpression<Q>(expression: ToolExpr, binder: ToolBinder<Q>): ToolBinding<Q> {
  const refs: Q[] = [];
  const problems: string[] = [];
  const codesOf = (question: Q, value: string | number): string[] | null => {
    const text = String(value);
    const found = binder.codes(question, text);
    if (found) return found;
    // REDCap/XLSForm choice names are often the label in lower case or with underscores ("dont_know").
    return binder.codes(question, text.replace(/_/g, " "));
  };
  const visit = (node: ToolExpr): ConditionAst | null => {
    if (node.kind === "and" || node.kind === "or") {
      const items = node.items.map(visit);
      if (items.some((item) => !item)) return null;
      return node.kind === "and" ? andOf(...(items as ConditionAst[])) : orOf(...(items as ConditionAst[]));
    }
    if (node.kind === "not") {
      const item = visit(node.item);
      return item ? notOf(item) : null;
    }
    // Decipher names a row of a question by appending it ("transportr2"): read so when the whole name binds nowhere.
    const row = node.kind === "answered" && !node.ref.option && !binder.question(node.ref.name) ? /^([A-Za-z][\w]{0,40}?)r(\d{1,3})$/.exec(node.ref.name) : null;
    if (row && binder.question(row[1])) return visit({ kind: "selected", ref: { name: row[1] }, values: [row[2]] });
    const question = binder.question(node.ref.name);
    if (!question) {
      problems.push(`'${node.ref.name}' is not a question of this questionnaire`);
      return null;
    }
    refs.push(question);
    const ref = { variable: binder.variable(question) };
    if (node.kind === "answered") {
      if (node.ref.option) {
        const code = codesOf(question, node.ref.option)?.[0] ?? binder.codeAt(question, Number(node.ref.option));
        if (!code) return fail(`'${node.ref.option}' is not an answer of ${binder.id(question)}`);
        return { type: "compare", ref, op: node.negated ? "noneof" : "anyof", value: [code] };
      }
      return { type: "empty", ref, negated: !node.negated };
    }
    if (node.kind === "selected") {
      const codes: string[] = [];
      for (const value of node.values) {
        const found = codesOf(question, value) ?? (/^\d{1,3}$/.test(value) && binder.codeAt(question, Number(value)) ? [binder.codeAt(question, Number(value))!] : null);
        if (!found) return fail(`'${value}' is not an answer of ${binder.id(question)}`);
        codes.push(...found);
      }
      const unique = [...new Set(codes)];
      if (unique.length === 1 && !binder.multi(question)) return { type: "compare", ref, op: "=", value: unique[0] };
      return { type: "compare", ref, op: node.all ? "allof" : "anyof", value: unique };
    }
    // compare
    if (node.ref.option) {
      // REDCap checkbox: [field(code)] = '1' is "option code chosen", = '0' is "not chosen".
      const code = codesOf(question, node.ref.option)?.[0];
      if (!code) return fail(`'${node.ref.option}' is not an answer of ${binder.id(question)}`);
      const chosen = String(node.values[0]) !== "0";
      const positive = (node.op === "=") === chosen;
      return { type: "compare", ref, op: positive ? "anyof" : "noneof", value: [code] };
    }
    if (node.op === "<" || node.op === "<=" || node.op === ">" || node.op === ">=") {
      const number = Number(node.values[0]);
      if (!Number.isFinite(number)) return fail(`'${node.values[0]}' is not a number`);
      return { type: "compare", ref, op: node.op, value: number };
    }
    // "= ''" / "<> ''": (not) answered.
    if (node.values.length === 1 && String(node.values[0]) === "") return { type: "empty", ref, negated: node.op === "!=" };
    const codes: string[] = [];
    for (const value of node.values) {
      const found = codesOf(question, value);
      if (!found) return fail(`'${value}' is not an answer of ${binder.id(question)}`);
      codes.push(...found);
    }
    const unique = [...new Set(codes)];
    if (unique.length === 1 && !binder.multi(question)) return { type: "compare", ref, op: node.op, value: unique[0] };
    return { type: "compare", ref, op: node.op === "!=" ? "noneof" : "anyof", value: unique };
  };
  const fail = (problem: string): null => {
    problems.push(problem);
    return null;
  };
  const ast = visit(expression);
  if (!ast || problems.length) return { problem: problems.join("; ") || "unreadable expression", refs };
  return { ast, refs };
}
