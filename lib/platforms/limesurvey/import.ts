import { andOf, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice } from "@/lib/survey-document/schemas";
import type { ImportedPage, ImportedSurvey } from "../linear";
import { andLogic, logicToAst, orLogic, type Literal, type Logic } from "../logic";
import type { ExportWarning } from "../types";
import { parseXml, type XmlNode } from "../xml";

/**
 * LimeSurvey survey structure (.lss; DBVersion < 400 tables and the later `*_l10ns` layout) → guarded
 * pages: groups in order with their relevance as guard, questions, subquestions and answers, relevance
 * equations in ExpressionScript (question codes, `.NAOK`, SGQA names, `is_empty`, `count`, `regexMatch`),
 * terminating quotas as screen-out pages after the group of their last member, and a closing text-only
 * group as the complete page.
 */

export class LssError extends Error {}

type Row = Record<string, string>;

function rowsOf(document: XmlNode, section: string): Row[] {
  const node = document.children.find((entry) => entry.tag === section);
  const rows = node?.children.find((entry) => entry.tag === "rows");
  return (rows?.children ?? []).filter((entry) => entry.tag === "row").map((row) => Object.fromEntries(row.children.map((field) => [field.tag, field.text])));
}

function text(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div)>/gi, "\n")
    .replace(/<strong>(.*?)<\/strong>/gi, "**$1**")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function looksLikeLss(text: string): boolean {
  return /<LimeSurveyDocType>\s*Survey/.test(text.slice(0, 3000));
}

interface QuestionInfo {
  qid: string;
  gid: string;
  title: string;
  type: string;
  variable: string;
  subs: Row[];
  answers: Row[];
  other: boolean;
}

// ---------------------------------------------------------------- ExpressionScript subset

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
    const op = /^(===|!==|==|!=|<=|>=|&&|\|\||<|>|!)/.exec(source.slice(i));
    if (op) {
      tokens.push({ kind: "op", text: op[0] });
      i += op[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = "";
      while (j < source.length && source[j] !== c) {
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
    const name = /^[A-Za-z0-9_#]+(\.[A-Za-z_]+)*/.exec(source.slice(i));
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
  | { kind: "var"; question: QuestionInfo; sub?: string }
  | { kind: "value"; value: string | number }
  | { kind: "logic"; logic: Logic }
  | { kind: "count"; question: QuestionInfo };

const WORD_OPS: Record<string, string> = { eq: "==", ne: "!=", lt: "<", le: "<=", gt: ">", ge: ">=", and: "&&", or: "||", not: "!" };

class ExpressionParser {
  private position = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly lookup: (name: string) => { question: QuestionInfo; sub?: string } | null,
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
      return { kind: "logic", logic: negate(this.toLogic(this.unary())) };
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
    if (fn === "count" && args.length && args.every((arg) => arg.kind === "var" && arg.question === (args[0] as { question: QuestionInfo }).question)) {
      return { kind: "count", question: (args[0] as { question: QuestionInfo }).question };
    }
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
      return negate({ type: "literal", literal: { kind: "compare", ref, op: "=", value } });
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

function negate(logic: Logic): Logic {
  switch (logic.type) {
    case "true":
      return { type: "false" };
    case "false":
      return { type: "true" };
    case "and":
      return orLogic(...logic.operands.map(negate));
    case "or":
      return andLogic(...logic.operands.map(negate));
    case "literal": {
      const literal = logic.literal;
      const complement = { "=": "!=", "!=": "=", "<": ">=", "<=": ">", ">": "<=", ">=": "<" } as const;
      switch (literal.kind) {
        case "selected":
        case "empty":
        case "contains":
          return { type: "literal", literal: { ...literal, negated: !literal.negated } };
        case "count":
          return { type: "literal", literal: { ...literal, op: complement[literal.op] } };
        case "compare":
          return orLogic({ type: "literal", literal: { kind: "empty", ref: literal.ref, negated: false } }, { type: "literal", literal: { ...literal, op: complement[literal.op] } });
      }
    }
  }
}

// ---------------------------------------------------------------- document

export function importLimeSurvey(source: string): ImportedSurvey {
  let roots: XmlNode[];
  try {
    roots = parseXml(source);
  } catch (error) {
    throw new LssError(`The file is not well-formed XML: ${(error as Error).message}`);
  }
  const document = roots.find((node) => node.tag === "document");
  const docType = document?.children.find((node) => node.tag === "LimeSurveyDocType")?.text.trim();
  if (!document || docType !== "Survey") throw new LssError("The XML is not a LimeSurvey survey structure (<document><LimeSurveyDocType>Survey).");
  const warnings: ExportWarning[] = [];
  const languages = document.children.find((node) => node.tag === "languages")?.children.map((node) => node.text.trim()) ?? [];
  const language = languages[0] ?? "en";
  const inLanguage = (row: Row) => !row.language || row.language === language;

  const l10n = (section: string, key: string) => new Map(rowsOf(document, section).filter(inLanguage).map((row) => [row[key], row]));
  const groupTexts = l10n("group_l10ns", "gid");
  const questionTexts = l10n("question_l10ns", "qid");
  const answerTexts = l10n("answer_l10ns", "aid");

  const groups = rowsOf(document, "groups")
    .filter(inLanguage)
    .sort((a, b) => Number(a.group_order) - Number(b.group_order));
  const allQuestions = rowsOf(document, "questions").filter(inLanguage);
  const subRows = rowsOf(document, "subquestions").filter(inLanguage);
  const answerRows = rowsOf(document, "answers")
    .filter(inLanguage)
    .map((row): Row => ({ ...row, answer: row.answer ?? answerTexts.get(row.aid)?.answer ?? "" }));
  const attributes = rowsOf(document, "question_attributes");
  const sid = rowsOf(document, "surveys")[0]?.sid ?? "";
  const surveyTexts = rowsOf(document, "surveys_languagesettings").filter((row) => !row.surveyls_language || row.surveyls_language === language)[0] ?? {};

  const questions = new Map<string, QuestionInfo>();
  const byTitle = new Map<string, QuestionInfo>();
  const textOf = (row: Row) => text(row.question ?? questionTexts.get(row.qid)?.question ?? "");
  for (const row of allQuestions.filter((entry) => !entry.parent_qid || entry.parent_qid === "0")) {
    const info: QuestionInfo = {
      qid: row.qid,
      gid: row.gid,
      title: row.title,
      type: row.type,
      variable: row.title,
      subs: subRows.filter((sub) => sub.parent_qid === row.qid && (sub.scale_id ?? "0") === "0").sort((a, b) => Number(a.question_order) - Number(b.question_order)),
      answers: answerRows.filter((answer) => answer.qid === row.qid && (answer.scale_id ?? "0") === "0").sort((a, b) => Number(a.sortorder) - Number(b.sortorder)),
      other: row.other === "Y",
    };
    // Newer exports keep subquestions in the questions table with a parent.
    info.subs.push(...allQuestions.filter((entry) => entry.parent_qid === row.qid));
    questions.set(row.qid, info);
    byTitle.set(row.title, info);
  }

  const lookup = (name: string): { question: QuestionInfo; sub?: string } | null => {
    const sgqa = /^(\d+)X(\d+)X(\d+)(.*)$/.exec(name);
    if (sgqa && sgqa[1] === sid) {
      const question = questions.get(sgqa[3]);
      if (!question) return null;
      return sgqa[4] ? { question, sub: sgqa[4].replace(/#\d$/, "") } : { question };
    }
    if (byTitle.has(name)) return { question: byTitle.get(name)! };
    const underscore = name.indexOf("_");
    if (underscore > 0 && byTitle.has(name.slice(0, underscore))) return { question: byTitle.get(name.slice(0, underscore))!, sub: name.slice(underscore + 1) };
    return null;
  };

  function relevance(expression: string | undefined, element: string): ConditionAst | null {
    const source = (expression ?? "").trim();
    if (!source || source === "1") return null;
    try {
      return logicToAst(new ExpressionParser(tokenize(source), lookup).parse());
    } catch (error) {
      warnings.push({ code: "logic_unsupported", element, reason: `The relevance equation “${source}” cannot be read (${(error as Error).message}); it is not imported.` });
      return null;
    }
  }

  const show = (ast: ConditionAst | null) => (ast ? { showIf: printCondition(ast) } : {});
  const attribute = (qid: string, name: string) => attributes.find((row) => row.qid === qid && row.attribute === name)?.value;

  function configs(row: Row, info: QuestionInfo): TBlockConfig[] {
    const element = `question ${info.title}`;
    const content = textOf(row) || info.title;
    const showIf = show(relevance(row.relevance, element));
    const required = row.mandatory === "Y";
    const base = { content, content_type: "markdown" as const, ...showIf };
    const subs = (): TChoice[] =>
      info.subs.map((sub) => ({ value: sub.title, label: textOf(sub), ...show(relevance(sub.relevance, `subquestion ${sub.title} of ${element}`)) }));
    const answers = (): TChoice[] => info.answers.map((answer) => ({ value: answer.code, label: text(answer.answer) }));
    const withOther = (options: TChoice[]) => (info.other ? [...options, { value: "-oth-", label: "Other", other: true }] : options);
    const randomize = attribute(info.qid, "random_order") === "1" ? { randomize: true } : {};
    const min = Number(attribute(info.qid, "min_num_value_n") ?? attribute(info.qid, "slider_min") ?? NaN);
    const max = Number(attribute(info.qid, "max_num_value_n") ?? attribute(info.qid, "slider_max") ?? NaN);
    const bounds = { ...(Number.isFinite(min) ? { min } : {}), ...(Number.isFinite(max) ? { max } : {}) };
    switch (info.type) {
      case "X":
        return [{ type: "text", ...base }];
      case "L":
      case "O":
      case "G":
      case "I":
        return [{ type: "single_choice", ...base, question: { variable: info.variable, required, options: withOther(answers()), ...randomize } }];
      case "!":
        return [{ type: "dropdown", ...base, question: { variable: info.variable, required, options: withOther(answers()), ...randomize } }];
      case "Y":
        return [{ type: "single_choice", ...base, question: { variable: info.variable, required, options: [{ value: "Y", label: "Yes" }, { value: "N", label: "No" }] } }];
      case "5":
        return [{ type: "rating", ...base, question: { variable: info.variable, required, options: ["1", "2", "3", "4", "5"].map((value) => ({ value, label: value })) } }];
      case "M":
      case "P": {
        const exclusive = new Set((attribute(info.qid, "exclude_all_others") ?? "").split(";").filter(Boolean));
        const options = subs().map((option) => (exclusive.has(option.value) ? { ...option, exclusive: true } : option));
        return [{ type: "multiple_choice", ...base, question: { variable: info.variable, required, options: withOther(options), ...randomize } }];
      }
      case "F":
      case "A":
      case "B":
      case "C":
      case "E":
      case "H": {
        const columns =
          info.type === "F" || info.type === "H"
            ? answers()
            : info.type === "A"
              ? ["1", "2", "3", "4", "5"].map((value) => ({ value, label: value }))
              : info.type === "B"
                ? Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))
                : info.type === "C"
                  ? [{ value: "Y", label: "Yes" }, { value: "U", label: "Uncertain" }, { value: "N", label: "No" }]
                  : [{ value: "I", label: "Increase" }, { value: "S", label: "Same" }, { value: "D", label: "Decrease" }];
        return [{ type: "matrix", ...base, question: { variable: info.variable, required, rows: subs(), columns, ...randomize } }];
      }
      case "R":
        return [{ type: "ranking", ...base, question: { variable: info.variable, required, rows: answers() } }];
      case "N":
        return [{ type: "number", ...base, question: { variable: info.variable, required, ...bounds } }];
      case "D":
        return [{ type: "date", ...base, question: { variable: info.variable, required } }];
      case "K":
      case "Q":
        // One input per subquestion: each becomes its own question (variable `<code>_<subquestion>`).
        return info.subs.map((sub, index) => ({
          type: info.type === "K" ? "number" : "open_text",
          content: index === 0 ? `${content}\n\n${textOf(sub)}` : textOf(sub),
          content_type: "markdown",
          ...show(andOf(relevance(row.relevance, element), relevance(sub.relevance, `subquestion ${sub.title} of ${element}`))),
          question: { variable: `${info.variable}_${sub.title}`, required, ...(info.type === "K" ? bounds : {}) },
        })) as TBlockConfig[];
      case "S":
      case "T":
      case "U":
        return [{ type: "open_text", ...base, question: { variable: info.variable, required } }];
      case "*":
        return [];
      default:
        warnings.push({ code: "type_unsupported", element, reason: `LimeSurvey question type ${info.type} is imported as an open question.` });
        return [{ type: "open_text", ...base, question: { variable: info.variable, required } }];
    }
  }

  const pages: ImportedPage[] = [];
  const pageOfGroup = new Map<string, number>();
  for (const group of groups) {
    const rows = allQuestions
      .filter((row) => row.gid === group.gid && (!row.parent_qid || row.parent_qid === "0"))
      .sort((a, b) => Number(a.question_order) - Number(b.question_order));
    const blocks = rows.flatMap((row) => configs(row, questions.get(row.qid)!));
    const name = group.group_name ?? groupTexts.get(group.gid)?.group_name ?? `Group ${group.gid}`;
    pageOfGroup.set(group.gid, pages.length);
    pages.push({ name, guard: relevance(group.grelevance, `group “${name}”`), blocks });
  }
  if (!pages.some((page) => page.blocks.some((block) => block.question))) throw new LssError("The survey structure has no questions.");

  // Terminating quotas (action 1): a screen-out after the group of their last member question.
  const quotaTexts = new Map(rowsOf(document, "quota_languagesettings").filter((row) => !row.quotals_language || row.quotals_language === language).map((row) => [row.quotals_quota_id, row]));
  const members = rowsOf(document, "quota_members");
  const screenOuts = new Map<string, { after: number; terms: ConditionAst[]; message: string }>();
  for (const quota of rowsOf(document, "quota")) {
    if (quota.action !== "1" || quota.active === "0") continue;
    const byQuestion = new Map<string, string[]>();
    for (const member of members.filter((entry) => entry.quota_id === quota.id)) byQuestion.set(member.qid, [...(byQuestion.get(member.qid) ?? []), member.code]);
    const tests: Logic[] = [];
    let after = -1;
    for (const [qid, codes] of byQuestion) {
      const info = questions.get(qid);
      if (!info) continue;
      after = Math.max(after, pageOfGroup.get(info.gid) ?? -1);
      tests.push(orLogic(...codes.map((code): Logic => ({ type: "literal", literal: { kind: "selected", ref: { variable: info.variable }, value: code, negated: false } as Literal }))));
    }
    const term = logicToAst(andLogic(...tests));
    if (!term || after < 0) continue;
    const name = quota.name || `Quota ${quota.id}`;
    const entry = screenOuts.get(name) ?? { after, terms: [], message: text(quotaTexts.get(quota.id)?.quotals_message ?? "") };
    entry.after = Math.max(entry.after, after);
    entry.terms.push(term);
    screenOuts.set(name, entry);
  }
  const inserts = [...screenOuts.entries()].sort((a, b) => b[1].after - a[1].after);
  for (const [name, entry] of inserts) {
    const guard = entry.terms.length === 1 ? entry.terms[0] : { type: "or" as const, operands: entry.terms };
    pages.splice(entry.after + 1, 0, {
      name,
      guard,
      status: "disqualified",
      blocks: entry.message ? [{ type: "text", content: entry.message, content_type: "markdown" }] : [],
    });
  }

  const last = pages[pages.length - 1];
  if (last && !last.status && last.blocks.length > 0 && last.blocks.every((block) => block.type === "text")) last.status = "complete";
  else pages.push({ name: "End of survey", guard: null, status: "complete", blocks: surveyTexts.surveyls_endtext ? [{ type: "text", content: text(surveyTexts.surveyls_endtext), content_type: "markdown" }] : [] });
  return { name: surveyTexts.surveyls_title || "Imported LimeSurvey survey", pages, warnings };
}
