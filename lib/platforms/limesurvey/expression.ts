import { andLogic, negateLogic, orLogic, type Logic } from "../logic";

/**
 * LimeSurvey's ExpressionScript (relevance equations) → the platform logic literals of `../logic`, shared by
 * the .lss and the tab-separated (.txt/.tsv) importers. The subset real surveys use: question codes with
 * `.NAOK`/`.value`/`.code`/`.shown`, SGQA names, subquestion codes (`Q_SQ001`), `==`/`!=`/`<`… and their word
 * forms (`eq`, `and`, `or`, `not`), `is_empty`, `count` and `regexMatch`. Anything else throws with the
 * reason; the importer turns that into a warning and leaves the condition out.
 */

/** What the translator needs to know about a question a name refers to. */
export interface ExpressionQuestion {
  /** LimeSurvey question type letter (L, M, F, N, …). */
  type: string;
  /** Our variable name (the question code). */
  variable: string;
}

export type ExpressionLookup = (name: string) => { question: ExpressionQuestion; sub?: string } | null;

type Token = { kind: "name" | "number" | "string" | "op" | "lparen" | "rparen" | "comma" | "end"; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "(" || c === ")" || c === ",") {
      tokens.push({ kind: c === "(" ? "lparen" : c === ")" ? "rparen" : "comma", text: c });
      i++;
      continue;
    }
    const op = /^(===|!==|==|!=|<=|>=|&&|\|\||<|>|!|=)/.exec(source.slice(i));
    if (op) {
      // A single "=" is XLSForm's (XPath's) equality; ExpressionScript writes "==".
      tokens.push({ kind: "op", text: op[0] === "=" ? "==" : op[0] });
      i += op[0].length;
      continue;
    }
    if (c === '"' || c === "'" || c === "‘" || c === "“") {
      // Typographic quotes (pasted from a word processor) delimit strings too.
      const close = c === "‘" ? "’" : c === "“" ? "”" : c;
      let j = i + 1;
      let value = "";
      while (j < source.length && source[j] !== close) {
        if (source[j] === "\\" && j + 1 < source.length) j++;
        value += source[j++];
      }
      tokens.push({ kind: "string", text: value });
      i = j + 1;
      continue;
    }
    const number = /^\d+(\.\d+)?(?![\w#])/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: "number", text: number[0] });
      i += number[0].length;
      continue;
    }
    // XLSForm names a question as ${name}.
    const reference = /^\$\{([A-Za-z_][\w.-]*)\}/.exec(source.slice(i));
    if (reference) {
      tokens.push({ kind: "name", text: reference[1] });
      i += reference[0].length;
      continue;
    }
    // Hyphenated function names (XLSForm's count-selected, string-length).
    const name = /^[A-Za-z0-9_#]+(-[A-Za-z]+)*(\.[A-Za-z_]+)*/.exec(source.slice(i));
    if (name) {
      tokens.push({ kind: "name", text: name[0] });
      i += name[0].length;
      continue;
    }
    throw new Error(`unexpected “${c}”`);
  }
  tokens.push({ kind: "end", text: "" });
  return tokens;
}

type Operand =
  | { kind: "var"; question: ExpressionQuestion; sub?: string }
  | { kind: "value"; value: string | number }
  | { kind: "logic"; logic: Logic }
  | { kind: "count"; question: ExpressionQuestion };

const WORD_OPS: Record<string, string> = { eq: "==", ne: "!=", lt: "<", le: "<=", gt: ">", ge: ">=", and: "&&", or: "||", not: "!" };

class ExpressionParser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly lookup: (name: string) => { question: ExpressionQuestion; sub?: string } | null,
  ) {}

  private peek(): Token {
    const token = this.tokens[this.position];
    return token.kind === "name" && WORD_OPS[token.text.toLowerCase()] ? { kind: "op", text: WORD_OPS[token.text.toLowerCase()] } : token;
  }
  private next(): Token {
    const token = this.peek();
    this.position++;
    return token;
  }

  parse(): Logic {
    const logic = this.toLogic(this.or());
    if (this.peek().kind !== "end") throw new Error(`unexpected “${this.peek().text}”`);
    return logic;
  }

  private or(): Operand {
    let left = this.and();
    while (this.peek().text === "||") {
      this.next();
      left = { kind: "logic", logic: orLogic(this.toLogic(left), this.toLogic(this.and())) };
    }
    return left;
  }

  private and(): Operand {
    let left = this.unary();
    while (this.peek().text === "&&") {
      this.next();
      left = { kind: "logic", logic: andLogic(this.toLogic(left), this.toLogic(this.unary())) };
    }
    return left;
  }

  private unary(): Operand {
    if (this.peek().text === "!") {
      this.next();
      return { kind: "logic", logic: negateLogic(this.toLogic(this.unary())) };
    }
    return this.comparison();
  }

  private comparison(): Operand {
    const left = this.primary();
    const op = this.peek();
    if (op.kind === "op" && ["==", "!=", "===", "!==", "<", "<=", ">", ">="].includes(op.text)) {
      this.next();
      const right = this.primary();
      return { kind: "logic", logic: this.compare(left, op.text.replace("===", "==").replace("!==", "!="), right) };
    }
    return left;
  }

  private primary(): Operand {
    const token = this.next();
    if (token.kind === "lparen") {
      const inner = this.or();
      if (this.next().kind !== "rparen") throw new Error("missing “)”");
      return inner;
    }
    if (token.kind === "string") return { kind: "value", value: token.text };
    if (token.kind === "number") return { kind: "value", value: Number(token.text) };
    if (token.kind !== "name") throw new Error(`unexpected “${token.text}”`);
    if (this.peek().kind === "lparen") return this.call(token.text);
    const variable = this.lookup(token.text.replace(/\.(NAOK|value|code|shown)$/i, ""));
    if (!variable) throw new Error(`unknown name “${token.text}”`);
    return { kind: "var", ...variable };
  }

  private call(name: string): Operand {
    this.next();
    const args: Operand[] = [];
    if (this.peek().kind !== "rparen") {
      for (;;) {
        args.push(this.or());
        if (this.peek().kind === "comma") {
          this.next();
          continue;
        }
        break;
      }
    }
    if (this.next().kind !== "rparen") throw new Error("missing “)” after arguments");
    const fn = name.toLowerCase();
    if (fn === "is_empty" && args.length === 1 && args[0].kind === "var") return { kind: "logic", logic: { type: "literal", literal: { kind: "empty", ref: this.ref(args[0]), negated: false } } };
    if (fn === "count" && args.length && args.every((arg) => arg.kind === "var" && arg.question === (args[0] as { question: ExpressionQuestion }).question)) {
      return { kind: "count", question: (args[0] as { question: ExpressionQuestion }).question };
    }
    // XLSForm: selected(${q}, 'code') and count-selected(${q}).
    if (fn === "selected" && args.length === 2 && args[0].kind === "var" && args[1].kind === "value") {
      const question = args[0].question;
      const code = String(args[1].value);
      if (question.type === "M" || question.type === "P") return { kind: "logic", logic: { type: "literal", literal: { kind: "selected", ref: { variable: question.variable }, value: code, negated: false } } };
      return { kind: "logic", logic: this.compare(args[0], "==", args[1]) };
    }
    if (fn === "count-selected" && args.length === 1 && args[0].kind === "var") return { kind: "count", question: args[0].question };
    if (fn === "regexmatch" && args.length === 2 && args[0].kind === "value" && args[1].kind === "var") {
      const match = /^\/(.*)\/i?$/.exec(String(args[0].value));
      if (match) return { kind: "logic", logic: { type: "literal", literal: { kind: "contains", ref: this.ref(args[1]), value: match[1].replace(/\\(.)/g, "$1"), negated: false } } };
    }
    throw new Error(`the function ${name}() is not supported`);
  }

  private ref(operand: Extract<Operand, { kind: "var" }>): { variable: string; row?: string } {
    if (operand.sub !== undefined && operand.question.type === "F") return { variable: operand.question.variable, row: operand.sub };
    if (operand.sub !== undefined && ["K", "Q"].includes(operand.question.type)) return { variable: `${operand.question.variable}_${operand.sub}` };
    return { variable: operand.question.variable };
  }

  private compare(left: Operand, op: string, right: Operand): Logic {
    if (left.kind === "value" && right.kind !== "value") {
      const flipped: Record<string, string> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };
      return this.compare(right, flipped[op], left);
    }
    if (right.kind !== "value") throw new Error("comparisons need a constant on one side");
    const value = right.value;
    const mapped = (op === "==" ? "=" : op) as "=" | "!=" | "<" | "<=" | ">" | ">=";
    if (left.kind === "count") return { type: "literal", literal: { kind: "count", ref: { variable: left.question.variable }, op: mapped, value: Number(value) } };
    if (left.kind !== "var") throw new Error("cannot compare this expression");
    const question = left.question;
    const selected = (code: string, negated: boolean, ref = { variable: question.variable } as { variable: string; row?: string }): Logic => ({
      type: "literal",
      literal: { kind: "selected", ref, value: code, negated },
    });
    if (op === "==" || op === "!=") {
      const negated = op === "!=";
      if (question.type === "M" || question.type === "P") {
        if (left.sub === undefined) throw new Error("a multiple-choice question is compared through its subquestions");
        const chosen = String(value) === "Y";
        return selected(left.sub, chosen === negated);
      }
      if (question.type === "F" || question.type === "A" || question.type === "B" || question.type === "C" || question.type === "E" || question.type === "H") {
        if (left.sub === undefined) throw new Error("an array question is compared through its rows");
        if (String(value) === "") return { type: "literal", literal: { kind: "empty", ref: { variable: question.variable, row: left.sub }, negated: !negated } };
        return selected(String(value), negated, { variable: question.variable, row: left.sub });
      }
      if (["L", "!", "O", "Y", "G", "5", "I"].includes(question.type)) {
        if (String(value) === "") return { type: "literal", literal: { kind: "empty", ref: this.ref(left), negated: !negated } };
        return selected(String(value), negated);
      }
    }
    const ref = this.ref(left);
    if (String(value) === "" && (op === "==" || op === "!=")) return { type: "literal", literal: { kind: "empty", ref, negated: op === "!=" } };
    if (op === "!=") {
      // ExpressionScript's "" != v is true: not (answered and = v).
      return negateLogic({ type: "literal", literal: { kind: "compare", ref, op: "=", value } });
    }
    return { type: "literal", literal: { kind: "compare", ref, op: mapped, value } };
  }

  private toLogic(operand: Operand): Logic {
    switch (operand.kind) {
      case "logic":
        return operand.logic;
      case "value":
        return { type: Number(operand.value) || (typeof operand.value === "string" && operand.value !== "" && operand.value !== "0") ? "true" : "false" };
      case "count":
        return { type: "literal", literal: { kind: "count", ref: { variable: operand.question.variable }, op: ">", value: 0 } };
      case "var":
        if ((operand.question.type === "M" || operand.question.type === "P") && operand.sub !== undefined) {
          return { type: "literal", literal: { kind: "selected", ref: { variable: operand.question.variable }, value: operand.sub, negated: false } };
        }
        return { type: "literal", literal: { kind: "empty", ref: this.ref(operand), negated: true } };
    }
  }
}

/** A relevance equation → logic; throws (with the reason) when it uses something outside the subset. */
export function expressionLogic(source: string, lookup: ExpressionLookup): Logic {
  return new ExpressionParser(tokenize(source), lookup).parse();
}
