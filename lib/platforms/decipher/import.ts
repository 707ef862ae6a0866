import { andOf, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice } from "@/lib/survey-document/schemas";
import type { ImportedPage, ImportedSurvey } from "../linear";
import { andLogic, logicToAst, negateLogic, orLogic, type Literal, type Logic } from "../logic";
import type { ExportWarning } from "../types";
import { child, innerText, parseXml, type XmlNode } from "../xml";

/**
 * Decipher (Forsta Surveys) survey XML → guarded pages. Pages end at `<suspend/>`; `cond=` on blocks,
 * questions, rows and columns is read as Decipher's Python condition syntax (the subset questionnaires
 * use: `Q1.r2`, `Q3.r1.c2`, `Q2.any`, `Q2.count`, `Q5.ival > 17`, `'x' in Q6.val.lower()`, `and`, `or`,
 * `not`); `<term>` is a screen-out and the `qualified` marker a complete.
 */

export class DecipherXmlError extends Error {}

const QUESTION_TAGS = new Set(["radio", "checkbox", "select", "number", "text", "textarea", "float", "html"]);

interface QuestionCodes {
  variable: string;
  rows: Map<string, string>;
  cols: Map<string, string>;
  choices: Map<string, string>;
  numeric: boolean;
}

function codeOf(node: XmlNode, prefix: string): string {
  if (node.attributes.value !== undefined) return node.attributes.value;
  const label = node.attributes.label ?? "";
  return label.startsWith(prefix) && label.length > prefix.length ? label.slice(prefix.length) : label;
}

/**
 * A `<survey>` root alone is not enough: other XML files use it for survey data (records, responses). A
 * Decipher survey also has Decipher's namespaces or survey attributes, or labelled question elements.
 */
export function looksLikeDecipher(text: string): boolean {
  const head = text.slice(0, 4000);
  if (!/<survey[\s>]/.test(head) || /LimeSurveyDocType/.test(head)) return false;
  return /decipherinc\.com|\s(compat|builderCompatible)="/.test(head) || /<(radio|checkbox|select|number|float|text|textarea)\s[^>]*\blabel="/.test(text);
}

// ---------------------------------------------------------------- Python condition subset

type Token = { kind: "name" | "number" | "string" | "op" | "lparen" | "rparen" | "end"; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "(" || c === ")") {
      tokens.push({ kind: c === "(" ? "lparen" : "rparen", text: c });
      i++;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (["==", "!=", "<=", ">="].includes(two)) {
      tokens.push({ kind: "op", text: two });
      i += 2;
      continue;
    }
    if (c === "<" || c === ">") {
      tokens.push({ kind: "op", text: c });
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = "";
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\" && j + 1 < source.length) j++;
        text += source[j++];
      }
      tokens.push({ kind: "string", text });
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: "number", text: number[0] });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*(\(\))?)*/.exec(source.slice(i));
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

class CondParser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly resolve: (path: string) => { literal?: Literal; logic?: Logic; truth?: boolean; compareRef?: QuestionCodes & { field: string } } | null,
  ) {}

  private peek() {
    return this.tokens[this.position];
  }
  private next() {
    return this.tokens[this.position++];
  }

  parse(): Logic {
    const logic = this.or();
    if (this.peek().kind !== "end") throw new Error(`unexpected “${this.peek().text}”`);
    return logic;
  }

  private or(): Logic {
    const operands = [this.and()];
    while (this.peek().kind === "name" && this.peek().text === "or") {
      this.next();
      operands.push(this.and());
    }
    return orLogic(...operands);
  }

  private and(): Logic {
    const operands = [this.not()];
    while (this.peek().kind === "name" && this.peek().text === "and") {
      this.next();
      operands.push(this.not());
    }
    return andLogic(...operands);
  }

  private not(): Logic {
    if (this.peek().kind === "name" && this.peek().text === "not") {
      this.next();
      return negateLogic(this.not());
    }
    return this.atom();
  }

  private atom(): Logic {
    const token = this.next();
    if (token.kind === "lparen") {
      const inner = this.or();
      if (this.next().kind !== "rparen") throw new Error("missing “)”");
      return inner;
    }
    if (token.kind === "number" && this.peek().kind !== "op") return { type: Number(token.text) ? "true" : "false" };
    if (token.kind === "string" && this.peek().text === "in") {
      this.next();
      const target = this.next();
      const resolved = this.resolve(target.text.replace(/\.lower\(\)$/, ""));
      if (!resolved?.compareRef) throw new Error(`cannot read “${target.text}”`);
      return { type: "literal", literal: { kind: "contains", ref: { variable: resolved.compareRef.variable }, value: token.text, negated: false } };
    }
    if (token.kind !== "name") throw new Error(`unexpected “${token.text}”`);
    const resolved = this.resolve(token.text);
    if (!resolved) throw new Error(`cannot read “${token.text}”`);
    if (this.peek().kind === "op") {
      const op = this.next().text;
      const value = this.next();
      if (value.kind !== "number" && value.kind !== "string") throw new Error("expected a value");
      const compared = value.kind === "number" ? Number(value.text) : value.text;
      const mapped = (op === "==" ? "=" : op) as "=" | "!=" | "<" | "<=" | ">" | ">=";
      if (resolved.literal?.kind === "count") return { type: "literal", literal: { ...resolved.literal, op: mapped, value: Number(compared) } };
      if (!resolved.compareRef) throw new Error(`cannot compare “${token.text}”`);
      return { type: "literal", literal: { kind: "compare", ref: { variable: resolved.compareRef.variable }, op: mapped, value: compared } };
    }
    if (resolved.truth !== undefined) return { type: resolved.truth ? "true" : "false" };
    if (resolved.logic) return resolved.logic;
    if (!resolved.literal) throw new Error(`cannot read “${token.text}” alone`);
    return { type: "literal", literal: resolved.literal };
  }
}

// ---------------------------------------------------------------- document

/**
 * Decipher's reusable lists: `<define label="X">` rows are pasted where a question has `<insert source="X"/>`
 * (without the rows named in `exclude`), and a question's `<noanswer>` is its exclusive “none of these” row.
 */
function expandLists(survey: XmlNode, warnings: ExportWarning[]) {
  const defines = new Map<string, XmlNode>();
  const collect = (node: XmlNode) => {
    for (const entry of node.children) {
      if (entry.tag === "define" && entry.attributes.label) defines.set(entry.attributes.label, entry);
      collect(entry);
    }
  };
  collect(survey);
  const clone = (node: XmlNode): XmlNode => ({ ...node, attributes: { ...node.attributes }, children: node.children.map(clone) });
  const expand = (node: XmlNode, depth: number) => {
    if (node.tag === "define") return;
    node.children = node.children.flatMap((entry): XmlNode[] => {
      if (entry.tag === "insert") {
        const source = defines.get(entry.attributes.source ?? "");
        if (!source || depth > 8) {
          warnings.push({ code: "type_simplified", element: `insert ${entry.attributes.source ?? ""}`, reason: "The list it inserts is not defined in the file; its rows are missing." });
          return [];
        }
        const excluded = new Set((entry.attributes.exclude ?? "").split(",").map((label) => label.trim()).filter(Boolean));
        const pasted: XmlNode = { ...source, tag: "insert", children: source.children.filter((row) => !excluded.has(row.attributes.label ?? "")).map(clone) };
        expand(pasted, depth + 1);
        return pasted.children;
      }
      if (entry.tag === "noanswer") return [{ ...entry, tag: "row", attributes: { ...entry.attributes, exclusive: "1" } }];
      return [entry];
    });
    for (const entry of node.children) expand(entry, depth);
  };
  expand(survey, 0);
}

export function importDecipher(source: string): ImportedSurvey {
  let roots: XmlNode[];
  try {
    roots = parseXml(source);
  } catch (error) {
    throw new DecipherXmlError(`The file is not well-formed XML: ${(error as Error).message}`);
  }
  const survey = roots.find((node) => node.tag === "survey");
  if (!survey) throw new DecipherXmlError("The XML has no <survey> root: it is not a Decipher survey.");
  const warnings: ExportWarning[] = [];
  expandLists(survey, warnings);

  const codes = new Map<string, QuestionCodes>();
  const collect = (node: XmlNode) => {
    if (QUESTION_TAGS.has(node.tag) && node.tag !== "html" && node.attributes.label) {
      codes.set(node.attributes.label, {
        variable: node.attributes.label,
        rows: new Map(node.children.filter((entry) => entry.tag === "row").map((row) => [row.attributes.label, codeOf(row, "r")])),
        cols: new Map(node.children.filter((entry) => entry.tag === "col").map((col) => [col.attributes.label, codeOf(col, "c")])),
        choices: new Map(node.children.filter((entry) => entry.tag === "choice").map((choice) => [choice.attributes.label, codeOf(choice, "ch")])),
        numeric: node.tag === "number" || node.tag === "float",
      });
    }
    node.children.forEach(collect);
  };
  collect(survey);

  const resolve = (path: string) => {
    const parts = path.split(".");
    const question = codes.get(parts[0]);
    if (!question) return null;
    const ref = { variable: question.variable };
    const [, second, third] = parts;
    if (!second) return { literal: { kind: "empty", ref, negated: true } as Literal };
    if (second === "any") return { literal: { kind: "empty", ref, negated: true } as Literal };
    if (second === "count") return { literal: { kind: "count", ref, op: ">", value: 0 } as Literal };
    if (["ival", "val", "unsafe_val"].includes(second)) return { compareRef: { ...question, field: second } };
    if (question.rows.has(second)) {
      const row = question.rows.get(second)!;
      if (third && question.cols.has(third)) return { literal: { kind: "selected", ref: { variable: question.variable, row }, value: question.cols.get(third)! } as Literal };
      if (third === "any") return { literal: { kind: "empty", ref: { variable: question.variable, row }, negated: true } as Literal };
      // A row of a select grid or a ranking is answered when it holds a value; a checkbox/radio row when chosen.
      return { literal: { kind: "selected", ref, value: row, negated: false } as Literal };
    }
    if (question.choices.has(second)) return { literal: { kind: "selected", ref, value: question.choices.get(second)!, negated: false } as Literal };
    // `Q.c2.any`: some row of the grid has column c2 chosen.
    if (question.cols.has(second) && third === "any" && question.rows.size) {
      const column = question.cols.get(second)!;
      return { logic: orLogic(...[...question.rows.values()].map((row): Logic => ({ type: "literal", literal: { kind: "selected", ref: { variable: question.variable, row }, value: column, negated: false } }))) };
    }
    return null;
  };

  function condition(text: string | undefined, element: string): ConditionAst | null {
    if (!text || text.trim() === "" || text.trim() === "1") return null;
    try {
      return logicToAst(new CondParser(tokenize(text), resolve).parse());
    } catch (error) {
      warnings.push({ code: "logic_unsupported", element, reason: `The condition “${text}” cannot be read (${(error as Error).message}); it is not imported.` });
      return null;
    }
  }

  const print = (ast: ConditionAst | null) => (ast ? { showIf: printCondition(ast) } : {});

  function choices(node: XmlNode, tag: string, prefix: string, element: string): TChoice[] {
    return node.children
      .filter((entry) => entry.tag === tag)
      .map((entry) => ({
        value: codeOf(entry, prefix),
        label: innerText(entry),
        ...(entry.attributes.exclusive === "1" ? { exclusive: true } : {}),
        ...(entry.attributes.open === "1" ? { other: true } : {}),
        ...print(condition(entry.attributes.cond, `${tag} ${entry.attributes.label} of ${element}`)),
      }));
  }

  function config(node: XmlNode, guard: ConditionAst | null): TBlockConfig | null {
    const label = node.attributes.label ?? "";
    const element = `question ${label}`;
    const titleNode = child(node, "title");
    const content = titleNode ? innerText(titleNode) : node.attributes.title ?? innerText(node);
    const showIf = andOf(guard, condition(node.attributes.cond, element));
    const base = { content: content || label, content_type: "markdown" as const, ...print(showIf) };
    const required = node.attributes.optional !== "1";
    const shuffle = node.attributes.shuffle?.includes("rows") ? { randomize: true } : {};
    const range = /range\((-?[\d.]+),\s*(-?[\d.]+)\)/.exec(node.attributes.verify ?? "");
    switch (node.tag) {
      case "html":
        return { type: "text", ...base, content: innerText(node) };
      case "radio": {
        const cols = node.children.some((entry) => entry.tag === "col");
        if (cols) return { type: "matrix", ...base, question: { variable: label, required, rows: choices(node, "row", "r", element), columns: choices(node, "col", "c", element), ...shuffle } };
        return { type: "single_choice", ...base, question: { variable: label, required, options: choices(node, "row", "r", element), ...shuffle } };
      }
      case "checkbox":
        if (node.children.some((entry) => entry.tag === "col")) warnings.push({ code: "type_simplified", element, reason: "A checkbox grid is imported as a multiple choice over its rows." });
        return { type: "multiple_choice", ...base, question: { variable: label, required, options: choices(node, "row", "r", element), ...shuffle } };
      case "select":
        if (node.attributes.uses?.startsWith("ranksort") || (node.children.some((entry) => entry.tag === "row") && node.attributes.minRanks)) {
          return { type: "ranking", ...base, question: { variable: label, required, rows: choices(node, "row", "r", element) } };
        }
        return { type: "dropdown", ...base, question: { variable: label, required, options: choices(node, "choice", "ch", element), ...shuffle } };
      case "number":
      case "float": {
        const min = range ? Number(range[1]) : undefined;
        const max = range ? Number(range[2]) : undefined;
        return {
          type: "number",
          ...base,
          question: { variable: label, required, ...(min !== undefined && min > -999999999 ? { min } : {}), ...(max !== undefined && max < 999999999 ? { max } : {}) },
        };
      }
      case "text":
        if ((node.attributes.verify ?? "").startsWith("date")) return { type: "date", ...base, question: { variable: label, required } };
        return { type: "open_text", ...base, question: { variable: label, required } };
      case "textarea":
        return { type: "open_text", ...base, question: { variable: label, required } };
      default:
        return null;
    }
  }

  const pages: ImportedPage[] = [];
  let current: { blocks: TBlockConfig[]; guard: ConditionAst | null; name: string | null } = { blocks: [], guard: null, name: null };
  let lastFlushed = -1;
  const flush = () => {
    // A page with no questions counts only when it was a named block of ours (an empty end page).
    if (current.blocks.length || current.name) {
      pages.push({ name: current.name ?? firstLabel(current.blocks) ?? `Page ${pages.length + 1}`, guard: current.guard, blocks: current.blocks });
      lastFlushed = pages.length - 1;
    }
    current = { blocks: [], guard: null, name: null };
  };
  const sameGuard = (a: ConditionAst | null, b: ConditionAst | null) => (a ? printCondition(a) : "") === (b ? printCondition(b) : "");

  function end(status: string, node: XmlNode, guard: ConditionAst | null) {
    flush();
    const endGuard = andOf(guard, condition(node.attributes.cond, `${node.tag} ${node.attributes.label ?? node.attributes.name ?? ""}`));
    const last = pages[lastFlushed];
    if (last && lastFlushed === pages.length - 1 && !last.status && sameGuard(last.guard, endGuard)) last.status = status;
    else pages.push({ name: innerText(node) || (status === "complete" ? "Qualified" : "Terminated"), guard: endGuard, status, blocks: [] });
    lastFlushed = -1;
  }

  function walk(nodes: XmlNode[], guard: ConditionAst | null) {
    for (const node of nodes) {
      if (node.tag === "block" || node.tag === "loop") {
        if (node.tag === "loop") warnings.push({ code: "loop_flattened", element: `loop ${node.attributes.label ?? ""}`, reason: "A Decipher loop is imported once, without its iterations." });
        const blockGuard = andOf(guard, condition(node.attributes.cond, `block ${node.attributes.label ?? ""}`));
        if (node.attributes["builder:title"] && current.blocks.length === 0) {
          current.name = node.attributes["builder:title"];
          current.guard = blockGuard;
        }
        walk(node.children, blockGuard);
        continue;
      }
      if (node.tag === "suspend") {
        flush();
        continue;
      }
      if (node.tag === "term") {
        end("disqualified", node, guard);
        continue;
      }
      if (node.tag === "marker" && node.attributes.name === "qualified") {
        end("complete", node, guard);
        continue;
      }
      if (!QUESTION_TAGS.has(node.tag) || node.attributes.where === "none" || node.attributes.virtual) continue;
      if (node.tag === "html" && node.attributes.where && !node.attributes.where.includes("survey")) continue;
      // Elements of one page may carry different block guards; the page takes the first one and the others
      // keep theirs on the element.
      if (current.blocks.length === 0) current.guard = guard;
      const own = sameGuard(current.guard, guard) ? null : guard;
      const configured = config(node, own);
      if (configured) current.blocks.push(configured);
    }
  }
  walk(survey.children, null);
  flush();
  if (!pages.length) throw new DecipherXmlError("The survey has no questions.");
  if (!pages[pages.length - 1].status) pages.push({ name: "End of survey", guard: null, status: "complete", blocks: [] });
  return { name: survey.attributes.alt || survey.attributes.name || "Imported Decipher survey", pages, warnings };
}

function firstLabel(blocks: TBlockConfig[]): string | null {
  return blocks.find((block) => block.question)?.question?.variable ?? null;
}
