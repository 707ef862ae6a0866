import { andOf, conditionRefs, evaluateCondition, notOf, parseCondition, printCondition, type ConditionAst } from "@/lib/questionnaire/conditions";
import type { TBlockConfig, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import type { ExportWarning } from "./types";

/**
 * Survey platforms without "go to page" (Qualtrics' flow, LimeSurvey's groups, Decipher's blocks) run
 * their pages in order and show each one only when its condition holds. `linearize` turns our navigation
 * rules into such a guard per page; `buildDocument` turns guarded pages (from an importer) back into
 * navigation rules. Both follow the runtime's semantics (lib/preview/engine.ts): the first true rule of a
 * page decides, a status page ends the response, a page whose blocks are all hidden is passed over.
 */

export interface GuardedPage {
  page: TDocumentPage;
  /** Conjuncts: the page is shown when all hold; empty = always. */
  guard: ConditionAst[];
}

const NEVER: ConditionAst = { type: "count", ref: { variable: "__never__" }, op: "<", value: 0 };

export function isNever(ast: ConditionAst): boolean {
  return ast.type === "count" && ast.ref.variable === "__never__";
}

export function sortedPages(document: TSurveyDocument): TDocumentPage[] {
  return [...document.pages].sort((a, b) => a.order - b.order);
}

function guardAst(conjuncts: ConditionAst[]): ConditionAst | null {
  if (conjuncts.some(isNever)) return NEVER;
  return andOf(...conjuncts);
}

/** True when the condition can hold although nothing on `page` was answered (so it needs "page reached"). */
function needsReach(condition: ConditionAst, page: TDocumentPage): boolean {
  const onPage = new Set(page.blocks.map((block) => block.config.question?.variable).filter(Boolean) as string[]);
  if (conditionRefs(condition).some((ref) => !onPage.has(ref.variable))) return true;
  try {
    return evaluateCondition(condition, {});
  } catch {
    return true;
  }
}

export function linearize(document: TSurveyDocument): { pages: GuardedPage[]; warnings: ExportWarning[] } {
  const pages = sortedPages(document);
  const index = new Map(pages.map((page, i) => [page.id, i]));
  const guards: ConditionAst[][] = pages.map(() => []);
  const warnings: ExportWarning[] = [];
  pages.forEach((page, p) => {
    const reach = guardAst(guards[p]);
    if (page.assign_response_status) {
      // The response ends here: later pages are reached only when this one was not.
      const stop = reach ? notOf(reach) : NEVER;
      for (let q = p + 1; q < pages.length; q++) guards[q].push(stop);
      return;
    }
    const earlier: ConditionAst[] = [];
    for (const rule of [...page.navigation_rules].sort((a, b) => a.order - b.order)) {
      const target = index.get(rule.target_page_id);
      const where = `rule ${rule.order + 1} of page “${page.name}”`;
      if (target === undefined) {
        warnings.push({ code: "missing_target", element: where, reason: "The rule leads to a page that no longer exists; it is left out." });
        continue;
      }
      if (target <= p) {
        warnings.push({
          code: "backward_jump",
          element: where,
          reason: `The rule jumps back to page “${pages[target].name}”; the platform runs pages in order, so this loop is left out.`,
        });
        continue;
      }
      let condition: ConditionAst | null;
      try {
        condition = rule.condition ? parseCondition(rule.condition) : null;
      } catch (error) {
        warnings.push({ code: "invalid_condition", element: where, reason: `The condition cannot be read (${(error as Error).message}); the rule is left out.` });
        continue;
      }
      const taken = andOf(condition, ...earlier.map(notOf));
      const guarded = taken && reach && needsReach(taken, page) ? andOf(reach, taken) : taken;
      const skip = guarded ? notOf(guarded) : reach ? notOf(reach) : NEVER;
      for (let q = p + 1; q < target; q++) guards[q].push(skip);
      if (!condition) break;
      earlier.push(condition);
    }
  });
  return { pages: pages.map((page, i) => ({ page, guard: guards[i].some(isNever) ? [NEVER] : guards[i] })), warnings };
}

// ---------------------------------------------------------------- import side

export interface ImportedPage {
  name: string;
  /** The platform's page id, when rules name their target by it. */
  key?: string;
  /** Shown only when it holds (null: always). */
  guard: ConditionAst | null;
  status?: string;
  blocks: TBlockConfig[];
  /** Platforms with real jumps (SurveyMonkey) give rules by target page key (else name) instead of guards. */
  rules?: { condition?: string; target: string }[];
}

export interface ImportedSurvey {
  name: string;
  pages: ImportedPage[];
  warnings: ExportWarning[];
}

const MAX_RULES_PER_PAGE = 200;

/** Guarded pages (and named jumps) → a survey document with navigation rules. */
export function buildDocument(imported: ImportedSurvey, survey: { id: string; slug: string; name: string }): TSurveyDocument {
  const pages = imported.pages;
  const ids = pages.map((_, i) => `page_${i + 1}`);
  const byName = new Map<string, string>();
  pages.forEach((page, i) => {
    if (page.key !== undefined) byName.set(page.key, ids[i]);
    else if (!byName.has(page.name)) byName.set(page.name, ids[i]);
  });
  const documentPages: TDocumentPage[] = pages.map((page, p) => {
    const rules: { condition?: string; target_page_id: string }[] = [];
    if (page.rules) {
      for (const rule of page.rules) {
        const target = byName.get(rule.target);
        if (target) rules.push({ ...(rule.condition ? { condition: rule.condition } : {}), target_page_id: target });
      }
    } else if (!page.status && pages.slice(p + 1).some((later) => later.guard)) {
      for (let q = p + 1; q < pages.length && rules.length < MAX_RULES_PER_PAGE; q++) {
        const guard = pages[q].guard;
        if (!guard) {
          if (q > p + 1 || rules.length > 0) rules.push({ target_page_id: ids[q] });
          break;
        }
        if (isNever(guard)) continue;
        rules.push({ condition: printCondition(guard), target_page_id: ids[q] });
      }
    }
    return {
      id: ids[p],
      name: page.name,
      order: p,
      ...(page.status ? { assign_response_status: page.status } : {}),
      blocks: page.blocks.map((config, b) => ({ id: `block_${p + 1}_${b + 1}`, order: b, config })),
      navigation_rules: rules.map((rule, r) => ({ id: `rule_${p + 1}_${r + 1}`, order: r, ...rule })),
    };
  });
  return {
    version: 1,
    survey,
    first_page_id: documentPages[0]?.id ?? null,
    pages: documentPages,
    variables: documentPages.flatMap((page) =>
      page.blocks.filter((block) => block.config.question).map((block) => ({ name: block.config.question!.variable, type: "question" as const, block_id: block.id })),
    ),
  };
}
