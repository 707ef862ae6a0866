import { z } from "zod";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { conditionRefs, evaluateCondition, parseCondition } from "./conditions";
import type { IRQuestion, QuestionnaireIR } from "./ir";

/**
 * Scores a compiled questionnaire against a hand-checked truth file (schema in the fixtures'
 * truth/README.md). Questions are matched by printed id; truth entries whose ids were added by the truth
 * author for grids match a grid whose rows carry the printed row ids.
 */

export const ZTruthQuestion = z
  .object({
    id: z.string(),
    type: z.string(),
    option_count: z.number().nullable().optional(),
    row_count: z.number().nullable().optional(),
    row_ids: z.array(z.string()).optional(),
    logic: z.array(z.string()).optional(),
    text: z.string().optional(),
    printed_id: z.boolean().optional().describe("false when the questionnaire prints no id: the truth id is the author's numbering and the question is matched by its wording (`text`)."),
    checks: z
      .object({
        min: z.number().optional(),
        max: z.number().optional(),
        randomize: z.boolean().optional(),
        exclusive: z.number().int().optional(),
        other: z.number().int().optional(),
        routes: z.array(z.object({ answer: z.union([z.string(), z.array(z.string())]), to: z.string() })).optional(),
        show_if: z.array(z.object({ answers: z.record(z.string(), z.union([z.string(), z.array(z.string())])), shown: z.boolean() })).optional(),
      })
      .optional()
      .describe("Programmed behaviour to verify beyond the counts (synthetic corpus): ranges, flags, where answers route, when the question shows."),
  })
  .passthrough();

export const ZTruthFile = z.object({ file: z.string(), questions: z.array(ZTruthQuestion) }).passthrough();
export type TTruthFile = z.infer<typeof ZTruthFile>;
export type TTruthQuestion = z.infer<typeof ZTruthQuestion>;

/** Truth types → the block types that program them correctly. */
export const TYPE_MAP: Record<string, string[]> = {
  single: ["single_choice", "dropdown", "rating", "nps"],
  multi: ["multiple_choice"],
  grid: ["matrix"],
  open: ["open_text"],
  numeric: ["number"],
  date: ["date"],
  ranking: ["ranking"],
  info: ["text"],
};

export function normalizeId(id: string): string {
  // "Question 3", "Frage 3", "Pregunta 3", "問3" and "Q3" name the same question.
  const bare = id.trim().replace(/^(?:question|questão|questao|pergunta|pregunta|frage|domanda|vraag|問|问题|題|第)\s*(?=\d)/iu, "Q");
  const value = bare.toLowerCase().replace(/[^a-z0-9]/g, "");
  return /^q\d/.test(value) ? value.slice(1) : value;
}

/** Wording reduced to lower-case letters and digits (quotes, markup and spacing ignored). */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Whether two normalized wordings are the same question: one starts with the other's first 40 characters. */
function sameWording(ours: string, truth: string): boolean {
  if (!ours || !truth) return false;
  const head = (value: string) => value.slice(0, 40);
  return ours.startsWith(head(truth)) || truth.startsWith(head(ours));
}

export interface QuestionScore {
  truthId: string;
  matchedId?: string;
  variable?: string;
  truthType: string;
  ourType?: string;
  typeOk?: boolean;
  truthOptions?: number | null;
  ourOptions?: number;
  optionsOk?: boolean;
  logicItems: number;
  logicFound?: boolean;
  checks?: number;
  checksPassed?: number;
  checkFailures?: string[];
}

export interface FileScore {
  file: string;
  truthQuestions: number;
  ourQuestions: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  typeChecked: number;
  typeCorrect: number;
  optionChecked: number;
  optionCorrect: number;
  logicItems: number;
  logicFound: number;
  checks: number;
  checksPassed: number;
  details: QuestionScore[];
  unmatchedOurs: string[];
}

interface Ours {
  question: IRQuestion;
  blockType: string;
  optionCount: number;
  rowCodes: string[];
  occurrence: number;
}

/** Whether the survey programs logic for this question: a showIf on it, a rule on its page or a rule conditioned on it. */
function hasLogic(document: TSurveyDocument, variable: string): boolean {
  for (const page of document.pages) {
    const onPage = page.blocks.some((block) => block.config.question?.variable === variable);
    for (const block of page.blocks) {
      if (block.config.question?.variable === variable && block.config.showIf) return true;
    }
    for (const rule of page.navigation_rules) {
      if (onPage) return true;
      if (rule.condition) {
        try {
          if (conditionRefs(parseCondition(rule.condition)).some((ref) => ref.variable === variable)) return true;
        } catch {
          // An invalid condition programs nothing.
        }
      }
    }
  }
  return false;
}

type TChecks = NonNullable<TTruthQuestion["checks"]>;

/** Where the survey goes from `variable`'s page with these answers: a question id, TERMINATE, END or NEXT. */
function destination(document: TSurveyDocument, variable: string, answers: Record<string, unknown>, idOf: Map<string, string>): string {
  const index = document.pages.findIndex((page) => page.blocks.some((block) => block.config.question?.variable === variable));
  if (index < 0) return "MISSING";
  const page = document.pages[index];
  let target: string | undefined;
  for (const rule of page.navigation_rules) {
    let fires = !rule.condition;
    if (rule.condition) {
      try {
        fires = evaluateCondition(rule.condition, answers);
      } catch {
        fires = false;
      }
    }
    if (fires) {
      target = rule.target_page_id;
      break;
    }
  }
  if (!target) return "NEXT";
  const next = document.pages[index + 1];
  const to = document.pages.find((candidate) => candidate.id === target);
  if (!to) return "MISSING";
  if (to.assign_response_status === "disqualified") return "TERMINATE";
  if (to.assign_response_status === "complete") return next === to ? "NEXT|END" : "END";
  const first = to.blocks.find((block) => block.config.question)?.config.question?.variable;
  const id = first ? (idOf.get(first) ?? first) : "";
  // A rule that names the page that follows anyway goes to the next question too.
  if (to === next) return id ? `NEXT|${id}` : "NEXT";
  return id || "NEXT";
}

function answerValue(value: string | string[], type: string | undefined): unknown {
  if (Array.isArray(value)) return value;
  return type === "multiple_choice" ? [value] : value;
}

function runChecks(
  checks: TChecks,
  document: TSurveyDocument,
  variable: string,
  variables: Map<string, string>,
  idOf: Map<string, string>,
  types: Map<string, string>,
  truthToOurs: Map<string, string> = new Map(),
): { total: number; passed: number; failures: string[] } {
  const block = document.pages.flatMap((page) => page.blocks).find((candidate) => candidate.config.question?.variable === variable);
  const question = block?.config.question;
  const failures: string[] = [];
  let total = 0;
  const check = (ok: boolean, message: string) => {
    total++;
    if (!ok) failures.push(message);
  };
  if (checks.min !== undefined) check(question?.min === checks.min, `min ${question?.min} (truth ${checks.min})`);
  if (checks.max !== undefined) check(question?.max === checks.max, `max ${question?.max} (truth ${checks.max})`);
  if (checks.randomize !== undefined) check(Boolean(question?.randomize) === checks.randomize, `randomize ${Boolean(question?.randomize)}`);
  const choices = [...(question?.options ?? []), ...(question?.columns ?? [])];
  if (checks.exclusive !== undefined) {
    const count = choices.filter((choice) => choice.exclusive).length;
    check(count === checks.exclusive, `exclusive ${count} (truth ${checks.exclusive})`);
  }
  if (checks.other !== undefined) {
    const count = choices.filter((choice) => choice.other).length;
    check(count === checks.other, `other ${count} (truth ${checks.other})`);
  }
  for (const route of checks.routes ?? []) {
    const answers = { [variable]: answerValue(route.answer, types.get(variable)) };
    const to = destination(document, variable, answers, idOf);
    const target = truthToOurs.get(normalizeId(route.to)) ?? route.to;
    const ok = to.split("|").some((name) => name === target || normalizeId(name) === normalizeId(target));
    check(ok, `answer ${JSON.stringify(route.answer)} goes to ${to.replace("|", "/")} (truth ${route.to})`);
  }
  for (const show of checks.show_if ?? []) {
    const answers: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(show.answers)) {
      const name = variables.get(normalizeId(truthToOurs.get(normalizeId(id)) ?? id)) ?? id;
      answers[name] = answerValue(value, types.get(name));
    }
    let shown = true;
    if (block?.config.showIf) {
      try {
        shown = evaluateCondition(block.config.showIf, answers);
      } catch {
        shown = true;
      }
    }
    check(shown === show.shown, `with ${JSON.stringify(show.answers)} shown=${shown} (truth ${show.shown}; showIf ${block?.config.showIf ?? "none"})`);
  }
  return { total, passed: total - failures.length, failures };
}

export function scoreQuestionnaire(truth: TTruthFile, ir: QuestionnaireIR, document: TSurveyDocument): FileScore {
  const blocks = new Map<string, { type: string; options: number; rows: string[] }>();
  for (const page of document.pages) {
    for (const block of page.blocks) {
      const question = block.config.question;
      if (!question) continue;
      // A ranking block lists the items to rank as its rows.
      const options = block.config.type === "matrix" ? (question.columns ?? []).length : block.config.type === "ranking" ? (question.rows ?? question.options ?? []).length : (question.options ?? []).length;
      blocks.set(question.variable, { type: block.config.type, options, rows: (question.rows ?? []).map((row) => row.value) });
    }
  }
  // Printed ids ↔ variables, for checks that name other questions.
  const variables = new Map<string, string>();
  const idOf = new Map<string, string>();
  const types = new Map<string, string>();
  for (const item of ir.items) {
    if (item.kind !== "question") continue;
    if (!variables.has(normalizeId(item.id))) variables.set(normalizeId(item.id), item.variable);
    idOf.set(item.variable, item.id);
    types.set(item.variable, blocks.get(item.variable)?.type ?? "text");
  }
  const seen = new Map<string, number>();
  const ours: Ours[] = ir.items
    .filter((item): item is IRQuestion => item.kind === "question" && item.type !== "info")
    .map((question) => {
      const key = normalizeId(question.id);
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      const block = blocks.get(question.variable);
      return { question, blockType: block?.type ?? "text", optionCount: block?.options ?? 0, rowCodes: block?.rows ?? [], occurrence };
    });
  const truthQuestions = truth.questions.filter((question) => question.type !== "info");
  const used = new Set<Ours>();
  const truthSeen = new Map<string, number>();
  // First pass: pair every truth question with one of ours, so that checks can name later questions.
  const matches: (Ours | undefined)[] = [];
  for (const expected of truthQuestions) {
    let match: Ours | undefined;
    if (expected.printed_id === false) {
      // No printed id (the truth author numbered the questions): match by wording.
      const wanted = normalizeText(expected.text ?? "");
      match = wanted ? ours.find((candidate) => !used.has(candidate) && sameWording(normalizeText(candidate.question.text), wanted)) : undefined;
    } else {
      const second = /(?<!\s)\s*\((\d+)(?:st|nd|rd|th)\)$/.exec(expected.id);
      const baseId = second ? expected.id.slice(0, second.index) : expected.id;
      const key = normalizeId(baseId);
      const occurrence = second ? Number(second[1]) : (truthSeen.get(key) ?? 0) + 1;
      truthSeen.set(key, Math.max(truthSeen.get(key) ?? 0, occurrence));
      match = ours.find((candidate) => !used.has(candidate) && normalizeId(candidate.question.id) === key && candidate.occurrence === occurrence);
      match ??= ours.find((candidate) => !used.has(candidate) && normalizeId(candidate.question.id) === key);
      if (!match && expected.row_ids?.length) {
        const wanted = expected.row_ids.map(normalizeId).sort().join(",");
        match = ours.find((candidate) => !used.has(candidate) && candidate.rowCodes.map(normalizeId).sort().join(",") === wanted);
      }
    }
    if (match) used.add(match);
    matches.push(match);
  }
  // Truth ids → the ids we gave the same questions (route targets in checks name truth ids).
  const truthToOurs = new Map<string, string>();
  truthQuestions.forEach((expected, index) => {
    const match = matches[index];
    if (match) truthToOurs.set(normalizeId(expected.id), match.question.id);
  });
  const details: QuestionScore[] = [];
  truthQuestions.forEach((expected, index) => {
    const match = matches[index];
    const logicItems = expected.logic?.length ?? 0;
    const score: QuestionScore = { truthId: expected.id, truthType: expected.type, logicItems, truthOptions: expected.option_count ?? null };
    if (match) {
      score.matchedId = match.question.id;
      score.variable = match.question.variable;
      score.ourType = match.blockType;
      if (expected.type !== "other") score.typeOk = (TYPE_MAP[expected.type] ?? []).includes(match.blockType);
      if (typeof expected.option_count === "number") {
        score.ourOptions = match.optionCount;
        score.optionsOk = match.optionCount === expected.option_count;
      }
      if (logicItems > 0) score.logicFound = hasLogic(document, match.question.variable);
      if (expected.checks) {
        const result = runChecks(expected.checks, document, match.question.variable, variables, idOf, types, truthToOurs);
        score.checks = result.total;
        score.checksPassed = result.passed;
        score.checkFailures = result.failures;
      }
    } else {
      if (logicItems > 0) score.logicFound = false;
      if (expected.checks) {
        const result = runChecks(expected.checks, document, "", variables, idOf, types, truthToOurs);
        score.checks = result.total;
        score.checksPassed = 0;
        score.checkFailures = ["question not found"];
      }
    }
    details.push(score);
  });
  const matched = details.filter((detail) => detail.matchedId !== undefined).length;
  const precision = ours.length ? matched / ours.length : 0;
  const recall = truthQuestions.length ? matched / truthQuestions.length : 0;
  const typeChecked = details.filter((detail) => detail.typeOk !== undefined);
  const optionChecked = details.filter((detail) => detail.optionsOk !== undefined);
  const logicDetails = details.filter((detail) => detail.logicItems > 0);
  return {
    file: truth.file.split("/").pop() ?? truth.file,
    truthQuestions: truthQuestions.length,
    ourQuestions: ours.length,
    matched,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    typeChecked: typeChecked.length,
    typeCorrect: typeChecked.filter((detail) => detail.typeOk).length,
    optionChecked: optionChecked.length,
    optionCorrect: optionChecked.filter((detail) => detail.optionsOk).length,
    logicItems: logicDetails.reduce((sum, detail) => sum + detail.logicItems, 0),
    logicFound: logicDetails.filter((detail) => detail.logicFound).reduce((sum, detail) => sum + detail.logicItems, 0),
    checks: details.reduce((sum, detail) => sum + (detail.checks ?? 0), 0),
    checksPassed: details.reduce((sum, detail) => sum + (detail.checksPassed ?? 0), 0),
    details,
    unmatchedOurs: ours.filter((candidate) => !used.has(candidate)).map((candidate) => candidate.question.id),
  };
}

/**
 * Scores a survey document that was imported from a survey definition (QSF, LSS, LimeSurvey TSV, XLSForm)
 * rather than compiled: there is no questionnaire IR, so its questions are the document's question blocks,
 * each with its variable as printed id (the definition's question codes are its printed ids).
 */
export function scoreImportedDocument(truth: TTruthFile, document: TSurveyDocument): FileScore {
  const items = document.pages
    .flatMap((page) => page.blocks)
    .filter((block) => block.config.question)
    .map((block) => ({ kind: "question", key: block.id, id: block.config.question!.variable, variable: block.config.question!.variable, text: block.config.content, type: "single" }) as unknown as IRQuestion);
  // scoreQuestionnaire reads only the question items (kind, id, variable, text, type) of the IR.
  return scoreQuestionnaire(truth, { items } as unknown as QuestionnaireIR, document);
}

export interface Totals {
  truthQuestions: number;
  ourQuestions: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  typeAccuracy: number;
  optionAccuracy: number;
  logicRecall: number;
  typeChecked: number;
  optionChecked: number;
  logicItems: number;
  checks: number;
  checksPassed: number;
  checkRate: number;
}

export function totals(scores: FileScore[]): Totals {
  const sum = (pick: (score: FileScore) => number) => scores.reduce((total, score) => total + pick(score), 0);
  const truthQuestions = sum((score) => score.truthQuestions);
  const ourQuestions = sum((score) => score.ourQuestions);
  const matched = sum((score) => score.matched);
  const precision = ourQuestions ? matched / ourQuestions : 0;
  const recall = truthQuestions ? matched / truthQuestions : 0;
  const typeChecked = sum((score) => score.typeChecked);
  const optionChecked = sum((score) => score.optionChecked);
  const logicItems = sum((score) => score.logicItems);
  return {
    truthQuestions,
    ourQuestions,
    matched,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    typeAccuracy: typeChecked ? sum((score) => score.typeCorrect) / typeChecked : 0,
    optionAccuracy: optionChecked ? sum((score) => score.optionCorrect) / optionChecked : 0,
    logicRecall: logicItems ? sum((score) => score.logicFound) / logicItems : 0,
    typeChecked,
    optionChecked,
    logicItems,
    checks: sum((score) => score.checks ?? 0),
    checksPassed: sum((score) => score.checksPassed ?? 0),
    checkRate: sum((score) => score.checks ?? 0) ? sum((score) => score.checksPassed ?? 0) / sum((score) => score.checks ?? 0) : 0,
  };
}
