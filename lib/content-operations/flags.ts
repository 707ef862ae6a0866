import { type AuditIssue, type AuditIssueCode, validateSurveyDocument } from "@/lib/questionnaire/validate";
import type { TAttention, TFlag, TSurveyDocument } from "@/lib/survey-document/schemas";
import type { TFinding } from "./schemas";

/**
 * Review flags across edits (docs/decisions.md, "Content operations: review flags").
 *
 * Each page, block and rule carries `attention_required` / `attentionRequired` = `{ reason, dismissed,
 * flags }`; `flags` lists the individual reasons and `reason`/`dismissed` are derived from them:
 * - `validator` flags are recomputed from the validator's findings on every change: a finding that no
 *   longer applies disappears, a finding that still applies keeps its dismissal (matched on the same
 *   element by code — and, for findings about a condition, by their text), a new finding is open;
 * - `compiler` flags (raised while programming) and `note`s (left by people or the agent) are never
 *   touched by edits: we cannot tell mechanically whether they still apply, so they stay until dismissed
 *   or until their element is deleted;
 * - `reason` joins the open flags' reasons (all reasons once every flag is dismissed); `dismissed` is true
 *   when every flag is dismissed; no flags → no attention object.
 * Documents written before flags existed (or by clients that send only `{ reason, dismissed }`) are read
 * by removing the validator's sentences from `reason` (the current findings' and those the previous
 * revision recorded); what is left is kept as one flag of the given source.
 */

type Element = { id: string; attention: TAttention | undefined; set: (attention: TAttention | undefined) => void };

function elementsOf(document: TSurveyDocument): Element[] {
  const elements: Element[] = [];
  for (const page of document.pages) {
    elements.push({ id: page.id, attention: page.attention_required, set: (value) => assign(page, "attention_required", value) });
    for (const block of page.blocks) {
      elements.push({ id: block.id, attention: block.config.attentionRequired, set: (value) => assign(block.config, "attentionRequired", value) });
    }
    for (const rule of page.navigation_rules) {
      elements.push({ id: rule.id, attention: rule.attention_required, set: (value) => assign(rule, "attention_required", value) });
    }
  }
  return elements;
}

function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[key];
  else target[key] = value;
}

/** Findings about one condition's text (matched by text); the others are about the element itself (matched by code). */
const CONDITION_CODES: ReadonlySet<AuditIssueCode> = new Set(["invalid_condition", "unknown_variable", "forward_reference", "unknown_option", "unknown_row", "type_mismatch"]);

function sameFinding(flag: Pick<TFlag, "code" | "reason">, issue: Pick<AuditIssue, "code" | "message">): boolean {
  if (flag.code !== issue.code) return false;
  return CONDITION_CODES.has(issue.code) ? flag.reason === issue.message : true;
}

/** The element an issue is about: a rule, else a block, else a page. */
function issueElement(issue: AuditIssue): string | undefined {
  return issue.rule_id ?? issue.block_id ?? issue.page_id;
}

export function attentionOf(flags: TFlag[]): TAttention | undefined {
  if (flags.length === 0) return undefined;
  const open = flags.filter((flag) => !flag.dismissed);
  const reasons = [...new Set((open.length > 0 ? open : flags).map((flag) => flag.reason))];
  return { reason: reasons.join(" "), dismissed: open.length === 0, flags };
}

/** Removes whole occurrences of `sentences` from a legacy `reason`, returning what is left (trimmed). */
function withoutSentences(reason: string, sentences: Iterable<string>): { rest: string; removed: string[] } {
  let rest = reason;
  const removed: string[] = [];
  for (const sentence of sentences) {
    if (sentence && rest.includes(sentence)) {
      rest = rest.split(sentence).join(" ");
      removed.push(sentence);
    }
  }
  return { rest: rest.replace(/\s+/g, " ").trim(), removed };
}

export type ReconcileOptions = {
  /** The revision before this change: its validator flags (and their dismissals) are recognised in legacy reasons and carried over. */
  previous?: TSurveyDocument | null;
  /** Source given to what is left of a legacy `{ reason, dismissed }` once the validator's sentences are removed. */
  legacySource?: TFlag["source"];
};

/**
 * Runs the validator on `input` and rewrites every element's review flags per the rules above. Pure: the
 * input is not modified. Returns the document to store and the findings (each with its dismissal).
 */
export function reconcileFlags(input: TSurveyDocument, options: ReconcileOptions = {}): { document: TSurveyDocument; findings: TFinding[] } {
  const document = structuredClone(input);
  const elements = elementsOf(document);

  // The validator flags into the document it returns; we only want its findings, computed without any flags.
  const bare = structuredClone(document);
  for (const element of elementsOf(bare)) element.set(undefined);
  const { issues } = validateSurveyDocument(bare);
  const issuesByElement = new Map<string, AuditIssue[]>();
  for (const issue of issues) {
    const id = issueElement(issue);
    if (id) issuesByElement.set(id, [...(issuesByElement.get(id) ?? []), issue]);
  }

  const previousFlags = new Map<string, TFlag[]>();
  if (options.previous) {
    for (const element of elementsOf(structuredClone(options.previous))) {
      if (element.attention?.flags) previousFlags.set(element.id, element.attention.flags);
    }
  }

  const dismissedFindings = new Set<AuditIssue>();
  for (const element of elements) {
    const current = issuesByElement.get(element.id) ?? [];
    const before = previousFlags.get(element.id) ?? [];
    const kept: TFlag[] = [];
    /** Validator flags this element had (incoming or previous), to carry dismissals from. */
    const priorValidator: TFlag[] = [...before.filter((flag) => flag.source === "validator")];
    const attention = element.attention;
    if (attention?.flags) {
      for (const flag of attention.flags) {
        if (flag.source === "validator") priorValidator.unshift(flag);
        else kept.push(flag);
      }
    } else if (attention) {
      const known = [...current.map((issue) => issue.message), ...priorValidator.map((flag) => flag.reason)];
      const { rest, removed } = withoutSentences(attention.reason, known);
      if (attention.dismissed) {
        for (const issue of current) {
          if (removed.includes(issue.message)) priorValidator.unshift({ source: "validator", code: issue.code, reason: issue.message, dismissed: true });
        }
      }
      if (rest) kept.push({ source: options.legacySource ?? "note", reason: rest, dismissed: attention.dismissed });
    }
    const flags: TFlag[] = dedupe(kept);
    for (const issue of current) {
      const prior = priorValidator.find((flag) => flag.dismissed && sameFinding(flag, issue));
      if (prior) dismissedFindings.add(issue);
      flags.push({
        source: "validator",
        code: issue.code,
        reason: issue.message,
        dismissed: Boolean(prior),
        ...(prior?.dismissed_by ? { dismissed_by: prior.dismissed_by } : {}),
        ...(prior?.dismissed_at ? { dismissed_at: prior.dismissed_at } : {}),
      });
    }
    element.set(attentionOf(flags));
  }

  const findings = issues.map((issue) => ({ ...issue, dismissed: dismissedFindings.has(issue) }));
  return { document, findings };
}

function dedupe(flags: TFlag[]): TFlag[] {
  const seen = new Set<string>();
  return flags.filter((flag) => {
    const key = `${flag.source}\u0000${flag.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The findings of a stored document: its validator flags tell which are dismissed. */
export function findingsOf(document: TSurveyDocument): TFinding[] {
  return reconcileFlags(document).findings;
}
