import { textOverride } from "@/lib/questionnaire/answers";
import type { IRAssumption, IROverride } from "@/lib/questionnaire/ir";

/**
 * Turns the compiler's assumptions (lib/questionnaire/uncertainty.ts, parse/assumptions.ts) into questions a
 * researcher can answer: a plain prompt, the document text it is about, shortcut options (each standing for an
 * override of the questionnaire IR), and back from an answer to the override programming applies. Pure.
 */

export type ClarificationOption = { option_id: string; label: string; description?: string; override: IROverride };

export type ClarificationDraft = {
  assumptionKey: string;
  kind: IRAssumption["kind"];
  prompt: string;
  questionIds: string[];
  context: { excerpt: string; source: { start: number; end: number } };
  options: ClarificationOption[];
  assumption: IRAssumption;
};

export type StoredAnswer = { kind: "answer" | "skip"; option_id: string | null; text: string | null; answered_by: string; answered_at: string };

const EXCERPT_LIMIT = 600;

function quote(text: string | undefined, limit = 120): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

function list(ids: readonly string[]): string {
  if (ids.length <= 1) return ids[0] ?? "";
  return `${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1]}`;
}

/** The whole lines of `text` the span touches, capped: what the author recognises from their document. */
export function excerptOf(text: string, span: { start: number; end: number }): string {
  if (span.end <= span.start && span.start === 0) return "";
  const start = Math.max(0, text.lastIndexOf("\n", Math.max(0, span.start - 1)) + 1);
  const lineEnd = text.indexOf("\n", Math.max(span.end, span.start + 1) - 1);
  const end = lineEnd < 0 ? text.length : lineEnd;
  const excerpt = text.slice(start, end).trim();
  return excerpt.length > EXCERPT_LIMIT ? `${excerpt.slice(0, EXCERPT_LIMIT - 1)}…` : excerpt;
}

/** The question to the researcher, in their words (never the compiler's). */
export function promptOf(assumption: IRAssumption): string {
  const id = assumption.questionIds[0] ?? "A question";
  const written = quote(assumption.written);
  switch (assumption.kind) {
    case "selection_mode":
      return `${id} lists answers but does not say how many may be chosen. Can respondents choose more than one?`;
    case "unbound_condition": {
      const route = assumption.candidates.some((candidate) => candidate.override && "at" in candidate.override && candidate.override.at?.kind === "route");
      return route
        ? `${id} has the routing condition "${written}", but it does not match any question or answer in the questionnaire. Which answers should it apply to?`
        : `${id} should only be asked "${written}", but that does not match any question or answer in the questionnaire. Who should see ${id}?`;
    }
    case "missing_route_target":
      return `${id} says "${written}", but the questionnaire has no such place to go. Where should respondents go instead?`;
    case "undefined_variable":
      return `The questionnaire uses ${assumption.subject ?? "a value"}${assumption.questionIds.length ? ` to decide who sees ${list(assumption.questionIds.slice(0, 4))}` : ""}, but never says where that value comes from. Where does it come from?`;
    case "grid_scale":
      return assumption.subject === undefined
        ? `${id} is a grid, but no answer scale is printed with it. Which scale should respondents use?`
        : `${id} is a grid without its own scale; it was given the scale "${quote(assumption.subject, 100)}". Is that the right scale?`;
    case "numeric_range":
      return `${id} asks for a number but does not say which numbers are allowed. What is the lowest and highest answer?`;
    case "duplicate_id":
      return `The number ${id} is printed on more than one question. Are they different questions (this one would be called ${assumption.subject ?? id}), or should it be renamed?`;
    case "unconditional_terminate":
      return `${id} says "${written}" but not which answers lead to it. Who should be screened out?`;
    case "answer_codes":
      return `The answer codes of ${id} repeat (${written}). Which code should each answer have?`;
    case "review_flag":
      // The model pass words its own question (model-questions.ts).
      if (assumption.code === "model") return assumption.assumed;
      return `${assumption.assumed.replace(/\s+$/, "")}${/[.?!]$/.test(assumption.assumed.trim()) ? "" : "."} Is this what you intended, or what should change?`;
  }
}

function optionIdOf(assumption: IRAssumption, override: IROverride): string | null {
  switch (override.kind) {
    case "selection_mode":
      return override.mode === "multi" ? "multiple" : "single";
    case "keep":
      return "keep";
    case "route_target":
      if (override.target === null) return "continue";
      if (override.target.kind === "end") return "end";
      if (override.target.kind === "terminate") return "screen_out";
      return null;
    case "condition":
      return override.condition === null ? (assumption.kind === "unconditional_terminate" ? null : "everyone") : null;
    case "hidden_variable":
      return override.source === "computed" ? "computed" : override.source === "question" ? null : null;
    default:
      return null;
  }
}

export function optionsOf(assumption: IRAssumption): ClarificationOption[] {
  const used = new Set<string>();
  return assumption.candidates.map((candidate, index) => {
    const override: IROverride = candidate.override ?? { kind: "keep", assumption: assumption.id };
    let id = optionIdOf(assumption, override) ?? `option_${index + 1}`;
    if (used.has(id)) id = `${id}_${index + 1}`;
    used.add(id);
    return { option_id: id, label: candidate.label, ...(candidate.description ? { description: candidate.description } : {}), override };
  });
}

export function draftOf(assumption: IRAssumption, text: string): ClarificationDraft {
  return {
    assumptionKey: assumption.id,
    kind: assumption.kind,
    prompt: promptOf(assumption),
    questionIds: [...new Set(assumption.questionIds)],
    context: { excerpt: excerptOf(text, assumption.span), source: { start: assumption.span.start, end: assumption.span.end } },
    options: optionsOf(assumption),
    assumption,
  };
}

/** The override an answer stands for: the chosen option's, else the author's words read against the IR; none for a skip. */
export function overrideOfAnswer(item: { options: ClarificationOption[]; assumption: IRAssumption }, answer: Pick<StoredAnswer, "kind" | "option_id" | "text">): IROverride | null {
  if (answer.kind === "skip") return null;
  if (answer.option_id) return item.options.find((option) => option.option_id === answer.option_id)?.override ?? null;
  if (answer.text?.trim()) return textOverride(item.assumption, answer.text.trim());
  return null;
}
