import { newUuidV7 } from "@/lib/ids";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * Structural checks and id assignment for a `service` survey document before it becomes rows.
 * Semantic review (unreachable pages, unknown variables, …) is the questionnaire validator's job and
 * shows up as `attention_required`; the checks here are the ones rows cannot exist without.
 */

export type DocumentProblem = { path: string; message: string };

export function findStructuralProblems(document: TSurveyDocument): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const pageIds = new Set<string>();
  const blockIds = new Set<string>();
  const ruleIds = new Set<string>();
  document.pages.forEach((page, pageIndex) => {
    const at = `pages[${pageIndex}]`;
    if (pageIds.has(page.id)) problems.push({ path: `${at}.id`, message: `duplicate page id "${page.id}"` });
    pageIds.add(page.id);
    page.blocks.forEach((block, blockIndex) => {
      if (blockIds.has(block.id)) problems.push({ path: `${at}.blocks[${blockIndex}].id`, message: `duplicate block id "${block.id}"` });
      blockIds.add(block.id);
    });
    page.navigation_rules.forEach((rule, ruleIndex) => {
      if (ruleIds.has(rule.id)) problems.push({ path: `${at}.navigation_rules[${ruleIndex}].id`, message: `duplicate rule id "${rule.id}"` });
      ruleIds.add(rule.id);
    });
  });
  if (document.pages.length > 0 && (document.first_page_id === null || !pageIds.has(document.first_page_id))) {
    problems.push({ path: "first_page_id", message: "must be the id of one of the pages" });
  }
  if (document.pages.length === 0 && document.first_page_id !== null) {
    problems.push({ path: "first_page_id", message: "must be null when there are no pages" });
  }
  return problems;
}

export type OwnedIds = {
  pages: ReadonlySet<string>;
  blocks: ReadonlySet<string>;
  rules: ReadonlySet<string>;
  /** The survey's variable rows: id by name. */
  variables: ReadonlyMap<string, string>;
  /** Ids created by this change's content operations (UUIDs not used anywhere yet): kept as given. */
  fresh?: ReadonlySet<string>;
};

/**
 * Gives every page, block, rule and variable a database id: ids the survey already owns are kept (so
 * history, diffs and O clients follow the same element across revisions), as are ids the content
 * operations just created; any other id — a compiler's `page-q3`, or an id of another survey — is replaced
 * by a new UUIDv7 and every reference to it rewritten. A variable without a known id keeps the id of the
 * survey's variable of the same name, so variables stay stable across whole-document writes too.
 */
export function assignIds(document: TSurveyDocument, owned: OwnedIds, survey: { id: string; slug: string; name: string }): TSurveyDocument {
  const pageIds = new Map<string, string>();
  const blockIds = new Map<string, string>();
  const fresh = owned.fresh ?? new Set<string>();
  const keep = (id: string, mine: ReadonlySet<string>) => (mine.has(id) || fresh.has(id) ? id : newUuidV7());
  for (const page of document.pages) {
    pageIds.set(page.id, keep(page.id, owned.pages));
    for (const block of page.blocks) blockIds.set(block.id, keep(block.id, owned.blocks));
  }
  const ownedVariableIds = new Set(owned.variables.values());
  const usedVariableIds = new Set<string>();
  const variableId = (variable: TSurveyDocument["variables"][number]) => {
    const byId = variable.id && (ownedVariableIds.has(variable.id) || fresh.has(variable.id)) ? variable.id : undefined;
    const candidate = byId ?? owned.variables.get(variable.name);
    const id = candidate && !usedVariableIds.has(candidate) ? candidate : newUuidV7();
    usedVariableIds.add(id);
    return id;
  };
  const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);
  return {
    ...document,
    survey: { id: survey.id, slug: survey.slug, name: survey.name },
    first_page_id: document.first_page_id === null ? null : (pageIds.get(document.first_page_id) ?? null),
    pages: byOrder(document.pages).map((page) => ({
      ...page,
      id: pageIds.get(page.id)!,
      blocks: byOrder(page.blocks).map((block) => ({ ...block, id: blockIds.get(block.id)! })),
      navigation_rules: byOrder(page.navigation_rules).map((rule) => ({
        ...rule,
        id: keep(rule.id, owned.rules),
        // A rule may lead to a page that no longer exists (flagged `missing_target`); its target stays as written.
        target_page_id: pageIds.get(rule.target_page_id) ?? rule.target_page_id,
      })),
    })),
    variables: document.variables.map((variable) => ({
      ...variable,
      id: variableId(variable),
      ...(variable.block_id ? { block_id: blockIds.get(variable.block_id) ?? variable.block_id } : {}),
    })),
  };
}
