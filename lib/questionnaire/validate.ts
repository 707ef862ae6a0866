import type { TAttention, TDocumentBlock, TDocumentNavigationRule, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { type ConditionAst, conditionLeaves, ConditionSyntaxError, parseCondition } from "./conditions";

/**
 * validateSurveyDocument: audits a programmed survey (DESIGN §4) and flags what a human must review —
 * `attention_required` on pages and rules, `attentionRequired` on blocks, each with a readable reason —
 * and returns the same findings as a list. Pure: the input document is not modified.
 */

export type AuditSeverity = "error" | "warning";

export type AuditIssueCode =
  | "invalid_condition"
  | "unknown_variable"
  | "forward_reference"
  | "unknown_option"
  | "unknown_row"
  | "type_mismatch"
  | "navigation_cycle"
  | "unreachable_page"
  | "dead_end"
  | "no_path_to_end"
  | "missing_target"
  | "missing_options"
  | "missing_rows"
  | "missing_columns"
  | "duplicate_variable"
  | "empty_page"
  | "no_pages";

export interface AuditIssue {
  code: AuditIssueCode;
  severity: AuditSeverity;
  message: string;
  page_id?: string;
  block_id?: string;
  rule_id?: string;
  variable?: string;
}

interface VariableInfo {
  name: string;
  block?: TDocumentBlock;
  pageIndex: number;
  blockOrder: number;
  type?: TDocumentBlock["config"]["type"];
  options: Set<string>;
  rows: Set<string>;
  columns: Set<string>;
  numericCodes: boolean;
}

const CHOICE_TYPES = new Set(["single_choice", "multiple_choice", "dropdown"]);

function addReason(existing: TAttention | undefined, reason: string): TAttention {
  if (existing && !existing.dismissed) {
    if (existing.reason.includes(reason)) return existing;
    return { reason: `${existing.reason} ${reason}`, dismissed: false };
  }
  if (existing && existing.dismissed && existing.reason.includes(reason)) return existing;
  return { reason, dismissed: false };
}

export type FlowEdge = { to: string; rule?: TDocumentNavigationRule };

/**
 * How respondents can move between pages (DESIGN §4, "Navigation"): for each page the pages it can lead
 * to — its rules in order up to the first unconditional one (rules to missing pages lead nowhere), then,
 * without one, the next page by order; end pages lead nowhere — and the pages reachable from the start.
 */
export function surveyFlow(document: TSurveyDocument): { pages: TDocumentPage[]; edges: Map<string, FlowEdge[]>; reachable: Set<string> } {
  const pages = [...document.pages].sort((a, b) => a.order - b.order);
  const pageById = new Map(pages.map((page) => [page.id, page]));
  const edges = new Map<string, FlowEdge[]>();
  pages.forEach((page, index) => {
    const out: FlowEdge[] = [];
    if (!page.assign_response_status) {
      const rules = [...page.navigation_rules].sort((a, b) => a.order - b.order);
      let always = false;
      for (const rule of rules) {
        if (!pageById.has(rule.target_page_id)) continue;
        out.push({ to: rule.target_page_id, rule });
        if (!rule.condition) {
          always = true;
          break;
        }
      }
      if (!always && index + 1 < pages.length) out.push({ to: pages[index + 1].id });
    }
    edges.set(page.id, out);
  });
  const reachable = new Set<string>();
  if (pages.length === 0) return { pages, edges, reachable };
  const stack = [document.first_page_id && pageById.has(document.first_page_id) ? document.first_page_id : pages[0].id];
  while (stack.length) {
    const id = stack.pop()!;
    if (reachable.has(id)) continue;
    reachable.add(id);
    for (const edge of edges.get(id) ?? []) stack.push(edge.to);
  }
  return { pages, edges, reachable };
}

export function validateSurveyDocument(input: TSurveyDocument): { document: TSurveyDocument; issues: AuditIssue[] } {
  const document: TSurveyDocument = structuredClone(input);
  const issues: AuditIssue[] = [];
  const pages = [...document.pages].sort((a, b) => a.order - b.order);
  const pageById = new Map(pages.map((page) => [page.id, page]));
  const pageIndex = new Map(pages.map((page, index) => [page.id, index]));

  const flagPage = (page: TDocumentPage, issue: Omit<AuditIssue, "page_id">) => {
    issues.push({ ...issue, page_id: page.id });
    page.attention_required = addReason(page.attention_required, issue.message);
  };
  const flagBlock = (page: TDocumentPage, block: TDocumentBlock, issue: Omit<AuditIssue, "page_id" | "block_id">) => {
    issues.push({ ...issue, page_id: page.id, block_id: block.id });
    block.config.attentionRequired = addReason(block.config.attentionRequired, issue.message);
  };
  const flagRule = (page: TDocumentPage, rule: TDocumentNavigationRule, issue: Omit<AuditIssue, "page_id" | "rule_id">) => {
    issues.push({ ...issue, page_id: page.id, rule_id: rule.id });
    rule.attention_required = addReason(rule.attention_required, issue.message);
  };

  if (pages.length === 0) {
    issues.push({ code: "no_pages", severity: "error", message: "The survey has no pages." });
    return { document, issues };
  }

  // ---------------------------------------------------------------- variables
  const variables = new Map<string, VariableInfo>();
  const declared = new Map((document.variables ?? []).map((variable) => [variable.name, variable]));
  pages.forEach((page, index) => {
    const blocks = [...page.blocks].sort((a, b) => a.order - b.order);
    for (const block of blocks) {
      const question = block.config.question;
      if (!question) continue;
      const name = question.variable;
      if (variables.has(name)) {
        flagBlock(page, block, {
          code: "duplicate_variable",
          severity: "error",
          message: `The variable ${name} is used by more than one question; give this question its own variable.`,
          variable: name,
        });
        continue;
      }
      const options = question.options ?? [];
      variables.set(name, {
        name,
        block,
        pageIndex: index,
        blockOrder: block.order,
        type: block.config.type,
        options: new Set(options.map((option) => option.value)),
        rows: new Set((question.rows ?? []).map((row) => row.value)),
        columns: new Set((question.columns ?? []).map((column) => column.value)),
        numericCodes: options.length > 0 && options.every((option) => /^-?\d+(\.\d+)?$/.test(option.value)),
      });
    }
  });

  // ---------------------------------------------------------------- questions without answers
  for (const page of pages) {
    for (const block of page.blocks) {
      const { type, question } = block.config;
      if (!question) continue;
      if (CHOICE_TYPES.has(type) && (question.options ?? []).length === 0) {
        flagBlock(page, block, { code: "missing_options", severity: "error", message: `Question ${question.variable} has no answer options.`, variable: question.variable });
      }
      if (type === "ranking" && (question.rows ?? question.options ?? []).length === 0) {
        flagBlock(page, block, { code: "missing_options", severity: "error", message: `Ranking question ${question.variable} has no items to rank.`, variable: question.variable });
      }
      if (type === "matrix") {
        if ((question.rows ?? []).length === 0) {
          flagBlock(page, block, { code: "missing_rows", severity: "warning", message: `Grid question ${question.variable} has no rows listed; add the rows (or pipe them from an earlier answer).`, variable: question.variable });
        }
        if ((question.columns ?? []).length === 0) {
          flagBlock(page, block, { code: "missing_columns", severity: "error", message: `Grid question ${question.variable} has no answer scale (columns).`, variable: question.variable });
        }
      }
    }
  }

  // ---------------------------------------------------------------- conditions
  const checkCondition = (
    text: string,
    where: { pageIndex: number; blockOrder: number; kind: "showIf" | "rule" },
    report: (issue: Omit<AuditIssue, "page_id" | "block_id" | "rule_id">) => void,
  ) => {
    let ast: ConditionAst;
    try {
      ast = parseCondition(text);
    } catch (error) {
      const detail = error instanceof ConditionSyntaxError ? error.message : String(error);
      report({ code: "invalid_condition", severity: "error", message: `The condition "${text}" is not valid: ${detail}.` });
      return;
    }
    for (const leaf of conditionLeaves(ast)) {
      const name = leaf.ref.variable;
      const info = variables.get(name);
      if (!info) {
        if (declared.has(name) && declared.get(name)!.type !== "question") continue;
        report({ code: "unknown_variable", severity: "error", message: `The condition refers to ${name}, which is not a question of this survey.`, variable: name });
        continue;
      }
      const later =
        info.pageIndex > where.pageIndex || (info.pageIndex === where.pageIndex && where.kind === "showIf" && info.blockOrder >= where.blockOrder);
      if (later) {
        report({ code: "forward_reference", severity: "error", message: `The condition refers to ${name}, which is asked later in the survey.`, variable: name });
      }
      if (leaf.ref.row !== undefined) {
        if (info.type !== "matrix" && info.rows.size === 0) {
          report({ code: "type_mismatch", severity: "error", message: `The condition refers to row ${leaf.ref.row} of ${name}, which has no rows.`, variable: name });
          continue;
        }
        if (info.rows.size && !info.rows.has(leaf.ref.row)) {
          report({ code: "unknown_row", severity: "error", message: `The condition refers to row ${leaf.ref.row} of ${name}, which has no such row.`, variable: name });
        }
      }
      if (leaf.type !== "compare") continue;
      const values = (Array.isArray(leaf.value) ? leaf.value : [leaf.value]).map(String);
      const ordering = ["<", "<=", ">", ">="].includes(leaf.op);
      const choiceLike = CHOICE_TYPES.has(info.type ?? "") || (info.type === "matrix" && leaf.ref.row !== undefined);
      if (ordering && (info.type === "open_text" || (choiceLike && info.type !== "matrix" && !info.numericCodes))) {
        report({ code: "type_mismatch", severity: "error", message: `The condition compares ${name} with ${leaf.op}, but its answers are not numbers.`, variable: name });
        continue;
      }
      if (info.type === "matrix" && leaf.ref.row === undefined && !ordering) {
        report({ code: "type_mismatch", severity: "warning", message: `The condition compares the whole grid ${name}; name a row ({${name}.ROW}).`, variable: name });
        continue;
      }
      if (ordering) continue;
      const known = info.type === "matrix" ? info.columns : info.options;
      if (choiceLike && known.size > 0) {
        const unknown = values.filter((value) => !known.has(value));
        if (unknown.length) {
          report({
            code: "unknown_option",
            severity: "error",
            message: `The condition uses ${unknown.map((value) => `'${value}'`).join(", ")}, which ${unknown.length === 1 ? "is not an answer code" : "are not answer codes"} of ${name}.`,
            variable: name,
          });
        }
      }
    }
  };

  pages.forEach((page, index) => {
    for (const block of page.blocks) {
      if (block.config.showIf) {
        checkCondition(block.config.showIf, { pageIndex: index, blockOrder: block.order, kind: "showIf" }, (issue) => flagBlock(page, block, issue));
      }
      for (const list of ["options", "rows", "columns"] as const) {
        for (const choice of block.config.question?.[list] ?? []) {
          if (!choice.showIf) continue;
          const what = `${list === "options" ? "Option" : list === "rows" ? "Row" : "Column"} ${choice.value}`;
          checkCondition(choice.showIf, { pageIndex: index, blockOrder: block.order, kind: "showIf" }, (issue) =>
            flagBlock(page, block, { ...issue, message: `${what}: ${issue.message}` }),
          );
        }
      }
    }
    for (const rule of page.navigation_rules) {
      if (!pageById.has(rule.target_page_id)) {
        flagRule(page, rule, { code: "missing_target", severity: "error", message: `The rule goes to a page (${rule.target_page_id}) that does not exist.` });
      }
      if (rule.condition) checkCondition(rule.condition, { pageIndex: index, blockOrder: Number.POSITIVE_INFINITY, kind: "rule" }, (issue) => flagRule(page, rule, issue));
    }
  });

  // ---------------------------------------------------------------- flow
  const { edges, reachable } = surveyFlow(document);
  for (const page of pages) {
    if (!reachable.has(page.id)) {
      flagPage(page, { code: "unreachable_page", severity: "warning", message: `No path through the survey reaches the page "${page.name}".` });
    }
  }

  // Pages that can still reach a page that ends the response.
  const reverse = new Map<string, string[]>();
  for (const [from, out] of edges) for (const edge of out) reverse.set(edge.to, [...(reverse.get(edge.to) ?? []), from]);
  const canEnd = new Set<string>();
  const queue = pages.filter((page) => page.assign_response_status).map((page) => page.id);
  while (queue.length) {
    const id = queue.pop()!;
    if (canEnd.has(id)) continue;
    canEnd.add(id);
    for (const from of reverse.get(id) ?? []) queue.push(from);
  }
  const hasTerminal = pages.some((page) => page.assign_response_status);
  pages.forEach((page) => {
    const out = edges.get(page.id) ?? [];
    if (!page.assign_response_status && out.length === 0) {
      flagPage(page, {
        code: "dead_end",
        severity: hasTerminal ? "error" : "warning",
        message: `The page "${page.name}" has no way on: it is not an end page and no rule or later page follows it.`,
      });
    } else if (hasTerminal && !page.assign_response_status && reachable.has(page.id) && !canEnd.has(page.id)) {
      flagPage(page, { code: "no_path_to_end", severity: "error", message: `From the page "${page.name}" no path leads to the end of the survey.` });
    }
    if (!page.assign_response_status && page.blocks.length === 0) {
      flagPage(page, { code: "empty_page", severity: "warning", message: `The page "${page.name}" has no content.` });
    }
  });

  // Cycles: a rule that jumps back to a page from which its own page can be reached again.
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length) {
      const id = todo.pop()!;
      if (id === to) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const edge of edges.get(id) ?? []) todo.push(edge.to);
    }
    return false;
  };
  pages.forEach((page, index) => {
    for (const edge of edges.get(page.id) ?? []) {
      if (!edge.rule) continue;
      const targetIndex = pageIndex.get(edge.to) ?? index;
      if (targetIndex <= index && reaches(edge.to, page.id)) {
        flagRule(page, edge.rule, {
          code: "navigation_cycle",
          severity: "error",
          message: `The rule goes back to "${pageById.get(edge.to)!.name}", from which this page is reached again: respondents can loop.`,
        });
      }
    }
  });

  return { document, issues };
}
