import { randomUUID } from "node:crypto";
import type { TContentOperationInput } from "@/lib/content-operations";
import { ConditionSyntaxError, parseCondition, printCondition } from "@/lib/questionnaire/conditions";
import type { TBlockType, TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * The editing agent's deterministic grammar: plain-English edit requests a person types most often, turned
 * into content operations without a language model. Used by the conversation agent when no model is
 * configured, and by programming to apply the instructions it can without one (issue 17).
 *
 * `interpretRequest(document, request)` reads ONE request; `splitRequests(text)` cuts a message into
 * requests (lines, `;`, sentences). Every pattern runs on one request capped at MAX_REQUEST characters and
 * has no nested quantifiers. README "Editing with the agent" lists the grammar (keep both in sync).
 *
 * References to questions: printed id ("Q3"), position ("the last question", "the 2nd question",
 * "question 4") or wording ("the age question" — the one question whose wording has all those words).
 * Answers in conditions: an option's label or code ("Q2 is No", "Q2 is 2", "Q4 is Yes or Maybe"),
 * numbers for number questions ("Q7 is more than 17"), or the condition language (`{Q2} = '2'`).
 */

export const MAX_REQUEST = 1000;

export type Interpretation =
  | { kind: "operations"; request: string; operations: TContentOperationInput[] }
  | { kind: "undo"; request: string }
  | { kind: "not_understood"; request: string; reason: string };

export const GRAMMAR_HELP = [
  "change a question's type: “make Q3 multiple choice” (single choice, multiple choice, dropdown, open text, number, date, rating, NPS, ranking, grid)",
  "change wording: “change the wording of Q3 to 'How old are you?'”",
  "required: “make Q3 optional”, “make Q3 required”, “make every question optional”",
  "options: “add a 'Prefer not to say' option to Q5” (also “to every question”; “exclusive”, “with code 99”), “remove option 'Other' from Q5”, “rename option 'Yes' in Q2 to 'Yes, often'”, “mark 'None of these' in Q4 as exclusive”, “move option 'Other' in Q4 to the end”, “randomize the options of Q4”",
  "questions: “delete Q7”, “move Q7 after Q9”, “move Q7 to the end”, “duplicate Q7”, “rename Q7 to Q7a” (every condition follows)",
  "logic: “show Q5 only if Q4 is Yes”, “hide Q5 if Q4 is No”, “always show Q5”, “skip to Q10 if Q2 is No”, “end the survey if Q1 is under 18”, “screen out if S1 is No”",
  "pages: “add a page called 'Thanks'”, “add an information screen 'Next we ask about your car.' after Q3”",
  "“undo” reverts the last change made in this conversation",
];

export function helpText(): string {
  return `I can make these changes without a language model:\n${GRAMMAR_HELP.map((line) => `- ${line}`).join("\n")}`;
}

// ---------------------------------------------------------------- splitting a message into requests

/** Lines, `;` and sentence ends (". " outside quotes) separate requests; list bullets are dropped. */
export function splitRequests(text: string): string[] {
  const requests: string[] = [];
  let current = "";
  let quote: string | null = null;
  const flush = () => {
    const cleaned = current.replace(/^\s*(?:[-*•]|\d{1,3}[.)])\s+/, "").trim();
    if (cleaned) requests.push(cleaned);
    current = "";
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      current += char;
      if (char === quote || (quote === "“" && char === "”") || (quote === "‘" && char === "’")) quote = null;
      continue;
    }
    // An apostrophe inside a word ("Q3's", "don't") opens no quote.
    const apostrophe = (char === "'" || char === "’") && /\w/.test(text[index - 1] ?? "") && /\w/.test(text[index + 1] ?? "");
    if ((char === "'" || char === '"' || char === "“" || char === "‘") && !apostrophe) {
      quote = char;
      current += char;
      continue;
    }
    if (char === "\n" || char === ";" || (char === "." && /\s/.test(text[index + 1] ?? " ") && !/^\s*\d{1,3}$/.test(current))) {
      flush();
      continue;
    }
    current += char;
  }
  flush();
  return requests;
}

// ---------------------------------------------------------------- references

type QuestionBlock = TDocumentBlock & { page: TDocumentPage };

function allBlocks(document: TSurveyDocument): QuestionBlock[] {
  return document.pages.flatMap((page) => page.blocks.map((block) => ({ ...block, page })));
}

function questions(document: TSurveyDocument): QuestionBlock[] {
  return allBlocks(document).filter((block) => block.config.question);
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };
const STOP_WORDS = new Set(["the", "a", "an", "question", "of", "about", "on", "for", "to", "in", "one", "block"]);

class GrammarError extends Error {}

function stripQuotes(text: string): string {
  const trimmed = text.trim();
  const match = /^["'“‘](.*)["'”’]$/s.exec(trimmed);
  return match ? match[1] : trimmed;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** One question from a reference, or a GrammarError that says why not. */
export function resolveQuestion(document: TSurveyDocument, reference: string): QuestionBlock {
  const all = questions(document);
  const ref = stripQuotes(reference.trim().replace(/[?.!,]+$/, ""));
  const bare = ref.replace(/^(?:the\s+)?(?:question\s+)?/i, "").replace(/'s$/i, "").trim();
  const byVariable = all.filter((block) => block.config.question!.variable.toLowerCase() === bare.toLowerCase());
  if (byVariable.length === 1) return byVariable[0];
  const position = /^(?:the\s+)?(?:(last)|(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)|(\d{1,4})(?:st|nd|rd|th))\s+question$/i.exec(ref) ?? /^question\s+(?:number\s+)?()()(\d{1,4})$/i.exec(ref);
  if (position) {
    const index = position[1] ? all.length : position[2] ? ORDINALS[position[2].toLowerCase()] : Number(position[3]);
    const found = all[index - 1];
    if (!found) throw new GrammarError(`The survey has ${all.length} question${all.length === 1 ? "" : "s"}, so there is no ${ref.replace(/^the\s+/i, "")}.`);
    return found;
  }
  const wanted = words(ref).filter((word) => !STOP_WORDS.has(word));
  if (wanted.length > 0) {
    const matches = all.filter((block) => {
      const text = new Set(words(`${block.config.content} ${block.config.question!.variable}`));
      return wanted.every((word) => text.has(word) || text.has(`${word}s`) || (word.endsWith("s") && text.has(word.slice(0, -1))));
    });
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) {
      throw new GrammarError(`“${ref}” could mean ${matches.slice(0, 5).map((block) => block.config.question!.variable).join(", ")}${matches.length > 5 ? " …" : ""}; name the question by its id.`);
    }
  }
  throw new GrammarError(`I could not find the question “${ref}”. Refer to it by its id (for example ${all[0]?.config.question?.variable ?? "Q1"}), position (“the last question”) or a word of its wording.`);
}

/** A page by a question on it ("Q10"), by name ("page 'Thanks'"), or "the end". */
function resolvePage(document: TSurveyDocument, reference: string): TDocumentPage {
  const ref = stripQuotes(reference.trim().replace(/[?.!,]+$/, ""));
  const named = /^(?:the\s+)?page\s+(?:called\s+|named\s+)?(.+)$/i.exec(ref);
  if (named) {
    const name = stripQuotes(named[1]).toLowerCase();
    const page = document.pages.find((candidate) => candidate.name.toLowerCase() === name);
    if (page) return page;
    throw new GrammarError(`There is no page called “${stripQuotes(named[1])}”.`);
  }
  if (/^(?:the\s+)?end(?:\s+of\s+the\s+survey)?$/i.test(ref)) {
    const end = document.pages.find((page) => page.assign_response_status === "complete");
    if (end) return end;
    throw new GrammarError("The survey has no end page (a page that completes the response).");
  }
  const page = document.pages.find((candidate) => candidate.name.toLowerCase() === ref.toLowerCase());
  if (page) return page;
  return resolveQuestion(document, ref).page;
}

// ---------------------------------------------------------------- types

const TYPE_PHRASES: [RegExp, TBlockType][] = [
  [/^(?:multiple[ -]choice|multi[ -]?(?:select|choice|punch|code)|multiple[ -](?:select|response|answers?)|check ?box(?:es)?|select all that apply)$/i, "multiple_choice"],
  [/^(?:single[ -]?(?:choice|select|punch|code|answer)|radio(?: buttons?)?|one answer)$/i, "single_choice"],
  [/^(?:drop[ -]?down(?: list| menu)?|select (?:list|menu))$/i, "dropdown"],
  [/^(?:open(?:[ -]ended)?(?: text)?|free[ -]text|text (?:entry|box|field)|text)$/i, "open_text"],
  [/^(?:numeric|number(?: entry| field)?|numerical)$/i, "number"],
  [/^date$/i, "date"],
  [/^(?:rating|star rating|rating scale)$/i, "rating"],
  [/^(?:nps|net promoter(?: score)?)$/i, "nps"],
  [/^(?:ranking|rank order)$/i, "ranking"],
  [/^(?:grid|matrix|table)$/i, "matrix"],
];

function typeOf(phrase: string): TBlockType | null {
  const cleaned = phrase
    .trim()
    .replace(/\s+(?:question|type)$/i, "")
    .replace(/^(?:(?:in)?to|as)\s+/i, "")
    .replace(/^(?:an?|the)\s+/i, "")
    .trim();
  return TYPE_PHRASES.find(([pattern]) => pattern.test(cleaned))?.[1] ?? null;
}

const TYPE_NAMES: Record<TBlockType, string> = {
  text: "information text",
  single_choice: "single choice",
  multiple_choice: "multiple choice",
  dropdown: "dropdown",
  matrix: "grid",
  open_text: "open text",
  number: "number",
  date: "date",
  rating: "rating",
  nps: "NPS",
  ranking: "ranking",
};

// ---------------------------------------------------------------- conditions

const CHOICE_TYPES = new Set<TBlockType>(["single_choice", "multiple_choice", "dropdown", "ranking"]);

function quoteCode(code: string): string {
  return `'${code.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** An option's code from its label or code ("No", "2", "'Prefer not to say'"). */
function codeOf(block: QuestionBlock, text: string): string {
  const wanted = stripQuotes(text).trim().toLowerCase();
  const options = block.config.question?.options ?? block.config.question?.columns ?? [];
  const found =
    options.find((option) => option.label.replace(/[*_]/g, "").trim().toLowerCase() === wanted) ??
    options.find((option) => option.value.toLowerCase() === wanted) ??
    options.filter((option) => option.label.toLowerCase().startsWith(wanted)).at(0);
  if (found) return found.value;
  const variable = block.config.question!.variable;
  throw new GrammarError(
    options.length
      ? `${variable} has no option “${stripQuotes(text)}”; its options are ${options.map((option) => `${option.value} “${option.label}”`).join(", ")}.`
      : `${variable} has no options to compare with “${stripQuotes(text)}”.`,
  );
}

type Comparison = { ref: string; verb: string; values: string[] };

const VERBS: [string, string][] = [
  ["is greater than or equal to", ">="],
  ["is less than or equal to", "<="],
  ["is greater than", ">"],
  ["is more than", ">"],
  ["is over", ">"],
  ["is above", ">"],
  ["is older than", ">"],
  ["is less than", "<"],
  ["is under", "<"],
  ["is below", "<"],
  ["is younger than", "<"],
  ["is at least", ">="],
  ["is at most", "<="],
  ["is not answered", "empty"],
  ["is answered", "notempty"],
  ["is empty", "empty"],
  ["is not", "!="],
  ["isn't", "!="],
  ["does not include", "noneof"],
  ["doesn't include", "noneof"],
  ["includes", "anyof"],
  ["contains", "anyof"],
  ["has", "anyof"],
  ["equals", "="],
  ["is", "="],
  ["was", "="],
  ["!=", "!="],
  [">=", ">="],
  ["<=", "<="],
  ["=", "="],
  [">", ">"],
  ["<", "<"],
];

/** Finds "<ref> <verb> <value>" by scanning word boundaries for the first verb (no backtracking regex). */
function splitComparison(text: string): Comparison | null {
  const lower = text.toLowerCase();
  for (let index = 1; index < text.length; index++) {
    if (text[index - 1] !== " ") continue;
    for (const [phrase, verb] of VERBS) {
      if (!lower.startsWith(phrase, index)) continue;
      const after = text.slice(index + phrase.length);
      if (after !== "" && !after.startsWith(" ")) continue;
      const ref = text.slice(0, index).trim();
      if (!ref) continue;
      return { ref, verb, values: after.trim() ? [after.trim()] : [] };
    }
  }
  return null;
}

/** Top-level " and " / " or " outside quotes. */
function splitConnectives(text: string): { connective: "and" | "or" | null; part: string }[] {
  const parts: { connective: "and" | "or" | null; part: string }[] = [];
  let quote: string | null = null;
  let start = 0;
  let connective: "and" | "or" | null = null;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === quote || (quote === "“" && char === "”") || (quote === "‘" && char === "’")) quote = null;
      continue;
    }
    if ((char === "'" || char === '"' || char === "“" || char === "‘") && !/\w/.test(text[index - 1] ?? "")) {
      quote = char;
      continue;
    }
    const match = /^ (and|or) /i.exec(text.slice(index, index + 5));
    if (match) {
      parts.push({ connective, part: text.slice(start, index).trim() });
      connective = match[1].toLowerCase() as "and" | "or";
      start = index + match[0].length;
      index = start - 1;
    }
  }
  parts.push({ connective, part: text.slice(start).trim() });
  return parts.filter((entry) => entry.part);
}

/** A condition in the condition language from a phrase ("Q2 is No", "Q7 is over 17 and Q2 is Yes or Maybe"). */
export function conditionFromPhrase(document: TSurveyDocument, phrase: string): string {
  const text = phrase.trim().replace(/[?.!,]+$/, "");
  if (text.includes("{")) {
    try {
      return printCondition(parseCondition(text));
    } catch (error) {
      if (error instanceof ConditionSyntaxError) throw new GrammarError(`The condition “${text}” is not valid: ${error.message}.`);
      throw error;
    }
  }
  const comparisons: { join: "and" | "or" | null; comparison: Comparison }[] = [];
  for (const { connective, part } of splitConnectives(text)) {
    const comparison = splitComparison(part);
    if (comparison) comparisons.push({ join: connective, comparison });
    else if (comparisons.length > 0 && connective === "or") comparisons.at(-1)!.comparison.values.push(part);
    else throw new GrammarError(`I could not read the condition “${part}”: write it like “Q2 is No” or “Q7 is more than 17”.`);
  }
  let printed = "";
  for (const [index, { join, comparison }] of comparisons.entries()) {
    const condition = comparisonCondition(document, comparison);
    printed = index === 0 ? condition : `${printed} ${join ?? "and"} ${condition}`;
  }
  return printCondition(parseCondition(printed));
}

function comparisonCondition(document: TSurveyDocument, { ref, verb, values }: Comparison): string {
  const block = resolveQuestion(document, ref);
  const variable = `{${block.config.question!.variable}}`;
  if (verb === "empty" || verb === "notempty") return `${variable} ${verb}`;
  if (values.length === 0) throw new GrammarError(`The condition on ${block.config.question!.variable} needs a value.`);
  if (["<", "<=", ">", ">="].includes(verb) || (block.config.type === "number" || block.config.type === "rating" || block.config.type === "nps")) {
    const number = Number(stripQuotes(values[0]).replace(/\s*(?:years?(?: old)?|yrs?)$/i, ""));
    if (!Number.isFinite(number)) throw new GrammarError(`“${values[0]}” is not a number, and ${block.config.question!.variable} compares numbers.`);
    return `${variable} ${verb === "anyof" ? "=" : verb === "noneof" ? "!=" : verb} ${number}`;
  }
  if (!CHOICE_TYPES.has(block.config.type) && block.config.type !== "matrix") {
    const value = quoteCode(stripQuotes(values[0]));
    return verb === "!=" || verb === "noneof" ? `not (${variable} contains ${value})` : `${variable} contains ${value}`;
  }
  // "Q2 is Not at all": an option whose label starts with "not" reads as "is" + that label, not "is not" + the rest.
  if (verb === "!=" && values.length === 1) {
    try {
      codeOf(block, values[0]);
    } catch (error) {
      if (!(error instanceof GrammarError)) throw error;
      return `${variable} = ${quoteCode(codeOf(block, `not ${stripQuotes(values[0])}`))}`;
    }
  }
  const codes = values.map((value) => codeOf(block, value));
  if (codes.length === 1) return `${variable} ${verb === "noneof" ? "!=" : verb === "anyof" ? "=" : verb} ${quoteCode(codes[0])}`;
  const negative = verb === "!=" || verb === "noneof";
  return `${variable} ${negative ? "noneof" : "anyof"} [${codes.map(quoteCode).join(", ")}]`;
}

// ---------------------------------------------------------------- the requests

const Q = `(?:"[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’)`;

function nextCode(block: QuestionBlock): string {
  const codes = (block.config.question?.options ?? []).map((option) => Number(option.value)).filter((value) => Number.isInteger(value));
  return String(codes.length ? Math.max(...codes) + 1 : (block.config.question?.options?.length ?? 0) + 1);
}

/** "Prefer not to say", "None of these", "Don't know" answers exclude every other on a multiple-choice question. */
const NATURALLY_EXCLUSIVE = /^(?:prefer not to (?:say|answer)|none(?: of (?:these|the above|them))?|don[’']?t know|not sure|no answer|refused)$/i;

function targetsOf(document: TSurveyDocument, reference: string): QuestionBlock[] {
  if (/^(?:every|each|all(?: the| of the)?)\s+(?:choice\s+|closed\s+)?questions?$/i.test(reference.trim())) {
    return questions(document).filter((block) => CHOICE_TYPES.has(block.config.type));
  }
  return [resolveQuestion(document, reference)];
}

type Rule = (document: TSurveyDocument, match: RegExpExecArray) => TContentOperationInput[];

const RULES: [RegExp, Rule][] = [
  // every question optional / required
  [
    /^(?:make|set|mark)\s+(?:every|each|all(?: of)?(?: the)?)\s+questions?\s+(?:as\s+)?(optional|not required|required|mandatory)$/i,
    (document, match) => {
      const required = !/optional|not required/i.test(match[1]);
      const changed = questions(document).filter((block) => block.config.question!.required !== required);
      if (changed.length === 0) throw new GrammarError(`Every question is already ${required ? "required" : "optional"}.`);
      return changed.map((block) => ({ op: "update_block", block_id: block.id, required }));
    },
  ],
  // wording
  [
    new RegExp(`^(?:change|set|update|replace)\\s+(?:the\\s+)?(?:wording|text|question text)\\s+(?:of|for|in)\\s+(.+?)\\s+(?:to|with)\\s*:?\\s*(${Q})$`, "i"),
    (document, match) => [{ op: "update_block", block_id: resolveQuestion(document, match[1]).id, content: stripQuotes(match[2]) }],
  ],
  [
    new RegExp(`^(?:reword|rephrase|change|set)\\s+(.+?)(?:'s\\s+(?:wording|text))?\\s+(?:to|as)\\s*:?\\s*(${Q})$`, "i"),
    (document, match) => [{ op: "update_block", block_id: resolveQuestion(document, match[1]).id, content: stripQuotes(match[2]) }],
  ],
  // options
  [
    new RegExp(`^add\\s+(?:an?\\s+)?(?:(exclusive|other)\\s+)?(?:option|answer|choice)?\\s*(${Q})\\s*(?:(exclusive)\\s+)?(?:option|answer|choice)?(?:\\s+with\\s+(?:the\\s+)?code\\s+(\\S+))?\\s+(?:to|for|in|on)\\s+(.+?)(?:\\s+as\\s+(?:an?\\s+)?(exclusive|other)(?:\\s+(?:option|answer))?)?(?:\\s+with\\s+(?:the\\s+)?code\\s+(\\S+))?$`, "i"),
    (document, match) => {
      const label = stripQuotes(match[2]);
      const flags = [match[1], match[3], match[6]].filter(Boolean).map((flag) => flag.toLowerCase());
      const targets = targetsOf(document, match[5]);
      const operations: TContentOperationInput[] = [];
      for (const block of targets) {
        if (!CHOICE_TYPES.has(block.config.type)) throw new GrammarError(`${block.config.question!.variable} is a ${TYPE_NAMES[block.config.type]} question; it has no options to add to.`);
        if ((block.config.question?.options ?? []).some((option) => option.label.trim().toLowerCase() === label.trim().toLowerCase())) continue;
        const exclusive = flags.includes("exclusive") || (block.config.type === "multiple_choice" && NATURALLY_EXCLUSIVE.test(label.trim()));
        operations.push({
          op: "add_choice",
          block_id: block.id,
          list: "options",
          choice: { value: (match[4] ?? match[7]) ? stripQuotes(match[4] ?? match[7]) : nextCode(block), label, ...(exclusive ? { exclusive: true } : {}), ...(flags.includes("other") ? { other: true } : {}) },
        });
      }
      if (operations.length === 0) throw new GrammarError(`Every question named already has the option “${label}”.`);
      return operations;
    },
  ],
  [
    new RegExp(`^(?:remove|delete|drop)\\s+(?:the\\s+)?(?:option|answer|choice)?\\s*(${Q}|\\S+)\\s+(?:option\\s+|answer\\s+)?from\\s+(.+)$`, "i"),
    (document, match) => {
      const block = resolveQuestion(document, match[2]);
      return [{ op: "delete_choice", block_id: block.id, list: "options", value: codeOf(block, match[1]) }];
    },
  ],
  [
    new RegExp(`^(?:rename|relabel|change)\\s+(?:the\\s+)?(?:option|answer|choice)\\s+(${Q}|\\S+)\\s+(?:in|of|on|for)\\s+(.+?)\\s+(?:to|as)\\s+(${Q})$`, "i"),
    (document, match) => {
      const block = resolveQuestion(document, match[2]);
      return [{ op: "update_choice", block_id: block.id, list: "options", value: codeOf(block, match[1]), label: stripQuotes(match[3]) }];
    },
  ],
  [
    new RegExp(`^(?:rename|relabel|change)\\s+(?:the\\s+)?(?:option|answer|choice)\\s+(${Q}|\\S+)\\s+(?:to|as)\\s+(${Q})\\s+(?:in|of|on|for)\\s+(.+)$`, "i"),
    (document, match) => {
      const block = resolveQuestion(document, match[3]);
      return [{ op: "update_choice", block_id: block.id, list: "options", value: codeOf(block, match[1]), label: stripQuotes(match[2]) }];
    },
  ],
  [
    new RegExp(`^(?:make|mark|set)\\s+(?:the\\s+)?(?:option|answer|choice)?\\s*(${Q}|\\S+)\\s+(?:in|of|on|for)\\s+(.+?)\\s+(?:as\\s+)?(exclusive|not exclusive|non-exclusive)$`, "i"),
    (document, match) => {
      const block = resolveQuestion(document, match[2]);
      return [{ op: "update_choice", block_id: block.id, list: "options", value: codeOf(block, match[1]), exclusive: match[3].toLowerCase() === "exclusive" ? true : null }];
    },
  ],
  [
    new RegExp(`^move\\s+(?:the\\s+)?(?:option|answer|choice)\\s+(${Q}|\\S+)\\s+(?:in|of|on)\\s+(.+?)\\s+to\\s+(?:the\\s+)?(top|start|beginning|first|end|bottom|last|position\\s+\\d{1,4})$`, "i"),
    (document, match) => {
      const block = resolveQuestion(document, match[2]);
      const count = block.config.question?.options?.length ?? 0;
      const where = match[3].toLowerCase();
      const position = /top|start|beginning|first/.test(where) ? 0 : /end|bottom|last/.test(where) ? count - 1 : Math.max(0, Math.min(count - 1, Number(where.replace(/\D/g, "")) - 1));
      return [{ op: "move_choice", block_id: block.id, list: "options", value: codeOf(block, match[1]), position }];
    },
  ],
  [
    /^(randomi[sz]e|shuffle|rotate|(?:do not|don't|stop)\s+(?:randomi[sz]ing|randomi[sz]e|shuffl(?:e|ing)))\s+(?:the\s+)?(?:options|answers|choices|order of the options)\s+(?:of|in|for|on)\s+(.+)$/i,
    (document, match) => targetsOf(document, match[2]).map((block) => ({ op: "update_block", block_id: block.id, randomize: /^(?:do not|don't|stop)/i.test(match[1]) ? null : true })),
  ],
  // display and skip logic
  [
    /^(?:always\s+show|remove\s+the\s+(?:display\s+)?condition\s+(?:on|from|of))\s+(.+)$/i,
    (document, match) => [{ op: "set_show_if", block_id: resolveQuestion(document, match[1]).id, condition: null }],
  ],
  [
    /^(?:only\s+show|show|display|ask)\s+(.+?)\s+(?:only\s+)?(?:if|when)\s+(.+)$/i,
    (document, match) => [{ op: "set_show_if", block_id: resolveQuestion(document, match[1]).id, condition: conditionFromPhrase(document, match[2]) }],
  ],
  [
    /^(?:hide|skip)\s+(?!to\s)(.+?)\s+(if|when|unless)\s+(.+)$/i,
    (document, match) => {
      const condition = conditionFromPhrase(document, match[3]);
      return [{ op: "set_show_if", block_id: resolveQuestion(document, match[1]).id, condition: match[2].toLowerCase() === "unless" ? condition : printCondition(parseCondition(`not (${condition})`)) }];
    },
  ],
  [/^(?:skip|go|jump|continue|route)\s+(?:straight\s+)?to\s+(.+?)\s+(?:if|when)\s+(.+)$/i, (document, match) => skipTo(document, match[1], match[2])],
  [/^(?:if|when)\s+(.+?),?\s+(?:then\s+)?(?:skip|go|jump)\s+to\s+(.+)$/i, (document, match) => skipTo(document, match[2], match[1])],
  [
    /^(end\s+the\s+survey|complete\s+the\s+survey|finish\s+the\s+survey|terminate|screen\s+out|disqualify)(?:\s+(?:the\s+)?respondents?|\s+them)?\s+(?:if|when)\s+(.+)$/i,
    (document, match) => endIf(document, /^(?:end|complete|finish)/i.test(match[1]) ? "complete" : "disqualified", match[2]),
  ],
  [
    /^(?:if|when)\s+(.+?),?\s+(?:then\s+)?(end\s+the\s+survey|terminate|screen\s+(?:them\s+)?out|disqualify)(?:\s+(?:the\s+)?respondents?|\s+them)?$/i,
    (document, match) => endIf(document, /^end/i.test(match[2]) ? "complete" : "disqualified", match[1]),
  ],
  // pages and information screens
  [
    new RegExp(`^add\\s+(?:an?\\s+)?(?:information|info|intro(?:duction)?|text)\\s*(?:screen|block|text|page|message)?\\s*(?:saying|that says|with(?: the text)?|:)?\\s*(${Q})(?:\\s+(before|after)\\s+(.+))?$`, "i"),
    (document, match) => addInformation(document, stripQuotes(match[1]), match[2]?.toLowerCase() as "before" | "after" | undefined, match[3]),
  ],
  [
    new RegExp(`^add\\s+(?:an?\\s+)?(?:new\\s+)?page(?:\\s+(?:called|named|titled))?\\s+(${Q}|\\S+)(?:\\s+(before|after)\\s+(.+))?$`, "i"),
    (document, match) => {
      const position = match[2] ? pagePosition(document, match[2].toLowerCase() as "before" | "after", match[3]) : undefined;
      return [{ op: "add_page", name: stripQuotes(match[1]), ...(position !== undefined ? { position } : {}) }];
    },
  ],
  // questions as a whole
  [
    /^(?:rename|renumber)\s+(?:the\s+)?(?:variable\s+|question\s+)?(\S+)\s+(?:to|as)\s+([\p{L}\p{N}_-]+)$/iu,
    (document, match) => [{ op: "rename_variable", variable: resolveQuestion(document, match[1]).config.question!.variable, new_name: match[2] }],
  ],
  [
    /^(?:make|change|turn|convert|set)\s+(.+?)\s+(?:(?:in)?to\s+|as\s+)?(?:an?\s+)?(required|mandatory|optional|not required)$/i,
    (document, match) => [{ op: "update_block", block_id: resolveQuestion(document, match[1]).id, required: !/optional|not required/i.test(match[2]) }],
  ],
  [/^require\s+(?:an\s+answer\s+(?:to|for)\s+)?(.+)$/i, (document, match) => [{ op: "update_block", block_id: resolveQuestion(document, match[1]).id, required: true }]],
  [/^(?:delete|remove|drop)\s+(?:the\s+)?(?:question\s+)?(.+)$/i, (document, match) => [{ op: "delete_block", block_id: resolveQuestion(document, match[1]).id }]],
  [
    /^move\s+(.+?)\s+(before|after|above|below)\s+(.+)$/i,
    (document, match) => {
      const block = resolveQuestion(document, match[1]);
      const anchor = resolveQuestion(document, match[3]);
      const before = /before|above/i.test(match[2]);
      const siblings = anchor.page.blocks.filter((candidate) => candidate.id !== block.id);
      const index = siblings.findIndex((candidate) => candidate.id === anchor.id) + (before ? 0 : 1);
      return [{ op: "move_block", block_id: block.id, page_id: anchor.page.id, position: index }];
    },
  ],
  [
    /^move\s+(.+?)\s+to\s+(?:the\s+)?(?:end|bottom)(?:\s+of\s+(?:the\s+)?(?:survey|its page|the page))?$/i,
    (document, match) => {
      const block = resolveQuestion(document, match[1]);
      const last = questions(document).at(-1)!;
      const siblings = last.page.blocks.filter((candidate) => candidate.id !== block.id);
      return [{ op: "move_block", block_id: block.id, page_id: last.page.id, position: siblings.findIndex((candidate) => candidate.id === last.id) + 1 }];
    },
  ],
  [/^(?:duplicate|copy|clone)\s+(.+)$/i, (document, match) => [{ op: "duplicate_block", block_id: resolveQuestion(document, match[1]).id }]],
  // type (last: "make X Y" is the widest form)
  [
    /^(?:make|change|turn|convert|set|switch)\s+(.+)$/i,
    (document, match) => {
      const text = match[1];
      // Try each split point: the longest reference whose remainder names a type.
      const spaces = [...text.matchAll(/ /g)].map((space) => space.index);
      for (const at of spaces) {
        const type = typeOf(text.slice(at + 1));
        if (!type) continue;
        const reference = text.slice(0, at).replace(/(?:'s|\s+(?:the\s+)?type(?:\s+of)?)$/i, "").replace(/^(?:the\s+)?type\s+of\s+/i, "");
        const block = resolveQuestion(document, reference);
        if (block.config.type === type) throw new GrammarError(`${block.config.question!.variable} is already a ${TYPE_NAMES[type]} question.`);
        const options = block.config.question?.options ?? [];
        if (CHOICE_TYPES.has(type) && type !== "ranking" && options.length === 0 && !block.config.question?.columns?.length) {
          throw new GrammarError(`${block.config.question!.variable} has no options yet; add them first (“add 'Yes' to ${block.config.question!.variable}”).`);
        }
        return [{ op: "update_block", block_id: block.id, type }];
      }
      throw new NoRule();
    },
  ],
];

class NoRule extends Error {}

function pagePosition(document: TSurveyDocument, where: "before" | "after", reference: string): number {
  const page = resolvePage(document, reference);
  const index = document.pages.findIndex((candidate) => candidate.id === page.id);
  return where === "before" ? index : index + 1;
}

function skipTo(document: TSurveyDocument, target: string, phrase: string): TContentOperationInput[] {
  const condition = conditionFromPhrase(document, phrase);
  const source = sourcePage(document, condition);
  const targetPage = resolvePage(document, target);
  if (targetPage.id === source.id) throw new GrammarError("The target is on the same page as the question the condition asks about.");
  return [{ op: "add_rule", page_id: source.id, target_page_id: targetPage.id, condition, position: 0 }];
}

/** The page a rule belongs on: the page of the last question its condition names (in survey order). */
function sourcePage(document: TSurveyDocument, condition: string): TDocumentPage {
  const names = new Set([...condition.matchAll(/\{([^}.]+)/g)].map((match) => match[1].toLowerCase()));
  const named = questions(document).filter((block) => names.has(block.config.question!.variable.toLowerCase()));
  if (named.length === 0) throw new GrammarError("The condition names no question of this survey.");
  return named.at(-1)!.page;
}

function endIf(document: TSurveyDocument, status: "complete" | "disqualified", phrase: string): TContentOperationInput[] {
  const condition = conditionFromPhrase(document, phrase);
  const source = sourcePage(document, condition);
  const existing = document.pages.find((page) => page.assign_response_status === status);
  if (existing) return [{ op: "add_rule", page_id: source.id, target_page_id: existing.id, condition, position: 0 }];
  const id = randomUUID();
  const text = status === "complete" ? "Thank you for taking part." : "Thank you, that is all we need from you.";
  return [
    { op: "add_page", id, name: status === "complete" ? "End" : "Screened out", assign_response_status: status },
    { op: "add_block", page_id: id, type: "text", content: text },
    { op: "add_rule", page_id: source.id, target_page_id: id, condition, position: 0 },
  ];
}

function addInformation(document: TSurveyDocument, text: string, where: "before" | "after" | undefined, reference: string | undefined): TContentOperationInput[] {
  if (where && reference) {
    const anchor = resolveQuestion(document, reference);
    const index = anchor.page.blocks.findIndex((block) => block.id === anchor.id) + (where === "after" ? 1 : 0);
    return [{ op: "add_block", page_id: anchor.page.id, type: "text", content: text, position: index }];
  }
  // A screen of its own before the first page that ends the response (or at the end).
  const id = randomUUID();
  const ending = document.pages.findIndex((page) => page.assign_response_status);
  return [
    { op: "add_page", id, name: text.replace(/\s+/g, " ").slice(0, 40), ...(ending >= 0 ? { position: ending } : {}) },
    { op: "add_block", page_id: id, type: "text", content: text },
  ];
}

/** Reads one request into content operations (not yet applied), "undo", or why it is not understood. */
export function interpretRequest(document: TSurveyDocument, raw: string): Interpretation {
  const request = raw.trim().replace(/\s+/g, " ").replace(/^(?:please|can you|could you|kindly)\s+/i, "").replace(/[.!?]+$/, "").replace(/\s+please$/i, "");
  if (request.length > MAX_REQUEST) return { kind: "not_understood", request: raw, reason: `That request is longer than ${MAX_REQUEST} characters; split it into shorter ones.` };
  if (/^undo(?:\s+(?:that|the last (?:change|turn|edit)|it|my last change))?$/i.test(request)) return { kind: "undo", request: raw };
  for (const [pattern, rule] of RULES) {
    const match = pattern.exec(request);
    if (!match) continue;
    try {
      return { kind: "operations", request: raw, operations: rule(document, match) };
    } catch (error) {
      if (error instanceof NoRule) continue;
      if (error instanceof GrammarError) return { kind: "not_understood", request: raw, reason: error.message };
      throw error;
    }
  }
  return { kind: "not_understood", request: raw, reason: "I did not understand that request." };
}
