import { advance, firstPage, pageById, visibleBlocks, type Answers } from "@/lib/preview/engine";
import { evaluateCondition } from "@/lib/questionnaire/conditions";
import type { TDocumentBlock, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * Simulated respondents for the round-trip check: each walks a survey like the runtime does (the preview
 * engine), answering what it is shown with answers drawn from a generator seeded per respondent and
 * question, so the same respondent answers the same way in two versions of the survey. The path is the
 * sequence of page names and how the response ended.
 */

export interface SimulatedPath {
  pages: string[];
  end: string;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function generator(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function answerFor(block: TDocumentBlock, random: () => number): unknown {
  const question = block.config.question!;
  if (random() < 0.05) return undefined;
  const pick = <T,>(items: T[]): T | undefined => (items.length ? items[Math.floor(random() * items.length)] : undefined);
  const options = question.options ?? [];
  switch (block.config.type) {
    case "multiple_choice": {
      const chosen = options.filter(() => random() < 0.4).map((option) => option.value);
      return chosen.length ? chosen : options.length ? [pick(options)!.value] : undefined;
    }
    case "matrix": {
      const columns = question.columns ?? options;
      const cells = Object.fromEntries((question.rows ?? []).map((row) => [row.value, pick(columns)?.value]).filter(([, value]) => value !== undefined));
      return Object.keys(cells).length ? cells : undefined;
    }
    case "ranking": {
      const items = (question.rows?.length ? question.rows : options).map((item) => item.value);
      return items.sort(() => random() - 0.5);
    }
    case "number": {
      const min = question.min ?? 0;
      const max = question.max ?? Math.max(min + 100, 100);
      return Math.round(min + random() * (max - min));
    }
    case "open_text":
      return pick(["yes", "no", "maybe later", "other text"]);
    case "date":
      return "2020-01-01";
    default:
      if (options.length) return pick(options)!.value;
      return Math.round(random() * 10);
  }
}

export function simulatePath(document: TSurveyDocument, respondent: number, maxSteps = 1000): SimulatedPath {
  const evaluate = (condition: string, answers: Answers) => evaluateCondition(condition, answers);
  let page = firstPage(document);
  let answers: Answers = {};
  const pages: string[] = [];
  for (let step = 0; page && step < maxSteps; step++) {
    pages.push(page.name);
    if (page.assign_response_status) return { pages, end: page.assign_response_status };
    for (const block of visibleBlocks(page, answers, evaluate)) {
      const variable = block.config.question?.variable;
      if (!variable || block.config.type === "text") continue;
      // Seeded by the variable's letters and digits: a platform that renames `skip_to_end` to `skiptoend`
      // (LimeSurvey codes) still gets the same respondent's answers.
      const value = answerFor(block, generator(hash(`${respondent}:${variable.replace(/[^A-Za-z0-9]/g, "")}`)));
      if (value !== undefined) answers = { ...answers, [variable]: value };
    }
    const next = advance(document, page, answers, evaluate);
    if (next.kind === "end_without_status") return { pages, end: "end_without_status" };
    answers = next.answers;
    page = pageById(document, next.pageId);
  }
  return { pages, end: "loop" };
}

export interface Equivalence {
  respondents: number;
  same: number;
  rate: number;
  mismatches: { respondent: number; original: SimulatedPath; imported: SimulatedPath }[];
}

/** Simulates the same respondents through both surveys and counts identical paths. */
export function comparePaths(original: TSurveyDocument, imported: TSurveyDocument, respondents = 1000): Equivalence {
  let same = 0;
  const mismatches: Equivalence["mismatches"] = [];
  for (let respondent = 0; respondent < respondents; respondent++) {
    const a = simulatePath(original, respondent);
    const b = simulatePath(imported, respondent);
    if (a.end === b.end && a.pages.join("\u0000") === b.pages.join("\u0000")) same++;
    else if (mismatches.length < 5) mismatches.push({ respondent, original: a, imported: b });
  }
  return { respondents, same, rate: same / respondents, mismatches };
}
