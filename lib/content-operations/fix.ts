import { type ConditionAst, conditionLeaves, printCondition } from "@/lib/questionnaire/conditions";
import { type AuditIssue, surveyFlow, validateSurveyDocument } from "@/lib/questionnaire/validate";
import type { TChoice, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { type ApplyContext, applyContentOperations } from "./apply";
import { type ConditionSite, conditionSites, mapLeaves, recodeLeaf, tryParse } from "./conditions";
import { isContentOperationError } from "./errors";
import type { TContentOperation, TContentOperationInput } from "./schemas";

/**
 * The validation fix (Interface O's `validation/fix`): fixes what the validator flags where the fix is
 * unambiguous, as content operations, and says why the rest stays flagged. Pure. One finding is fixed at a
 * time and the validator runs again, since a fix changes what follows (a removed rule can leave a dead end).
 * - a rule to a missing page → removed, and its page flagged for review;
 * - an unknown option code in a condition → the nearest code, when exactly one is nearest (an option whose
 *   label is the value, or the same code written differently, or one typo away);
 * - a duplicate variable → the later question renamed (`Q3_2`);
 * - a dead-end page → continues to the next page (the only `complete` page when it is the last);
 * - an unreachable page → removed when it is empty; linked into the flow where the place is clear (the page
 *   before it skips it with an unconditional rule; or it was added after the end pages and exactly one edge,
 *   or exactly one unconditional edge, leads to the only `complete` page). An unreachable end page is never linked: which answers should lead
 *   there is a person's decision.
 */

export type FixedFinding = { code: string; message: string; page_id?: string; block_id?: string; rule_id?: string; how: string };
export type RemainingFinding = { code: string; message: string; severity: string; page_id?: string; block_id?: string; rule_id?: string; reason: string };
export type FixPlan = { operations: TContentOperation[]; fixed: FixedFinding[]; remaining: RemainingFinding[]; document: TSurveyDocument };

type Fix = { operations: TContentOperationInput[]; how: string } | { reason: string };
type Fixer = (document: TSurveyDocument, issue: AuditIssue) => Fix;

const NO_AUTOMATIC_FIX = "There is no automatic fix for this finding; a person has to decide.";

function findings(document: TSurveyDocument): AuditIssue[] {
  const bare = structuredClone(document);
  for (const page of bare.pages) {
    delete page.attention_required;
    for (const block of page.blocks) delete block.config.attentionRequired;
    for (const rule of page.navigation_rules) delete rule.attention_required;
  }
  return validateSurveyDocument(bare).issues;
}

const keyOf = (issue: AuditIssue) => `${issue.code}\u0000${issue.rule_id ?? issue.block_id ?? issue.page_id ?? ""}\u0000${issue.message}`;

export function planValidationFixes(input: TSurveyDocument, context: ApplyContext = {}): FixPlan {
  let document = structuredClone(input);
  const operations: TContentOperation[] = [];
  const fixed: FixedFinding[] = [];
  const reasons = new Map<string, string>();
  const attempted = new Set<string>();
  for (let round = 0; round < 500; round++) {
    const next = findings(document).find((issue) => FIXERS[issue.code] && !attempted.has(keyOf(issue)));
    if (!next) break;
    attempted.add(keyOf(next));
    const fix = FIXERS[next.code]!(document, next);
    if ("reason" in fix) {
      reasons.set(keyOf(next), fix.reason);
      continue;
    }
    try {
      const result = applyContentOperations(document, fix.operations, context);
      document = result.document;
      operations.push(...result.applied);
      fixed.push({ code: next.code, message: next.message, page_id: next.page_id, block_id: next.block_id, rule_id: next.rule_id, how: fix.how });
    } catch (error) {
      if (!isContentOperationError(error)) throw error;
      reasons.set(keyOf(next), `The fix could not be applied: ${error.message}`);
    }
  }
  const remaining = findings(document).map((issue) => ({
    code: issue.code,
    message: issue.message,
    severity: issue.severity,
    page_id: issue.page_id,
    block_id: issue.block_id,
    rule_id: issue.rule_id,
    reason: reasons.get(keyOf(issue)) ?? NO_AUTOMATIC_FIX,
  }));
  return { operations, fixed, remaining, document };
}

// ------------------------------------------------------------------------------------------ fixers

const byOrder = (document: TSurveyDocument) => [...document.pages].sort((a, b) => a.order - b.order);
const pageOf = (document: TSurveyDocument, id: string | undefined) => document.pages.find((page) => page.id === id);

const missingTarget: Fixer = (document, issue) => {
  const page = pageOf(document, issue.page_id);
  const rule = page?.navigation_rules.find((candidate) => candidate.id === issue.rule_id);
  if (!page || !rule) return { reason: NO_AUTOMATIC_FIX };
  return {
    operations: [
      { op: "delete_rule", rule_id: rule.id },
      {
        op: "flag_for_review",
        element_id: page.id,
        reason: `The validation fix removed a rule that led to a deleted page${rule.condition ? ` (when ${rule.condition})` : ""}; check where respondents should go from here.`,
      },
    ],
    how: `Removed the rule to the missing page and flagged page "${page.name}" for review.`,
  };
};

const duplicateVariable: Fixer = (document, issue) => {
  const block = document.pages.flatMap((page) => page.blocks).find((candidate) => candidate.id === issue.block_id);
  const variable = block?.config.question?.variable;
  if (!block || !variable) return { reason: NO_AUTOMATIC_FIX };
  const taken = new Set([...document.variables.map((entry) => entry.name), ...document.pages.flatMap((page) => page.blocks.flatMap((candidate) => candidate.config.question?.variable ?? []))]);
  let suffix = 2;
  while (taken.has(`${variable}_${suffix}`)) suffix++;
  const name = `${variable}_${suffix}`;
  return { operations: [{ op: "update_block", block_id: block.id, variable: name }], how: `Renamed the later question ${variable} to ${name}.` };
};

function normalizeCode(code: string): string {
  return code.trim().toLowerCase().replace(/^0+(?=\d)/, "");
}

function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The one code `value` most likely meant, or null when none or several are equally near. */
export function nearestCode(value: string, choices: readonly TChoice[]): string | null {
  const unique = (matches: TChoice[]) => (matches.length === 1 ? matches[0].value : null);
  const label = value.trim().toLowerCase();
  const tiers = [
    choices.filter((choice) => choice.label.trim().toLowerCase() === label),
    choices.filter((choice) => normalizeCode(choice.value) === normalizeCode(value)),
    choices.filter((choice) => withinOneEdit(choice.value.toLowerCase(), value.toLowerCase())),
  ];
  for (const tier of tiers) {
    if (tier.length > 1) return null;
    if (tier.length === 1) return unique(tier);
  }
  return null;
}

const unknownCode: Fixer = (document, issue) => {
  const variable = issue.variable;
  const question = document.pages.flatMap((page) => page.blocks).find((block) => block.config.question?.variable === variable)?.config.question;
  const element = issue.rule_id ?? issue.block_id;
  if (!variable || !question || !element) return { reason: NO_AUTOMATIC_FIX };
  const unresolved = new Set<string>();
  const replacements: string[] = [];
  const operations: TContentOperationInput[] = [];
  for (const site of conditionSites(document).filter((candidate) => candidate.elementId === element)) {
    const ast = tryParse(site.condition);
    if (!ast) continue;
    let next: ConditionAst = ast;
    for (const leaf of conditionLeaves(ast)) {
      if (leaf.ref.variable !== variable) continue;
      const list = leaf.ref.row === undefined ? "options" : issue.code === "unknown_row" ? "rows" : "columns";
      const choices = question[list] ?? [];
      const codes = list === "rows" ? [leaf.ref.row!] : leaf.type === "compare" ? (Array.isArray(leaf.value) ? leaf.value : [leaf.value]).map(String) : [];
      for (const code of codes) {
        if (choices.some((choice) => choice.value === code)) continue;
        const nearest = nearestCode(code, choices);
        if (!nearest) {
          unresolved.add(code);
          continue;
        }
        next = mapLeaves(next, (candidate) => recodeLeaf(candidate, variable, list, code, nearest));
        replacements.push(`'${code}' → '${nearest}'`);
      }
    }
    if (next !== ast) operations.push(setCondition(site.holder, printCondition(next)));
  }
  if (unresolved.size > 0 || operations.length === 0) {
    return { reason: `No single answer code of ${variable} is nearest to ${[...unresolved].map((code) => `'${code}'`).join(", ") || "the value"}; choose the code yourself.` };
  }
  return { operations, how: `Replaced ${[...new Set(replacements)].join(", ")} in the condition on ${variable}.` };
};

function setCondition(holder: ConditionSite["holder"], condition: string): TContentOperationInput {
  if (holder.kind === "rule") return { op: "update_rule", rule_id: holder.rule_id, condition };
  if (holder.kind === "block") return { op: "set_show_if", block_id: holder.block_id, condition };
  return { op: "set_show_if", block_id: holder.block_id, choice: { list: holder.list, value: holder.value }, condition };
}

const deadEnd: Fixer = (document, issue) => {
  const pages = byOrder(document);
  const page = pageOf(document, issue.page_id);
  if (!page || page.assign_response_status) return { reason: NO_AUTOMATIC_FIX };
  const next = pages[pages.indexOf(page) + 1];
  const completes = pages.filter((candidate) => candidate.assign_response_status === "complete" && candidate !== page);
  const target = next ?? (completes.length === 1 ? completes[0] : undefined);
  if (!target) return { reason: "The page is the last one and the survey has no single complete page to continue to; add a rule or make it an end page." };
  return { operations: [{ op: "add_rule", page_id: page.id, target_page_id: target.id }], how: `Page "${page.name}" now continues to "${target.name}".` };
};

const unreachablePage: Fixer = (document, issue) => {
  const page = pageOf(document, issue.page_id);
  if (!page) return { reason: NO_AUTOMATIC_FIX };
  if (page.blocks.length === 0) {
    return { operations: [{ op: "delete_page", page_id: page.id, force: true }], how: `Removed the empty page "${page.name}" that no path reaches.` };
  }
  if (page.assign_response_status) {
    return { reason: `"${page.name}" ends the response (${page.assign_response_status}) but nothing leads to it; add the rule that should send respondents there.` };
  }
  const { pages, edges, reachable } = surveyFlow(document);
  const index = pages.indexOf(pages.find((candidate) => candidate.id === page.id)!);
  const continueTo = (target: TDocumentPage): TContentOperationInput[] =>
    page.navigation_rules.some((rule) => !rule.condition) ? [] : [{ op: "add_rule", page_id: page.id, target_page_id: target.id }];

  // The page before it jumps over it with an unconditional rule: put the page on that path.
  const previous = pages[index - 1];
  if (previous && reachable.has(previous.id) && !previous.assign_response_status) {
    const jump = (edges.get(previous.id) ?? []).find((edge) => edge.rule && !edge.rule.condition);
    const target = jump && pages.find((candidate) => candidate.id === jump.to);
    if (jump?.rule && target && pages.indexOf(target) > index) {
      return {
        operations: [{ op: "update_rule", rule_id: jump.rule.id, target_page_id: page.id }, ...continueTo(target)],
        how: `Page "${previous.name}" now leads to "${page.name}", which continues to "${target.name}".`,
      };
    }
  }

  // Added after the end pages: insert it before the only complete page, when exactly one edge leads there.
  const completes = pages.filter((candidate) => candidate.assign_response_status === "complete");
  if (previous?.assign_response_status && completes.length === 1) {
    const complete = completes[0];
    const into = pages.flatMap((source) =>
      reachable.has(source.id) && !source.assign_response_status ? (edges.get(source.id) ?? []).filter((edge) => edge.to === complete.id).map((edge) => ({ source, edge })) : [],
    );
    // A conditional rule into the end page is an explicit "end the survey here" and stays; the page added
    // after the end pages continues the questionnaire's own order, so it goes on the one fall-through edge.
    const fallThrough = into.filter(({ edge }) => !edge.rule?.condition);
    const chosen = into.length === 1 ? into[0] : fallThrough.length === 1 ? fallThrough[0] : undefined;
    if (chosen) {
      const { source, edge } = chosen;
      const redirect: TContentOperationInput = edge.rule
        ? { op: "update_rule", rule_id: edge.rule.id, target_page_id: page.id }
        : { op: "add_rule", page_id: source.id, target_page_id: page.id };
      return {
        operations: [redirect, ...continueTo(complete)],
        how: `Page "${page.name}" now comes between "${source.name}" and the end page "${complete.name}".`,
      };
    }
  }
  return { reason: "It is not clear where this page belongs in the flow; add a rule that leads to it, or delete it." };
};

const FIXERS: Partial<Record<AuditIssue["code"], Fixer>> = {
  missing_target: missingTarget,
  duplicate_variable: duplicateVariable,
  unknown_option: unknownCode,
  unknown_row: unknownCode,
  dead_end: deadEnd,
  unreachable_page: unreachablePage,
};
