/**
 * The safety net for routing (issue: "detect … keep: never drop logic silently"). After every other logic pass,
 * a routing or filter instruction printed in a layout no pass knows (a routing column in a table, a skip after a
 * dotted leader, a skip on the line under an answer, a skip in another language than the wording) has not become
 * logic. This pass finds such instructions in the printed text — a routing verb or arrow of the cue lexicon
 * followed by a target that binds in the document's symbol table, or a conditional clause naming a printed
 * question id — and attaches each by its position: to the answer on the same line or just above (an answer
 * route), else to the question whose body holds it, else to the question after it (a base line). What is attached
 * by position only is flagged with a warning. Text an earlier pass already read or kept is left alone, and a
 * clause that does not bind is never attached to what follows.
 */
import type { IRItem, IROption, IRQuestion, RouteTarget } from "../ir";
import { type ConditionAst, notOf, parseCondition, printCondition } from "../conditions";
import { ageUniverseCondition, UNIVERSE_AGE_VARIABLE } from "./codebook-blocks";
import { SENTENCE_CUES } from "./cue-lexicon";
import { parseRouteStatement, type QuestionIndex, type QuestionRef, resolveCondition } from "./logic";
import { GOTO_VERB } from "./patterns";

const MAX_LINE = 300;
/** Arrows of other fonts read as the arrow the route reader knows. */
const OTHER_ARROWS = /[⇒➔➜➝➞⟹⟶]/g;
const ROUTE_CUE = new RegExp(String.raw`(?:^|[^\p{L}])${GOTO_VERB}\s|→|->|=>`, "iu");
/** Brackets, braces and dashes before a route printed on a line of its own. */
const OPENING_MARKS = /^[\s([{|⎫⎬⎭}–—-]+/;
/** Quotes around a title; an odd number on a line leaves one open. */
const QUOTE = /["“”]/g;
/** "After the last question in this section, skip to …": the route is taken once the page is done. */
const AFTER_SECTION = /\bafter the last question (?:in|of) (?:this|the) (?:section|page)\b/i;
const LEADING_POINTER = /^[\s([]*(?:→|->|=>)/;
/** "→ Q9", "(→ 14)", "-> END.": a line that is only an arrow to a target. */
const POINTER_ONLY = /^[\s([]*(?:→|->|=>)\s*(?:[A-Za-z]{0,4}\.?\d{1,3}(?:\.\d{1,2})?[a-z]?|[\p{L}]{2,12})\s*[)\].]?\s*$/u;
/** The word opening a conditional clause, in any language of the lexicon ("if", "only if", "solo si", "nur wenn"). */
const CONDITION_START = new RegExp(String.raw`(?:^|[\s(\[])(?:(?:only|solo|sólo|apenas|somente|nur|seulement|uniquement|hanya)\s+)?(?:${SENTENCE_CUES.ifWord})\s`, "iu");

interface Line {
  start: number;
  end: number;
  text: string;
}

interface Span {
  start: number;
  end: number;
}

function linesOf(printed: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const raw of printed.split("\n")) {
    lines.push({ start, end: start + raw.length, text: raw.slice(0, MAX_LINE) });
    start += raw.length + 1;
  }
  return lines;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const squeeze = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Every place and text an earlier pass already read as logic. (A note or instruction kept as written is not logic:
 * the net reads it again.)
 */
function alreadyRead(questions: IRQuestion[]): { spans: Span[]; texts: string[] } {
  const spans: Span[] = [];
  const texts: string[] = [];
  for (const question of questions) {
    for (const condition of [...question.askIf, ...question.routes]) {
      spans.push(condition.span);
      texts.push(squeeze(condition.text));
    }
    for (const option of [...question.options, ...question.rows, ...question.columns]) {
      if (option.route || option.routeText || option.showIf) spans.push(option.span);
      if (option.showIf) spans.push(option.showIf.span);
    }
  }
  return { spans: spans.filter((span) => span.end > span.start), texts: texts.filter((text) => text.length >= 6) };
}

/**
 * The question whose span holds a position, and the first question starting at or after one — the first such in the
 * questions' order, as a scan would find it — read by binary search when the questions run in the order they are
 * printed (by a scan otherwise): every printed line asks both.
 */
export function questionSpans(questions: IRQuestion[]): { hostAt(at: number): IRQuestion | undefined; followingFrom(at: number): IRQuestion | undefined } {
  const scan = {
    hostAt: (at: number) => questions.find((question) => question.span.start <= at && at < question.span.end),
    followingFrom: (at: number) => questions.find((question) => question.span.start >= at),
  };
  const unordered = (question: IRQuestion, index: number) =>
    !Number.isFinite(question.span.start) || !Number.isFinite(question.span.end) || (index > 0 && questions[index - 1].span.start > question.span.start);
  if (questions.some(unordered)) return scan;
  // reach[i]: the furthest end among the first i + 1 questions (never decreasing).
  const reach: number[] = [];
  for (const [index, question] of questions.entries()) reach.push(Math.max(index ? reach[index - 1] : -Infinity, question.span.end));
  /** The first index in [0, questions.length) where `holds` turns true (it stays true after), or the length. */
  const firstWhere = (holds: (index: number) => boolean) => {
    let low = 0;
    let high = questions.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (holds(middle)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return {
    // The first question with start <= at < end: among those starting at or before `at` (a prefix), the first whose end
    // is past `at` — the first index where the furthest end so far passes `at`.
    hostAt: (at: number) => {
      const started = firstWhere((index) => questions[index].span.start > at);
      const first = firstWhere((index) => reach[index] > at);
      return first < started ? questions[first] : undefined;
    },
    followingFrom: (at: number) => questions[firstWhere((index) => questions[index].span.start >= at)],
  };
}

/**
 * The option printed on `line` before the cue at `cue` (the last one, when several answers share the line), or
 * on the line just above it when `line` is no answer of its own.
 */
function optionAt(questions: IRQuestion[], lines: Line[], at: number, cue: number, routeOnly: boolean): { question: IRQuestion; option: IROption } | undefined {
  const onLine = (line: Line, before: number) => {
    for (const question of questions) {
      const options = question.options.filter((candidate) => overlaps(candidate.span, line) && candidate.span.start < before);
      if (options.length) return { question, option: options[options.length - 1] };
    }
    return undefined;
  };
  const same = onLine(lines[at], cue);
  if (same) return same;
  // A line under an answer is that answer's route only when it is nothing but a route ("(skip to K4)").
  if (!routeOnly) return undefined;
  let above = at - 1;
  while (above >= 0 && !lines[above].text.trim()) above--;
  if (above < 0 || at - above > 2) return undefined;
  const found = onLine(lines[above], lines[above].end);
  // The line below an answer is that answer's route only when no other question starts on it.
  if (!found || questions.some((question) => question.span.start >= lines[at].start && question.span.start < lines[at].end)) return undefined;
  return found;
}

export interface UnreadRoutingContext {
  index: QuestionIndex;
  /** Binds a section target ("next section", "Section B") to a section of this document. */
  sectionTarget: (text: string, question: IRQuestion, target: RouteTarget) => RouteTarget | null;
}

export function attachUnreadRouting(items: IRItem[], printed: string, context: UnreadRoutingContext): { name: string; label: string }[] {
  const questions = items.filter((item): item is IRQuestion => item.kind === "question");
  if (!questions.length || !printed) return [];
  const orderOf = new Map(context.index.questions.map((ref) => [ref.key, ref]));
  const refOf = (question: IRQuestion) => orderOf.get(question.key);
  const read = alreadyRead(questions);
  const lines = linesOf(printed);
  const spans = questionSpans(questions);
  let ageBased = false;
  const flag = (question: IRQuestion, text: string) =>
    question.warnings.push(`The routing "${text.trim()}" was attached where it is printed (no convention read it); check it.`);

  lines.forEach((line, at) => {
    const text = line.text.trim();
    if (text.length < 4) return;
    if (read.spans.some((span) => overlaps(span, line))) return;
    const plain = squeeze(text);
    if (read.texts.some((known) => known.includes(plain) || plain.includes(known))) return;
    const host = spans.hostAt(line.start);
    const following = spans.followingFrom(line.end);
    // A quoted target wraps onto the next line ('skip to "Thanks for your' / 'time!"').
    const wrapped = (text.match(QUOTE) ?? []).length % 2 === 1 && lines[at + 1] ? `${text} ${lines[at + 1].text.trim()}` : text;
    const cued = wrapped.replace(OTHER_ARROWS, "→");
    // A pointer at the start of a line with more than a target after it is a bullet ("⇒ b. How many …?") or a
    // lead-in ("⇒ If yes"), read below as a note.
    if (ROUTE_CUE.test(cued) && !(LEADING_POINTER.test(cued) && !POINTER_ONLY.test(cued))) {
      const parsed = parseRouteStatement(cued.replace(/^[^\p{L}\p{N}→>=-]+/u, ""));
      if (!parsed) return;
      const cue = line.start + line.text.indexOf(text) + (ROUTE_CUE.exec(cued)?.index ?? 0);
      const answer = optionAt(questions, lines, at, cue + 1, ROUTE_CUE.exec(cued.replace(OPENING_MARKS, ""))?.index === 0);
      const owner = answer?.question ?? host;
      const ownerRef = owner ? refOf(owner) : undefined;
      if (!owner || !ownerRef) return;
      const target = closingTarget(parsed.target, questions, lines) ?? boundTarget(parsed.target, ownerRef, context, owner, cued);
      if (!target) return;
      if (answer && !parsed.condition && AFTER_SECTION.test(cued)) {
        // A web form's page route on an answer: the respondent finishes the page, then goes on.
        const last = lastOfSection(items, owner);
        const when = `{${owner.variable}} = '${answer.option.code}'`;
        if (last.routes.some((route) => route.when?.condition === when)) return;
        answer.option.label = withoutRoute(answer.option.label);
        last.routes.push({ when: { text: `${owner.id} = ${answer.option.label}`, span: { start: line.start, end: line.end }, condition: printCondition(parseCondition(when)) }, target, text: wrapped, span: { start: line.start, end: line.end } });
        flag(last, wrapped);
        return;
      }
      if (answer && !parsed.condition) {
        if (answer.option.route || answer.option.routeText) return;
        answer.option.route = target;
        answer.option.routeText = wrapped;
        answer.option.label = withoutRoute(answer.option.label);
        flag(owner, text);
        return;
      }
      if (!parsed.condition) {
        // A line that is only a route ("→ Q9", "Go to Q9") in the body of a question without answers applies to
        // everyone answering it; after answers the host did not read, it belongs to one of them and is left alone.
        if (!host || owner !== host || owner.options.length || owner.rows.length || owner.routes.length) return;
        if (ROUTE_CUE.exec(cued)?.index !== 0) return;
        owner.routes.push({ target, text, span: { start: line.start, end: line.end } });
        flag(owner, text);
        return;
      }
      const resolution = resolveCondition(`if ${parsed.condition}`, { index: context.index, order: ownerRef.order + 1, self: parsed.selfCondition ? ownerRef : undefined, previous: ownerRef });
      if (!resolution.ast) return;
      const condition = printCondition(resolution.ast);
      if (owner.routes.some((route) => route.when?.condition === condition)) return;
      owner.routes.push({ when: { text: parsed.condition, span: { start: line.start, end: line.end }, condition }, target, text, span: { start: line.start, end: line.end } });
      flag(owner, text);
      return;
    }
    // A pointer closing an answer's line with no verb of the lexicon ("No (pase 7)", "No [ir a 12]"): the answer's
    // route, when its target binds to a later question of this document.
    const pointer = answerPointer(text);
    if (pointer) {
      const answer = optionAt(questions, lines, at, line.start + line.text.indexOf(text) + pointer.index + 1, false);
      const ref = answer ? refOf(answer.question) : undefined;
      const target = ref ? context.index.byName(pointer.target, ref.order) : undefined;
      if (answer && ref && target && target.order > ref.order && !answer.option.route && !answer.option.routeText) {
        answer.option.route = { kind: "question", ref: pointer.target };
        answer.option.routeText = pointer.text;
        answer.option.label = answer.option.label.replace(pointer.text, "").trim() || answer.option.label;
        flag(answer.question, text);
        return;
      }
    }
    const opening = CONDITION_START.exec(text);
    if (!opening) {
      // A note that names an earlier question by its printed id with an answer or comparison, whatever its verbs
      // ("[Q5 = Yes]", "(Those with K3 = 1, 2)", "PN: K7 ≥ 18 only"): a display condition on the question it opens or
      // the question after it.
      const aboveNext = Boolean(following && /^[\s*_#>|-]*$/.test(printed.slice(line.end, following.span.start)));
      const noted = noteCondition(text, host, following, line, aboveNext, refOf, context.index);
      if (noted) {
        noted.question.askIf.push({ text: noted.text, span: { start: line.start, end: line.end }, condition: noted.condition });
        flag(noted.question, text);
        return;
      }
      const base = ageBase(text);
      if (!base || [...(host?.options ?? []), ...(host?.rows ?? [])].some((option) => overlaps(option.span, line))) return;
      // A heading in capitals governs the questions up to the next heading in capitals; a line in brackets the
      // question printed next.
      const until = base.heading ? (lines.slice(at + 1).find((later) => capitalHeading(later.text)) ?? { start: printed.length }).start : line.end;
      const governed = base.heading ? questions.filter((question) => question.span.start >= line.end && question.span.start < until) : following ? [following] : [];
      const condition = printCondition(parseCondition(base.condition));
      for (const question of governed) {
        if (question.askAll || question.askIf.some((known) => known.condition === condition)) continue;
        question.askIf.push({ text: base.heading ? text : text.slice(1, -1).trim(), span: { start: line.start, end: line.end }, condition });
        flag(question, text);
        ageBased = true;
      }
      return;
    }
    // Inside a question's answers the clause belongs to an answer, which is not read here; before them it filters
    // the question; between questions it is a base line for the question after it.
    const inAnswers = host && [...host.options, ...host.rows].some((option) => option.span.start <= line.start);
    const filtered = host && !inAnswers ? host : !host ? following : undefined;
    const filteredRef = filtered ? refOf(filtered) : undefined;
    if (!filtered || !filteredRef || filtered.askAll) return;
    const clause = text.slice(opening.index).replace(/^[\s([]+/, "").replace(/[)\]][^)\]]*$/, "").replace(/[?:.]\s*$/, "");
    // A clause naming only answers binds to the question printed just before, when it stands between questions or
    // opens the question it filters ("(if a or b) Why?").
    const before = questions[questions.indexOf(filtered) - 1];
    const opensHost = host && line.start <= host.span.start + 2 && opening.index <= 1;
    // (Between questions, only right over the question it filters: with other text between, the follow-up it asks
    // for was not read as a question.)
    const adjacent = opensHost || (!host && /^[\s*_#>|-]*$/.test(printed.slice(line.end, filtered.span.start)));
    const previous =
      !filtered.askIf.length && (!host || opensHost) ? (previousAnswer(clause, before) ?? (adjacent ? answersOfPrevious(text.slice(opening.index), before, before ? refOf(before) : undefined, context.index, filteredRef.order) : undefined)) : undefined;
    // "Skip this question if …", "[PN: hide if …]": the question is asked when the clause does not hold.
    const skipped = SKIP_THIS.test(text.slice(0, opening.index));
    if (previous) {
      filtered.askIf.push({ text: clause, span: { start: line.start, end: line.end }, condition: skipped ? printCondition(notOf(parseCondition(previous))) : previous });
      flag(filtered, text);
      return;
    }
    const resolution = resolveCondition(clause, { index: context.index, order: filteredRef.order });
    if (!resolution.ast || !resolution.refs.length) return;
    // Only a clause that names each question it tests by a printed id, each one asked earlier.
    if (!resolution.refs.every((ref) => ref.order < filteredRef.order && namesQuestion(clause, ref))) return;
    // A question already filtered keeps its filter; a note on another question is added to it (both must hold).
    if (filtered.askIf.some((known) => !known.condition || resolution.refs.some((ref) => known.condition!.includes(`{${ref.variable}}`)))) return;
    filtered.askIf.push({ text: clause, span: { start: line.start, end: line.end }, condition: printCondition(skipped ? notOf(resolution.ast) : resolution.ast) });
    flag(filtered, text);
  });
  return ageBased ? [{ name: UNIVERSE_AGE_VARIABLE, label: "Set outside the questionnaire's questions: the respondent's age in years; the document asks some questions only of an age group." }] : [];
}

/** "the previous question", "the question before": one question, the one printed just before. */
const PREVIOUS_QUESTION = /\b(?:the\s+)?(?:previous|preceding|prior|last)\s+question\b(?!s)|\bthe\s+question\s+(?:before|above)\b/i;
const QUOTED_ANSWER = /["“‘']([^"“”‘’']{1,40})["”’']/;

/**
 * A base line between questions that names the question before by position and quotes its answer ("shown only if
 * the answer to the previous question was 'Often'"): the condition on that answer.
 */
function previousAnswer(clause: string, before: IRQuestion | undefined): string | undefined {
  if (!before || !PREVIOUS_QUESTION.test(clause)) return undefined;
  const quoted = QUOTED_ANSWER.exec(clause)?.[1];
  if (!quoted) return undefined;
  const answer = before.options.filter((option) => squeeze(option.label) === squeeze(quoted));
  if (answer.length !== 1) return undefined;
  return printCondition(parseCondition(before.type === "multi" ? `{${before.variable}} anyof ['${answer[0].code}']` : `{${before.variable}} = '${answer[0].code}'`));
}

/** The answer part of a clause that names answers only: "If Yes or Maybe, please …", 'If you chose "Other":', "(if a or b)". */
const ANSWER_CLAUSE = new RegExp(
  String.raw`^[\s([]*(?:${SENTENCE_CUES.ifWord})\s+(?:(?:you|they|the respondent|respondents?)\s+(?:chose|choose|selected|select|answered|answer|said|picked|ticked|checked|responded)\s+(?:with\s+)?)?([^,:;()[\]–—?]{1,60}?)\s*(?:[,:;)\]–—?]|$)`,
  "iu",
);
/** Words a clause may hold besides answers: then it is no bare list of answers ("If you have any comments"). */
const NOT_ANSWERS = /\b(?:you|your|they|their|have|has|had|any|not|applicable|possible|necessary|needed|known|other than|answers?|questions?|previous|above|below|following|this|these|those|item|section)\b/i;

/**
 * A follow-up printed between questions (or opening the one it filters) whose clause names only answers of the
 * question just before — its labels, quoted labels, label beginnings or letters ("If Yes or Maybe, please …",
 * "(if a or b) Why?"): the condition on those answers. Every answer named must bind, and not all of them.
 */
function answersOfPrevious(text: string, before: IRQuestion | undefined, beforeRef: QuestionRef | undefined, index: QuestionIndex, order: number): string | undefined {
  if (!before || !beforeRef || before.options.length < 2 || !["single", "multi", "dropdown"].includes(before.type)) return undefined;
  const clause = ANSWER_CLAUSE.exec(text)?.[1]?.trim();
  // (A clause with a comparison or an id names its question itself: read with the ids, not here.)
  if (!clause || /[=<>≠≤≥]/.test(clause) || (/\d/.test(clause) && !/^[\d\s,/&-]+$|^\d+(?:\s+(?:or|and)\s+\d+)+$/i.test(clause))) return undefined;
  if (clause.split(/\s+/).length > 8 || NOT_ANSWERS.test(clause.replace(/["“”‘’'][^"“”‘’']*["“”‘’']/g, " "))) return undefined;
  // Each piece is a whole label, a quoted label, a letter or a beginning of three letters or more ("If so" is no answer).
  const pieces = clause.split(/,|\/|\bor\b|\band\b|&/i).map((piece) => piece.trim().replace(/^["“‘']|["”’']$/g, "").trim()).filter(Boolean);
  if (!pieces.length || pieces.some((piece) => piece.split(/\s+/).length > 4) || pieces.some((piece) => !/^[a-z]$/.test(piece) && squeeze(piece).length < 3 && !before.options.some((option) => squeeze(option.label) === squeeze(piece)))) return undefined;
  const resolution = resolveCondition(`if ${clause}`, { index, order, previous: beforeRef });
  if (!resolution.ast || resolution.refs.length !== 1 || resolution.refs[0].key !== beforeRef.key) return undefined;
  if (new Set(comparedValues(resolution.ast)).size >= before.options.length) return undefined;
  return printCondition(resolution.ast);
}

/** "(pase 7)", "[ir a P12]": one to three short words, then a question id, in brackets closing the line. */
const ANSWER_POINTER = /[([]\s*((?:[\p{L}]{1,12}\.?\s+){1,3})((?:[A-Za-z]{1,4}\.?\s?)?\d{1,3}(?:\.\d{1,2})?[a-z]?)\s*[)\]]\s*\.?\s*$/u;
/** Words before a number that make it no question: a reference, a measure or a place in a list. */
const NOT_POINTER =
  /^(?:see|same|as|in|from|cf|like|and|or|of|at|on|by|specify|note|code|codes|with|for|per|about|under|over|up|top|the|ages?|aged|years?|yrs|months?|days?|weeks?|hours?|times?|min|max|level|box|step|grade|class|size|type|group|room|floor|line|item|row|column|phase|stage|option|number|no|nr|version|part|page|card|list|score|rank|point|points|star|stars|tier|zone|area|unit|plan|wave|round|child|person|member)\.?$/i;

function answerPointer(text: string): { index: number; target: string; text: string } | null {
  const match = ANSWER_POINTER.exec(text);
  if (!match || match.index < 2) return null;
  const words = match[1].trim().split(/\s+/);
  if (words.some((word) => NOT_POINTER.test(word))) return null;
  return { index: match.index, target: match[2].replace(/\s+/g, ""), text: match[0].trim() };
}

/** The values a condition compares with. */
function comparedValues(ast: ConditionAst): string[] {
  if (ast.type === "and" || ast.type === "or") return ast.operands.flatMap(comparedValues);
  if (ast.type === "not") return comparedValues(ast.operand);
  if (ast.type === "compare") return (Array.isArray(ast.value) ? ast.value : [ast.value]).map(String);
  return [];
}

/** A test for any answer at all ("asked if Q5 answered"), anywhere in the condition. */
function hasEmptyTest(ast: ConditionAst): boolean {
  if (ast.type === "and" || ast.type === "or") return ast.operands.some(hasEmptyTest);
  if (ast.type === "not") return hasEmptyTest(ast.operand);
  return ast.type === "empty";
}

/** A note that leaves the question out when its condition holds: "skip (this question)", "hide", "do not ask" — not "skip to …". */
const SKIP_THIS = /\b(?:skip(?:ped)?|omit(?:ted)?|hide|hidden|exclude[ds]?|do not (?:ask|show|display)|don'?t (?:ask|show|display)|not (?:asked|shown|displayed))\b(?!\s+to\b)/i;

/** A note's own marks: brackets round it, emphasis, a label for the programmer ("PN:", "Note:", "Programmer note –"). */
const NOTE_LABEL = /^(?:p\.?n\.?|prog(?:rammer)?(?:\s+notes?)?|scripter(?:\s+notes?)?|notes?|filter|base|routing|logic|condition|display logic|cond)\s*[:.–—-]\s*/i;
/** A note that points elsewhere rather than filtering: "same list as Q5", "see Q3", "from Q2", "as in Q4", "piped from". */
const REFERENCE_NOTE = /\b(?:same|see|as in|as at|from|use|uses|using|copy|copied|pipe[ds]?|piping|insert|repeat(?:ed)?|list|scale|options|codes? list|like|refer)\b/i;

/**
 * A printed note — the whole line in brackets or emphasis, or a short line between questions or right over one —
 * that names an earlier question by its printed id with an answer or a comparison (every part binds: each question
 * named by an id, asked earlier; each value an answer of it or a number), whatever its verbs: the display condition
 * of the question printed right under it, or of the question it opens (before its answers).
 */
function noteCondition(
  text: string,
  host: IRQuestion | undefined,
  following: IRQuestion | undefined,
  line: Line,
  aboveNext: boolean,
  refOf: (question: IRQuestion) => QuestionRef | undefined,
  index: QuestionIndex,
): { question: IRQuestion; condition: string; text: string } | null {
  if (text.length > 160 || /[?？]\s*$/.test(text)) return null;
  const enclosed = /^(?:\[([^[\]]+)\]|\(([^()]+)\)|\{([^{}]+)\}|_([^_]+)_|\*{1,2}([^*]+)\*{1,2}|<([^<>]+)>)\.?$/.exec(text);
  const inner = (enclosed ? enclosed.slice(1).find((part) => part !== undefined)! : text).trim();
  // Between questions, or right over the next one, any short line may be a note for the question after it; inside a
  // question only a marked one before its answers, for that question.
  const inAnswers = host && [...host.options, ...host.rows, ...host.columns].some((option) => option.span.start <= line.start);
  const question = !host || aboveNext ? following : enclosed && !inAnswers ? host : undefined;
  const ref = question ? refOf(question) : undefined;
  if (!question || !ref || question.askAll) return null;
  const content = inner.replace(NOTE_LABEL, "").trim();
  const condition = boundByIds(content, index, ref.order);
  if (!condition) return null;
  // A question already filtered keeps its filter; a note on another question is added to it (both must hold).
  const variables = [...condition.matchAll(/\{([^{}]+)\}/g)].map((match) => match[0]);
  if (question.askIf.some((known) => !known.condition || variables.some((variable) => known.condition!.includes(variable)))) return null;
  return { question, condition, text: content };
}

/**
 * A note's content as a condition when it binds to the symbol table by printed ids: each question it names is
 * named by a printed id and asked before `order`, each value is an answer of it or a number, and it compares (a
 * reference — "same list as Q5", "see Q3", the answer "chosen in A5" piped — is no condition). A note that leaves
 * the question out ("skip if", "hidden when") gives the opposite condition. Null when anything does not bind.
 */
export function boundByIds(content: string, index: QuestionIndex, order: number): string | null {
  if (content.length < 4 || REFERENCE_NOTE.test(content) || !/[=<>≠≤≥]|\b(?:is|are|was|were|at|to|in|equals?|answered|answering|selected|chose|coded|code)\b/i.test(content)) return null;
  const resolution = resolveCondition(content, { index, order });
  if (!resolution.ast || !resolution.refs.length || resolution.hidden) return null;
  if (!resolution.refs.every((named) => named.order < order && namesQuestion(content, named))) return null;
  // Only comparisons with a value: "any answer at Q5" (a piped reference read as a condition) is not enough.
  if (hasEmptyTest(resolution.ast)) return null;
  return printCondition(SKIP_THIS.test(content) ? notOf(resolution.ast) : resolution.ast);
}

/** Letters in capitals before any bracket, two words or more: a sub-section heading ("HEALTH OF MEMBERS (…)"). */
function capitalHeading(text: string): boolean {
  const head = text.split(/[([]/)[0].trim();
  return head.length >= 8 && /(?<!\p{L})\p{L}{2,}\s+\p{L}{2,}/u.test(head) && !/\p{Ll}/u.test(head) && !/^[A-Z]{1,4}\d/.test(head);
}

/**
 * A line stating the age group some questions are asked of: the whole line in brackets ("(Persons aged 12 and
 * over)") or a heading in capitals with it ("EMPLOYMENT (persons aged 15 and over)"); its condition on the age.
 */
function ageBase(text: string): { condition: string; heading: boolean } | null {
  if (text.length > 200 || /[?？]/.test(text)) return null;
  const bracketed = /^[([][^()[\]]{4,120}[)\]]\.?$/.test(text);
  const heading = !bracketed && capitalHeading(text);
  if (!bracketed && !heading) return null;
  const age = ageUniverseCondition(text.replace(/(\d)\.(?=\s)/g, "$1"));
  if (!age) return null;
  return { condition: age.replace(new RegExp(`\\b${UNIVERSE_AGE_VARIABLE}\\b`, "g"), `{${UNIVERSE_AGE_VARIABLE}}`).replace(/\bAND\b/g, "and"), heading };
}

/** An answer's label without the route printed after it on its line ("No   Skip to …" → "No"). */
function withoutRoute(label: string): string {
  const cue = ROUTE_CUE.exec(label.replace(OTHER_ARROWS, "→"));
  const after = cue ? label.slice(0, cue.index).split(AFTER_SECTION)[0].trim() : "";
  return after || label;
}

/**
 * The last question of the section `question` is in: the run of questions after it up to a text item between
 * questions (a page's title or intro), a new section or a page break.
 */
function lastOfSection(items: IRItem[], question: IRQuestion): IRQuestion {
  let last = question;
  for (const item of items.slice(items.indexOf(question) + 1)) {
    if (item.kind !== "question" || item.section !== question.section || item.pageBreakBefore) break;
    last = item;
  }
  return last;
}

/**
 * A page named by its title ('skip to "Thank you!"') that is no section but a line printed after the last
 * question starts: the closing page, so the end of the survey.
 */
function closingTarget(target: RouteTarget, questions: IRQuestion[], lines: Line[]): RouteTarget | null {
  if (target.kind !== "section") return null;
  const lastStart = Math.max(...questions.map((question) => question.span.start));
  const title = squeeze(target.label);
  if (title.length < 4) return null;
  return lines.some((line) => line.start > lastStart && squeeze(line.text).replace(/(?<![.!?])[.!?]+$/, "") === title) ? { kind: "end" } : null;
}

function namesQuestion(clause: string, ref: QuestionRef): boolean {
  const haystack = clause.toLowerCase();
  const isWord = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  return [ref.id, ref.variable, ...ref.aliases].some((name) => {
    if (!name || !/\d/.test(name)) return false;
    const needle = name.toLowerCase();
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      // "Q5", "Q.5", "Q 5" name question 5 too.
      const before = haystack.slice(Math.max(0, at - 3), at).replace(/^.*?(?=q\.?\s?$)/, "");
      const start = /^q\.?\s?$/.test(before) ? at - before.length : at;
      if (!isWord(haystack[start - 1]) && !isWord(haystack[at + needle.length])) return true;
    }
    return false;
  });
}

/** The target when it binds in this document: a later question, the end, or a section of it. */
function boundTarget(target: RouteTarget, from: QuestionRef, context: UnreadRoutingContext, question: IRQuestion, text: string): RouteTarget | null {
  if (target.kind === "end" || target.kind === "terminate") return target;
  if (target.kind === "question") {
    const ref = context.index.byName(target.ref, from.order);
    return ref && ref.order > from.order ? target : null;
  }
  if (target.kind === "section" || target.kind === "next") return context.sectionTarget(text, question, target);
  return null;
}
