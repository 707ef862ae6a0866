import type { TDocumentBlock, TDocumentNavigationRule, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * What changed between two revisions of a programmed survey: pages, blocks and navigation rules added,
 * removed or changed. Elements are matched by id; elements whose id changed (a survey programmed again
 * gets new ids) are matched by what identifies them to a person — a page by its name, a question by its
 * variable, a rule by where it goes from and to — so a re-programmed survey shows its real changes.
 */

export type Change<T> = { before: T; after: T; fields: string[] };
export type Section<T> = { added: T[]; removed: T[]; changed: Change<T>[] };
export type PlacedBlock = { page: string; block: TDocumentBlock };
export type PlacedRule = { page: string; target: string; rule: TDocumentNavigationRule };
export type DocumentDiff = { pages: Section<TDocumentPage>; blocks: Section<PlacedBlock>; rules: Section<PlacedRule>; identical: boolean };

function match<T>(before: T[], after: T[], id: (item: T) => string, key: (item: T) => string | null) {
  const pairs: [T, T][] = [];
  const left = new Set(before);
  const right = new Set(after);
  for (const a of before) {
    const b = after.find((candidate) => right.has(candidate) && id(candidate) === id(a));
    if (b) {
      pairs.push([a, b]);
      left.delete(a);
      right.delete(b);
    }
  }
  for (const a of [...left]) {
    const k = key(a);
    if (k === null) continue;
    const b = [...right].find((candidate) => key(candidate) === k);
    if (b) {
      pairs.push([a, b]);
      left.delete(a);
      right.delete(b);
    }
  }
  return { pairs, removed: [...left], added: [...right] };
}

function changedFields(a: Record<string, unknown>, b: Record<string, unknown>, fields: string[]): string[] {
  return fields.filter((field) => JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null));
}

function blockKey(block: TDocumentBlock): string | null {
  return block.config.question?.variable ? `q:${block.config.question.variable}` : `t:${block.config.content.trim().slice(0, 200)}`;
}

export function diffDocuments(before: TSurveyDocument, after: TSurveyDocument): DocumentDiff {
  const pageMatch = match(before.pages, after.pages, (page) => page.id, (page) => `name:${page.name}`);
  const pageName = (document: TSurveyDocument, id: string) => document.pages.find((page) => page.id === id)?.name ?? id;
  // The page a page was matched to, so a block that stayed on "the same" page is compared, not moved.
  const pageCounterpart = new Map(pageMatch.pairs.map(([a, b]) => [a.id, b.id]));

  const pages: Section<TDocumentPage> = {
    added: pageMatch.added,
    removed: pageMatch.removed,
    changed: pageMatch.pairs
      .map(([a, b]) => ({ before: a, after: b, fields: changedFields(a, b, ["name", "order", "assign_response_status", "attention_required"]) }))
      .filter((change) => change.fields.length > 0),
  };

  const placedBlocks = (document: TSurveyDocument) => document.pages.flatMap((page) => page.blocks.map((block) => ({ page: page.name, pageId: page.id, block })));
  const beforeBlocks = placedBlocks(before);
  const afterBlocks = placedBlocks(after);
  const blockMatch = match(beforeBlocks, afterBlocks, (item) => item.block.id, (item) => blockKey(item.block));
  const blocks: Section<PlacedBlock> = {
    added: blockMatch.added.map(({ page, block }) => ({ page, block })),
    removed: blockMatch.removed.map(({ page, block }) => ({ page, block })),
    changed: blockMatch.pairs
      .map(([a, b]) => {
        const { source: _a, ...configA } = a.block.config;
        const { source: _b, ...configB } = b.block.config;
        void _a;
        void _b;
        const fields = changedFields(configA, configB, ["type", "content", "showIf", "question", "attentionRequired"]);
        if (a.block.order !== b.block.order) fields.push("order");
        if (pageCounterpart.get(a.pageId) !== b.pageId) fields.push("page");
        return { before: { page: a.page, block: a.block }, after: { page: b.page, block: b.block }, fields };
      })
      .filter((change) => change.fields.length > 0),
  };

  const placedRules = (document: TSurveyDocument) =>
    document.pages.flatMap((page) => page.navigation_rules.map((rule) => ({ page: page.name, target: pageName(document, rule.target_page_id), rule })));
  const ruleMatch = match(
    placedRules(before),
    placedRules(after),
    (item) => item.rule.id,
    (item) => `${item.page}→${item.target}:${item.rule.condition ?? ""}`,
  );
  const rules: Section<PlacedRule> = {
    added: ruleMatch.added,
    removed: ruleMatch.removed,
    changed: ruleMatch.pairs
      .map(([a, b]) => {
        const fields = changedFields(a.rule, b.rule, ["condition", "order", "attention_required"]);
        if (a.target !== b.target) fields.push("target");
        if (a.page !== b.page) fields.push("page");
        return { before: a, after: b, fields };
      })
      .filter((change) => change.fields.length > 0),
  };

  const identical = [pages, blocks, rules].every((section) => section.added.length + section.removed.length + section.changed.length === 0);
  return { pages, blocks, rules, identical };
}
