import { parseCondition, printCondition } from "./conditions";
import type { ConditionLocator, IRAssumption, IROverride, IRQuestion, QuestionnaireIR, RouteLocator } from "./ir";
import { questionIndexOf } from "./parse/assumptions";
import { scaleFromText } from "./parse/interpret";
import { normalizeName, parseRouteTarget, resolveCondition } from "./parse/logic";

/**
 * The author's own words as an answer to an assumption: `textOverride` wraps them with what they are about,
 * and `interpretText` reads them against the IR into the override of that kind ("Q3 = 1, 2" → a condition,
 * "0 to 120" → a range, "skip to Q6" → a route target). Words that cannot be read that way stay a note.
 */

type TextOverride = Extract<IROverride, { kind: "text" }>;

/** Wraps an author's words as an override about `assumption` (its question, condition or route, variable). */
export function textOverride(assumption: IRAssumption, text: string): TextOverride {
  const located = assumption.candidates.map((candidate) => candidate.override).find((override) => override && "at" in override && override.at) as
    | { at: ConditionLocator | RouteLocator; question?: { key: string; id: string } }
    | undefined;
  const question = assumption.questionKeys[0] !== undefined && assumption.questionIds[0] !== undefined ? { key: assumption.questionKeys[0], id: assumption.questionIds[0] } : undefined;
  return {
    kind: "text",
    about: assumption.kind,
    assumption: assumption.id,
    ...(located?.question ?? question ? { question: located?.question ?? question } : {}),
    ...(located?.at ? { at: located.at } : {}),
    ...(assumption.kind === "undefined_variable" && assumption.subject ? { name: assumption.subject } : {}),
    text,
  };
}

/** What kind of words each assumption expects (said back to the author when the words could not be read). */
export const EXPECTED_TEXT: Record<IRAssumption["kind"], string> = {
  selection_mode: 'say "one answer" or "more than one"',
  unbound_condition: 'name the question and answers, e.g. "Q3 = 1" or "Q3 = Yes"',
  unconditional_terminate: 'name the answers to screen out, e.g. "Q3 = 2"',
  missing_route_target: 'name where to go, e.g. "Q6", "end" or "screen out"',
  undefined_variable: 'say "link", "quota", "computed" or name the question',
  grid_scale: 'list the scale points, e.g. "1 = Poor, 2 = Fair, 3 = Good"',
  numeric_range: 'give the lowest and highest value, e.g. "0 to 120"',
  duplicate_id: "give the name to program it as",
  answer_codes: 'list the codes in order, e.g. "1, 2, 3"',
  review_flag: "describe the change in the editor",
};

function itemOrder(ir: QuestionnaireIR, key: string | undefined): number {
  const index = ir.items.findIndex((item) => item.key === key);
  return index < 0 ? ir.items.length : index;
}

function findQuestion(ir: QuestionnaireIR, name: string): IRQuestion | undefined {
  const wanted = normalizeName(name);
  return ir.items.find((item): item is IRQuestion => item.kind === "question" && [item.id, item.variable, ...item.aliases].some((entry) => normalizeName(entry) === wanted));
}

/** A condition written by the author: in the condition language, or the way questionnaires write them. */
function readCondition(ir: QuestionnaireIR, text: string, order: number): string | null {
  try {
    return printCondition(parseCondition(text));
  } catch {
    const resolution = resolveCondition(/^\s*(?:if|ask if|show if|only if)\b/i.test(text) ? text : `if ${text}`, { index: questionIndexOf(ir), order: order + 1 });
    return resolution.ast ? printCondition(resolution.ast) : null;
  }
}

export function interpretText(ir: QuestionnaireIR, override: TextOverride): IROverride | null {
  const text = override.text.trim();
  const base = override.assumption ? { assumption: override.assumption } : {};
  const question = override.question;
  switch (override.about) {
    case "selection_mode": {
      if (!question) return null;
      if (/\b(?:multi(?:ple)?|more than one|several|many|all that apply|any number|check ?boxes?|yes)\b/i.test(text)) return { ...base, kind: "selection_mode", question, mode: "multi" };
      if (/\b(?:single|one|only one|just one|radio|no)\b/i.test(text)) return { ...base, kind: "selection_mode", question, mode: "single" };
      return null;
    }
    case "unbound_condition":
    case "unconditional_terminate": {
      if (!question || !override.at || (override.at.kind !== "askIf" && override.at.kind !== "route")) return null;
      const at = override.at as ConditionLocator;
      if (at.kind === "askIf" && /^(?:everyone|everybody|all(?: respondents)?|no condition|always|ask all|show to all)\.?$/i.test(text)) return { ...base, kind: "condition", question, at, condition: null };
      const condition = readCondition(ir, text, itemOrder(ir, question.key));
      return condition ? { ...base, kind: "condition", question, at, condition } : null;
    }
    case "missing_route_target": {
      if (!question || !override.at || (override.at.kind !== "option" && override.at.kind !== "route")) return null;
      const at = override.at as RouteLocator;
      if (/^(?:continue|next|next question|ignore|none|no routing|nothing)\.?$/i.test(text)) return { ...base, kind: "route_target", question, at, target: null };
      const named = findQuestion(ir, text.replace(/^(?:go|skip|jump)\s+to\s+/i, "").replace(/[.!]$/, ""));
      if (named) return { ...base, kind: "route_target", question, at, target: { kind: "question", ref: named.id } };
      if (/^(?:screen ?out|terminate|disqualify|close)\b/i.test(text)) return { ...base, kind: "route_target", question, at, target: { kind: "terminate" } };
      if (/^(?:end|the end|end of (?:the )?survey|complete)\b/i.test(text)) return { ...base, kind: "route_target", question, at, target: { kind: "end" } };
      const target = parseRouteTarget(text);
      if (target && target.kind !== "next" && (target.kind !== "question" || findQuestion(ir, target.ref))) return { ...base, kind: "route_target", question, at, target };
      return null;
    }
    case "undefined_variable": {
      if (!override.name) return null;
      const named = text.match(/[A-Za-z]{1,6}[-_.]?\d{1,3}[A-Za-z]?/g)?.map((token) => findQuestion(ir, token)).find(Boolean);
      if (named) return { ...base, kind: "hidden_variable", name: override.name, source: "question", question: named.id };
      if (/\b(?:comput|calculat|deriv|classif|based on (?:the )?answers)/i.test(text)) return { ...base, kind: "hidden_variable", name: override.name, source: "computed" };
      if (/\b(?:link|url|sample|panel|hidden|quota|random|assign|invitation|list)/i.test(text)) return { ...base, kind: "hidden_variable", name: override.name, source: "hidden" };
      return null;
    }
    case "grid_scale": {
      if (!question) return null;
      const scale = scaleFromText(text);
      if (scale && scale.columns.every((column) => column.label !== column.code)) return { ...base, kind: "grid_columns", question, columns: scale.columns.map((column) => ({ code: column.code, label: column.label })) };
      const labels = text.split(/(?:(?<!\s)\s*|(?<=\s))(?:[,;|\n]|\s\/\s)\s*/).map((label) => label.replace(/^\d{1,2}\s*[=.):-]\s*/, "").trim()).filter(Boolean);
      if (labels.length < 2) return null;
      return { ...base, kind: "grid_columns", question, columns: labels.map((label, index) => ({ code: String(index + 1), label })) };
    }
    case "numeric_range": {
      if (!question) return null;
      if (/^(?:no limits?|any(?: number)?|none|unlimited)\.?$/i.test(text)) return { ...base, kind: "range", question, min: null, max: null };
      const number = String.raw`(-?\d+(?:\.\d+)?)`;
      const both = new RegExp(String.raw`(?!(?<=\d)\d)${number}\s*(?:-|–|—|to|and|\.\.)\s*${number}`, "i").exec(text.replace(/,(?=\d{3}\b)/g, ""));
      if (both) return { ...base, kind: "range", question, min: Number(both[1]), max: Number(both[2]) };
      const min = new RegExp(String.raw`\b(?:min(?:imum)?|at least|from|lowest)\s*:?\s*${number}`, "i").exec(text);
      const max = new RegExp(String.raw`\b(?:max(?:imum)?|at most|up to|highest)\s*:?\s*${number}`, "i").exec(text);
      if (min || max) return { ...base, kind: "range", question, min: min ? Number(min[1]) : null, max: max ? Number(max[1]) : null };
      return null;
    }
    case "duplicate_id": {
      if (!question) return null;
      const name = /^[A-Za-z][\w-]{0,63}$/.exec(text.replace(/^(?:call it|name it|rename(?: it)? to)\s+/i, "").trim());
      return name ? { ...base, kind: "variable", question, variable: name[0] } : null;
    }
    case "answer_codes": {
      if (!question) return null;
      const codes = text.split(/[\s,;]+/).filter(Boolean);
      return codes.length >= 2 && codes.every((code) => /^[\w.-]{1,10}$/.test(code)) ? { ...base, kind: "option_codes", question, codes } : null;
    }
    case "review_flag":
      return null;
  }
}
