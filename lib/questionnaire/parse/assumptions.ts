import { conditionRefs, parseCondition, printCondition, type ConditionAst } from "../conditions";
import type { AssumptionCandidate, IRAssumption, IRCondition, IRItem, IROption, IRQuestion, QuestionLocator, QuestionnaireIR, RouteLocator, RouteTarget, Span } from "../ir";
import type { InterpretationAssumptions } from "./interpret";
import { levenshtein, normalizeName, parseRouteTarget, QuestionIndex, type QuestionRef, resolveCondition } from "./logic";
import { normalizeForMatch } from "./patterns";

/**
 * The assumptions pass: the last pass of the parser. It lists what the reading decided where the document is
 * silent or inconsistent (ir.ts, `ZAssumption`), with ranked alternatives expressed as overrides. It reads the
 * finished IR plus the hints earlier passes left (`InterpretationAssumptions`, the source of a grid's scale),
 * and never changes the IR.
 */

/** Where a grid's scale came from when it was not printed with the grid. */
export type ScaleSource = "elsewhere" | "previous";

export interface AssumptionHints {
  /** Per IR item key. */
  interpretation: Map<string, InterpretationAssumptions>;
  scales: Map<string, ScaleSource>;
}

const MAX_CANDIDATES = 4;

export function locatorOf(item: IRItem): QuestionLocator {
  return { key: item.key, id: item.id };
}

function questionsOf(ir: QuestionnaireIR): IRQuestion[] {
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

function refOf(question: IRQuestion, order: number): QuestionRef {
  return { key: question.key, id: question.id, variable: question.variable, aliases: question.aliases, type: question.type, text: question.text, options: question.options, rows: question.rows, columns: question.columns, order };
}

function short(text: string, limit = 70): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

/** The index of every question, with each question's position among the items (what conditions may refer back to). */
export function questionIndexOf(ir: QuestionnaireIR): QuestionIndex {
  const refs: QuestionRef[] = [];
  ir.items.forEach((item, order) => {
    if (item.kind === "question") refs.push(refOf(item, order));
  });
  return new QuestionIndex(refs);
}

export function collectAssumptions(ir: QuestionnaireIR, hints: AssumptionHints): IRAssumption[] {
  const out: IRAssumption[] = [];
  const index = questionIndexOf(ir);
  const questions = questionsOf(ir);
  ir.items.forEach((item, order) => {
    const assumed = hints.interpretation.get(item.key);
    if (item.kind === "question") {
      selectionMode(item, assumed, out);
      answerCodes(item, assumed, out);
      numericRange(item, out);
      gridScale(item, hints.scales.get(item.key), questions, out);
      unconditionalTerminate(item, out);
      unreadableRoutes(item, out);
      compilerFlags(item, out);
    }
    for (const condition of item.askIf) if (condition.unresolved) out.push(unboundCondition(item, order, condition, "askIf", index));
    if (item.kind === "question") {
      for (const route of item.routes) if (route.when?.unresolved) out.push(unboundCondition(item, order, route.when, "route", index));
    }
  });
  duplicateIds(questions, out);
  undefinedVariables(ir, out);
  return out;
}

// ------------------------------------------------------------------------------------------ selection mode

const YES_NO = /^(?:yes|no|not sure|unsure|maybe|(?:i )?don'?t know|(?:i )?do not know|(?:i )?(?:would )?prefer not to (?:say|answer)|refused|n\/?a|none|other)\b/i;
const SCALE_WORD = /\b(?:agree|disagree|likely|unlikely|satisfied|dissatisfied|important|unimportant|often|never|always|rarely|sometimes|usually|excellent|good|poor|fair|average|very|extremely|somewhat|slightly|moderately|not at all|better|worse|same|more|less|neither|definitely|probably)\b/i;
const BAND = /^(?:under|over|less than|more than|fewer than|up to|at least|below|above)?\s*[$£€]?\d[\d,.]*\s*(?:[-–—]|to|or (?:more|less|older|younger|over|under)|\+|years?|yrs?)?/i;
const IMPLIES_ONE =
  /\b(?:which one|the one|one of|the most|the best|main|primary|favou?rite|overall|to what extent|highest|last grade)\b|^(?:(?:in general|in politics today|overall|currently|today),?\s+)?(?:how|have|has|are|is|was|were|do|does|did|should|would|will|can|could|what is your|what was your|in which|in what|what (?:state|country|city|region|province|county))\b|^(?:age|gender|sex|education|occupation|income|marital status|employment(?: status)?)\b/i;

function selectionMode(question: IRQuestion, assumed: InterpretationAssumptions | undefined, out: IRAssumption[]): void {
  if (!assumed?.selectionAssumed || question.type !== "single") return;
  const labels = question.options.filter((option) => !option.header).map((option) => option.label.trim());
  if (labels.length < 3) return;
  // Lists whose nature allows one answer only need no question: yes/no, scales, numeric bands.
  if (labels.every((label) => YES_NO.test(label))) return;
  if (labels.filter((label) => SCALE_WORD.test(label)).length >= Math.ceil(labels.length / 2)) return;
  if (labels.filter((label) => BAND.test(label) && /\d/.test(label)).length >= Math.ceil(labels.length / 2)) return;
  if (IMPLIES_ONE.test(question.text.trim())) return;
  const at = locatorOf(question);
  const id = `selection_mode:${question.key}`;
  out.push({
    id,
    kind: "selection_mode",
    source: "parser",
    questionKeys: [question.key],
    questionIds: [question.id],
    span: question.span,
    assumed: "Respondents can choose only one answer (single choice).",
    candidates: [
      { label: "One answer only", override: { kind: "selection_mode", question: at, mode: "single", assumption: id }, score: 0.5 },
      { label: "More than one answer", override: { kind: "selection_mode", question: at, mode: "multi", assumption: id }, score: 0.5 },
    ],
  });
}

// ------------------------------------------------------------------------------------------ answer codes

function answerCodes(question: IRQuestion, assumed: InterpretationAssumptions | undefined, out: IRAssumption[]): void {
  if (!assumed?.repeatedCodes?.length || question.options.length === 0) return;
  const id = `answer_codes:${question.key}`;
  out.push({
    id,
    kind: "answer_codes",
    source: "parser",
    questionKeys: [question.key],
    questionIds: [question.id],
    span: question.span,
    written: assumed.repeatedCodes.join(", "),
    assumed: `The printed codes repeat (${assumed.repeatedCodes.join(", ")}), so the answers were numbered 1 to ${question.options.length} in order.`,
    candidates: [{ label: `Number them 1 to ${question.options.length} in order`, override: { kind: "keep", assumption: id }, score: 0.6 }],
  });
}

// ------------------------------------------------------------------------------------------ numeric range

/** A plausible range for a number answer, from what it asks for. */
export function suggestedRange(text: string): { min: number; max: number; label: string } | null {
  if (/\bage\b|how old|\byears old\b/i.test(text)) return { min: 0, max: 120, label: "0 to 120 (an age)" };
  if (/\bper ?cent|percentage|%/i.test(text)) return { min: 0, max: 100, label: "0 to 100 (a percentage)" };
  if (/\b(?:which|what|in what) year\b|year of birth|\byear\b/i.test(text)) return { min: 1900, max: 2100, label: "1900 to 2100 (a year)" };
  if (/\bhours?\b(?:(?!\bhours?\b).)*\b(?:day|daily)\b|\bhours a day\b/i.test(text)) return { min: 0, max: 24, label: "0 to 24 (hours in a day)" };
  if (/\bdays?\b(?:(?!\bdays?\b).)*\b(?:week|weekly)\b/i.test(text)) return { min: 0, max: 7, label: "0 to 7 (days in a week)" };
  if (/\bhow many\b|\bnumber of\b/i.test(text)) return { min: 0, max: 999, label: "0 to 999 (a count)" };
  return null;
}

function numericRange(question: IRQuestion, out: IRAssumption[]): void {
  if (question.type !== "numeric" || question.min !== undefined || question.max !== undefined) return;
  const id = `numeric_range:${question.key}`;
  const at = locatorOf(question);
  const candidates: AssumptionCandidate[] = [];
  const suggestion = suggestedRange(question.text);
  if (suggestion) candidates.push({ label: suggestion.label, override: { kind: "range", question: at, min: suggestion.min, max: suggestion.max, assumption: id }, score: 0.6 });
  candidates.push({ label: "Any number (no limits)", override: { kind: "keep", assumption: id }, score: 0.4 });
  out.push({
    id,
    kind: "numeric_range",
    source: "parser",
    questionKeys: [question.key],
    questionIds: [question.id],
    span: question.span,
    assumed: "Any number is accepted: no lowest or highest value is set.",
    candidates,
  });
}

// ------------------------------------------------------------------------------------------ grid scale

function scaleText(columns: IROption[]): string {
  return columns.map((column) => (column.label && column.label !== column.code ? `${column.code} = ${column.label}` : column.code)).join(", ");
}

function gridScale(question: IRQuestion, source: ScaleSource | undefined, questions: IRQuestion[], out: IRAssumption[]): void {
  if (question.type !== "grid") return;
  const missing = question.columns.length === 0;
  if (!missing && !source) return;
  const id = `grid_scale:${question.key}`;
  const at = locatorOf(question);
  const seen = new Set<string>([scaleText(question.columns)]);
  const candidates: AssumptionCandidate[] = [];
  if (!missing) candidates.push({ label: `Use this scale: ${short(scaleText(question.columns), 120)}`, override: { kind: "keep", assumption: id }, score: 0.6 });
  // Scales of other grids, nearest first.
  const position = questions.indexOf(question);
  const others = questions
    .filter((other) => other !== question && other.type === "grid" && other.columns.length > 0)
    .sort((a, b) => Math.abs(questions.indexOf(a) - position) - Math.abs(questions.indexOf(b) - position));
  for (const other of others) {
    const text = scaleText(other.columns);
    if (seen.has(text) || candidates.length >= MAX_CANDIDATES) continue;
    seen.add(text);
    candidates.push({
      label: `The scale of ${other.id}: ${short(text, 120)}`,
      override: { kind: "grid_columns", question: at, columns: other.columns.map((column) => ({ code: column.code, label: column.label })), assumption: id },
      score: 0.3,
    });
  }
  out.push({
    id,
    kind: "grid_scale",
    source: "parser",
    questionKeys: [question.key],
    questionIds: [question.id],
    span: question.span,
    subject: missing ? undefined : scaleText(question.columns),
    assumed: missing
      ? "The grid has no answer scale, so it cannot be answered as programmed."
      : source === "previous"
        ? "The grid uses the scale of the grid before it, because none is printed with it."
        : "The grid uses a scale printed elsewhere in the document, because none is printed with it.",
    candidates,
  });
}

// ------------------------------------------------------------------------------------------ routing

function unconditionalTerminate(question: IRQuestion, out: IRAssumption[]): void {
  for (const route of question.routes) {
    if (route.when || route.target.kind !== "terminate") continue;
    const id = `unconditional_terminate:${question.key}:${route.span.start}`;
    const at = { kind: "route" as const, start: route.span.start, text: route.text };
    const candidates: AssumptionCandidate[] = [];
    for (const option of question.options.filter((entry) => !entry.header).slice(0, 8)) {
      const condition = printCondition({ type: "compare", ref: { variable: question.variable }, op: question.type === "multi" ? "anyof" : "=", value: question.type === "multi" ? [option.code] : option.code });
      candidates.push({
        label: `Those who answer "${short(option.label, 50)}"`,
        override: { kind: "condition", question: locatorOf(question), at: { ...at, kind: "route" }, condition, assumption: id },
        score: 0.5,
      });
    }
    candidates.push({ label: `Everyone who reaches ${question.id}`, override: { kind: "keep", assumption: id }, score: 0.2 });
    out.push({
      id,
      kind: "unconditional_terminate",
      source: "parser",
      questionKeys: [question.key],
      questionIds: [question.id],
      span: route.span,
      written: route.text,
      assumed: `Everyone who answers ${question.id} is screened out.`,
      candidates,
    });
  }
}

/** Routing on an answer that names no place the reader knows ("GO TO THE BRAND GRID"). */
function unreadableRoutes(question: IRQuestion, out: IRAssumption[]): void {
  for (const option of question.options) {
    if (!option.routeText || option.route || parseRouteTarget(option.routeText)) continue;
    const id = `missing_route_target:${question.key}:option:${option.code}`;
    out.push({
      id,
      kind: "missing_route_target",
      source: "parser",
      questionKeys: [question.key],
      questionIds: [question.id],
      span: option.span,
      written: option.routeText,
      assumed: `The routing on answer "${short(option.label, 50)}" is not programmed: respondents continue with the next question.`,
      candidates: [
        { label: "Continue with the next question", override: { kind: "route_target", question: locatorOf(question), at: { kind: "option", code: option.code }, target: null, assumption: id }, score: 0.4 },
        { label: "Screen the respondent out", override: { kind: "route_target", question: locatorOf(question), at: { kind: "option", code: option.code }, target: { kind: "terminate" }, assumption: id }, score: 0.3 },
        { label: "End the survey (complete)", override: { kind: "route_target", question: locatorOf(question), at: { kind: "option", code: option.code }, target: { kind: "end" }, assumption: id }, score: 0.3 },
      ],
    });
  }
}

/** Flags the reading raised that no other kind covers (an inferred screen-out, a list without answers). */
const COVERED_WARNING = /more than once; this one is programmed as|was not understood\.$/;

function compilerFlags(question: IRQuestion, out: IRAssumption[]): void {
  question.warnings.forEach((warning, index) => {
    if (COVERED_WARNING.test(warning)) return;
    const id = `review_flag:compiler:${question.key}:${index}`;
    out.push({
      id,
      kind: "review_flag",
      source: "compiler",
      code: "compiler",
      questionKeys: [question.key],
      questionIds: [question.id],
      span: question.span,
      assumed: warning,
      candidates: [{ label: "Keep it as programmed", override: { kind: "keep", assumption: id }, score: 0.5 }],
    });
  });
}

// ------------------------------------------------------------------------------------------ conditions

/** Words of filter instructions that name no answer. */
const CONDITION_WORDS = new Set(["show", "ask", "only", "those", "who", "about", "the", "and", "for", "with", "that", "this", "all", "any", "said", "answered", "selected", "code", "codes", "not", "respondents", "display", "question", "import", "ticked"]);

const NEGATIVE = /^(?:no|none|never|nothing|not at all|neither)\b/i;

const ID_TOKEN = /(?<![\p{L}\p{N}_])([A-Za-z]{1,5}[-_.]?\d{1,3}[A-Za-z]?(?:[._]\d{1,2})?)(?![\p{L}\p{N}_])/gu;

function nameSimilarity(token: string, question: QuestionRef): number {
  const wanted = normalizeName(token);
  let best = 0;
  for (const name of [question.id, question.variable, ...question.aliases]) {
    const candidate = normalizeName(name);
    if (!candidate) continue;
    const distance = levenshtein(wanted, candidate);
    const similarity = 1 - distance / Math.max(wanted.length, candidate.length);
    // Up to the first digit (`/\d.*$/`; only the first digit of a line is tried, so a run of digits is read once).
    const fromDigit = /(?=\d)(?<!\d[^\n\r\u2028\u2029]*?)\d.*$/;
    const samePrefix = wanted.replace(fromDigit, "") === candidate.replace(fromDigit, "") ? 0.1 : 0;
    best = Math.max(best, similarity + samePrefix);
  }
  return Math.min(1, best);
}

function conditionCandidate(label: string, ast: ConditionAst, item: IRItem, at: { kind: "askIf" | "route"; start: number; text: string }, id: string, score: number): AssumptionCandidate {
  const condition = printCondition(ast);
  return { label, description: condition, override: { kind: "condition", question: locatorOf(item), at, condition, assumption: id }, score: Math.round(score * 100) / 100 };
}

/** Ranked bindings of a condition that did not bind: the question it most likely means, or the answers it most likely names. */
export function bindingCandidates(
  text: string,
  item: IRItem,
  order: number,
  role: "askIf" | "route",
  index: QuestionIndex,
  id: string,
  at: { kind: "askIf" | "route"; start: number; text: string },
): AssumptionCandidate[] {
  const earlier = index.questions.filter((question) => question.order < order);
  const self = role === "route" ? index.questions.find((question) => question.order === order) : undefined;
  const previous = [...earlier].reverse()[0];
  const context = { index, order: role === "route" ? order + 1 : order, self, previous };
  const written = role === "route" ? `if ${text}` : text;
  const candidates: AssumptionCandidate[] = [];
  const seen = new Set<string>();
  const add = (candidate: AssumptionCandidate) => {
    const key = candidate.description ?? candidate.label;
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push(candidate);
  };

  // A question reference that names nothing ("Q9" where there is no Q9): the questions it most likely means.
  const unknown = [...text.matchAll(ID_TOKEN)].map((match) => match[1]).filter((token) => !index.byName(token, order));
  for (const token of unknown.slice(0, 2)) {
    const ranked = earlier
      .map((question) => ({ question, score: nameSimilarity(token, question) + question.order / (order + 1) / 10 }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 6);
    for (const { question, score } of ranked) {
      const replaced = written.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "u"), question.id);
      const resolution = resolveCondition(replaced, context);
      if (resolution.ast) add(conditionCandidate(`${question.id} instead of ${token}: "${short(question.text, 60)}"`, resolution.ast, item, at, id, Math.min(1, score)));
    }
  }

  // The question bound but an answer did not: its answers, the likeliest first. No question named: the answers
  // of earlier questions the words name, and yes-answers of the earlier questions whose wording the words echo.
  const resolution = resolveCondition(written, context);
  const words = new Set(normalizeForMatch(text).split(" ").filter((word) => word.length >= 3 && !CONDITION_WORDS.has(word)));
  const overlap = (label: string) => {
    const labelWords = normalizeForMatch(label).split(" ").filter((word) => word.length >= 3);
    return labelWords.length ? labelWords.filter((word) => words.has(word)).length / labelWords.length : 0;
  };
  const choicesOf = (question: QuestionRef) => (question.options.length ? question.options : question.columns);
  const scored: { question: QuestionRef; option: IROption; score: number }[] = [];
  if (resolution.refs.length) {
    for (const question of resolution.refs) {
      const choices = choicesOf(question);
      if (choices.length > 12) continue;
      for (const option of choices) scored.push({ question, option, score: 0.15 + overlap(option.label) * 0.8 });
    }
  } else {
    for (const question of earlier.slice(-40)) {
      for (const option of choicesOf(question)) {
        const score = overlap(option.label) * 0.8;
        if (score > 0) scored.push({ question, option, score });
      }
      const echoed = [...words].filter((word) => normalizeForMatch(question.text).split(" ").includes(word)).length / Math.max(1, words.size);
      if (echoed < 0.5) continue;
      const choices = choicesOf(question);
      const yes = choices.find((option) => /^(?:yes|sí|si|oui|ja|sim)\b/i.test(option.label.trim()));
      if (yes) scored.push({ question, option: yes, score: echoed * 0.7 });
      else if (choices.length >= 3 && NEGATIVE.test(choices[choices.length - 1].label.trim())) {
        // "Heard about it" against "How much have you heard … Nothing at all": every answer but the negative one.
        const codes = choices.slice(0, -1).map((option) => option.code);
        const ast: ConditionAst = { type: "compare", ref: { variable: question.variable }, op: "anyof", value: codes };
        add(conditionCandidate(`${question.id} is not "${short(choices[choices.length - 1].label, 40)}"`, ast, item, at, id, echoed * 0.7));
      }
    }
  }
  for (const { question, option, score } of scored.sort((a, b) => b.score - a.score).slice(0, MAX_CANDIDATES)) {
    const ref = { variable: question.variable };
    const ast: ConditionAst = question.type === "multi" ? { type: "compare", ref, op: "anyof", value: [option.code] } : { type: "compare", ref, op: "=", value: option.code };
    add(conditionCandidate(`${question.id} is "${short(option.label, 50)}"`, ast, item, at, id, score));
  }
  candidates.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const ranked = candidates.slice(0, MAX_CANDIDATES);
  // A display condition can also be dropped: the item is shown to everyone.
  if (role === "askIf") ranked.push({ label: "Show it to everyone", override: { kind: "condition", question: locatorOf(item), at, condition: null, assumption: id }, score: 0.1 });
  return ranked;
}

function unboundCondition(item: IRItem, order: number, condition: IRCondition, role: "askIf" | "route", index: QuestionIndex): IRAssumption {
  const id = `unbound_condition:${item.key}:${role}:${condition.span.start}`;
  const at = { kind: role, start: condition.span.start, text: condition.text };
  const named = resolveCondition(role === "route" ? `if ${condition.text}` : condition.text, { index, order }).refs;
  const keys = [item.key, ...named.map((ref) => ref.key).filter((key) => key !== item.key)];
  const ids = [item.id, ...named.map((ref) => ref.id).filter((name) => name !== item.id)];
  return {
    id,
    kind: "unbound_condition",
    source: "parser",
    questionKeys: [...new Set(keys)],
    questionIds: [...new Set(ids)],
    span: condition.span,
    written: condition.text,
    assumed:
      role === "askIf"
        ? `The condition is not programmed (${condition.unresolved}): ${item.id} is shown to everyone.`
        : `The routing is not programmed (${condition.unresolved}): respondents continue with the next question.`,
    candidates: bindingCandidates(condition.text, item, order, role, index, id, at),
  };
}

// ------------------------------------------------------------------------------------------ identifiers

function duplicateIds(questions: IRQuestion[], out: IRAssumption[]): void {
  const byId = new Map<string, IRQuestion[]>();
  for (const question of questions) {
    if (!question.printedId) continue;
    const name = normalizeName(question.id);
    byId.set(name, [...(byId.get(name) ?? []), question]);
  }
  for (const group of byId.values()) {
    if (group.length < 2) continue;
    for (const question of group.slice(1)) {
      const id = `duplicate_id:${question.key}`;
      out.push({
        id,
        kind: "duplicate_id",
        source: "parser",
        questionKeys: group.map((entry) => entry.key),
        questionIds: [question.id],
        span: question.span,
        subject: question.variable,
        assumed: `The id ${question.id} is printed on ${group.length} questions; this one is programmed as ${question.variable}.`,
        candidates: [{ label: `They are different questions: call this one ${question.variable}`, override: { kind: "keep", assumption: id }, score: 0.6 }],
      });
    }
  }
}

// ------------------------------------------------------------------------------------------ hidden variables

function undefinedVariables(ir: QuestionnaireIR, out: IRAssumption[]): void {
  const questions = questionsOf(ir);
  for (const variable of ir.hiddenVariables) {
    const users = ir.items.filter(
      (item) =>
        item.askIf.some((condition) => usesVariable(condition.condition, variable.name)) ||
        (item.kind === "question" && item.routes.some((route) => usesVariable(route.when?.condition, variable.name))),
    );
    const first = users[0];
    const usage = first?.askIf.find((condition) => usesVariable(condition.condition, variable.name));
    const id = `undefined_variable:${variable.name}`;
    const candidates: AssumptionCandidate[] = [
      { label: "A hidden value set by the survey link or the sample", override: { kind: "hidden_variable", name: variable.name, source: "hidden", assumption: id }, score: variable.kind === "computed" ? 0.3 : 0.5 },
      { label: "Assigned by a quota or at random", override: { kind: "hidden_variable", name: variable.name, source: "hidden", assumption: id }, score: 0.3 },
      { label: "Computed from earlier answers", override: { kind: "hidden_variable", name: variable.name, source: "computed", assumption: id }, score: variable.kind === "computed" ? 0.6 : 0.2 },
    ];
    // Questions whose wording names the variable ("Which market …" for MARKET) may be where the value comes from.
    const word = variable.name.toLowerCase().replace(/_class$/, "").replace(/_/g, " ");
    for (const question of questions.filter((entry) => word.length >= 3 && normalizeForMatch(entry.text).includes(word)).slice(0, 2)) {
      candidates.push({ label: `The answer to ${question.id}: "${short(question.text, 60)}"`, override: { kind: "hidden_variable", name: variable.name, source: "question", question: question.id, assumption: id }, score: 0.4 });
    }
    out.push({
      id,
      kind: "undefined_variable",
      source: "parser",
      questionKeys: users.map((item) => item.key),
      questionIds: users.map((item) => item.id),
      span: usage?.span ?? first?.span ?? { start: 0, end: 0 },
      written: usage?.text,
      subject: variable.name,
      assumed:
        variable.kind === "computed"
          ? `${variable.name} is assumed to be computed from earlier answers (${variable.label}); its calculation must be programmed.`
          : `${variable.name} is assumed to be a hidden value set before the survey starts (for example by the survey link).`,
      candidates,
    });
  }
}

function usesVariable(condition: string | undefined, name: string): boolean {
  if (!condition) return false;
  try {
    return conditionRefs(parseCondition(condition)).some((ref) => ref.variable === name);
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------ route targets (compiler)

/**
 * A route whose target the compiler could not find: the assumption, with the questions the target most likely
 * means (by name, after the routing question), the end of the survey, a screen-out, and dropping the route.
 */
export function missingRouteTarget(
  ir: QuestionnaireIR,
  question: IRQuestion,
  route: { at: RouteLocator; target: RouteTarget; text: string; span: Span },
  problem: string,
): IRAssumption {
  const locator = route.at.kind === "option" ? `option:${route.at.code}` : `route:${route.at.start}`;
  const id = `missing_route_target:${question.key}:${locator}`;
  const at = locatorOf(question);
  const candidates: AssumptionCandidate[] = [];
  const questions = questionsOf(ir);
  const position = questions.indexOf(question);
  if (route.target.kind === "question" || route.target.kind === "skip") {
    const ref = route.target.ref;
    const refs = questions.map((entry, order) => refOf(entry, order));
    const ranked = refs
      .filter((entry) => entry.order > position)
      .map((entry) => ({ entry, score: nameSimilarity(ref, entry) }))
      .sort((a, b) => b.score - a.score || a.entry.order - b.entry.order)
      .slice(0, 3);
    for (const { entry, score } of ranked) {
      candidates.push({
        label: `Go to ${entry.id}: "${short(entry.text, 60)}"`,
        override: { kind: "route_target", question: at, at: route.at, target: { kind: "question", ref: entry.id }, assumption: id },
        score: Math.round(Math.min(1, score) * 100) / 100,
      });
    }
  } else if (route.target.kind === "section") {
    for (const section of ir.sections.filter((entry) => entry.label).slice(0, 3)) {
      candidates.push({
        label: `Go to section ${section.label}: ${short(section.title, 50)}`,
        override: { kind: "route_target", question: at, at: route.at, target: { kind: "section", label: section.label! }, assumption: id },
        score: 0.3,
      });
    }
  }
  candidates.push(
    { label: "End the survey (complete)", override: { kind: "route_target", question: at, at: route.at, target: { kind: "end" }, assumption: id }, score: 0.2 },
    { label: "Screen the respondent out", override: { kind: "route_target", question: at, at: route.at, target: { kind: "terminate" }, assumption: id }, score: 0.2 },
    { label: "Ignore this routing: continue with the next question", override: { kind: "route_target", question: at, at: route.at, target: null, assumption: id }, score: 0.1 },
  );
  return {
    id,
    kind: "missing_route_target",
    source: "compiler",
    questionKeys: [question.key],
    questionIds: [question.id],
    span: route.span,
    written: route.text,
    assumed: `The routing is not programmed (${problem}): respondents continue with the next question.`,
    candidates,
  };
}
