import type { TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * How a respondent moves through a programmed survey (DESIGN §4, "Conditions"), for the preview:
 * - a block is shown when it has no `showIf` or its condition is true for the answers so far; likewise an
 *   option, grid row or grid column with its own `showIf` is offered only while that condition is true;
 * - after a page is submitted its navigation rules are evaluated in `order`; the first whose condition
 *   is true (an absent condition is true) decides the next page; with no rule true, the next page by
 *   `order`;
 * - arriving at a page with `assign_response_status` ends the response with that status;
 * - answers to blocks, options and rows hidden by `showIf` are dropped when their page is submitted, so
 *   they can never steer later conditions.
 * The condition evaluator is passed in (lib/questionnaire/conditions), so this module holds only the rules.
 */

export type Answers = Record<string, unknown>;
export type Evaluate = (condition: string, answers: Answers) => boolean;

export type ConditionProblem = { where: string; condition: string; message: string };

export type Step =
  | { kind: "page"; pageId: string; via: { ruleId: string; condition?: string } | { fallthrough: true } }
  | { kind: "end_without_status"; reason: string };

export function sortedPages(document: TSurveyDocument): TDocumentPage[] {
  return [...document.pages].sort((a, b) => a.order - b.order);
}

export function firstPage(document: TSurveyDocument): TDocumentPage | null {
  const pages = sortedPages(document);
  return (document.first_page_id ? pages.find((page) => page.id === document.first_page_id) : undefined) ?? pages[0] ?? null;
}

export function pageById(document: TSurveyDocument, pageId: string): TDocumentPage | null {
  return document.pages.find((page) => page.id === pageId) ?? null;
}

/** A condition that cannot be evaluated counts as false, and is reported so the preview can say so. */
function safely(evaluate: Evaluate, condition: string, answers: Answers, where: string, problems: ConditionProblem[]): boolean {
  try {
    return evaluate(condition, answers);
  } catch (error) {
    problems.push({ where, condition, message: (error as Error).message });
    return false;
  }
}

const CHOICE_LISTS = ["options", "rows", "columns"] as const;

/** The block with only the options, rows and columns whose own `showIf` holds (the same object when none has one). */
/** What people call a block in messages: its variable, else "a text block" (never its id). */
function blockLabel(block: TDocumentBlock): string {
  return block.config.question?.variable ?? "a text block";
}

function withVisibleChoices(block: TDocumentBlock, answers: Answers, evaluate: Evaluate, problems: ConditionProblem[]): TDocumentBlock {
  const question = block.config.question;
  if (!question || !CHOICE_LISTS.some((list) => question[list]?.some((choice) => choice.showIf))) return block;
  const visible = { ...question };
  for (const list of CHOICE_LISTS) {
    visible[list] = question[list]?.filter(
      (choice) => !choice.showIf || safely(evaluate, choice.showIf, answers, `${list.slice(0, -1)} ${choice.value} of ${blockLabel(block)}`, problems),
    );
  }
  return { ...block, config: { ...block.config, question: visible } };
}

/** The page's blocks a respondent sees, in order, each offering only its visible options, rows and columns. */
export function visibleBlocks(page: TDocumentPage, answers: Answers, evaluate: Evaluate, problems: ConditionProblem[] = []): TDocumentBlock[] {
  return [...page.blocks]
    .sort((a, b) => a.order - b.order)
    .filter((block) => !block.config.showIf || safely(evaluate, block.config.showIf, answers, `${blockLabel(block)} on page “${page.name}”`, problems))
    .map((block) => withVisibleChoices(block, answers, evaluate, problems));
}

/** An answer without the parts that name options or rows the respondent was not offered (undefined when nothing is left). */
function keepOffered(block: TDocumentBlock, value: unknown): unknown {
  const question = block.config.question!;
  if (block.config.type === "matrix" && value && typeof value === "object" && !Array.isArray(value)) {
    const rows = new Set((question.rows ?? []).map((row) => row.value));
    const kept = Object.fromEntries(Object.entries(value).filter(([row]) => rows.has(row)));
    return Object.keys(kept).length > 0 ? kept : undefined;
  }
  const offered = new Set([...(question.options ?? []), ...(block.config.type === "ranking" ? (question.rows ?? []) : [])].map((choice) => choice.value));
  if (offered.size === 0) return value;
  if (Array.isArray(value)) {
    const kept = value.filter((code) => offered.has(String(code)));
    return kept.length > 0 ? kept : undefined;
  }
  return typeof value === "string" && !offered.has(value) ? undefined : value;
}

/** The answers after submitting `page`: those of its hidden questions, options and rows removed. */
export function settleAnswers(page: TDocumentPage, answers: Answers, evaluate: Evaluate): Answers {
  const shown = new Map(visibleBlocks(page, answers, evaluate).map((block) => [block.id, block]));
  const settled = { ...answers };
  for (const block of page.blocks) {
    const variable = block.config.question?.variable;
    if (!variable || !(variable in settled)) continue;
    const visible = shown.get(block.id);
    const kept = visible && visible !== block ? keepOffered(visible, settled[variable]) : visible ? settled[variable] : undefined;
    if (kept === undefined) delete settled[variable];
    else settled[variable] = kept;
  }
  return settled;
}

export function nextStep(document: TSurveyDocument, page: TDocumentPage, answers: Answers, evaluate: Evaluate, problems: ConditionProblem[] = []): Step {
  for (const [index, rule] of [...page.navigation_rules].sort((a, b) => a.order - b.order).entries()) {
    if (!rule.condition || safely(evaluate, rule.condition, answers, `rule ${index + 1} of page “${page.name}”`, problems)) {
      if (!pageById(document, rule.target_page_id)) {
        return { kind: "end_without_status", reason: `Rule ${index + 1} of page “${page.name}” leads to a page that no longer exists.` };
      }
      return { kind: "page", pageId: rule.target_page_id, via: { ruleId: rule.id, condition: rule.condition } };
    }
  }
  const pages = sortedPages(document);
  const following = pages[pages.findIndex((candidate) => candidate.id === page.id) + 1];
  if (following) return { kind: "page", pageId: following.id, via: { fallthrough: true } };
  return { kind: "end_without_status", reason: `Page “${page.name}” is the last page and does not end the response with a status.` };
}

export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.values(value as object).some(isAnswered);
  return true;
}

/** Messages for required questions left unanswered (or grids with unanswered rows), by block id. */
export function missingAnswers(blocks: TDocumentBlock[], answers: Answers): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const block of blocks) {
    const question = block.config.question;
    if (!question || question.required === false || block.config.type === "text") continue;
    const value = answers[question.variable];
    if (block.config.type === "matrix" && question.rows?.length) {
      const answered = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
      if (question.rows.some((row) => !isAnswered(answered[row.value]))) missing[block.id] = "Answer every row.";
    } else if (!isAnswered(value)) missing[block.id] = "This question needs an answer.";
    else if (block.config.type === "number" && typeof value === "number") {
      if (question.min !== undefined && value < question.min) missing[block.id] = `Enter at least ${question.min}.`;
      if (question.max !== undefined && value > question.max) missing[block.id] = `Enter at most ${question.max}.`;
    }
  }
  return missing;
}

export type Advance =
  | { kind: "page"; pageId: string; answers: Answers; via: Extract<Step, { kind: "page" }>["via"]; skipped: string[] }
  | { kind: "end_without_status"; reason: string; answers: Answers; skipped: string[] };

/**
 * Moves on from `page` like a respondent's survey would: follows the navigation, and passes over pages
 * on which every block is hidden (a respondent never sees an empty page; their own rules still apply).
 * A route that keeps skipping without reaching a page is reported as a loop.
 */
export function advance(document: TSurveyDocument, page: TDocumentPage, answers: Answers, evaluate: Evaluate): Advance {
  let current = page;
  let settled = settleAnswers(current, answers, evaluate);
  const skipped: string[] = [];
  for (let hops = 0; hops <= document.pages.length; hops++) {
    const step = nextStep(document, current, settled, evaluate);
    if (step.kind === "end_without_status") return { ...step, answers: settled, skipped };
    const target = pageById(document, step.pageId)!;
    if (target.assign_response_status || visibleBlocks(target, settled, evaluate).length > 0) {
      return { kind: "page", pageId: target.id, answers: settled, via: step.via, skipped };
    }
    skipped.push(target.name);
    current = target;
    settled = settleAnswers(current, settled, evaluate);
  }
  return { kind: "end_without_status", reason: "The navigation goes round in a loop of pages that show nothing.", answers: settled, skipped };
}
