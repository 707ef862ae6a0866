import { describeCondition, vocabularyOf, type ConditionVocabulary } from "@/lib/questionnaire/condition-words";
import type { TAttention, TDocumentBlock, TDocumentPage, TFlag, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * The review panel's model (issue 17): every review flag the programmed survey carries — the validator's
 * findings, what the compiler could not program, people's notes — one item per flag, grouped by page in
 * survey order, each with the questionnaire words it is about, its reason in plain words and what a
 * person can do about it. Pure and browser-safe; the stored document is the only source, so the count
 * shown is exactly what the content carries.
 */

export type ReviewElement =
  | { kind: "page"; id: string; pageId: string; label: string }
  | { kind: "block"; id: string; pageId: string; label: string; variable: string | null }
  | { kind: "rule"; id: string; pageId: string; label: string };

export type ReviewItem = {
  /** Stable within one document: the element id and the flag's identity. */
  key: string;
  element: ReviewElement;
  source: TFlag["source"];
  code: string | null;
  /** A short headline in plain words (what kind of problem). */
  title: string;
  /** The flag's reason, with internal ids replaced by names. */
  reason: string;
  /** The questionnaire words the element was programmed from. */
  excerpt: string | null;
  /** A condition the item is about (a rule's, or a block's display condition), in words and as written. */
  condition: { text: string; words: string | null; error: string | null } | null;
  dismissed: boolean;
  dismissedBy: string | null;
  dismissedAt: string | null;
  /** What the dismiss operation needs to address exactly this flag. */
  dismiss: { element_id: string; code?: string; reason?: string };
};

export type ReviewGroup = { page: { id: string; name: string; position: number } | null; items: ReviewItem[] };

export type Review = { groups: ReviewGroup[]; open: number; dismissed: number };

const TITLES: Record<string, string> = {
  invalid_condition: "A condition cannot be read",
  unknown_variable: "A condition names a question that does not exist",
  forward_reference: "A condition names a question asked later",
  unknown_option: "A condition uses an answer code the question does not have",
  unknown_row: "A condition names a grid row that does not exist",
  type_mismatch: "A condition does not fit the question's answers",
  navigation_cycle: "Respondents can go round in a loop",
  unreachable_page: "No respondent can reach this page",
  dead_end: "This page has no way on",
  no_path_to_end: "Respondents cannot finish from here",
  missing_target: "A rule leads to a page that does not exist",
  missing_options: "A question has no answers to choose from",
  missing_rows: "A grid has no rows",
  missing_columns: "A grid has no answer scale",
  duplicate_variable: "Two questions share a variable",
  empty_page: "An empty page",
  no_pages: "The survey has no pages",
};

/** What the compiler could not program, by the kind it records on its flags. */
const KIND_TITLES: Record<string, string> = {
  randomize: "Randomisation was not programmed",
  concept: "Showing a concept or stimulus was not programmed",
  piping: "Piping (answers carried into text) was not programmed",
  per_row: "An instruction for each row was not programmed",
  classification: "A classification was not programmed",
  termination: "A screen-out was not programmed",
  adaptive: "Adaptive logic (e.g. a price ladder) was not programmed",
  quota: "A quota was not programmed",
  validation: "An answer check was not programmed",
  display: "A display instruction was not programmed",
  timing: "A timing instruction was not programmed",
  instruction: "A programmer instruction was not programmed",
  condition: "A condition could not be programmed as written",
  route: "Routing could not be programmed as written",
  hidden_variable: "A hidden variable must be supplied",
  inferred: "Logic was inferred — check it",
};

function titleOf(flag: Pick<TFlag, "source" | "code"> & { kind?: unknown }): string {
  if (flag.code && TITLES[flag.code]) return TITLES[flag.code];
  if (typeof flag.kind === "string" && KIND_TITLES[flag.kind]) return KIND_TITLES[flag.kind];
  if (flag.source === "compiler") return "Not programmed as written — check against the questionnaire";
  if (flag.source === "note") return "Flagged for review";
  return "Needs review";
}

/** The flags of an attention object; one written before flags existed reads as one flag of its reason. */
export function flagsOf(attention: TAttention | undefined): TFlag[] {
  if (!attention) return [];
  if (attention.flags && attention.flags.length > 0) return attention.flags;
  return [{ source: "note", reason: attention.reason, dismissed: attention.dismissed }];
}

/** Open flags of a stored document (what the review badge counts). */
export function openFlagCount(document: TSurveyDocument): number {
  let count = document.pages.length === 0 ? 1 : 0;
  for (const page of document.pages) {
    count += flagsOf(page.attention_required).filter((flag) => !flag.dismissed).length;
    for (const block of page.blocks) count += flagsOf(block.config.attentionRequired).filter((flag) => !flag.dismissed).length;
    for (const rule of page.navigation_rules) count += flagsOf(rule.attention_required).filter((flag) => !flag.dismissed).length;
  }
  return count;
}

const ID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** Replaces element ids in a reason by what people call the element ("a page that no longer exists" otherwise). */
function withoutIds(text: string, names: ReadonlyMap<string, string>): string {
  return text
    .replace(new RegExp(`\\s*\\((${ID_PATTERN.source})\\)`, "gi"), (_, id: string) => (names.has(id) ? ` ${names.get(id)}` : ""))
    .replace(ID_PATTERN, (id) => names.get(id) ?? "an element that no longer exists");
}

function byOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}

function blockLabel(block: TDocumentBlock): string {
  if (block.config.question) return block.config.question.variable;
  const text = block.config.content.replace(/[\\*_#>`]/g, "").replace(/\s+/g, " ").trim();
  return `Text “${text.length > 40 ? `${text.slice(0, 39)}…` : text || "empty"}”`;
}

/** The questionnaire words of a page: its blocks' excerpts. */
function pageExcerpt(page: TDocumentPage): string | null {
  const excerpts = byOrder(page.blocks)
    .map((block) => block.config.source?.excerpt?.trim())
    .filter((text): text is string => Boolean(text));
  return excerpts.length ? excerpts.join("\n\n") : null;
}

/** Findings the compiler recorded with their own excerpt (attentionRequired.findings, when present). */
type Finding = { reason: string; excerpt?: string };
function findingExcerpt(attention: TAttention | undefined, flag: TFlag): string | null {
  const own = (flag as TFlag & { excerpt?: unknown }).excerpt;
  if (typeof own === "string" && own.trim()) return own.trim();
  const findings = (attention as (TAttention & { findings?: Finding[] }) | undefined)?.findings;
  const match = findings?.find((finding) => finding.excerpt && (flag.reason.includes(finding.reason) || finding.reason.includes(flag.reason)));
  return match?.excerpt?.trim() || null;
}

function conditionOf(text: string | undefined, vocabulary: ConditionVocabulary): ReviewItem["condition"] {
  if (!text) return null;
  const described = describeCondition(text, vocabulary);
  return { text, words: described.words, error: described.error };
}

export function reviewOf(document: TSurveyDocument): Review {
  const vocabulary = vocabularyOf(document);
  const pages = byOrder(document.pages);
  const names = new Map<string, string>();
  for (const page of pages) {
    names.set(page.id, `“${page.name}”`);
    for (const block of page.blocks) names.set(block.id, blockLabel(block));
  }
  const groups: ReviewGroup[] = [];
  let open = 0;
  let dismissed = 0;

  const itemsFor = (element: ReviewElement, attention: TAttention | undefined, excerpt: string | null, condition: ReviewItem["condition"]): ReviewItem[] =>
    flagsOf(attention).map((flag, index) => {
      if (flag.dismissed) dismissed++;
      else open++;
      return {
        key: `${element.id}:${flag.source}:${flag.code ?? ""}:${index}`,
        element,
        source: flag.source,
        code: flag.code ?? null,
        title: titleOf(flag),
        reason: withoutIds(flag.reason, names),
        excerpt: findingExcerpt(attention, flag) ?? excerpt,
        condition,
        dismissed: flag.dismissed,
        dismissedBy: flag.dismissed_by ?? null,
        dismissedAt: flag.dismissed_at ?? null,
        dismiss: { element_id: element.id, ...(flag.code ? { code: flag.code } : {}), reason: flag.reason },
      };
    });

  if (pages.length === 0) {
    open++;
    groups.push({
      page: null,
      items: [
        {
          key: "survey:no_pages",
          element: { kind: "page", id: "", pageId: "", label: "Survey" },
          source: "validator",
          code: "no_pages",
          title: TITLES.no_pages,
          reason: "The survey has no pages.",
          excerpt: null,
          condition: null,
          dismissed: false,
          dismissedBy: null,
          dismissedAt: null,
          dismiss: { element_id: "", code: "no_pages" },
        },
      ],
    });
  }

  pages.forEach((page, position) => {
    const items: ReviewItem[] = [];
    items.push(...itemsFor({ kind: "page", id: page.id, pageId: page.id, label: `Page “${page.name}”` }, page.attention_required, pageExcerpt(page), null));
    for (const block of byOrder(page.blocks)) {
      items.push(
        ...itemsFor(
          { kind: "block", id: block.id, pageId: page.id, label: blockLabel(block), variable: block.config.question?.variable ?? null },
          block.config.attentionRequired,
          block.config.source?.excerpt?.trim() || null,
          conditionOf(block.config.showIf, vocabulary),
        ),
      );
    }
    byOrder(page.navigation_rules).forEach((rule, index) => {
      const target = document.pages.find((candidate) => candidate.id === rule.target_page_id);
      items.push(
        ...itemsFor(
          { kind: "rule", id: rule.id, pageId: page.id, label: `Rule ${index + 1} of “${page.name}” → ${target ? `“${target.name}”` : "a page that no longer exists"}` },
          rule.attention_required,
          pageExcerpt(page),
          conditionOf(rule.condition, vocabulary),
        ),
      );
    });
    if (items.length > 0) groups.push({ page: { id: page.id, name: page.name, position: position + 1 }, items });
  });
  return { groups, open, dismissed };
}
