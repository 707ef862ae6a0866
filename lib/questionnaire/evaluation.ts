import { z } from "zod";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { conditionRefs, parseCondition } from "./conditions";
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
  const value = id.toLowerCase().replace(/[^a-z0-9]/g, "");
  return /^q\d/.test(value) ? value.slice(1) : value;
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

export function scoreQuestionnaire(truth: TTruthFile, ir: QuestionnaireIR, document: TSurveyDocument): FileScore {
  const blocks = new Map<string, { type: string; options: number; rows: string[] }>();
  for (const page of document.pages) {
    for (const block of page.blocks) {
      const question = block.config.question;
      if (!question) continue;
      const options = block.config.type === "matrix" ? (question.columns ?? []).length : (question.options ?? []).length;
      blocks.set(question.variable, { type: block.config.type, options, rows: (question.rows ?? []).map((row) => row.value) });
    }
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
  const details: QuestionScore[] = [];
  for (const expected of truthQuestions) {
    const second = /\s*\((\d+)(?:st|nd|rd|th)\)$/.exec(expected.id);
    const baseId = second ? expected.id.slice(0, second.index) : expected.id;
    const key = normalizeId(baseId);
    const occurrence = second ? Number(second[1]) : (truthSeen.get(key) ?? 0) + 1;
    truthSeen.set(key, Math.max(truthSeen.get(key) ?? 0, occurrence));
    let match = ours.find((candidate) => !used.has(candidate) && normalizeId(candidate.question.id) === key && candidate.occurrence === occurrence);
    match ??= ours.find((candidate) => !used.has(candidate) && normalizeId(candidate.question.id) === key);
    if (!match && expected.row_ids?.length) {
      const wanted = expected.row_ids.map(normalizeId).sort().join(",");
      match = ours.find((candidate) => !used.has(candidate) && candidate.rowCodes.map(normalizeId).sort().join(",") === wanted);
    }
    const logicItems = expected.logic?.length ?? 0;
    const score: QuestionScore = { truthId: expected.id, truthType: expected.type, logicItems, truthOptions: expected.option_count ?? null };
    if (match) {
      used.add(match);
      score.matchedId = match.question.id;
      score.variable = match.question.variable;
      score.ourType = match.blockType;
      if (expected.type !== "other") score.typeOk = (TYPE_MAP[expected.type] ?? []).includes(match.blockType);
      if (typeof expected.option_count === "number") {
        score.ourOptions = match.optionCount;
        score.optionsOk = match.optionCount === expected.option_count;
      }
      if (logicItems > 0) score.logicFound = hasLogic(document, match.question.variable);
    } else if (logicItems > 0) score.logicFound = false;
    details.push(score);
  }
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
    details,
    unmatchedOurs: ours.filter((candidate) => !used.has(candidate)).map((candidate) => candidate.question.id),
  };
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
  };
}
