import { andOf, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TChoice } from "@/lib/survey-document/schemas";
import type { ImportedPage, ImportedSurvey } from "../linear";
import { andLogic, logicToAst, orLogic, type Literal, type Logic } from "../logic";
import type { ExportWarning } from "../types";
import { expressionLogic } from "./expression";

/**
 * A LimeSurvey survey structure as both of LimeSurvey's export formats carry it — the XML `.lss`
 * (`./import.ts`) and the tab-separated text export (`./tsv.ts`) — and its one translation into guarded
 * pages: groups in order with their relevance as guard, LimeSurvey's question types mapped to block types,
 * relevance equations in ExpressionScript (`./expression.ts`), terminating quotas as screen-out pages after
 * the group of their last member, and a closing text-only group as the complete page.
 */

export interface LsAnswer {
  code: string;
  /** HTML as exported. */
  text: string;
}

export interface LsSubquestion {
  code: string;
  text: string;
  relevance?: string;
}

export interface LsQuestion {
  /** Numeric id (SGQA names refer to it); a generated one where the export has none. */
  qid: string;
  gid: string;
  /** The question code (our variable). */
  title: string;
  /** LimeSurvey question type letter. */
  type: string;
  text: string;
  relevance?: string;
  mandatory: boolean;
  other: boolean;
  /** Scale-0 subquestions in order. */
  subs: LsSubquestion[];
  /** Scale-0 answer options in order. */
  answers: LsAnswer[];
  attributes: Record<string, string>;
}

export interface LsGroup {
  gid: string;
  name: string;
  relevance?: string;
  /** In question order. */
  questions: LsQuestion[];
}

/** A terminating quota (action 1): respondents matching all members' codes are screened out. */
export interface LsQuota {
  name: string;
  message: string;
  members: { qid: string; code: string }[];
}

export interface LsStructure {
  /** Survey id (SGQA names start with it). */
  sid: string;
  title: string;
  /** HTML end text. */
  endText: string;
  /** In group order. */
  groups: LsGroup[];
  quotas: LsQuota[];
}

/** LimeSurvey's HTML texts → Markdown-ish plain text. */
export function lsText(html: string): string {
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

/** The structure → guarded pages, with what could not be imported as warnings. */
export function pagesOfStructure(structure: LsStructure, warnings: ExportWarning[] = []): ImportedSurvey {
  const questions = new Map<string, LsQuestion>();
  const byTitle = new Map<string, LsQuestion>();
  for (const group of structure.groups) {
    for (const question of group.questions) {
      questions.set(question.qid, question);
      byTitle.set(question.title, question);
    }
  }
  // One object per question: the translator compares them by identity (count() over one question's subquestions).
  const refs = new Map<LsQuestion, { type: string; variable: string }>();
  const variableOf = (question: LsQuestion) => {
    if (!refs.has(question)) refs.set(question, { type: question.type, variable: question.title });
    return refs.get(question)!;
  };

  const lookup = (name: string) => {
    const sgqa = /^(\d+)X(\d+)X(\d+)(.*)$/.exec(name);
    if (sgqa && sgqa[1] === structure.sid) {
      const question = questions.get(sgqa[3]);
      if (!question) return null;
      return sgqa[4] ? { question: variableOf(question), sub: sgqa[4].replace(/#\d$/, "") } : { question: variableOf(question) };
    }
    if (byTitle.has(name)) return { question: variableOf(byTitle.get(name)!) };
    const underscore = name.indexOf("_");
    if (underscore > 0 && byTitle.has(name.slice(0, underscore))) return { question: variableOf(byTitle.get(name.slice(0, underscore))!), sub: name.slice(underscore + 1) };
    return null;
  };

  function relevance(expression: string | undefined, element: string): ConditionAst | null {
    const source = (expression ?? "").trim();
    if (!source || source === "1") return null;
    try {
      return logicToAst(expressionLogic(source, lookup));
    } catch (error) {
      warnings.push({ code: "logic_unsupported", element, reason: `The relevance equation “${source}” cannot be read (${(error as Error).message}); it is not imported.` });
      return null;
    }
  }

  const show = (ast: ConditionAst | null) => (ast ? { showIf: printCondition(ast) } : {});

  function configs(info: LsQuestion): TBlockConfig[] {
    const element = `question ${info.title}`;
    const content = lsText(info.text) || info.title;
    const showIf = show(relevance(info.relevance, element));
    const required = info.mandatory;
    const variable = info.title;
    const base = { content, content_type: "markdown" as const, ...showIf };
    const subs = (): TChoice[] => info.subs.map((sub) => ({ value: sub.code, label: lsText(sub.text), ...show(relevance(sub.relevance, `subquestion ${sub.code} of ${element}`)) }));
    const answers = (): TChoice[] => info.answers.map((answer) => ({ value: answer.code, label: lsText(answer.text) }));
    const withOther = (options: TChoice[]) => (info.other ? [...options, { value: "-oth-", label: "Other", other: true }] : options);
    const attribute = (name: string) => info.attributes[name] || undefined;
    const randomize = attribute("random_order") === "1" ? { randomize: true } : {};
    const min = Number(attribute("min_num_value_n") ?? attribute("slider_min") ?? NaN);
    const max = Number(attribute("max_num_value_n") ?? attribute("slider_max") ?? NaN);
    const bounds = { ...(Number.isFinite(min) ? { min } : {}), ...(Number.isFinite(max) ? { max } : {}) };
    switch (info.type) {
      case "X":
        return [{ type: "text", ...base }];
      case "L":
      case "O":
      case "G":
      case "I":
        return [{ type: "single_choice", ...base, question: { variable, required, options: withOther(answers()), ...randomize } }];
      case "!":
        return [{ type: "dropdown", ...base, question: { variable, required, options: withOther(answers()), ...randomize } }];
      case "Y":
        return [{ type: "single_choice", ...base, question: { variable, required, options: [{ value: "Y", label: "Yes" }, { value: "N", label: "No" }] } }];
      case "5":
        return [{ type: "rating", ...base, question: { variable, required, options: ["1", "2", "3", "4", "5"].map((value) => ({ value, label: value })) } }];
      case "M":
      case "P": {
        const exclusive = new Set((attribute("exclude_all_others") ?? "").split(";").filter(Boolean));
        const options = subs().map((option) => (exclusive.has(option.value) ? { ...option, exclusive: true } : option));
        return [{ type: "multiple_choice", ...base, question: { variable, required, options: withOther(options), ...randomize } }];
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
        return [{ type: "matrix", ...base, question: { variable, required, rows: subs(), columns, ...randomize } }];
      }
      case "R":
        // Newer exports list the items to rank as subquestions, older ones as answers.
        return [{ type: "ranking", ...base, question: { variable, required, rows: info.answers.length ? answers() : subs() } }];
      case "N":
        return [{ type: "number", ...base, question: { variable, required, ...bounds } }];
      case "D":
        return [{ type: "date", ...base, question: { variable, required } }];
      case "K":
      case "Q":
        // One input per subquestion: each becomes its own question (variable `<code>_<subquestion>`).
        return info.subs.map((sub, index) => ({
          type: info.type === "K" ? "number" : "open_text",
          content: index === 0 ? `${content}\n\n${lsText(sub.text)}` : lsText(sub.text),
          content_type: "markdown",
          ...show(andOf(relevance(info.relevance, element), relevance(sub.relevance, `subquestion ${sub.code} of ${element}`))),
          question: { variable: `${variable}_${sub.code}`, required, ...(info.type === "K" ? bounds : {}) },
        })) as TBlockConfig[];
      case "S":
      case "T":
      case "U":
        return [{ type: "open_text", ...base, question: { variable, required } }];
      case "*":
        return [];
      default:
        warnings.push({ code: "type_unsupported", element, reason: `LimeSurvey question type ${info.type} is imported as an open question.` });
        return [{ type: "open_text", ...base, question: { variable, required } }];
    }
  }

  const pages: ImportedPage[] = [];
  const pageOfGroup = new Map<string, number>();
  for (const group of structure.groups) {
    const blocks = group.questions.flatMap((question) => configs(question));
    pageOfGroup.set(group.gid, pages.length);
    pages.push({ name: group.name, guard: relevance(group.relevance, `group “${group.name}”`), blocks });
  }

  // Terminating quotas: a screen-out after the group of their last member question.
  const screenOuts = new Map<string, { after: number; terms: ConditionAst[]; message: string }>();
  for (const quota of structure.quotas) {
    const byQuestion = new Map<string, string[]>();
    for (const member of quota.members) byQuestion.set(member.qid, [...(byQuestion.get(member.qid) ?? []), member.code]);
    const tests: Logic[] = [];
    let after = -1;
    for (const [qid, codes] of byQuestion) {
      const info = questions.get(qid);
      if (!info) continue;
      after = Math.max(after, pageOfGroup.get(info.gid) ?? -1);
      tests.push(orLogic(...codes.map((code): Logic => ({ type: "literal", literal: { kind: "selected", ref: { variable: info.title }, value: code, negated: false } as Literal }))));
    }
    const term = logicToAst(andLogic(...tests));
    if (!term || after < 0) continue;
    const entry = screenOuts.get(quota.name) ?? { after, terms: [], message: lsText(quota.message) };
    entry.after = Math.max(entry.after, after);
    entry.terms.push(term);
    screenOuts.set(quota.name, entry);
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
  // A closing group without questions (texts only, or empty) is the end page.
  if (last && !last.status && pages.length > 1 && last.blocks.every((block) => block.type === "text")) last.status = "complete";
  else pages.push({ name: "End of survey", guard: null, status: "complete", blocks: structure.endText ? [{ type: "text", content: lsText(structure.endText), content_type: "markdown" }] : [] });
  return { name: structure.title || "Imported LimeSurvey survey", pages, warnings };
}
