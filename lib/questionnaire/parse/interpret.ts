import { codeLegendColumns, statedAnswerColumns } from "./answer-lists";
import { programmerCondition } from "./programmer-conditions";
import { exclusionOf } from "./exclusions";
import { glyphArrowRoute } from "./glyph-arrow-routes";
import { asksForNumberInUnits, blankInUnits, currencyCaption, dateShapedBlank, numberFieldCaptions, unitBlankAnswer, withoutPlaceholders } from "./numeric-cues";
import type { IROption, QuestionType, Span } from "../ir";
import { bracketedTexts, withoutTrailingBrackets } from "../text-scan";
import { joinWrapped, type LogicalLine, type TableBlock, type TableCell } from "./lines";
import { answersBesideQuestion } from "./side-by-side-answers";
import { countColumns } from "./count-tables";
import { ratedItemTable } from "./rated-item-tables";
import { codedStatementRows } from "./coded-statement-tables";
import { answersAfterSeparator, type InlineAnswers, markedAnswersOnLine, markedScale, trailingAlternatives } from "./inline-answers";
import { anchoredScaleOnLine } from "./inline-answer-lines";
import { CUES, SENTENCE_CUES } from "./cue-lexicon";
import { CHECKBOX_MARKER, END_LINE, END_OF_FORM, ENTRY_INLINE, isEntryPrompt, GOTO_TARGET, GOTO_VERB, GRID_SPEC, HINT, inlineAnswerSegments, INTERVIEWER_HELP, splitSpecList, SCREEN_OUT_NOTE, TERMINATE_WORDS, isMostlyUpper, isProgrammingBracket, normalizeForMatch, parseOption, RADIO_MARKER, splitInlineOptions } from "./patterns";
import type { BodyPart, LogicText, RawQuestion } from "./segment";
import { type ListPlace, listLevelGridSplit, nestedAnswerGrid } from "./list-level-grids";
import { VOLUNTEERED_LABEL } from "./volunteered-codes";
import { routedAnswer } from "./routed-answers";
import { hasYesNoAnswer, markBoxGroupLabels } from "./task-lists";

/**
 * Interpretation: from the lines that make up one question to its wording, options, grid, type, ranges,
 * instructions and notes. Routing written on options is kept on the option (`routeText`), display logic
 * and routing written on the question are returned as logic texts for the resolver.
 */

export interface Annotation {
  kind: "note" | "logic" | "instruction" | "option";
  text: string;
  role?: LogicText["role"];
  span: Span;
}

const INSTRUCTION_PAREN =
  /^(?:please\s+)?(?:select|choose|tick|check|mark|circle|pick|rate|rank)\b|all that apply|one answer|single|multi|multiple|open(?:[- ]?end(?:ed)?)?\b|read out|read (?:the )?(?:list|answers|choices|options|categories|responses)\b|do not read|don'?t read|probe|don'?t aid|specify a number|conditional|跳|选|skip|go to|\bsr\b|\bmr\b|one per row|each row|please specify below|in order of/i;

const ROUTE_IN_TEXT = {
  test: (text: string) =>
    /\b(?:skip|go|jump|proceed|continue|move)\s+(?:on\s+)?to\b|(?:→|->|=>)\s*(?:Q\s*\d|[A-Z]{1,4}\d|問\d|question\b|page\b|section\b|end\b|terminate\b)|跳至|跳到|跳转|跳过第|进入第\s*\d|转到第?\s*\d|转至?\s*(?:Q\s*|第\s*)\d|\bterminate\b|\bscreen ?out\b|\bdisqualif|\bthank (?:and|&) (?:terminate|close|end)|\bclose (?:the )?interview\b|\b(?:end|exit) (?:the )?(?:survey|interview|questionnaire)\b|no need to answer|do not (?:need to )?answer/i.test(text) ||
    TERMINATE_WORDS.test(text) ||
    END_OF_FORM.test(text) ||
    // `(?![a-z0-9_])` where `\b` was: a verb may end in "à" ("passez à"), after which `\b` never holds.
    new RegExp(String.raw`\b${GOTO_VERB}(?![a-z0-9_])`, "i").test(text),
};

function shift(spanStart: number, text: string, fragment: string): Span {
  const at = text.indexOf(fragment);
  return at < 0 ? { start: spanStart, end: spanStart + text.length } : { start: spanStart + at, end: spanStart + at + fragment.length };
}

/**
 * "1.1 == \"No\"", "if Q4 != 2", "S3 >= 18": a comparison of a question id with a value (a bare number before "="
 * is a scale legend, "(1 = poor)", not a condition).
 */
const COMPARISON =
  /^(?:if\s+)?(?:[A-Za-z]{1,4}\.?\d{1,3}(?:[._]\d{1,3}){0,3}[a-z]?\s*(?:==|!=|=|≠|<>|<=|>=|<|>)|\d{1,3}(?:\.\d{1,3}){1,3}[a-z]?\s*(?:==|!=|=|≠|<>)|\d{1,3}\s*(?:==|!=))\s*\S/i;

/**
 * Comparisons in parentheses, alone or joined by "or"/"and" ("(1.1 == \"Yes\") or (1.1.1 == \"Yes\")"): one display
 * condition, taken out of the wording. Returns the text without them.
 */
function comparisonChains(clean: string, start: number, text: string, annotations: Annotation[], chained: Set<string>): string {
  const chains: { pieces: string[]; joins: string[]; from: number; to: number }[] = [];
  for (const match of clean.matchAll(/\(([^()]{1,120})\)/g)) {
    const inner = match[1].trim();
    if (!COMPARISON.test(inner)) continue;
    chained.add(match[0]);
    const last = chains.at(-1);
    const between = last ? /^\s+(or|and)\s+$/i.exec(clean.slice(last.to, match.index)) : null;
    const piece = inner.replace(/^if\s+/i, "");
    if (last && between) {
      last.pieces.push(piece);
      last.joins.push(between[1].toLowerCase());
      last.to = match.index + match[0].length;
    } else chains.push({ pieces: [piece], joins: [], from: match.index, to: match.index + match[0].length });
  }
  for (const chain of chains.reverse()) {
    const written = clean.slice(chain.from, chain.to);
    const condition = chain.pieces.map((piece, index) => (index ? `${chain.joins[index - 1]} ${piece}` : piece)).join(" ");
    annotations.push({ kind: "logic", text: condition, role: "display", span: shift(start, text, written) });
    clean = `${clean.slice(0, chain.from)} ${clean.slice(chain.to)}`;
  }
  return clean;
}

/**
 * "[PARENTS ONLY]", "[Condition 2 only]": the group a question is for — not an instruction about answering
 * ("[SINGLE CODE ONLY]", "[READ OUT ONLY]", "[ONE ANSWER ONLY]").
 */
const GROUP_ONLY = {
  test: (inner: string) =>
    /^[A-Za-z][A-Za-z0-9 '’/&-]{2,40}\s+only$/i.test(inner) &&
    !/\b(?:code|codes|coded|read|rotate|randomi[sz]e|single|multi|multiple|select|answer|answers|response|responses|mention|card|interviewer|numeric|number|numbers|digits?|open|text|one|once|first|web|online|phone|cati|cawi|capi|show|display|this|use)\b/i.test(inner),
};

/**
 * An instruction after an ellipsis or a dash at the end of a text, before any tags in brackets ("……转Q13* 【多选题】"):
 * where the text before it ends, the instruction, and the tags. Scanned from the end (a pattern anchored there would
 * rescan every run of dots).
 */
function trailingInstruction(text: string): { end: number; instruction: string; tail: string } | null {
  let bodyEnd = text.length;
  for (let guard = 0; guard < 4; guard++) {
    let kept = bodyEnd;
    while (kept > 0 && (text[kept - 1] === "*" || /\s/.test(text[kept - 1]))) kept--;
    const trimmed = text.slice(0, kept);
    const close = trimmed.at(-1);
    if (close !== "]" && close !== "】") {
      bodyEnd = trimmed.length;
      break;
    }
    const open = Math.max(trimmed.lastIndexOf("["), trimmed.lastIndexOf("【"));
    if (open < 0 || trimmed.length - open > 18) {
      bodyEnd = trimmed.length;
      break;
    }
    bodyEnd = open;
  }
  const body = text.slice(0, bodyEnd);
  const cut = Math.max(body.lastIndexOf("…"), body.lastIndexOf("—"), body.lastIndexOf("..."), body.lastIndexOf(" --"));
  if (cut < 0) return null;
  const marker = body.startsWith("...", cut) ? 3 : body.startsWith(" --", cut) ? 3 : 1;
  const instruction = body.slice(cut + marker).replace(/^[.\s]+/, "").trim();
  if (instruction.length < 2 || instruction.length > 40 || instruction.includes("\n")) return null;
  let end = cut;
  while (end > 0 && /[…—.\s-]/.test(body[end - 1])) end--;
  return { end, instruction, tail: text.slice(bodyEnd) };
}

/** Bare interviewer codes typed after the wording; the first is read in any case, those after a question mark in capitals only. */
const TRAILING_CODE_NOTE = /(?<!\s)\s+(SINGLE CODE|MULTI(?:PLE)? CODE|READ OUT|OPEN[- ]END(?:ED)?|(?:PULL|DROP)[- ]?DOWN(?: LIST| MENU)?|DO NOT (?:READ(?: OUT)?|PROMPT|ASK)|SHOW CARD [A-Z0-9]{1,3}|(?:SINGLE|MULTIPLE) RESPONSE|CODE ALL THAT APPLY|PROBE FULLY)\.?\s*$/;
const TRAILING_CODE_NOTE_ANY_CASE = new RegExp(TRAILING_CODE_NOTE.source, "i");

/** Pulls programmer notes in brackets and instruction/routing parentheticals out of a piece of text. */
export function extractAnnotations(text: string, start: number): { clean: string; annotations: Annotation[] } {
  const annotations: Annotation[] = [];
  let clean = text;
  // "Range [0-50]" / "[1-30]": the allowed numbers.
  for (const match of text.matchAll(/(?:\brange\s*(?::\s*)?)?\[\s*(-?\d+)\s*[-–]\s*(-?\d+)\s*\]/gi)) {
    annotations.push({ kind: "note", text: `Range [${match[1]}-${match[2]}]`, span: shift(start, text, match[0]) });
    clean = clean.replace(match[0], " ");
  }
  for (const match of clean.matchAll(/\[([^[\]]{1,600})\]/g)) {
    const inner = match[1].trim();
    if (!inner || /^\s*$/.test(inner)) continue;
    // "How old are you? [17 or younger, 18 to 24, …]": the answers, listed in brackets after the question.
    const isLast = !text.slice(match.index! + match[0].length).trim();
    if (isLast && /[?？:]/.test(text.slice(0, match.index)) && inner.split(",").length >= 2 && !isProgrammingBracket(inner)) {
      const span = shift(start, text, match[0]);
      for (const piece of inner.split(/(?:(?<!\s)\s*|(?<=\s)),\s*/).filter(Boolean)) annotations.push({ kind: "option", text: piece, span });
      clean = clean.replace(match[0], " ");
      continue;
    }
    const isProgramming = isProgrammingBracket(inner) || /^\d+\s*[-–]\s*\d+$/.test(inner) || SCREEN_OUT_NOTE.test(inner);
    if (!isProgramming) continue;
    const span = shift(start, text, match[0]);
    const programmed = programmerCondition(inner);
    if (programmed) annotations.push({ kind: "logic", text: programmed, role: "display", span });
    else if (ROUTE_IN_TEXT.test(inner) || SCREEN_OUT_NOTE.test(inner)) annotations.push({ kind: "logic", text: inner, role: "route", span });
    else if (
      (/^(?:show|ask|display)\b.*\b(?:if|to|for|only)\b|^among\b|^only (?:if|show|ask)|^base\b|^(?:if|when|only if)\s+\S/i.test(inner) && !/^show (?:all|concept|hyperlink)/i.test(inner) && !INTERVIEWER_HELP.test(inner)) ||
      GROUP_ONLY.test(inner) ||
      exclusionOf(inner) !== null
    ) {
      // A bracketed condition in front of or after the wording ('[If "Other" selected]'): display logic, kept.
      annotations.push({ kind: "logic", text: inner, role: "display", span });
    } else annotations.push({ kind: "note", text: inner, span });
    // A colon right after the brackets ("[If … from above]: In which …") ends the annotation, not the wording.
    const at = clean.indexOf(match[0]);
    clean = at >= 0 ? `${clean.slice(0, at)} ${clean.slice(at + match[0].length).replace(/^\s*[:：](?=\s)/, "")}` : clean;
  }
  const chained = new Set<string>();
  clean = comparisonChains(clean, start, text, annotations, chained);
  for (const match of text.matchAll(/[(（]([^()（）]{1,200})[)）]/g)) {
    const inner = match[1].trim();
    if (/^\d{1,3}$/.test(inner) || chained.has(match[0])) continue;
    const span = shift(start, text, match[0]);
    if (/^(?:ask|show|display)\s+(?:to\s+)?all\b|^base\s*(?:[:=]\s*)?all\b/i.test(inner)) {
      annotations.push({ kind: "note", text: inner, span });
      clean = clean.replace(match[0], " ");
      continue;
    }
    if (/^(?:ask|show|display)\s+(?:only\s+)?(?:if|when|to|for)\b/i.test(inner) && !ROUTE_IN_TEXT.test(inner)) {
      annotations.push({ kind: "logic", text: inner, role: "display", span });
      clean = clean.replace(match[0], " ");
      continue;
    }
    if ((/conditional on|only if|^if\b/i.test(inner) || CODED_IF.test(inner)) && !ROUTE_IN_TEXT.test(inner)) {
      annotations.push({ kind: "logic", text: inner, role: "display", span });
      clean = clean.replace(match[0], " ");
      const rest = inner.replace(/(?:,|(?<![\s,]))\s*conditional on.*$/i, "").trim();
      if (rest) annotations.push({ kind: "instruction", text: rest, span });
    } else if (ROUTE_IN_TEXT.test(inner) || SCREEN_OUT_NOTE.test(inner) || END_LINE.test(inner)) {
      // "Non (fin)", "Nein (Ende)": the end of the questionnaire named alone in brackets after an answer.
      annotations.push({ kind: "logic", text: inner, role: "route", span });
      clean = clean.replace(match[0], " ");
    } else if (INSTRUCTION_PAREN.test(inner) && inner.length < 160) {
      annotations.push({ kind: "instruction", text: inner, span });
      clean = clean.replace(match[0], " ");
    }
  }
  // "Wording……转Q13* [多选题]", "Wording … skip to Q13": a routing instruction set off by an ellipsis or a dash at the
  // end of the wording (before any answer-type tags), not part of what is asked.
  const trailingRoute = trailingInstruction(clean);
  if (trailingRoute && ROUTE_IN_TEXT.test(trailingRoute.instruction)) {
    annotations.push({ kind: "logic", text: trailingRoute.instruction, role: "route", span: shift(start, text, trailingRoute.instruction) });
    clean = `${clean.slice(0, trailingRoute.end)} ${trailingRoute.tail}`;
  }
  // Bare interviewer codes typed after the wording ("... tried this sample? SINGLE CODE").
  // …also several, in capitals, after a question mark ("…live? PULL DOWN LIST", "…staff? SHOW CARD A. SINGLE RESPONSE.").
  for (let guard = 0; guard < 4; guard++) {
    const before = clean;
    clean = clean.replace(guard === 0 ? TRAILING_CODE_NOTE_ANY_CASE : TRAILING_CODE_NOTE, (whole, word: string) => {
      annotations.push({ kind: "instruction", text: word, span: shift(start, text, word) });
      return " ";
    });
    if (clean === before || !/[?？]\s*\S/.test(clean)) break;
  }
  clean = clean.replace(/(?<!\s)\s+PROBE\s*:.*$/i, (whole) => {
    annotations.push({ kind: "note", text: whole.trim(), span: shift(start, text, whole.trim()) });
    return " ";
  });
  return { clean: clean.replace(/\s{2,}/g, " ").replace(/(?<!\s)\s+([?.,:;!])/g, "$1").trim(), annotations };
}

// ------------------------------------------------------------------------------------------ options

const NONE_LIKE =
  /^(?:none(?: of (?:the|these|those)(?: above)?)?|no(?:ne)? (?:other|brand|one)|no \p{L}+$|nothing|neither|not applicable|n\/?a|i don'?t know|don'?t know|do not know|not sure|can'?t say|prefer not to (?:say|answer)|rather not say|no answer|refused|refuse to (?:say|answer)|declined(?: to (?:say|answer))?|never witnessed|i did not\b|did not|we have not|i have not|ningun[oa]|nada|no sabe|ns\/nc|keine?[rs]?\b|nichts|wei(?:ß|ss) nicht|aucun(?:e)?|rien|ne sait pas|je ne sais pas|nenhum(?:a)?|não sei|nao sei)\b|^(?:无|都不|不知道|以上都不|特にない|わからない|該当なし)/iu;
/** "Sans opinion", "No contesta", "Keine Angabe", "Não sei", "Non so": the other languages' answers (cue lexicon). */
const NONE_LIKE_OTHER_LANGUAGES = new RegExp(`^(?:${CUES.noneOrDontKnow})(?![a-zà-öø-ÿ])`, "i");
const OTHER_WORD = new RegExp(String.raw`\b(?:other|others|${CUES.other})\b|其他|其它|その他`, "i");
const SPECIFY_WORD = new RegExp(String.raw`specify|describe|write|record|please|preciser|specificare|${CUES.specify}|注明|说明|具体的|記入|_{2,}|:`, "i");
const OTHER_LIKE = {
  test: (text: string) =>
    (OTHER_WORD.test(text) && SPECIFY_WORD.test(text.slice(text.search(OTHER_WORD)))) ||
    /\(?please specify\)?|\bspecify\b|\bespecifi(?:car|que)\b|\bpréciser\b|bitte angeben|请注明|_{3,}|<open>|\((?:open|free)[- ]?(?:response|text|answer|form|end(?:ed)?)\)|\bwrite[- ]in\b/i.test(text),
};

interface OptionDraft {
  label: string;
  code?: string;
  exclusive?: boolean;
  marker?: string;
  routeText?: string;
  /** The answer a route typed after the label names ("Not sure  If No go to Q3"): "No". */
  routeWhen?: string;
  /** Item-level display logic written on the answer or row ("Car [ASK IF Q1 = 1]"): resolved with the question's logic. */
  showIf?: { text: string; span: Span };
  notes: string[];
  span: Span;
  header?: boolean;
  entryOnly?: boolean;
  withEntry?: boolean;
  /** Codes printed in columns after the label ("Price   1   2   3"): a row of a paper grid. */
  gridCodes?: string[];
  /** The Word list place of the answer line (list-level-grids.ts). */
  listPlace?: ListPlace;
}

/** Bracketed alternatives as inline answers (coded in order). */
function bracketedAnswers(found: { question: string; answers: string[] } | null): InlineAnswers | null {
  return found ? { question: found.question, answers: found.answers.map((label, index) => ({ code: String(index + 1), label })) } : null;
}

/** "Use scale: Using, Planning to use, Not using", "Response scale: Never; Sometimes; Often": a scale given by its labels. */
function scaleLabels(text: string): string[] | null {
  const match = /^[*_\s]*(?:use |response |rating |answer )?scale\s*[:：]\s*(.+?)[*_\s]*$/i.exec(text);
  if (!match || /=/.test(match[1])) return null;
  const labels = match[1].split(/[,;|]/).map((label) => label.trim()).filter(Boolean);
  return labels.length >= 2 && labels.every((label) => label.length <= 60) ? labels : null;
}

/** "(jika 406 berkode 1)", "(si P5 = 2)": a bracket opened by an if-word of any lexicon language that names a number (a code, a question). */
const CODED_IF = new RegExp(String.raw`^(?:${SENTENCE_CUES.ifWord})\s+[^\d()]{0,40}\d`, "i");

const BRACKETED_NOTE = /^[([][^()[\]]{1,60}[)\]]$/;

/**
 * "What is your gender? ☐ Male ☐ Female": answers in boxes on the question's own line. Boxes typed as empty square
 * brackets ("性别： [ ] 男 [ ] 女", "Gender: [ ] Male [ ] Female") are boxes too; a full-width colon ends the wording.
 */
function splitBoxedAnswers(written: string): { wording: string; answers: string[] } | null {
  const text = (written.match(/\[ ?\]/g) ?? []).length >= 2 ? written.replace(/\[ ?\](?= ?\S)/g, "☐") : written;
  if ((text.match(/[☐□▢◻❑○◯⚪]/g) ?? []).length < 2) return null;
  const firstGlyph = text.search(/[☐□▢◻❑○◯⚪]/);
  const head = text.slice(0, firstGlyph);
  const end = Math.max(head.lastIndexOf("?"), head.lastIndexOf("？"), head.lastIndexOf(":"), head.lastIndexOf("："));
  if (end < 0) return null;
  // "Your employer: (Single choice) ○ Contractor ○ Design firm": a bracketed note on how to answer may sit
  // between the wording and the first box; it stays with the wording (it tells single from multiple choice).
  if (BRACKETED_NOTE.test(text.slice(end + 1, firstGlyph).trim())) {
    const boxed = splitInlineOptions(text.slice(firstGlyph).trim(), false);
    if (boxed && boxed.length >= 2) return { wording: head.trim(), answers: boxed };
  }
  const answers = splitInlineOptions(text.slice(end + 1).trim(), false);
  if (answers && answers.length >= 2) return { wording: text.slice(0, end + 1).trim(), answers };
  // "« … participer ? » ☐ Oui ☐ Non", "… acheté ? Hors boissons chaudes. ☐ Oui ☐ Non": a closing quote or a remark
  // after the question mark; the boxes, each before its label, still run from the first one to the line's end.
  const fromFirstBox = splitInlineOptions(text.slice(firstGlyph).trim(), false);
  return fromFirstBox && fromFirstBox.length >= 2 ? { wording: head.trim(), answers: fromFirstBox } : null;
}

const ANSWERING_HELP = new RegExp(String.raw`^(?:${CUES.answeringHelp})`, "i");

/** An answer line that is help on how to answer (cue lexicon ANSWERING_HELP): no code or box, five words or more. */
function answeringHelp(draft: OptionDraft): boolean {
  return draft.code === undefined && draft.marker === undefined && draft.label.trim().split(/\s+/).length >= 5 && ANSWERING_HELP.test(draft.label.trim());
}

/** The answer boxes a first answer may carry at the end of the wording line (firstAnswerOnWordingLine). */
const ANSWER_BOX = /[☐□▢◻❑○◯⚪]/g;

/**
 * "12. Skin conditions — eczema   ☐ 0 Absent" over "☐ 1 Recent", "☐ 9 Unknown": a form that sets its answers in a
 * column beside the wording prints the first answer on the wording's line. One box on the line, the same box as the
 * answers listed under it, a short label after it: that tail is the first answer, not wording.
 */
function firstAnswerOnWordingLine(text: string, markerBelow: string | undefined): { wording: string; answer: string } | null {
  const boxes = [...text.matchAll(ANSWER_BOX)];
  if (boxes.length !== 1 || !markerBelow || boxes[0][0] !== markerBelow) return null;
  const at = boxes[0].index!;
  const wording = text.slice(0, at).trim();
  const answer = text.slice(at).trim();
  if (wording.length < 3 || answer.length < 3 || answer.split(/\s+/).length > 8) return null;
  return { wording, answer };
}

/**
 * An instruction without the bracket around it ("(Select all that apply)", "[READ LIST"): the closing bracket goes
 * only when it closes that opening one or has no opening of its own, so "Columns: Yes | No | Refused (VOL)" keeps
 * its last label whole.
 */
function withoutEnclosingBracket(text: string): string {
  const opened = text.replace(/^[([]\s*/, "");
  const count = (pattern: RegExp) => (opened.match(pattern) ?? []).length;
  const unbalanced = count(/\)/g) > count(/\(/g) || count(/\]/g) > count(/\[/g);
  return opened !== text || unbalanced ? opened.replace(/(?:(?<!\s)\s*|(?<=\s))[)\]]$/, "") : opened;
}

/** "[1] 1=Poor": the code written again before the label (one pattern per code, kept). */
const codeTwicePatterns = new Map<string, RegExp>();
function codeTwice(draft: { code: string }): RegExp {
  let pattern = codeTwicePatterns.get(draft.code);
  if (!pattern) {
    if (codeTwicePatterns.size >= 500) codeTwicePatterns.clear();
    codeTwicePatterns.set(draft.code, (pattern = new RegExp(`^${draft.code}\\s*[=.:)]\\s*`)));
  }
  return pattern;
}

/** "… go to Q7" closing an answer's label in the lexicon's words (built once: it is the same for every answer). */
const GOTO_TAIL = new RegExp(String.raw`(?<!\s)\s*(?:[-–—:,]\s*)?(${GOTO_VERB}\s+${GOTO_TARGET}\.?)$`, "i");

function draftOption(text: string, start: number, parsed = parseOption(text)): OptionDraft {
  const { clean, annotations } = extractAnnotations(parsed.label, start + Math.max(0, text.indexOf(parsed.label)));
  const draft: OptionDraft = {
    label: clean,
    code: parsed.code,
    exclusive: parsed.exclusive,
    marker: parsed.marker,
    notes: [],
    span: { start, end: start + text.length },
  };
  // "Other (open response)", "Other (write-in)": an answer that asks for text.
  if (OTHER_WORD.test(text) && /\((?:open|free)[- ]?(?:response|text|answer|form|end(?:ed)?)\)|\bwrite[- ]in\b/i.test(text)) draft.notes.push("specify");
  for (const annotation of annotations) {
    if (annotation.kind === "logic" && annotation.role === "route") draft.routeText = annotation.text;
    else if (annotation.kind === "logic" && annotation.role === "display" && !draft.showIf) draft.showIf = { text: annotation.text, span: annotation.span };
    else if (annotation.kind === "option") draft.label = `${draft.label} [${annotation.text}]`;
    else draft.notes.push(annotation.text);
  }
  // "Yes: Continue" / "No: End Survey": the label, then where the answer leads.
  const routed = draft.routeText ? null : routedAnswer(draft.label);
  if (routed) {
    draft.label = routed.label;
    if (routed.goesOn) draft.notes.push(routed.directive);
    else draft.routeText = routed.directive;
  }
  // "Yes (no need to answer the 8th question)" style routing typed as part of the label.
  if (!draft.routeText && !routed) {
    const routeTail =
      /(?<!\s)\s*(?:[-–—:,]\s*)?((?:→|->|=>)\s*\S.*|(?:skip|go|jump|continue)\s+to\s+(?:(?:the\s+)?next\s+(?:section|part|module|block)|(?:(?:Q|question|page|section|end)\s*)?[\w.-]+)\.?)(?:\s+(?:on\s+)?(?:the\s+)?(?:next\s+page|overleaf))?$/i.exec(draft.label) ??
      GOTO_TAIL.exec(draft.label) ??
      // Screen-outs typed in capitals after the label ("Less often   4   THANK AND END").
      /(?<!\s)\s+((?:THANK (?:AND|&) (?:END|TERMINATE|CLOSE)|TERMINATE|SCREEN ?OUT|CLOSE(?: THE)? INTERVIEW|END (?:OF )?(?:THE )?(?:INTERVIEW|SURVEY))\b[^a-z]*)$/.exec(draft.label);
    // "Yes ..... ☐ ◆ Question 9!": a dingbat arrow (or a drawn one, gone from the text) before the target.
    const glyphRoute = routeTail ? null : glyphArrowRoute(draft.label);
    if (glyphRoute) {
      draft.routeText = glyphRoute.route;
      draft.label = draft.label.slice(0, glyphRoute.index).replace(/(?<![\s.,;:–—-])[\s.,;:–—-]+$/, "").trim();
    }
    if (routeTail) {
      draft.routeText = routeTail[1];
      // "No - if no, go to question 7" / "No. If no, go to question 8.": the condition repeats the answer — or names
      // a sibling printed on the same line ("3. Not sure  If No go to Q3", "If 1 go to …"), which finishOptions binds.
      const head = draft.label.slice(0, routeTail.index);
      const when = /(?<![\s.,;:–—-])[\s.,;:–—-]*\b(?:if|si|wenn|se)\s+([\p{L}\p{N}'’ ]{1,20}?),?\s*$/iu.exec(head);
      if (when) draft.routeWhen = when[1].trim();
      draft.label = (when ? head.slice(0, when.index) : head).replace(/(?<![\s.,;:–—-])[\s.,;:–—-]+$/, "").trim();
    }
  }
  // "25-39          CONTINUE", "55 or older   CONTINUE - CHECK QUOTA": the screener's side column says the person
  // goes on (the default, no route) and may carry a quota note; set apart by a wide gap or after lower-case wording.
  // In capitals only after wording that is not itself in capitals ("YES, CONTINUE" is an answer).
  const carryOn = /\s(CONTINUE\b[^a-z]{0,60})$/.exec(draft.label);
  const before = carryOn ? draft.label.slice(0, carryOn.index).trim() : "";
  const printedAt = carryOn ? text.search(/CONTINUE\b[^a-z]{0,60}$/) : -1;
  const wideGap = printedAt >= 2 && /^\s\s$/.test(text.slice(printedAt - 2, printedAt));
  if (carryOn && before && (wideGap || /\p{Ll}/u.test(before) || !/\p{Lu}{2}/u.test(before))) {
    draft.notes.push(carryOn[1].trim());
    draft.label = draft.label.slice(0, carryOn.index).trim();
  }
  // A code written twice ("[1] 1=Poor").
  if (draft.code) draft.label = draft.label.replace(codeTwice({ code: draft.code }), "").trim();
  const labelCode = /^(\d{1,3})\s*=\s*(\S.*)$/.exec(draft.label);
  if (labelCode && !draft.code) {
    draft.code = labelCode[1];
    draft.label = labelCode[2];
  }
  if (/^[_\s.…]*$/.test(draft.label) && /_{2,}/.test(text)) draft.entryOnly = true;
  // "Other:" followed by a text field in form printouts.
  if (/^(?:other|others)\b[^:]{0,30}:\s*$/i.test(parsed.label.trim()) || (OTHER_WORD.test(parsed.label) && /_{2,}|[:：]\s*$/.test(parsed.label))) draft.notes.push("specify");
  draft.label = draft.label.replace(/(?<![\s_])\s*_{2,}.*$/, "").replace(/(?<![\s:])[\s:]+$/, "").trim() || draft.label.trim();
  return draft;
}

/**
 * A route typed after the last answer of a run whose condition names another answer of the run ("1. Yes 2. No
 * 3. Not sure  If No go to Q5") belongs to the answer it names, by label or by printed code.
 */
function moveNamedRoutes(drafts: OptionDraft[]): void {
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  for (const draft of drafts) {
    if (!draft.routeWhen || !draft.routeText) continue;
    const named = key(draft.routeWhen);
    if (named === key(draft.label) || named === draft.code) continue;
    const owners = drafts.filter((other) => other !== draft && !other.routeText && (key(other.label) === named || other.code === named));
    if (owners.length !== 1) continue;
    owners[0].routeText = draft.routeText;
    draft.routeText = undefined;
  }
}

function finishOptions(drafts: OptionDraft[], multi: boolean): IROption[] {
  moveNamedRoutes(drafts);
  const selectable = drafts.filter((draft) => !draft.header && !draft.entryOnly);
  const printed = selectable.map((draft) => draft.code).filter((code): code is string => code !== undefined);
  // Printed codes are kept when most answers have one and none repeats; the rest get free numbers.
  const usePrinted = printed.length > 0 && printed.length >= selectable.length / 2 && new Set(printed).size === printed.length;
  const used = new Set(usePrinted ? printed : []);
  let next = 1;
  const freeCode = (preferred: number) => {
    if (!used.has(String(preferred))) return String(preferred);
    while (used.has(String(next))) next++;
    return String(next);
  };
  return selectable.map((draft, index) => {
    const notes = draft.notes.join("; ");
    const keep = usePrinted && draft.code !== undefined;
    const code = keep ? String(draft.code) : freeCode(index + 1);
    used.add(code);
    const option: IROption = { code, label: draft.label, codePrinted: keep, span: draft.span };
    if (draft.exclusive || /exclusive/i.test(notes) || (multi && (NONE_LIKE.test(draft.label) || NONE_LIKE_OTHER_LANGUAGES.test(draft.label)))) option.exclusive = true;
    if (OTHER_LIKE.test(`${draft.label} ${draft.notes.join(" ")}`) && (OTHER_WORD.test(`${draft.label} ${notes}`) || /specify|describe|write|_{2,}|especifi|précis|angeben|注明/i.test(`${draft.label} ${notes}`))) option.other = true;
    if (/anchor|do not randomi[sz]e|fix(?:ed)? (?:at|to) (?:the )?(?:bottom|end|top)/i.test(notes)) option.anchor = true;
    const quota = draft.notes.find((note) => /quota/i.test(note));
    if (quota) option.quota = quota;
    if (draft.routeText) option.routeText = draft.routeText;
    if (draft.showIf) option.showIf = { text: draft.showIf.text, span: draft.showIf.span };
    return option;
  });
}

// ------------------------------------------------------------------------------------------ tables

type TableReading =
  | { kind: "grid"; rows: OptionDraft[]; columns: OptionDraft[]; rowNotes: string[] }
  | { kind: "options"; options: OptionDraft[]; open?: boolean; dropdownRows?: OptionDraft[] }
  | { kind: "numeric-fields"; rows: OptionDraft[]; range?: [number, number] }
  | { kind: "single-row"; options: OptionDraft[]; rowLabel: string }
  | { kind: "rows-only"; rows: OptionDraft[] };

const CODE_CELL = /^(?:\d{1,3}|<\s*open\s*>|<\s*pull ?down\s*>|etc\.?)$/i;
/** A paper form prints the box to tick beside the answer's code ("☐ 1", "□ 9"): the cell is still the code. */
const BOX_BEFORE_CODE = /^[☐□▢◻❑○◯⚪]\s*(?=\d{1,3}$)/;
/** The heading of an answer table's code column: "Code", "Value", and in Chinese, Japanese or Korean "选项值" ("option value"), "编码", "コード", "値", "코드", "값". */
const HEADER_WORD = /^(?:codes?|punch(?:es)?|values?|code no\.?|#|(?:选项|選項|选择|選擇)?(?:值|编号|編號|编码|編碼|代码|代碼|赋值|賦值)|選択肢番号|コード|番号|値|코드|값|번호)$/i;

function cellOf(row: (TableCell | undefined)[] | undefined, col: number): TableCell | undefined {
  return row ? row[col] : undefined;
}

const ROUTE_CELL = /^(?:continue|terminate|thank (?:and|&) (?:terminate|close|end)|close|end(?: survey)?|screen ?out|(?:go|skip|jump)(?: to)?\s+\S+|→\s*\S+|->\s*\S+)\.?$/i;

const INSTRUCTION_CELL = /^(?:(?:exclusive|anchor(?:ed)?|fix(?:ed)?(?: position)?|specify|open|do not (?:randomi[sz]e|rotate)|terminate|continue|close|end|thank (?:and|&) (?:terminate|end|close)|(?:go|skip|jump) to (?=(\S+))\1)[.;,]?\s*)+$/i;

/**
 * A cell of an answer table's side column that routes or classifies with a note after the action ("CONTINUE –
 * HCP_TYPE=1", "TERMINATE (QUOTA FULL)", "RECRUIT AS USER"), or a classification alone ("HCP_TYPE=2", "CLASSIFY AS
 * NURSE"): read as the side column's note, not as a label column.
 */
function isSideNote(cell: string): boolean {
  if (cell.length > 120) return false;
  const first = cell.split(/[.;,(]|\s[–—-]\s/)[0].trim();
  if (first && (ROUTE_CELL.test(first) || INSTRUCTION_CELL.test(first))) return true;
  return SIDE_NOTE.test(cell);
}

/** A classification or quota note: "HCP_TYPE=2", "CLASSIFY AS …", "RECRUIT", "QUOTA …", "SCREEN OUT". */
const SIDE_NOTE = /^(?:[A-Z][A-Z0-9_]{1,30}\s*=\s*\w{1,20}|(?:classify|code|record|recruit|count|flag|mark|assign|set)(?: as| to)?\b.{0,80}|quota\b.{0,80}|(?:hold|max|min)\b.{0,40})$/i;

/**
 * Columns that repeat the code column row by row ("Unemployment | 1 | 1", "Poverty | 3 | 3"): the code list of one
 * question printed once per mention or person. Empty when the codes differ along a row (a grid's scale) or repeat
 * down a column.
 */
function mentionColumns(body: (TableCell | undefined)[][], cols: number, codeColumn: number, text: (row: (TableCell | undefined)[] | undefined, col: number) => string): number[] {
  const codes = body.map((row) => text(row, codeColumn));
  if (new Set(codes.filter(Boolean)).size < Math.max(2, codes.filter(Boolean).length * 0.8)) return [];
  return [...Array(cols).keys()].filter((col) => col !== codeColumn && body.some((row) => text(row, col)) && body.every((row, at) => !text(row, col) || text(row, col) === codes[at]));
}

function readOptionTable(table: TableBlock): TableReading | null {
  const rows = table.rows;
  if (table.cols < 2) return null;
  const text = (row: (TableCell | undefined)[] | undefined, col: number) => (cellOf(row, col)?.text.trim() ?? "").replace(BOX_BEFORE_CODE, "");
  const headerLike = (row: (TableCell | undefined)[] | undefined) => (row ?? []).some((cell) => cell && HEADER_WORD.test(cell.text.trim()));
  // A first row that only numbers the columns ("" | 01 | 02 | 03: persons, mentions) heads them.
  const numbersColumns = (row: (TableCell | undefined)[] | undefined) => {
    const cells = (row ?? []).map((cell) => cell?.text.trim() ?? "");
    const numbers = cells.slice(1).filter(Boolean);
    return !cells[0] && numbers.length >= 2 && numbers.every((value, at) => /^\d{1,2}$/.test(value) && (at === 0 || Number(value) === Number(numbers[at - 1]) + 1));
  };
  // A first row of column names in any language ("Código | Respuesta", "Kode | Antwort") over rows that each carry a
  // code in one column: its words name the columns, they are no answer (the code column is found without it).
  const namesOverCodes = (all: typeof rows) => {
    const names = [...Array(table.cols).keys()].map((col) => text(all[0], col));
    const below = all.slice(1).filter((row) => row && row.some((cell) => cell && cell.text.trim()));
    // Every column named (a code column, a label column, perhaps a routing column), none of the names a code.
    if (below.length < 2 || table.cols > 3 || names.some((name) => !name || CODE_CELL.test(name) || name.split(/\s+/).length > 4)) return false;
    return [...Array(table.cols).keys()].some((col) => below.every((row) => CODE_CELL.test(text(row, col))));
  };
  const bodyStart = headerLike(rows[0]) || numbersColumns(rows[0]) || namesOverCodes(rows) ? 1 : 0;
  let body = rows.slice(bodyStart).filter((row) => row && row.some((cell) => cell && cell.text.trim()));
  if (body.length === 0) return null;
  // The code column: (almost) every answer row has a code in it.
  let codeColumn = -1;
  let best = 0;
  for (let col = 0; col < table.cols; col++) {
    const coded = body.filter((row) => CODE_CELL.test(text(row, col))).length;
    if (coded >= Math.max(1, body.length * 0.8) && coded > best) {
      best = coded;
      codeColumn = col;
    }
  }
  if (codeColumn < 0) return null;
  // A first row with words where every other row has its code is the header ("Pre-code | 1st mention | 2nd mention").
  if (bodyStart === 0 && body.length >= 3 && text(body[0], codeColumn) && !CODE_CELL.test(text(body[0], codeColumn)) && body.slice(1).every((row) => CODE_CELL.test(text(row, codeColumn)))) body = body.slice(1);
  // The same code list printed under several columns (first and second mention, one column per person): each row
  // holds one code, repeated in every such column, and the codes differ from row to row. The repeats are no labels.
  const repeats = mentionColumns(body, table.cols, codeColumn, text);
  const others = [...Array(table.cols).keys()].filter((col) => col !== codeColumn && !repeats.includes(col));
  // A column of routing and answer instructions ("CONTINUE", "GO TO Q5", "EXCLUSIVE. TERMINATE").
  const routeColumn = others.find((col) => body.some((row) => text(row, col)) && body.every((row) => !text(row, col) || ROUTE_CELL.test(text(row, col)) || INSTRUCTION_CELL.test(text(row, col)) || isSideNote(text(row, col))));
  const labelColumns = others.filter((col) => col !== routeColumn && body.some((row) => text(row, col)));
  if (labelColumns.length > 1) return null;
  const labelColumn = labelColumns[0] ?? (codeColumn === 0 ? 1 : 0);
  if (labelColumns.length === 0 && codeColumn !== table.cols - 1) return null;
  const options: OptionDraft[] = [];
  const dropdownRows: OptionDraft[] = [];
  let opens = 0;
  for (const row of body) {
    const label = cellOf(row, labelColumn);
    const code = text(row, codeColumn);
    const start = label?.start ?? cellOf(row, codeColumn)?.start ?? table.start;
    const draft = draftOption(label?.text ?? "", start, { label: label?.text ?? "", code: /^\d{1,3}$/.test(code) ? code : undefined });
    draft.span = { start, end: Math.max(label?.end ?? start, cellOf(row, codeColumn)?.end ?? start) };
    const route = routeColumn !== undefined ? text(row, routeColumn) : "";
    if (route && ROUTE_CELL.test(route) && !/^continue\.?$/i.test(route)) draft.routeText = route;
    else if (route && !ROUTE_CELL.test(route)) {
      draft.notes.push(route);
      const routing = route.split(/[.;,]\s*/).find((piece) => ROUTE_CELL.test(piece.trim()) && !/^continue\.?$/i.test(piece.trim()));
      if (routing) draft.routeText = routing.trim();
    }
    if (/^<\s*open\s*>$/i.test(code)) {
      opens++;
      draft.notes.push("open");
      if (!/specify|other/i.test(draft.label)) draft.entryOnly = true;
      else draft.label = draft.label.replace(/(?<!\s)\s*<\s*open\s*>\s*/i, "");
    }
    if (/^<\s*pull ?down\s*>$/i.test(code)) {
      dropdownRows.push(draft);
      continue;
    }
    options.push(draft);
  }
  if (dropdownRows.length) return { kind: "options", options: [], dropdownRows };
  return { kind: "options", options: options.filter((option) => !option.entryOnly), open: opens > 0 && opens >= body.length / 2 };
}

/** "S/N", "S. No.", "No.", "#": the heading of a column that only numbers the rows. */
/** "| Never | Sometimes | Often |": a grid's column headings written as one line. */
const PIPE_SCALE = /^\|(?:[^|]+\|){2,}$/;
const SERIAL_HEADING = /^(?:s\s*\/\s*n|s\.?\s*no\.?|sl\.?\s*no\.?|no\.?|nr\.?|#|item)$/i;
/** "3", "b)", "iv.", and item numbers under a question's own ("2.1.", "2.10"). */
const SERIAL_CELL = /^(?:\d{1,3}(?:\.\d{1,3})?|[a-zA-Z]|[ivxlIVXL]{1,5})[.)]?$/;

/**
 * A first column that only numbers the rows ("S/N | Activities | Yes | No" over "a. | Bush burning | | "): the
 * row labels are in the next column, and the numbering column is neither a label nor an answer.
 */
function withoutSerialColumn(rows: (TableCell | undefined)[][]): (TableCell | undefined)[][] {
  const heading = rows[0]?.[0]?.text.trim() ?? "";
  const body = rows.slice(1).filter((row) => row.some((cell) => cell && cell.text.trim()));
  if (body.length < 2 || (heading && !SERIAL_HEADING.test(heading))) return rows;
  if (!body.every((row) => SERIAL_CELL.test(row[0]?.text.trim() ?? "x") && row[1]?.text.trim())) return rows;
  return rows.map((row) => row.slice(1));
}

function readTable(table: TableBlock, gridHint: boolean): TableReading | null {
  const rows = withoutSerialColumn(table.rows);
  if (rows.length === 0) return null;
  // Items rated in a shared answer cell (rated-item-tables.ts).
  const rated = ratedItemTable(table);
  if (rated) return { kind: "grid", rows: rated.items.map((cell) => draftOption(cell.text, cell.start)), columns: rated.columns.map((label) => draftOption(label, table.start)), rowNotes: [] };
  // Coded statements over cells to mark (coded-statement-tables.ts): the statements are the rows, their codes the
  // rows' values, the header cells over the marking cells the columns.
  const coded = codedStatementRows(table);
  const scaleHeader = coded && table.rows[0] && !coded.includes(table.rows[0]) ? table.rows[0].slice(2).filter((cell): cell is TableCell => Boolean(cell && cell.text.trim())) : [];
  if (coded && scaleHeader.length >= 2) {
    const codedRows = coded.map((row) => ({ ...draftOption(row[1]!.text.trim(), row[1]!.start), code: row[0]!.text.trim().replace(/[.)]$/, "") }));
    return { kind: "grid", rows: codedRows, columns: scaleHeader.map((cell) => draftOption(cell.text, cell.start)), rowNotes: [] };
  }
  const nonEmpty = (row: (TableCell | undefined)[] | undefined) => (row ?? []).filter((cell) => cell && cell.text.trim());
  // Answers in boxes spread over a few columns ("☐ Apple | ☐ Pear" / "☐ Plum | ☐ Kiwi").
  const cells = rows.flatMap((row) => nonEmpty(row)) as TableCell[];
  if (cells.length >= 2 && cells.every((cell) => /^[☐□▢◻❑○◯⚪●•]\s*\S/.test(cell.text.trim()) && cell.text.length <= 80)) {
    return { kind: "options", options: cells.map((cell) => draftOption(cell.text, cell.start)) };
  }
  // Answer lists with a code column ("Target category | 1", "1 | Male", "Under 18 | 1 | TERMINATE").
  const optionTable = readOptionTable(table);
  if (optionTable) return optionTable;
  // One row of short cells: answers side by side ("☐ Yes | ☐ No"), or a grid's scale whose rows come from elsewhere.
  if (rows.length === 1 && nonEmpty(rows[0]).length >= 2 && nonEmpty(rows[0]).every((cell) => cell!.text.length <= 80)) {
    const cells = nonEmpty(rows[0]).map((cell) => draftOption(cell!.text, cell!.start));
    if (gridHint) return { kind: "grid", rows: [], columns: cells, rowNotes: [] };
    return { kind: "options", options: cells };
  }
  const header = rows[0];
  const body = rows.slice(1).filter((row) => nonEmpty(row).length > 0);
  // Rows of answer circles under a row of scale points ("0 | 1 | … | 10" over "○ | ○ | … | ○"): no row labels, every header cell is an answer.
  const noRowLabels = body.length > 0 && body.every((row) => /^(?:[○◯●◉⚪❍☐□▢◻❑oO]|\(\s*\)|\[\s*\])$/.test(cellOf(row, 0)?.text.trim() ?? ""));
  const headerCells = (header ?? []).map((cell, col) => ({ cell, col })).filter(({ cell, col }) => (col >= 1 || noRowLabels) && cell && cell.text.trim());
  if (noRowLabels && body.length === 1 && headerCells.length >= 2) {
    return { kind: "single-row", options: headerCells.map(({ cell }) => draftOption(cell!.text, cell!.start)), rowLabel: "" };
  }
  const bodyLabels = body.filter((row) => cellOf(row, 0)?.text.trim());
  if (headerCells.length >= 2 && body.length >= 1) {
    const columns = headerCells.map(({ cell }) => draftOption(cell!.text, cell!.start));
    const rowNotes: string[] = [];
    const rowDrafts: OptionDraft[] = [];
    for (const row of body) {
      const label = cellOf(row, 0);
      if (!label || !label.text.trim()) continue;
      const text = label.text.trim();
      if (/^\[[^\]]+\]$/.test(text)) {
        rowNotes.push(text.slice(1, -1));
        continue;
      }
      rowDrafts.push(label.code ? { ...draftOption(text, label.start), code: label.code } : draftOption(text, label.start));
    }
    if (rowDrafts.length === 1 && rowNotes.length === 0 && !gridHint) {
      return { kind: "single-row", options: columns, rowLabel: rowDrafts[0].label };
    }
    if (columns.length === 1) return { kind: "numeric-fields", rows: rowDrafts };
    return { kind: "grid", rows: rowDrafts, columns, rowNotes };
  }
  if (headerCells.length === 1 && bodyLabels.length >= 1) {
    const headerText = headerCells[0].cell!.text;
    const rangeMatch = /(?:\[|(?<!\s)(?!(?<=\d)\d))\s*(\d+)\s*[-–]\s*(\d+)\s*\]?/.exec(table.lines.map((line) => line.text).join(" "));
    if (/number|amount|count|#|qty|how many|total|years|age|range|\bno\.?\b/i.test(headerText) || /number text|_{3,}/i.test(table.lines.map((line) => line.text).join(" "))) {
      const rowDrafts = bodyLabels.map((row) => draftOption(cellOf(row, 0)!.text, cellOf(row, 0)!.start));
      return { kind: "numeric-fields", rows: rowDrafts, range: rangeMatch ? [Number(rangeMatch[1]), Number(rangeMatch[2])] : undefined };
    }
  }
  if (bodyLabels.length >= 2) {
    // A list of items with descriptive columns; a grid when the question says it is one.
    return { kind: "rows-only", rows: bodyLabels.map((row) => draftOption(cellOf(row, 0)!.text, cellOf(row, 0)!.start)) };
  }
  return null;
}

// ------------------------------------------------------------------------------------------ PDF grids

interface PdfGrid {
  rows: OptionDraft[];
  columns: OptionDraft[];
}

function markerTokens(segmentText: string): number {
  return segmentText
    .trim()
    .replace(/\(\s*\)/g, "()")
    .replace(/\[\s*\]/g, "[]")
    .split(/\s+/)
    .filter((token) => /^(?:[oO○◯●◉⚪ᴑ❍▢☐□◻❑]|\(\)|\[\])$/.test(token)).length;
}

/** Whether a line before the next printed row (from `from` on) ends with a row code "(n)". */
function codeEndsLabelBelow(parts: BodyPart[], from: number): boolean {
  for (let k = from; k < parts.length; k++) {
    const part = parts[k];
    if (part.kind === "grid-row" || part.kind === "table") return false;
    if (/\(\d{1,3}\)\s*$/.test(part.line.text)) return true;
  }
  return false;
}

function readPdfGrid(parts: BodyPart[]): { grid: PdfGrid; consumed: Set<BodyPart> } | null {
  const firstRow = parts.findIndex((part) => part.kind === "grid-row");
  if (firstRow < 0) return null;
  const consumed = new Set<BodyPart>();
  // Header zone: lines after the question sentence and before the first row.
  let questionEnd = -1;
  for (let i = 0; i < firstRow; i++) {
    const part = parts[i];
    // The question sentence may end in programmer notes ("… each statement. [ROTATE STATEMENTS]").
    if ((part.kind === "wording" || part.kind === "instruction") && /[?？:：.]\s*$/.test(withoutTrailingBrackets(part.text))) questionEnd = i;
  }
  const headerLines: LogicalLine[] = [];
  let labelPieces: { text: string; line: LogicalLine }[] = [];
  const firstRowLine = (parts[firstRow] as Extract<BodyPart, { kind: "grid-row" }>).line;
  const firstMarkerX = Math.min(...(firstRowLine.segments ?? []).filter((segment) => markerTokens(segment.text) > 0).map((segment) => segment.x));
  for (let i = questionEnd + 1; i < firstRow; i++) {
    const part = parts[i];
    if (part.kind === "table" || part.kind === "grid-row" || part.kind === "note") continue;
    const line = part.line;
    // Lines above the answer columns are column headings; lines over the label column start the first row.
    if ((line.segments && line.segments.length >= 2) || (line.first.indent ?? 0) >= firstMarkerX - 0.12) headerLines.push(line);
    else labelPieces.push({ text: line.text, line });
    consumed.add(part);
  }
  const rows: OptionDraft[] = [];
  const markerX: number[][] = [];
  for (let i = firstRow; i < parts.length; i++) {
    const part = parts[i];
    if (part.kind === "grid-row") {
      const segments = part.line.segments ?? [];
      const labelSegments = segments.filter((segment) => markerTokens(segment.text) === 0);
      const markerSegments = segments.filter((segment) => markerTokens(segment.text) > 0);
      const xs: number[] = [];
      for (const segment of markerSegments) {
        const count = markerTokens(segment.text);
        for (let k = 0; k < count; k++) xs.push(segment.x + ((segment.x1 - segment.x) * (k + 0.5)) / count);
      }
      markerX.push(xs);
      const label = [...labelPieces.map((piece) => piece.text), ...labelSegments.map((segment) => segment.text)].reduce((acc, piece) => (acc ? joinWrapped(acc, piece) : piece), "").trim();
      const start = labelPieces[0]?.line.start ?? part.line.start;
      rows.push(draftOption(label, start));
      rows[rows.length - 1].span = { start, end: part.line.end };
      labelPieces = [];
      consumed.add(part);
      continue;
    }
    if (part.kind === "wording" || part.kind === "option" || (part.kind === "instruction" && !/select|choose/i.test(part.text))) {
      const text = part.line.text.trim();
      const previous = rows[rows.length - 1];
      // A trailing "(2)" or the wrapped end of the previous row's label (continued in lower case under it).
      // A label wrapped around its cells runs on until the line that ends with its code ("to implement the  o o o" /
      // "AI-suggested" / "solutions (11)").
      if (previous && labelPieces.length === 0 && ((previous.code === undefined && (/\(\d{1,3}\)\s*$/.test(text) || codeEndsLabelBelow(parts, i))) || /^[\p{Ll}(]/u.test(text))) {
        const merged = draftOption(joinWrapped(previous.label, text), previous.span.start);
        merged.span = { start: previous.span.start, end: part.line.end };
        rows[rows.length - 1] = merged;
      } else labelPieces.push({ text, line: part.line });
      consumed.add(part);
      continue;
    }
    break;
  }
  if (rows.length === 0) return null;
  const counts = markerX.map((xs) => xs.length);
  const columnCount = mode(counts);
  const reference = markerX.find((xs) => xs.length === columnCount) ?? [];
  const columnTexts: string[][] = Array.from({ length: columnCount }, () => []);
  let headerStart = headerLines[0]?.start ?? rows[0].span.start;
  for (const line of headerLines) {
    const segments = line.segments ?? [{ text: line.text, start: line.start, end: line.end, x: line.first.indent ?? 0, x1: line.first.right ?? 1 }];
    for (const segment of segments) {
      const center = (segment.x + segment.x1) / 2;
      let best = 0;
      for (let c = 1; c < reference.length; c++) if (Math.abs(reference[c] - center) < Math.abs(reference[best] - center)) best = c;
      if (columnTexts[best]) columnTexts[best].push(segment.text);
    }
    headerStart = Math.min(headerStart, line.start);
  }
  const columns = columnTexts.map((texts, index) => {
    const text = texts.join(" ").trim();
    return text ? draftOption(text, headerStart) : { label: String(index + 1), notes: [], span: { start: headerStart, end: headerStart } };
  });
  return { grid: { rows, columns }, consumed };
}

function mode(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? 0;
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

// ------------------------------------------------------------------------------------------ questions

export interface InterpretedQuestion {
  text: string;
  type: QuestionType;
  options: IROption[];
  rows: IROption[];
  columns: IROption[];
  min?: number;
  max?: number;
  randomize?: boolean;
  instructions: string[];
  notes: string[];
  logic: LogicText[];
  hasEntry: boolean;
  answerless: boolean;
  warnings: string[];
  span: Span;
  /** What interpretation decided without the document saying so; the assumptions pass (assumptions.ts) reads it. */
  assumed: InterpretationAssumptions;
}

export interface InterpretationAssumptions {
  /** A list of answers read as single choice although no "select one" / "select all" (or distinguishing glyph) was printed. */
  selectionAssumed?: boolean;
  /** Printed answer codes that repeat within the list (so every answer was renumbered in order). */
  repeatedCodes?: string[];
}

const RESTATED_QUESTION = /^(?:do|does|did|have|has|had|are|is|was|were|can|could|will|would|how|what|which|when|where|why|who)\b[^?？]{8,200}[?？]$/i;
/** The type a data dictionary gives a variable ("Binary", "Nominal", "Ordinal"), printed first among its values. */
const VARIABLE_TYPE = /^(?:binary|nominal|ordinal|categorical|dichotomous|boolean)$/i;
const PLACEHOLDER = /^[-–—\s]*(?:please\s+)?(?:select|choose|pick|seleccione|sélectionnez|bitte wählen|auswählen)\b[^.?]{0,30}?[\s.…-]*$|^[-–—]{2,}\s*$/i;

const NUMERIC_WORDING =
  /^[A-Za-z ]{0,30}\bnumber$|\bin (?:kg|kilo(?:gram)?s?|grams?|lbs?|pounds|cm|centimet(?:er|re)s?|mm|millimet(?:er|re)s?|met(?:er|re)s?|km|kilomet(?:er|re)s?|miles|litres?|liters?|ml|bpm|mmhg)\b|\((?:kg|g|lbs?|cm|mm|m|km|ml|bpm|mmhg|%)\)|いくら|何人|何回|何歳|何時間|何日|多少钱|多少元|几[个次岁年天]|^\s*(?:[A-Za-z]{0,3}\d{1,3}[:：.．、]\s*)?(?:您的|你的|您|你|あなたの|ご|귀하의\s?|당신의\s?)?(?:年龄|年齡|年齢|満年齢|나이|연령)(?!段|层|層|组|組|结构|結構|構成|대)|\bhow many\b|\b(?:what|which|in what|in which) year\b|\byear of birth\b|\bc?gpa\b|\bgrade point average\b|\brecord (?:number|year|age|amount)\b|\bnumber of\b|#\s*of\b|\bhow (?:long|old)\b|\b(?:what is|what's|state|enter|please (?:enter|give|state))\s+your age\b|^\s*(?:your )?age\b|\bin (?:days|years|months|weeks|hours|minutes)\b|°\s*[FC]\b|\btemperature\b|\bpercent(?:age)?\b|\bhow much (?:money|did you|do you|would you)\b|\b(?:at|from) what price\b|\bhow soon\b|\bhow far\b|\bhow often\b(?:(?!\bhow often\b).)*\btimes\b|\bin total\b(?:(?!\bin total\b).)*\?/i;
/** The same in the languages of the cue lexicon ("Combien de …", "Wie viele …", "ANTAL: ___"). */
const AMOUNT_OTHER_LANGUAGES = new RegExp(`(?:^|[^a-zà-öø-ÿ])(?:${CUES.amount})(?![a-zà-öø-ÿ])`, "i");
export const TOOL_SINGLE_TAG = /[[【][ \t]*single(?:-|\s+)choice(?:\s+question)?[ \t]*[\]】]/i;
const TOOL_MULTI_TAG = /[[【][ \t]*multiple(?:-|\s+)choice(?:\s+question)?[ \t]*[\]】]/i;
/** The same tag once its brackets were read off as a note. */
const TOOL_MULTI_NOTE = /^multiple(?:-|\s+)choice(?:\s+question)?$/i;
// A worded question after the count in the same item ("How many ovens do you use? What makes one better than another?") is answered in words.
const NOT_NUMERIC = /\bzip\b|postal|post ?code|e-?mail|\bname\b|phone|address|website|url|username|describe|explain|why\b|what (?:else|other)|[?？]\s+(?:what|which|who|where|in what|how(?!\s+(?:many|much|often|long|old)\b))\b/i;

/** Chinese, Japanese or Korean wording that rates the items listed under it ("评价", "打分", a matrix tag "矩阵题"); the items may be numbered. */
const RATES_ITEMS_CJK = /评价|評價|评分|評分|打分|矩阵|矩陣|評価|評定|평가|매트릭스/;

/** Prefix the segmenter gives an answer printed under a typed-answer field. */
const ALSO_OFFERED = "Also offered: ";

/** An answer-table cell that only routes ("TERMINATE", "ASK S3a", "CONTINUE TO S4"), read as an answer of its own. */
const ROUTE_ONLY = /^(?:terminate(?: immediately)?|thank (?:and|&) (?:terminate|close|end)|screen ?out|close|(?:ask|continue to|skip to|go to)\s+[A-Za-z]{0,4}\d{1,3}[a-z]?)\.?$/i;

/** Routing cells become the route of the answer printed before them (the routing column of an answer table). */
function foldRouteCells(options: IROption[]): IROption[] {
  const routeOnly = (option: IROption) => ROUTE_ONLY.test(option.label.trim()) || (!option.label.trim() && Boolean(option.routeText));
  if (!options.some(routeOnly)) return options;
  const kept: IROption[] = [];
  for (const option of options) {
    const previous = kept[kept.length - 1];
    if (routeOnly(option) && previous && !previous.routeText) {
      previous.routeText = (option.label.trim() || option.routeText!).replace(/^(?:ask|continue to)\s+/i, "GO TO ");
      continue;
    }
    kept.push(option);
  }
  return kept;
}

/** A full sentence (five words or more, ending with a full stop), not an answer label. */
function sentence(text: string): boolean {
  const trimmed = text.trim();
  return /[.!。！]$/.test(trimmed) && trimmed.split(/\s+/).length >= 5;
}

export interface InterpretContext {
  /** The document uses radio circles and checkboxes for different questions, so a box means "select all". */
  markersDistinguish: boolean;
  /** The document tags questions "[Single choice question]": its "[Multiple choice question]" tags mean many answers. */
  singleChoiceTagged?: boolean;
  /** The document's answer lists are unqualified Markdown task lists: a box list means many answers (task-lists.ts). */
  taskListsMeanMany?: boolean;
}

export function interpretQuestion(raw: RawQuestion, context: InterpretContext = { markersDistinguish: true }): InterpretedQuestion {
  const instructions: string[] = [];
  const notes: string[] = raw.notes.map((note) => note.text);
  const logic: LogicText[] = [...raw.logic];
  const warnings: string[] = [];
  const wordingParts: string[] = [];
  let start = raw.start;
  let end = raw.end;
  const optionDrafts: OptionDraft[] = [];
  /** Answers printed beside a typed-answer field (special codes of a number or text question). */
  const specialDrafts: OptionDraft[] = [];
  /** Special answers follow the field directly; after a sentence there, what follows is other text. */
  let specialsEnded = false;
  let hasEntry = false;
  let tableReading: TableReading | null = null;
  const extraRows: OptionDraft[] = [];
  const allText: string[] = [];
  const wordingTexts: string[] = [];
  const inlineOptions: OptionDraft[] = [];
  const pipeRows: OptionDraft[] = [];
  let afterPipeHeader = false;

  const addAnnotations = (annotations: Annotation[]) => {
    for (const annotation of annotations) {
      if (annotation.kind === "logic") logic.push({ text: annotation.text, span: annotation.span, role: annotation.role ?? "display" });
      else if (annotation.kind === "option") {
        const draft = draftOption(annotation.text, annotation.span.start);
        draft.span = annotation.span;
        if (/^open[- ]?ended(?: question)?$/i.test(annotation.text)) hasEntry = true;
        else inlineOptions.push(draft);
      } else if (annotation.kind === "instruction") instructions.push(annotation.text);
      else notes.push(annotation.text);
      allText.push(annotation.text);
    }
  };

  const gridHintText = raw.body
    .filter((part) => part.kind === "wording" || part.kind === "instruction" || part.kind === "note")
    .map((part) => ("text" in part ? part.text : ""))
    .concat(notes)
    .join(" ");
  // A printed web survey's help line that asks for one answer per item declares an array (printed-help.ts).
  // A "| Yes | No |" line of column headings over the answers (column-headers.ts) declares a grid as well.
  const scaleLine = raw.body.some((part) => (part.kind === "wording" || part.kind === "note") && PIPE_SCALE.test(part.text.trim()));
  const gridHint = HINT.grid.test(gridHintText) || raw.answerHelp === "grid" || (scaleLine && raw.body.filter((part) => part.kind === "option").length >= 3);

  // PDF grids (rows with answer circles) first: they consume their header and label lines.
  const pdfGrid = readPdfGrid(raw.body);
  let lastPartWasOption = false;
  /** Answers printed under the wording (a list, a table, a field): then the wording line holds none. */
  const answersBelow = raw.body.some((part) => part.kind === "option" || part.kind === "table" || part.kind === "entry" || part.kind === "grid-row");
  for (const part of raw.body) {
    if (pdfGrid?.consumed.has(part)) continue;
    const wasOption = lastPartWasOption;
    lastPartWasOption = part.kind === "option";
    start = Math.min(start, "line" in part ? part.line.start : part.table.start);
    end = Math.max(end, "line" in part ? part.line.end : part.table.end);
    switch (part.kind) {
      case "wording": {
        let wordingText = part.text;
        const firstBelow = wordingParts.length === 0 && optionDrafts.length === 0 ? raw.body.find((other): other is Extract<BodyPart, { kind: "option" }> => other.kind === "option") : undefined;
        const leading = firstBelow ? firstAnswerOnWordingLine(wordingText, firstBelow.option.marker) : null;
        if (leading) {
          wordingText = leading.wording;
          optionDrafts.push(draftOption(leading.answer, part.line.start + Math.max(0, part.line.text.indexOf(leading.answer))));
        }
        const boxed = leading ? null : splitBoxedAnswers(wordingText) ?? (wordingParts.length === 0 && !answersBelow ? markedAnswersOnLine(wordingText) : null);
        // "Was this your first visit?    Yes / No": the answers follow the question after a wide gap.
        // "3. Do you own one?   Yes   No": the same after the question's number (side-by-side-answers.ts).
        const spaced = wordingParts.length === 0 ? (part.text === part.line.text ? inlineAnswerSegments(part.text, part.line.segments) : answersBesideQuestion(part.text, part.line)) : null;
        const anchored = boxed || leading ? null : anchoredScaleOnLine(wordingText);
        if (boxed) {
          wordingText = boxed.wording;
          for (const answer of boxed.answers) inlineOptions.push(draftOption(answer, part.line.start + Math.max(0, part.line.text.indexOf(answer))));
        } else if (anchored) {
          wordingText = anchored.wording;
          for (const point of anchored.points) inlineOptions.push({ ...draftOption(point.label, part.line.start), code: point.code });
        } else if (spaced) {
          wordingText = spaced.question;
          for (const answer of spaced.answers) inlineOptions.push(draftOption(answer, part.line.start + Math.max(0, part.line.text.indexOf(answer))));
        } else if (wordingParts.length > 0 && !answersBelow && inlineOptions.length === 0 && markedScale(wordingText)) {
          // "Very easy ○ 1 ○ 2 ○ 3 ○ 4 ○ 5 Very difficult" under the wording: the line is the answers.
          for (const point of markedScale(wordingText)!) inlineOptions.push({ ...draftOption(point.label, part.line.start), code: point.code, marker: point.marker });
          wordingText = "";
        } else if (!answersBelow && inlineOptions.length === 0) {
          // "Age — Less than 18 / 18–25 / More than 35", "Sleep quality: 1 (very poor) to 5 (very good)"; a wrapped
          // question closes on its last line with its answers in brackets ("… while abroad? (Yes / No / Unsure)").
          const inline = wordingParts.length === 0 ? answersAfterSeparator(wordingText) ?? bracketedAnswers(trailingAlternatives(wordingText)) : bracketedAnswers(trailingAlternatives(wordingText));
          if (inline) {
            wordingText = inline.question;
            const at = part.line.start + Math.max(0, part.line.text.indexOf(inline.question) + inline.question.length);
            for (const answer of inline.answers) inlineOptions.push({ ...draftOption(answer.label, at), code: answer.code });
          }
        }
        const { clean, annotations } = extractAnnotations(wordingText, part.line.start + Math.max(0, part.line.text.indexOf(wordingText)));
        addAnnotations(annotations);
        if (ENTRY_INLINE.test(clean) && /_{4,}/.test(clean)) hasEntry = true;
        // Trailing "*" marks a required question in online-form printouts.
        const wording = clean.replace(/(?:(?<!\s)\s*|(?<=\s))_{3,}\s*/g, " ").replace(/(?<!\s)\s*\*\s*$/, "").trim();
        const isPipeHeader = (wording.match(/\|/g) ?? []).length >= 2 && wording.split("|").filter((cell) => cell.trim()).length >= 2;
        // A line of column headings (words set apart by wide spaces, after the question sentence) is not wording.
        const isColumnHeader = wordingParts.length > 0 && (part.line.segments?.length ?? 0) >= 2 && part.line.segments!.every((segment) => segment.text.trim().split(/\s+/).length <= 3) && !/[?？:]/.test(wording);
        // Under a "| Never | Rarely |" scale line, plain lines are the grid's rows.
        if (wording && afterPipeHeader && gridHint && !/[?？:]\s*$/.test(wording)) pipeRows.push(draftOption(wording, part.line.start));
        else if (wording && !isPipeHeader && !isColumnHeader) wordingParts.push(wording);
        if (isPipeHeader) afterPipeHeader = true;
        allText.push(wording);
        wordingTexts.push(wording);
        break;
      }
      case "instruction":
        instructions.push(withoutEnclosingBracket(part.text));
        allText.push(part.text);
        break;
      case "note":
        // A short answer under the field is a special answer; a sentence there ("Thank you for …") is not.
        if (part.text.startsWith(ALSO_OFFERED) && sentence(part.text.slice(ALSO_OFFERED.length))) specialsEnded = true;
        if (part.text.startsWith(ALSO_OFFERED) && !specialsEnded) {
          specialDrafts.push(draftOption(part.text.slice(ALSO_OFFERED.length), part.line.start + Math.max(0, part.line.text.indexOf(part.text.slice(ALSO_OFFERED.length)))));
          allText.push(part.text);
          break;
        }
        notes.push(part.text.replace(/^\[\s*|(?:(?<!\s)\s*|(?<=\s))\]$/g, ""));
        allText.push(part.text);
        if (ENTRY_INLINE.test(part.text)) hasEntry = true;
        break;
      case "entry":
        hasEntry = true;
        if (optionDrafts.length && wasOption) optionDrafts[optionDrafts.length - 1].withEntry = true;
        allText.push(part.line.text);
        for (const note of bracketedTexts(part.line.text)) notes.push(note);
        break;
      case "option": {
        // Codes set apart by wide spaces ("Yes      1", "Price   1   2   3") survive as segments of the line.
        const segments = part.text === part.line.text && part.line.segments ? part.line.segments.map((segment) => segment.text.trim()) : [];
        let trailing = 0;
        while (trailing < segments.length - 1 && /^\d{1,3}$/.test(segments[segments.length - 1 - trailing])) trailing++;
        // "Friendliness of staff 1   2   3": the first code ran into the label.
        const ranInto = trailing >= 2 ? /^(.*\S)\s+(\d{1,2})$/.exec(segments[segments.length - 1 - trailing]) : null;
        if (ranInto && Number(ranInto[2]) === Number(segments[segments.length - trailing]) - 1) {
          segments.splice(segments.length - 1 - trailing, 1, ranInto[1], ranInto[2]);
          trailing++;
        }
        if ((trailing === 1 && part.option.code === undefined) || trailing >= 2) {
          const labelText = segments.slice(0, segments.length - trailing).join(" ");
          const parsedLabel = parseOption(labelText);
          const codesAfter = segments.slice(segments.length - trailing);
          const draft = draftOption(labelText, part.line.start, trailing === 1 ? { ...parsedLabel, code: parsedLabel.code ?? codesAfter[0] } : parsedLabel);
          draft.span = { start: part.line.start, end: part.line.end };
          if (trailing >= 2) draft.gridCodes = codesAfter;
          optionDrafts.push(draft);
          allText.push(draft.label);
          break;
        }
        const draft = draftOption(part.text, part.line.start + Math.max(0, part.line.text.indexOf(part.text)), part.option);
        if (draft.entryOnly) {
          hasEntry = true;
          break;
        }
        const list = part.line.first.list;
        if (list) draft.listPlace = { level: list.level, listId: list.listId };
        // Letter-coded bold headings inside a numbered list group the options ("A. CAMERA").
        if (part.option.code && /^[A-Za-z]$/.test(part.option.code) && (part.line.first.bold || isMostlyUpper(draft.label))) draft.header = true;
        optionDrafts.push(draft);
        allText.push(draft.label, ...draft.notes);
        break;
      }
      case "table": {
        const reading = readTable(part.table, gridHint);
        if (reading && !tableReading) tableReading = reading;
        else if (reading && reading.kind === "options") optionDrafts.push(...reading.options);
        else if (reading && (reading.kind === "grid" || reading.kind === "rows-only")) extraRows.push(...reading.rows);
        allText.push(part.table.lines.map((line) => line.text).join(" "));
        break;
      }
      case "grid-row":
        break;
    }
  }

  markBoxGroupLabels(optionDrafts);
  if (optionDrafts.length === 0 && inlineOptions.length >= 2) optionDrafts.push(...inlineOptions);
  // Values listed on one line under the wording ("2015 or earlier | 2016 | 2017 | …"), e.g. a drop-down's.
  const listLine = raw.body.filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording").at(-1);
  if (optionDrafts.length === 0 && !tableReading && !gridHint && pipeRows.length === 0 && listLine && wordingParts.length >= 1 && !wordingParts.includes(listLine.text.trim())) {
    const listed = listLine.text.split(/(?:(?<!\s)\s*|(?<=\s))\|\s*/).filter(Boolean);
    if (listed.length >= 3 && listed.every((value) => value.length <= 40 && !/[?？]/.test(value))) {
      optionDrafts.push(...listed.map((value) => draftOption(value, listLine.line.start)));
    }
  }
  // "Répondez en nombre de mois." / "Indiquez le lieu de …" over answers printed without boxes or codes: help on how
  // to answer, set between the wording and the answers, is an instruction (a sentence opening with a request verb).
  while (optionDrafts.length >= 2 && answeringHelp(optionDrafts[0])) instructions.push(optionDrafts.shift()!.label);
  // "Entrez l'année de naissance" over "Je préfère ne pas répondre": the first answer line stands for the field; the
  // answers after it are the special answers beside the field.
  if (optionDrafts.length >= 1 && optionDrafts[0].code === undefined && isEntryPrompt(optionDrafts[0].label)) {
    instructions.push(optionDrafts.shift()!.label);
    hasEntry = true;
  }
  // A drop-down's placeholder ("Please select", "-- Select a country --") is not an answer.
  if (optionDrafts.length >= 3 && PLACEHOLDER.test(optionDrafts[0].label)) optionDrafts.shift();
  // A data dictionary's variable type over the values ("Binary" / "Yes" / "No"): an annotation, not an answer — unless
  // the wording asks about it ("Is gender binary or not?" / "Binary" / "Non-binary").
  const typeWord = optionDrafts[0]?.label.trim().toLowerCase() ?? "";
  if (optionDrafts.length >= 3 && VARIABLE_TYPE.test(typeWord) && !optionDrafts.slice(1).some((draft) => draft.label.toLowerCase().includes(typeWord)) && !wordingParts.join(" ").toLowerCase().includes(typeWord)) notes.push(`Variable type: ${optionDrafts.shift()!.label.trim()}`);
  // A first "answer" that asks a question of its own under wording that already asks one ("Do you …? / - Have you ever
  // …? / - Yes / - No"): the question said again in other words, part of the wording, not a choice.
  if (optionDrafts.length >= 3 && RESTATED_QUESTION.test(optionDrafts[0].label) && !optionDrafts.slice(1).some((draft) => /[?？]\s*$/.test(draft.label)) && wordingParts.some((part) => /[?？]/.test(part))) {
    wordingParts.push(optionDrafts.shift()!.label);
  }
  // Options that came as one line: "男 / 女" (only when the question has a single option line).
  if (optionDrafts.length === 1 && !optionDrafts[0].code) {
    const split = splitInlineOptions(optionDrafts[0].label, true);
    if (split) {
      const base = optionDrafts[0].span.start;
      optionDrafts.splice(0, 1, ...split.map((label) => draftOption(label, base)));
    }
  }

  // "Use scale: Using, Planning to use, Not using" under the wording: the columns of the listed items.
  const scaleAt = wordingParts.findIndex((part, index) => index > 0 && scaleLabels(part) !== null);
  const instructionScaleAt = instructions.findIndex((part) => scaleLabels(part) !== null);
  const labelledScale = scaleAt > 0 ? scaleLabels(wordingParts.splice(scaleAt, 1)[0]) : instructionScaleAt >= 0 ? scaleLabels(instructions[instructionScaleAt]) : null;
  const text = wordingParts.join("\n").trim();
  const hintText = [text, ...instructions, ...notes].join(" \n ");
  const markers = optionDrafts.map((draft) => draft.marker ?? "");
  const checkboxes = markers.filter((marker) => CHECKBOX_MARKER.test(marker)).length;
  const radios = markers.filter((marker) => RADIO_MARKER.test(marker)).length;
  // "Multiple choice" names a form builder's one-answer list (radio buttons) as often as a many-answer one: with
  // circles for markers it is one answer.
  // A survey tool's own type tags in square brackets after the wording ("[Single choice question]", "[Multiple choice
  // question]": Wenjuanxing's 【单选题】/【多选题】 in translation) name the answer mode whatever marker the print draws —
  // when the document tags single choice too; alone, "[Multiple Choice]" over circles is a form builder's one answer.
  // "Multiple choice" is many tools' name for any choice question: it means many answers only when nothing says one.
  const withoutToolName = hintText.replace(/\bmultiple[- ]choice\b/gi, " ");
  const statesOne = HINT.single.test(withoutToolName) && !HINT.multi.test(withoutToolName);
  const multiWords = (radios > 0 && checkboxes === 0 && !(context.singleChoiceTagged && (TOOL_MULTI_TAG.test(hintText) || notes.some((note) => TOOL_MULTI_NOTE.test(note.trim()))))) || statesOne ? withoutToolName : hintText;
  const multiHint = HINT.multi.test(multiWords) || instructions.some((instruction) => /^(?:multi|multiple|MA|MR|M\/R)$/i.test(instruction.trim())) || (context.markersDistinguish && checkboxes > 0 && checkboxes >= radios && checkboxes >= optionDrafts.length / 2) || (context.taskListsMeanMany === true && checkboxes > 0 && checkboxes >= optionDrafts.length / 2 && !hasYesNoAnswer(optionDrafts.map((draft) => draft.label)));
  const randomize = HINT.randomize.test(hintText) || undefined;

  let type: QuestionType;
  let options: IROption[] = [];
  let rows: IROption[] = [];
  let columns: IROption[] = [];
  let min: number | undefined;
  let max: number | undefined;

  const scale = scaleFromText(hintText);
  const reading = tableReading as TableReading | null;
  // "ROWS: a | b" and "COLUMNS: x | y" written as a specification.
  const specRows = instructions.map((line) => GRID_SPEC.exec(line)).find((match) => match && /^(?:rows?|statements|items|attributes)$/i.test(match[1]));
  const specColumns = instructions.map((line) => GRID_SPEC.exec(line)).find((match) => match && /^(?:columns?|cols|scale points?)$/i.test(match[1]));
  if (specRows && specColumns) {
    for (let k = instructions.length - 1; k >= 0; k--) if (GRID_SPEC.test(instructions[k])) instructions.splice(k, 1);
  }
  const levelSplit = !reading && !pdfGrid ? listLevelGridSplit(optionDrafts.map((draft) => draft.listPlace)) : -1;
  const nestedGrid = !reading && !pdfGrid && levelSplit < 0 ? nestedAnswerGrid(optionDrafts.map((draft) => draft.listPlace), optionDrafts.map((draft) => draft.label)) : null;
  if (specRows && specColumns) {
    rows = finishOptions(splitSpecList(specRows[2]).map((label) => draftOption(label, start)), false);
    columns = finishOptions(splitSpecList(specColumns[2]).map((label) => draftOption(label, start)), false);
    type = "grid";
  } else if (levelSplit > 0) {
    // The scale as list items, the rows one list level deeper after it (list-level-grids.ts).
    rows = finishOptions(optionDrafts.slice(levelSplit), false);
    columns = finishOptions(optionDrafts.slice(0, levelSplit), false);
    type = "grid";
  } else if (nestedGrid) {
    // Rows as list items, the same answers nested under each (list-level-grids.ts).
    rows = finishOptions(nestedGrid.rows.map((index) => optionDrafts[index]), false);
    columns = finishOptions(nestedGrid.columns.map((index) => optionDrafts[index]), false);
    type = "grid";
  } else if (labelledScale && !reading && optionDrafts.length >= 2) {
    rows = finishOptions(optionDrafts, false);
    columns = finishOptions(labelledScale.map((label) => draftOption(label, start)), false);
    type = "grid";
  } else if (pdfGrid) {
    rows = finishOptions(pdfGrid.grid.rows, false);
    columns = finishOptions(pdfGrid.grid.columns, false);
    type = "grid";
  } else if (reading?.kind === "grid" && reading.rows.length >= 2 && countColumns((HINT.numeric.test(hintText) || (NUMERIC_WORDING.test(text) || AMOUNT_OTHER_LANGUAGES.test(hintText) || asksForNumberInUnits(hintText))) && !NOT_NUMERIC.test(withoutPlaceholders(text)), reading.columns.map((column) => column.label))) {
    // "How many trips …" over "Before | After" columns (count-tables.ts): a number for each row and column.
    rows = finishOptions(reading.rows, false);
    type = "numeric";
    notes.push(`A number for each of: ${reading.columns.map((column) => column.label).join(", ")}`);
  } else if (reading?.kind === "grid") {
    rows = finishOptions([...reading.rows, ...extraRows], false);
    columns = finishOptions(reading.columns, false);
    notes.push(...reading.rowNotes);
    for (const rowNote of reading.rowNotes) if (/^(?:show|ask)\b/i.test(rowNote)) notes.push(`Rows: ${rowNote}`);
    type = "grid";
  } else if (reading?.kind === "single-row") {
    options = finishOptions(reading.options, false);
    type = multiHint ? "multi" : "single";
    if (reading.rowLabel && !text.includes(reading.rowLabel)) notes.push(`Row: ${reading.rowLabel}`);
  } else if (reading?.kind === "numeric-fields") {
    rows = finishOptions(reading.rows, false);
    type = "numeric";
    if (reading.range) [min, max] = reading.range;
  } else if (reading?.kind === "options" && reading.dropdownRows) {
    rows = finishOptions(reading.dropdownRows, false);
    type = "grid";
    notes.push("Each row is answered from a drop-down list.");
  } else if (reading?.kind === "rows-only" && (gridHint || scale)) {
    rows = finishOptions(reading.rows, false);
    columns = scale ? scale.columns : [];
    type = "grid";
  } else {
    if (reading?.kind === "options") {
      if (reading.open) {
        // Text boxes with a "Don't know" box beside them: an open question.
        hasEntry = true;
        specialDrafts.push(...reading.options);
      } else optionDrafts.push(...reading.options);
    }
    if (reading?.kind === "rows-only") optionDrafts.push(...reading.rows);
    // A header line printed as one option line with wide gaps: the scale of an unmarked matrix.
    const firstOption = raw.body.find((part) => part.kind === "option");
    const pipeHeader = raw.body.find((part) => (part.kind === "wording" || part.kind === "note") && (part.text.match(/\|/g) ?? []).length >= 2 && part.text.split("|").filter((cell) => cell.trim()).length >= 2);
    if (gridHint && optionDrafts.length + pipeRows.length >= 2 && pipeHeader && "line" in pipeHeader) {
      // A scale printed as "| Never | Rarely | Often" above the rows.
      columns = finishOptions(pipeHeader.line.text.split("|").map((cell) => cell.trim()).filter(Boolean).map((cell) => draftOption(cell, pipeHeader.line.start)), false);
      rows = finishOptions([...pipeRows, ...optionDrafts], false);
      type = "grid";
    } else if (gridHint && optionDrafts.length >= 2 && firstOption && firstOption.line.segments && firstOption.line.segments.length >= 3) {
      columns = finishOptions(firstOption.line.segments.map((segment) => draftOption(segment.text, segment.start)), false);
      rows = finishOptions(optionDrafts.slice(1), false);
      type = "grid";
    } else if (paperGrid(optionDrafts)) {
      // Rows that repeat the column codes ("a) Price  1  2  3"): a grid; the heading line above names the columns.
      const codes = optionDrafts.find((draft) => draft.gridCodes)!.gridCodes!;
      rows = finishOptions(optionDrafts.filter((draft) => draft.gridCodes), false);
      // (The nearest such line above the rows, whose pieces are short names — not the wording's own line, "9." | "Which …?".)
      // (A names line read as an answer line — "Yes   No" over the rows — names the columns as well.)
      const firstRow = raw.body.findIndex((part) => part.kind === "option" && part.line.segments !== undefined && part.line.segments.length === codes.length + 1 && part.line.segments.slice(1).every((segment) => /^\d+$/.test(segment.text.trim())));
      const header = raw.body
        .slice(0, firstRow < 0 ? undefined : firstRow)
        .findLast((part) => (part.kind === "wording" || part.kind === "option") && part.line.segments?.length === codes.length && part.line.segments.every((segment) => columnName(segment.text)));
      const names = header && "line" in header ? header.line.segments!.map((segment) => segment.text.trim()) : [];
      columns = codes.map((code, index) => ({ code, label: names[index] ?? code, codePrinted: true, span: header && "line" in header ? { start: header.line.start, end: header.line.end } : rows[0].span }));
      type = "grid";
    } else if (optionDrafts.length >= 2 && HINT.ranking.test(hintText) && !HINT.single.test(hintText) && optionDrafts.every((draft) => draft.withEntry || /_{2,}/.test(draft.label))) {
      // "Rank … from 1 to 5" over items each printed with a blank for its rank.
      options = finishOptions(optionDrafts, false);
      type = "ranking";
    } else if (optionDrafts.length >= 2 && optionDrafts.filter((draft) => draft.withEntry).length >= optionDrafts.length * 0.8) {
      // Each labelled item has its own entry field ("Children under 18 ____"): a form of number or text fields.
      rows = finishOptions(optionDrafts, false);
      type = (HINT.numeric.test(hintText) || (NUMERIC_WORDING.test(text) || AMOUNT_OTHER_LANGUAGES.test(hintText) || asksForNumberInUnits(hintText))) && !NOT_NUMERIC.test(withoutPlaceholders(text)) ? "numeric" : "open";
    } else if (optionDrafts.some((draft) => !draft.header)) {
      // (Option-group headings alone — a section title read as one — are no answers: the question is read as having none.)
      // A code legend at the wording's end over items that carry none of its codes: the items are rows, each answered with the legend.
      const legend = optionDrafts.length >= 2 ? codeLegendColumns(text) : null;
      const legendRows = legend && optionDrafts.every((draft) => !legend.some((pair) => pair.code === draft.code || normalizeForMatch(pair.label) === normalizeForMatch(draft.label)));
      const statedColumns = optionDrafts.length >= 2 ? (statedAnswerColumns(text) ?? (legendRows ? legend!.map((pair) => `(${pair.code}) ${pair.label}`) : null)) : null;
      options = finishOptions(optionDrafts, multiHint);
      const headers = optionDrafts.filter((draft) => draft.header).map((draft) => draft.label);
      if (headers.length) notes.push(`Option groups: ${headers.join(", ")}`);
      if (gridHint && extraRows.length) {
        rows = finishOptions(extraRows, false);
        columns = options;
        options = [];
        type = "grid";
      } else if (/\b(?:one|an?)\s+(?:answer|response)\s+(?:in|for|per)\s+each\s+(?:row|brand|statement|item|attribute|line)\b|\bfor each (?:brand|row|statement|item)\b/i.test(hintText)) {
        // The answer list is a scale used once per row; the rows (brands, items) come from elsewhere.
        columns = options;
        options = [];
        type = "grid";
        notes.push("Rows are not listed in the questionnaire (taken from an earlier answer or a list to insert).");
      } else if (statedColumns) {
        // "Which courses have you taken (Options: Completed; Under way; Dropped)?" over the courses: a grid.
        rows = options;
        columns = finishOptions(statedColumns.map((label) => draftOption(label, raw.start)), false);
        options = [];
        type = "grid";
      } else if (scale && ((/\b(?:rate|rating|score)\b/i.test(text) && ratedItems(optionDrafts, scale.columns)) || (RATES_ITEMS_CJK.test(text) && ratedItems(optionDrafts, scale.columns, true)))) {
        // "Please rate the following … (5 = High, 1 = Low)" over bulleted items: the items are rated on the scale.
        // So are items under "对下列各项打分【矩阵题，5分制】" (score each of these: a matrix out of 5).
        rows = options;
        columns = scale.columns;
        options = [];
        type = "grid";
      } else {
        type = decideChoiceType(hintText, options, multiHint);
        // One answer under a question that asks for a number ("How old are you? ____ YEARS" over "Under 18 … 1
        // TERMINATE"; "Quantas horas por dia …?" over "Não tenho tempo 0"): a number field with a special answer
        // beside it, not a choice of one.
        if (type === "single" && optionDrafts.every((draft) => draft.code === undefined && draft.marker === undefined) && numberFieldCaptions(options.map((option) => option.label), asksNumber(raw, text, hintText))) {
          // "Combien de temps …?" over "heure(s)" / "minute(s)": the captions of number boxes (numeric-cues.ts).
          type = "numeric";
          instructions.push(`fields: ${options.map((option) => option.label).join(" / ")}`);
          options = [];
        } else if (type === "single" && options.length === 1 && asksNumber(raw, text, hintText)) {
          type = "numeric";
          // (The money field's caption is no answer of its own.)
          options = options.filter((option) => !currencyCaption(option.label)).map((option) => ({ ...option, exclusive: true }));
        } else if (type === "single" && options.length <= 3 && unitBlankAnswer(options[0].label) && options.slice(1).every((option) => !/_{2,}|\d/.test(option.label))) {
          // "1. __ percent" over "2. I'd rather not say": the first answer is the number field in its unit, the
          // others replace a typed number.
          type = "numeric";
          options = options.slice(1).map((option) => ({ ...option, exclusive: true }));
        } else if (type === "single" && options.every((option) => VOLUNTEERED_LABEL.test(option.label)) && (hasEntry || asksNumber(raw, text, hintText))) {
          // Only volunteered codes under a field or a question that asks for a number ("ENTER NUMBER 0-97" over
          // "98 Don't know", "99 Refused"): the field is the answer, the codes replace a typed one.
          type = dateShapedAnswer(raw) ? "date" : asksNumber(raw, text, hintText) ? "numeric" : "open";
          options = options.map((option) => ({ ...option, exclusive: true }));
        }
      }
    } else if (scale && scale.columns.length >= 2 && /\b(?:rate|rating|scale|score)\b/i.test(hintText) && labelledBlanks(raw).length >= 2) {
      // "Please rate the following on a scale of 1 to 5" over "Quality ___", "Price ___": each item is rated on
      // the stated scale (a grid), its blank the place to write the point.
      rows = finishOptions(labelledBlanks(raw).map((blank) => draftOption(blank.label, blank.start)), false);
      columns = scale.columns;
      type = "grid";
    } else {
      type = decideOpenType(raw, text, hintText, hasEntry, scale);
      if (type === "rating" || type === "nps") {
        min = scale?.min ?? (type === "nps" ? 0 : 1);
        max = scale?.max ?? (type === "nps" ? 10 : 5);
        // A scale the wording states ("On a scale of 1 to 5, how …") with no points printed: its points are the answers.
        // (A scale stated on the lines after the wording may be a list's shared scale: shared-scales.ts reads that.)
        const stated = type === "rating" ? scaleFromText(text) : null;
        if (stated) options = stated.columns;
      }
    }
  }
  if (type === "grid" && columns.length === 0 && scale) columns = scale.columns;
  options = foldRouteCells(options);
  // Answers printed beside a number or text field ("Will not consider buying", "I'm not sure"): special
  // answers that replace a typed one — kept as exclusive options with their printed code (or -1, -2, …).
  if ((type === "numeric" || type === "open") && specialDrafts.length) {
    options = finishOptions(specialDrafts, false).map((option, index) => ({ ...option, code: option.codePrinted ? option.code : String(-(index + 1)), exclusive: true }));
  } else for (const draft of specialDrafts) notes.push(`Also offered: ${draft.label}`);
  // Answers or grid columns printed as bare numbers take the anchor labels written in the wording ("1 = poor, 5 = excellent").
  for (const list of [options, columns]) {
    if (!list.length || !list.every((option) => option.label === option.code)) continue;
    for (const match of hintText.matchAll(/(\d{1,2})\s*=\s*([^,;)→\n]+?)(?:(?<!\s)\s*|(?<=\s))(?=[,;).→\n]|$)/g)) {
      const option = list.find((candidate) => candidate.code === match[1]);
      if (option) option.label = match[2].trim();
    }
  }
  if (type === "single" && options.length >= 11 && options.every((option, index) => option.label === String(index) || option.label === String(index + 1)) && /recommend/i.test(text)) type = "nps";

  // Quota bands ("QUOTA: 18–34 min 30%") are not the field's range.
  // Numbers in the wording usually describe who is counted ("adults between 18 and 64"), not the answer's range:
  // there only an explicit notation counts ("Enter a number from 0 to 5000", "RANGE 0-99", "… ? (0–120)").
  const rangeText = [...notes, ...instructions, ...allText.filter((piece) => !wordingTexts.includes(piece))].filter((piece) => !/\bquotas?\b/i.test(piece)).join(" \n ");
  const range = type === "numeric" || type === "open" ? (writtenRange(rangeText) ?? wordingRange(wordingTexts.filter((piece) => !/\bquotas?\b/i.test(piece)).join(" \n "))) : null;
  if (range && (type === "numeric" || type === "open")) {
    [min, max] = range;
    if (type === "open") type = "numeric";
  }
  if (options.length === 0 && (type === "single" || type === "multi" || type === "ranking")) {
    warnings.push("No answer options were found for this question.");
  }
  const answerless = optionDrafts.length === 0 && !tableReading && !pdfGrid && !hasEntry;
  const assumed: InterpretationAssumptions = {};
  const selectionStated = multiHint || HINT.single.test(hintText) || HINT.dropdown.test(hintText) || HINT.ranking.test(hintText) || (context.markersDistinguish && radios + checkboxes > 0);
  if (type === "single" && options.length > 0 && !selectionStated) assumed.selectionAssumed = true;
  const printedCodes = optionDrafts.filter((draft) => !draft.header && !draft.entryOnly && draft.code !== undefined).map((draft) => String(draft.code));
  const repeated = [...new Set(printedCodes.filter((code, index) => printedCodes.indexOf(code) !== index))];
  if (repeated.length && options.length) assumed.repeatedCodes = repeated;
  return { text, type, options, rows, columns, min, max, randomize, instructions, notes, logic, hasEntry, answerless, warnings, span: { start, end }, assumed };
}

const AMOUNT = String.raw`[£$€¥]?\s*(-?\d{1,3}(?:[,.]\d{3})+|-?\d+)`;
const RANGE_PATTERNS = [
  // "[0-50]", "(0–120)", "(£1–£500)", "（0-3000）", "(range 0–500)", "(1-365)".
  new RegExp(String.raw`[[(（]\s*(?:range\s*:?\s*|from\s+)?${AMOUNT}\s*(?:[-–—~〜]|to|a|bis|à)\s*${AMOUNT}\s*(?:[A-Za-z%元円€$£]{0,8}\s*)?[\])）]`, "i"),
  // "RANGE 16–99", "NUMERIC 0-50", "RECORD 4 DIGITS; 1900-2007", "Enter a number from 0 to 5000".
  new RegExp(String.raw`\b(?:range|numeric|number|enter|record|allow|valid)\b[^.\n]{0,30}?${AMOUNT}\s*(?:[-–—]|to)\s*${AMOUNT}`, "i"),
  new RegExp(String.raw`\bfrom\s+${AMOUNT}\s+to\s+${AMOUNT}`, "i"),
  new RegExp(String.raw`\b(?:between|entre|zwischen|tra)\s+${AMOUNT}\s+(?:and|et|y|e|und)\s+${AMOUNT}`, "i"),
];

/** An explicit range notation inside a question's wording: an entry instruction with its bounds, or a bracketed range after the question. */
export function wordingRange(text: string): [number, number] | null {
  const explicit = new RegExp(String.raw`\b(?:range|numeric|enter|record|type|write|allowed|valid)\b[^.\n?？]{0,40}?${AMOUNT}\s*(?:[-–—~]|to|and|y|et|und|bis|a|à)\s*${AMOUNT}`, "i").exec(text);
  if (explicit) {
    const low = Number(explicit[1].replace(/[,.](?=\d{3}\b)/g, ""));
    const high = Number(explicit[2].replace(/[,.](?=\d{3}\b)/g, ""));
    if (high > low) return [low, high];
  }
  // A bracketed range printed after the question sentence ("How old are you? (0–120)").
  const lastQuestionMark = Math.max(text.lastIndexOf("?"), text.lastIndexOf("？"));
  return lastQuestionMark >= 0 ? writtenRange(text.slice(lastQuestionMark + 1), [RANGE_PATTERNS[0]]) : null;
}

/** The allowed numbers written next to a number field: "(0–120)", "RANGE 16-99", "between 12 and 99", "[1-30]". */
export function writtenRange(text: string, patterns: RegExp[] = RANGE_PATTERNS): [number, number] | null {
  for (const pattern of patterns) {
    for (const match of text.matchAll(new RegExp(pattern.source, "gi"))) {
      // "(1-2 sentences)", "(18-34 years old)" in a label are not ranges of a number field.
      const after = text.slice(match.index! + match[0].length, match.index! + match[0].length + 20);
      if (/^\s*(?:sentences?|words?|characters?|lines?|paragraphs?)\b/i.test(after) || /sentences?|words?|characters?/i.test(match[0])) continue;
      const low = Number(match[1].replace(/[,.](?=\d{3}\b)/g, ""));
      const high = Number(match[2].replace(/[,.](?=\d{3}\b)/g, ""));
      if (Number.isFinite(low) && Number.isFinite(high) && high > low) return [low, high];
    }
  }
  return null;
}

/** A column's name over a paper grid's codes: a short label, not a code, a question number or an asking sentence. */
function columnName(text: string): boolean {
  const name = text.trim();
  return !/^\d+[.)]?$/.test(name) && !/[?？]/.test(name) && name.split(/\s+/).length <= 5;
}

function paperGrid(drafts: OptionDraft[]): boolean {
  const withCodes = drafts.filter((draft) => draft.gridCodes);
  if (withCodes.length < 2 || withCodes.length < drafts.length * 0.6) return false;
  const first = withCodes[0].gridCodes!.join(",");
  return withCodes.every((draft) => draft.gridCodes!.join(",") === first);
}

function decideChoiceType(hintText: string, options: IROption[], multiHint: boolean): QuestionType {
  if (HINT.ranking.test(hintText) && !HINT.single.test(hintText)) return "ranking";
  if (multiHint && !/\bselect one\b|\bone answer\b|\bsingle (?:code|response|select|punch)\b|\bSR\b/.test(hintText)) return "multi";
  if (HINT.dropdown.test(hintText)) return "dropdown";
  const labels = options.map((option) => option.label);
  if (options.length === 11 && labels.every((label, index) => normalizeForMatch(label).startsWith(String(index)))) return "nps";
  return "single";
}

/** "Quality ___": entry lines that each carry a short label before their blank (a form of fields, one per item). */
function labelledBlanks(raw: RawQuestion): { label: string; start: number }[] {
  return raw.body.flatMap((part) => {
    if (part.kind !== "entry") return [];
    // (Read by position, not by one pattern: a lazy label before optional spaces rescans long runs of blanks.)
    const text = part.line.text.trim();
    const at = text.indexOf("___");
    if (at <= 0 || text.slice(at).replace(/[_\s]/g, "") !== "") return [];
    const label = text.slice(0, at).trim().replace(/[:：]$/, "").trim();
    return label.length <= 60 && /\p{L}/u.test(label) ? [{ label, start: part.line.start }] : [];
  });
}

/** The wording, its hints or a blank with a unit ask for a number (and the wording does not ask for a name, an address …). */
function asksNumber(raw: RawQuestion, text: string, hintText: string): boolean {
  if (NOT_NUMERIC.test(withoutPlaceholders(text))) return false;
  // (A money field's caption read as the one answer, "Valor $", asks for an amount too.)
  return HINT.numeric.test(hintText) || NUMERIC_WORDING.test(text) || AMOUNT_OTHER_LANGUAGES.test(hintText) || asksForNumberInUnits(hintText) || raw.body.some((part) => ((part.kind === "entry" || part.kind === "wording") && blankInUnits(part.line.text)) || ((part.kind === "wording" || part.kind === "option") && currencyCaption(part.line.text)));
}

/** An answer space shaped as a date ("__/__/____", "JJ/MM/AAAA", "__/____" month and year), in any language. */
function dateShapedAnswer(raw: RawQuestion): boolean {
  return raw.body.some((part) => (part.kind === "entry" || part.kind === "wording" || part.kind === "note" || part.kind === "option") && dateShapedBlank(part.line.text));
}

function decideOpenType(raw: RawQuestion, text: string, hintText: string, hasEntry: boolean, scale: ReturnType<typeof scaleFromText>): QuestionType {
  if (/recommend/i.test(text) && /\b0\b.{0,20}\b10\b/.test(hintText)) return "nps";
  if (HINT.dropdown.test(hintText)) return "dropdown";
  if (scale && !hasEntry && NAMES_A_SCALE.test(hintText)) return "rating";
  // A declared rating whose points are not printed ("Type: rating scale").
  if (/\btype\s*[:：]\s*(?:star\s+)?rating\b|\btype\s*[:：]\s*scale\b/i.test(hintText)) return "rating";
  if ((HINT.date.test(hintText) || /^[A-Za-z ]{0,30}\bdate$/i.test(text.trim())) && !/how many|how long/i.test(text)) return "date";
  if (dateShapedAnswer(raw)) return "date";
  if ((HINT.numeric.test(hintText) || (NUMERIC_WORDING.test(text) || AMOUNT_OTHER_LANGUAGES.test(hintText) || asksForNumberInUnits(hintText))) && !NOT_NUMERIC.test(withoutPlaceholders(text))) return "numeric";
  if (!NOT_NUMERIC.test(withoutPlaceholders(text)) && raw.body.some((part) => (part.kind === "entry" || part.kind === "wording") && (blankInUnits(part.line.text) || currencyCaption(part.line.text)))) return "numeric";
  if (hasEntry || HINT.open.test(hintText)) return "open";
  if (raw.id) return "open";
  return "info";
}

/** Listed items to be rated, not the scale's own points: no codes or numbers, none named like a scale point. */
function ratedItems(drafts: OptionDraft[], columns: IROption[], numbered = false): boolean {
  const points = new Set(columns.map((column) => column.label.trim().toLowerCase()));
  // Items lettered "a)", "b)" under a scale coded in numbers: the letters name the items, they are no answer codes.
  const lettered = columns.every((column) => /^\d+$/.test(column.code)) && drafts.every((draft) => draft.code !== undefined && /^[a-z]{1,2}$/i.test(draft.code));
  return drafts.length >= 2 && drafts.every((draft) => (numbered || lettered || !draft.code) && !/^\d/.test(draft.label) && !points.has(draft.label.trim().toLowerCase()));
}

/** A response scale described in words: "5-point", "1 = Strongly Disagree → 5 = Strongly Agree", "scale of 1 to 5". */
/**
 * "1 = strongly disagree": a named scale point. A label ends at an arrow, a separator, an ellipsis, a full stop, the
 * end of its line or of the text, or where the next end point is named ("1 = strongly disagree to 5 = strongly
 * agree", "1 = very poor and 5 = excellent", "1 = muy malo y 5 = excelente").
 */
export const SCALE_POINT_LABEL = new RegExp(String.raw`(\d{1,2})\s*=\s*([^→…\n)]+?)(?:(?<!\s)\s*|(?<=\s))(?:→|->|,|;|\)|…|\.(?=\s|$)|(?=\n)|(?=\s(?:to|and|–|-|${CUES.and})\s+\d)|$)`, "g");

/** "on a scale of 1 to 5", "auf einer Skala von 0 bis 10", "sur une échelle de 1 à 10": a scale and its two ends, in any lexicon language. */
const NAMED_SCALE_RANGE = new RegExp(String.raw`(?:^|[^\p{L}])(?:${CUES.scale})\s+(?:\p{L}{1,4}\s+)?(\d{1,2})\s*(?:(?:${CUES.rangeTo})(?!\p{L})|[-–])\s*(\d{1,2})(?!\d)`, "iu");
/** A scale noun in any lexicon language. */
/** The word "scale" in a lexicon language; in Chinese, Japanese or Korean (no spaces between words) "量表", "10分制" (scored out of 10), "尺度", "척도". */
export const NAMES_A_SCALE = new RegExp(String.raw`scale|(?:^|[^\p{L}])(?:${CUES.scale})(?!\p{L})|量表|分制|尺度|段階評価|척도`, "iu");

export function scaleFromText(text: string): { min: number; max: number; columns: IROption[] } | null {
  const span = { start: 0, end: 0 };
  // "7-point", and in Chinese, Japanese or Korean "10分制" / "10分值" (scored out of 10), "5级量表", "5点尺度", "5점 척도".
  const points = /(\d{1,2})(?:[- ]point\b|\s*(?:分制|分值|级量表|級量表|点尺度|点量表|點量表|段階評価|점\s?척도))/i.exec(text);
  const range =
    /scale (?:of|from)\s+(\d{1,2})\s*(?:to|-|–)\s*(\d{1,2})|\(\s*(\d{1,2})\s*=[^→)]*?(?:→|->|to|–|-)\s*(\d{1,2})\s*=|\brate\b[^.]{0,40}\b(\d{1,2})\s*[-–]\s*(\d{1,2})\b|(?:^|[\s:])(\d{1,2})\s*=\s*[^=…\n]{1,40}?(?:…|\.{3})\s*(\d{1,2})\s*=|\bfrom\s+(\d{1,2})\s*(?:\(\s*\p{L}[^)]{1,40}\)|=\s*\p{L}[^,;()=]{1,40}?)\s*(?:to|–|-)\s*(\d{1,2})\s*[(=]/iu.exec(text);
  let min: number | undefined;
  let max: number | undefined;
  // A legend listing every point: "1 = Strongly disagree, 2 = Disagree, 3 = Neutral, 4 = Agree, 5 = Strongly agree".
  const legend = [...text.matchAll(/(?:^|[\s,;(])(\d{1,2})\s*=\s*[^,;\n=]+/g)].map((match) => Number(match[1]));
  const consecutive = legend.length >= 3 && legend.every((value, index) => index === 0 || value === legend[index - 1] + 1);
  // A legend in brackets naming some points in any order: "(5 = High, 1 = Low, 0 = Don't Use)".
  const bracketed = /\(([^()]*=[^()]*)\)/.exec(text);
  const named = bracketed ? [...bracketed[1].matchAll(/(?:^|[\s,;])(\d{1,2})\s*=\s*[^,;=]+/g)].map((match) => Number(match[1])) : [];
  const namedSpan = named.length >= 2 && new Set(named).size === named.length ? Math.max(...named) - Math.min(...named) : 0;
  // Only the two ends named in brackets after the word scale ("Skala (0 = links, 10 = rechts)"): a scale up to 11 points.
  const namedEnds = named.length === 2 && NAMES_A_SCALE.test(text);
  const wordedRange = range ? null : NAMED_SCALE_RANGE.exec(text);
  if (wordedRange) {
    min = Number(wordedRange[1]);
    max = Number(wordedRange[2]);
  } else if (range) {
    // "… from 1 (strongly disagree) to 5 (strongly agree)", "from 1 = never to 7 = always": the ends named on the way.
    min = Number(range[1] ?? range[3] ?? range[5] ?? range[7] ?? range[9]);
    max = Number(range[2] ?? range[4] ?? range[6] ?? range[8] ?? range[10]);
  } else if (points) {
    min = 1;
    max = Number(points[1]);
  } else if (consecutive) {
    min = legend[0];
    max = legend[legend.length - 1];
  } else if (namedSpan >= 2 && (namedSpan <= 6 || namedEnds) && !HINT.ranking.test(text)) {
    // (A ranking's "1 = most important, 4 = least important" numbers ranks, not scale points.)
    min = Math.min(...named);
    max = Math.max(...named);
  }
  if (min === undefined || max === undefined || max <= min || max - min > 10) return null;
  const columns: IROption[] = [];
  for (let value = min; value <= max; value++) columns.push({ code: String(value), label: String(value), codePrinted: false, span });
  for (const match of text.matchAll(SCALE_POINT_LABEL)) {
    const column = columns.find((option) => option.code === match[1]);
    if (column) column.label = match[2].trim();
  }
  // A point named in brackets after its number: "from 1 (strongly disagree) to 5 (strongly agree)".
  for (const match of text.matchAll(/(?:^|[\s,;])(\d{1,2})\s*\(\s*(\p{L}[^()=]{1,40}?)\s*\)/gu)) {
    const column = columns.find((option) => option.code === match[1]);
    if (column && column.label === column.code) column.label = match[2].trim();
  }
  return { min, max, columns };
}
