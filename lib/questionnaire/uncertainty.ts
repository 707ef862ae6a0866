import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import type { IRAssumption, IRQuestion, QuestionnaireIR } from "./ir";
import type { AuditIssue } from "./validate";

/**
 * Everything a compile assumed, in one list: the parser's assumptions (`ir.assumptions`), the compiler's
 * (routes to missing targets) and the validator's findings on the compiled document (`review_flag`), each
 * tied to the questions it is about. Duplicates are dropped by id, and validator findings that restate a
 * more specific assumption on the same question are left out.
 */

/** Validator codes that restate a more specific assumption on the same question. */
const RESTATES: Partial<Record<AuditIssue["code"], IRAssumption["kind"]>> = {
  missing_columns: "grid_scale",
  duplicate_variable: "duplicate_id",
};

function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return (value >>> 0).toString(36);
}

/** Findings about the flow, which one cause (a jump, a screen-out) often raises on many pages: one flag per code. */
const FLOW_CODES = new Set<AuditIssue["code"]>(["unreachable_page", "no_path_to_end", "dead_end", "empty_page"]);

const FLOW_SUMMARY: Partial<Record<AuditIssue["code"], (pages: string) => string>> = {
  unreachable_page: (pages) => `No path through the survey reaches ${pages}.`,
  no_path_to_end: (pages) => `From ${pages} no path leads to the end of the survey.`,
  dead_end: (pages) => `${pages} ha${pages.includes(",") ? "ve" : "s"} no way on: not an end page, and no rule or later page follows.`,
  empty_page: (pages) => `${pages} ha${pages.includes(",") ? "ve" : "s"} no content.`,
};

/** The validator's findings as review flags on the questions they concern. */
export function reviewFlags(ir: QuestionnaireIR, document: TSurveyDocument, issues: AuditIssue[]): IRAssumption[] {
  const byVariable = new Map(ir.items.filter((item): item is IRQuestion => item.kind === "question").map((question) => [question.variable, question]));
  const pageOf = new Map(document.pages.map((page) => [page.id, page]));
  const blockVariable = new Map(document.pages.flatMap((page) => page.blocks.flatMap((block) => (block.config.question ? [[block.id, block.config.question.variable] as const] : []))));
  const flags: IRAssumption[] = [];
  const flows = new Map<AuditIssue["code"], IRAssumption>();
  for (const issue of issues) {
    const page = issue.page_id ? pageOf.get(issue.page_id) : undefined;
    const variable =
      (issue.block_id && blockVariable.get(issue.block_id)) ||
      (issue.rule_id || !issue.variable ? page?.blocks.find((block) => block.config.question)?.config.question?.variable : undefined) ||
      issue.variable;
    const question = variable ? byVariable.get(variable) : undefined;
    const block = issue.block_id ? page?.blocks.find((entry) => entry.id === issue.block_id) : page?.blocks[0];
    const source = block?.config.source;
    const span = question?.span ?? (source ? { start: source.start, end: source.end } : { start: 0, end: 0 });
    if (FLOW_CODES.has(issue.code)) {
      const id = `review_flag:validator:${issue.code}`;
      const flow = flows.get(issue.code) ?? {
        id,
        kind: "review_flag" as const,
        source: "validator" as const,
        code: issue.code,
        questionKeys: [],
        questionIds: [],
        span,
        subject: "",
        assumed: issue.message,
        candidates: [{ label: "Keep it as programmed (I will fix it in the editor)", override: { kind: "keep" as const, assumption: id }, score: 0.5 }],
      };
      if (!flows.has(issue.code)) {
        flows.set(issue.code, flow);
        flags.push(flow);
      }
      if (question) {
        flow.questionKeys.push(question.key);
        flow.questionIds.push(question.id);
      }
      const pages = [...(flow.subject ? flow.subject.split("\n") : []), page?.name ?? ""].filter(Boolean);
      flow.subject = pages.join("\n");
      const names = pages.map((name) => `"${name}"`);
      const listed = names.length > 6 ? `${names.slice(0, 6).join(", ")} and ${names.length - 6} more pages` : names.join(", ");
      flow.assumed = FLOW_SUMMARY[issue.code]?.(names.length === 1 ? `the page ${listed}` : `the pages ${listed}`) ?? issue.message;
      continue;
    }
    const id = `review_flag:validator:${issue.code}:${question?.key ?? page?.name ?? "survey"}:${hash(issue.message.replace(/\bp\d+\b/g, ""))}`;
    flags.push({
      id,
      kind: "review_flag",
      source: "validator",
      code: issue.code,
      questionKeys: question ? [question.key] : [],
      questionIds: question ? [question.id] : [],
      span,
      assumed: issue.message,
      candidates: [{ label: "Keep it as programmed (I will fix it in the editor)", override: { kind: "keep", assumption: id }, score: 0.5 }],
    });
  }
  for (const flow of flows.values()) delete flow.subject;
  return flags;
}

export function mergeAssumptions(...lists: IRAssumption[][]): IRAssumption[] {
  const all = lists.flat();
  const specific = new Set(all.filter((assumption) => assumption.kind !== "review_flag").flatMap((assumption) => assumption.questionKeys.map((key) => `${assumption.kind}:${key}`)));
  const seen = new Set<string>();
  return all.filter((assumption) => {
    if (seen.has(assumption.id)) return false;
    seen.add(assumption.id);
    const restated = assumption.kind === "review_flag" && assumption.code ? RESTATES[assumption.code as AuditIssue["code"]] : undefined;
    return !(restated && assumption.questionKeys.some((key) => specific.has(`${restated}:${key}`)));
  });
}
