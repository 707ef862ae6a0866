import { type Answers, type ConditionAst, conditionRefs, evaluateCondition, notOf, orOf } from "./conditions";

/**
 * Questions a forward jump passes over (issue 15, logic pipeline: scope). A route — on answers ("No → skip to Q7",
 * "If you select No, please skip directly to Part V"), or a routing statement ("IF Q3 = 2 SKIP TO Q7") — that jumps
 * forward means the questions between its source and its target are asked only when the jump was not taken. The
 * compiler keeps the navigation rule and also gives each jumped-over page that display condition, so the programmed
 * survey says the same thing wherever it is read (a preview, an export, a runtime that follows `showIf` only).
 *
 * Scope rules:
 * - the pages strictly between the source page and the target page (a jump to the next page skips nothing;
 *   terminations and the end of the survey are not targets here: `to` beyond the last page is ignored);
 * - several jumps from one source combine: a page passed over by "Yes → Q19" and "No → Q25" (every answer of the
 *   source) is never reached from it: it gets no condition from it, or, when an earlier question's jump enters it,
 *   shows only when the source was not answered; one passed over by "No" alone shows when the answer is not No;
 * - a page that another question's jump enters from before the source (so it can be reached without passing the
 *   source's answer) gets no condition from that source: the navigation rules alone say what happens there.
 */

export interface ForwardJump {
  /** Plan (page) index of the routing question. */
  from: number;
  /** Plan index of the target page (the number of pages for a target outside the survey's pages). */
  to: number;
  /** When the jump is taken, in the condition language. */
  taken: ConditionAst;
  /** For answer routes: the source question's variable, the answer codes that jump and how many answers it has. */
  answers?: { variable: string; codes: string[]; total: number };
}

/** For each jumped-over page (plan index), the display conditions the jumps give it. */
export function skippedConditions(jumps: ForwardJump[], pageCount: number): { at: number; condition: ConditionAst }[] {
  const out: { at: number; condition: ConditionAst }[] = [];
  const forward = jumps.filter((jump) => jump.to > jump.from + 1 && jump.to < pageCount);
  const sources = [...new Set(forward.map((jump) => jump.from))];
  for (const from of sources) {
    const own = forward.filter((jump) => jump.from === from);
    const last = Math.max(...own.map((jump) => jump.to));
    for (let at = from + 1; at < last; at++) {
      // Entered by a jump from before the source: reachable without passing the source — unless no one who takes
      // that jump can meet this source's jump ("4 Never → S7" enters what "SKIP TO S9 IF S4 = 3" passes over).
      const over = own.filter((jump) => jump.to > at);
      if (forward.some((jump) => jump.from < from && jump.to > from && jump.to <= at && !exclusive(jump, own))) {
        const unanswered = unansweredSource(over);
        if (!unanswered) break;
        out.push({ at, condition: unanswered });
        continue;
      }
      if (!over.length) continue;
      const condition = notTaken(over);
      if (condition) out.push({ at, condition });
    }
  }
  return out;
}

/**
 * Whether everyone who takes `entering` (answers of one question) is sure not to take any of `own`: each of `own`
 * names only that question, and none holds for an answer that takes `entering`.
 */
function exclusive(entering: ForwardJump, own: ForwardJump[]): boolean {
  const answers = takenAnswers(entering.taken);
  if (!answers) return false;
  const variable = Object.keys(answers[0])[0];
  return own.every(
    (jump) => conditionRefs(jump.taken).every((ref) => ref.variable === variable) && answers.every((given) => !evaluateCondition(jump.taken, given)),
  );
}

function notTaken(over: ForwardJump[]): ConditionAst | null {
  const answers = over.map((jump) => jump.answers);
  if (answers.every((entry): entry is NonNullable<typeof entry> => Boolean(entry)) && new Set(answers.map((entry) => entry.variable)).size === 1) {
    const codes = [...new Set(answers.flatMap((entry) => entry.codes))];
    if (codes.length >= answers[0].total) return null;
    const ref = { variable: answers[0].variable };
    return codes.length === 1 ? { type: "compare", ref, op: "!=", value: codes[0] } : { type: "compare", ref, op: "noneof", value: codes };
  }
  const taken = orOf(...over.map((jump) => jump.taken));
  if (!taken) return null;
  // "not {Q1} = '2'" reads better as "{Q1} != '2'" (and "anyof" as "noneof").
  if (taken.type === "compare" && (taken.op === "=" || taken.op === "anyof")) return { ...taken, op: taken.op === "=" ? "!=" : "noneof" };
  return notOf(taken);
}

/**
 * A page every answer of the source passes over, which an earlier question's jump enters ("SI → P3" at P2, then
 * 2.1 and 2.2, whose every answer goes to P9): only those who never reached the source see it.
 */
function unansweredSource(over: ForwardJump[]): ConditionAst | null {
  const answers = over.map((jump) => jump.answers);
  if (!answers.length || !answers.every((entry): entry is NonNullable<typeof entry> => Boolean(entry)) || new Set(answers.map((entry) => entry.variable)).size > 1) return null;
  if (new Set(answers.flatMap((entry) => entry.codes)).size < answers[0].total) return null;
  return { type: "empty", ref: { variable: answers[0].variable }, negated: false };
}

/** The answers a jump is taken on, when its condition is one answer (or a list of answers) of one question. */
function takenAnswers(taken: ConditionAst): Answers[] | null {
  if (taken.type !== "compare" || (taken.op !== "=" && taken.op !== "anyof")) return null;
  const values = Array.isArray(taken.value) ? taken.value : [taken.value];
  if (!values.length || values.length > 20) return null;
  return values.map((value) => ({ [taken.ref.variable]: value }));
}

/**
 * Where a forward jump lands: its target, unless a page it would pass over holds a question written for exactly the
 * respondents who take it — its own display conditions name only the jump's question and hold for every answer that
 * jumps ("If No, skip to Part V" over a section headed "Questions for people who don't drink coffee", shown when
 * Q1 = No). The jump then lands on that page (the questionnaire's section order says the group's questions come
 * first); pages after it are reached by the usual order and their own conditions.
 */
export function landingPage(from: number, to: number, taken: ConditionAst, ownConditions: (at: number) => ConditionAst[][]): number {
  const answers = takenAnswers(taken);
  if (!answers || to <= from + 1) return to;
  const variable = (taken as Extract<ConditionAst, { type: "compare" }>).ref.variable;
  for (let at = from + 1; at < to; at++) {
    const forJumpers = ownConditions(at).some(
      (conditions) =>
        conditions.length > 0 &&
        conditions.every((condition) => conditionRefs(condition).every((ref) => ref.variable === variable)) &&
        answers.every((given) => conditions.every((condition) => evaluateCondition(condition, given))),
    );
    if (forJumpers) return at;
  }
  return to;
}
