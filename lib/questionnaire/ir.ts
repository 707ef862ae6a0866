import { z } from "zod";

/**
 * The questionnaire IR: what the document says, before it is programmed. Every element keeps the span of
 * extracted text it came from. Conditions are kept twice: as written (`text`) and, when the parser could
 * resolve every reference, in the condition language (`condition`).
 */

export const QUESTION_TYPES = ["single", "multi", "dropdown", "grid", "open", "numeric", "date", "ranking", "rating", "nps", "info"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const ZSpan = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type Span = z.infer<typeof ZSpan>;

export const ZRouteTarget = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("question"), ref: z.string().describe("Printed id or variable of the question to go to.") }),
  z.object({ kind: z.literal("skip"), ref: z.string().describe("Printed id of a question to skip (continue after it).") }),
  z.object({ kind: z.literal("page"), label: z.string().describe("Printed page label, e.g. '8' for 'Skip to page 8'.") }),
  z.object({ kind: z.literal("section"), label: z.string().describe("Section label to go to.") }),
  z.object({ kind: z.literal("terminate") }),
  z.object({ kind: z.literal("end") }),
  z.object({ kind: z.literal("next") }),
]);
export type RouteTarget = z.infer<typeof ZRouteTarget>;

export const ZCondition = z.object({
  text: z.string().describe("The condition as written in the questionnaire."),
  condition: z.string().optional().describe("The same condition in the condition language, when every reference resolved."),
  unresolved: z.string().optional().describe("Why the condition could not be programmed."),
  span: ZSpan,
});
export type IRCondition = z.infer<typeof ZCondition>;

export const ZOption = z.object({
  code: z.string().min(1),
  label: z.string(),
  codePrinted: z.boolean().describe("The questionnaire printed this code (otherwise it was numbered in order)."),
  exclusive: z.boolean().optional(),
  other: z.boolean().optional(),
  anchor: z.boolean().optional().describe("Keeps its position when the list is randomized."),
  route: ZRouteTarget.optional(),
  routeText: z.string().optional(),
  quota: z.string().optional(),
  header: z.boolean().optional().describe("A category heading inside the list, not selectable."),
  showIf: ZCondition.optional().describe("This answer (or grid row) is offered only when the condition holds."),
  span: ZSpan,
});
export type IROption = z.infer<typeof ZOption>;

export const ZRoute = z.object({
  when: ZCondition.optional().describe("Absent: always."),
  target: ZRouteTarget,
  text: z.string(),
  span: ZSpan,
});
export type IRRoute = z.infer<typeof ZRoute>;

export const ZQuestion = z.object({
  kind: z.literal("question"),
  key: z.string(),
  id: z.string().describe("Printed question id (Q3, S2, A1a, 12) or a generated one."),
  printedId: z.boolean(),
  variable: z.string(),
  aliases: z.array(z.string()).describe("Other names conditions use for this question (variable names, labels)."),
  section: z.string().optional(),
  page: z.string().optional().describe("Printed page label this question sits on, when the document numbers pages."),
  pageBreakBefore: z.boolean().optional().describe("The questionnaire prints a page break before this question."),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(ZOption),
  rows: z.array(ZOption),
  columns: z.array(ZOption),
  min: z.number().optional(),
  max: z.number().optional(),
  randomize: z.boolean().optional(),
  entry: z.boolean().optional().describe("An answer field (line, box) is printed for a typed answer."),
  instructions: z.array(z.string()),
  notes: z.array(z.string()),
  askIf: z.array(ZCondition),
  askAll: z.boolean().optional().describe("The questionnaire prints a universal base on it (ASK ALL, BASE: ALL RESPONDENTS): a jump past it does not hide it."),
  routes: z.array(ZRoute),
  quotas: z.array(z.string()),
  span: ZSpan,
  excerpt: z.string().describe("The words of the questionnaire this question was read from (capped)."),
  origin: z.enum(["rules", "model"]),
  warnings: z.array(z.string()),
});
export type IRQuestion = z.infer<typeof ZQuestion>;

export const ZInfo = z.object({
  kind: z.literal("info"),
  key: z.string(),
  id: z.string(),
  role: z.enum(["intro", "text", "end", "terminate"]),
  section: z.string().optional(),
  page: z.string().optional(),
  pageBreakBefore: z.boolean().optional(),
  text: z.string(),
  askIf: z.array(ZCondition),
  notes: z.array(z.string()),
  span: ZSpan,
  excerpt: z.string(),
  origin: z.enum(["rules", "model"]),
});
export type IRInfo = z.infer<typeof ZInfo>;

export type IRItem = IRQuestion | IRInfo;

export const ZSection = z.object({ key: z.string(), label: z.string().optional(), title: z.string(), span: ZSpan });
export type IRSection = z.infer<typeof ZSection>;

// ------------------------------------------------------------------------------------------ uncertainty

/**
 * What the compiler assumed where the questionnaire is silent or inconsistent. Each assumption names the
 * questions it is about (IR keys and printed ids), the words it was read from (`span`, offsets in the
 * extracted text — the same offsets as the survey document's `source`), what was done instead of asking,
 * and ranked alternatives, each an override (below) that programming can apply. The clarifications feature
 * turns assumptions into questions for the author; their answers come back as overrides.
 *
 * Kinds and who emits them (keep these fed when the parser or compiler changes):
 * - `selection_mode`: a list of answers that says neither "select one" nor "select all" (parser: interpretation
 *   hint `selectionAssumed`) — single choice assumed;
 * - `unbound_condition`: a display or routing condition whose question, code or label did not bind (parser:
 *   `IRCondition.unresolved`) — kept as written, not programmed;
 * - `missing_route_target`: a route or skip to a question, page or section that is not there (compiler, while
 *   resolving targets) — the route is not programmed;
 * - `undefined_variable`: a group, split, market, phase or classification that no question sets (parser:
 *   `hiddenVariables`) — a hidden (or computed) variable assumed;
 * - `grid_scale`: a grid without a scale, or with a scale taken from elsewhere in the document (parser);
 * - `numeric_range`: a number answer without a range (parser) — any number accepted;
 * - `duplicate_id`: a printed id used by more than one question (parser: identifiers) — renamed `ID_2`;
 * - `unconditional_terminate`: a terminate instruction without a condition (parser) — everyone reaching it is
 *   screened out;
 * - `answer_codes`: printed answer codes that repeat or conflict (parser: interpretation hint `repeatedCodes`)
 *   — renumbered in order;
 * - `review_flag`: any other review flag the compiler or the validator raised on the compiled document.
 */
export const ASSUMPTION_KINDS = [
  "selection_mode",
  "unbound_condition",
  "missing_route_target",
  "undefined_variable",
  "grid_scale",
  "numeric_range",
  "duplicate_id",
  "unconditional_terminate",
  "answer_codes",
  "review_flag",
] as const;
export type AssumptionKind = (typeof ASSUMPTION_KINDS)[number];

/** A question of the IR: its key (stable for one document and parser version) and its printed id as a check. */
export const ZQuestionLocator = z.object({ key: z.string(), id: z.string() });
export type QuestionLocator = z.infer<typeof ZQuestionLocator>;

/** A condition of a question: a display condition (`askIf`) or the condition of a routing statement (`routes`), found by where it was written. */
export const ZConditionLocator = z.object({ kind: z.enum(["askIf", "route"]), start: z.number().int().min(0), text: z.string() });
export type ConditionLocator = z.infer<typeof ZConditionLocator>;

/** A route of a question: on one of its answers (by code) or a routing statement (by where it was written). */
export const ZRouteLocator = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("option"), code: z.string() }),
  z.object({ kind: z.literal("route"), start: z.number().int().min(0), text: z.string() }),
]);
export type RouteLocator = z.infer<typeof ZRouteLocator>;

const overrideBase = { assumption: z.string().optional().describe("Id of the assumption this override answers; applying it retires that assumption.") };

/** A change to the IR that an author's answer stands for; `applyOverrides` (overrides.ts) applies a list of them before compiling. */
export const ZOverride = z.discriminatedUnion("kind", [
  z.object({ ...overrideBase, kind: z.literal("selection_mode"), question: ZQuestionLocator, mode: z.enum(["single", "multi"]) }),
  z.object({
    ...overrideBase,
    kind: z.literal("condition"),
    question: ZQuestionLocator,
    at: ZConditionLocator,
    condition: z.string().nullable().describe("The condition in the condition language; null: no condition (always)."),
  }),
  z.object({
    ...overrideBase,
    kind: z.literal("route_target"),
    question: ZQuestionLocator,
    at: ZRouteLocator,
    target: ZRouteTarget.nullable().describe("Where the route goes; null: remove the route."),
  }),
  z.object({ ...overrideBase, kind: z.literal("range"), question: ZQuestionLocator, min: z.number().nullable(), max: z.number().nullable() }),
  z.object({
    ...overrideBase,
    kind: z.literal("hidden_variable"),
    name: z.string(),
    source: z.enum(["hidden", "computed", "question"]).describe("Set by the survey link or sample (hidden), computed from answers, or the answer to a question."),
    question: z.string().optional().describe("With source `question`: the printed id or variable of that question."),
  }),
  z.object({
    ...overrideBase,
    kind: z.literal("grid_columns"),
    question: ZQuestionLocator,
    columns: z.array(z.object({ code: z.string().min(1), label: z.string() })).min(1),
  }),
  z.object({ ...overrideBase, kind: z.literal("variable"), question: ZQuestionLocator, variable: z.string().min(1) }),
  z.object({ ...overrideBase, kind: z.literal("option_codes"), question: ZQuestionLocator, codes: z.array(z.string().min(1)).min(1) }),
  z.object({ ...overrideBase, kind: z.literal("keep"), note: z.string().optional().describe("The author confirms what the compiler did.") }),
  z.object({
    ...overrideBase,
    kind: z.literal("text"),
    about: z.enum(ASSUMPTION_KINDS).describe("The kind of assumption the words answer; they are read as the override of that kind (answers.ts)."),
    question: ZQuestionLocator.optional(),
    at: z.union([ZConditionLocator, ZRouteLocator]).optional(),
    name: z.string().optional().describe("The variable, for `undefined_variable`."),
    text: z.string().min(1).describe("The author's own words."),
  }),
]);
export type IROverride = z.infer<typeof ZOverride>;

export const ZAssumptionCandidate = z.object({
  label: z.string().describe("The alternative in the author's words."),
  description: z.string().optional(),
  /** null: keep what the compiler did. */
  override: ZOverride.nullable(),
  /** Higher is likelier (0–1); candidates are listed best first. */
  score: z.number().min(0).max(1).optional(),
});
export type AssumptionCandidate = z.infer<typeof ZAssumptionCandidate>;

export const ZAssumption = z.object({
  id: z.string().describe("Stable for one document and parser version: kind and subject. Follow-up probes compare these."),
  kind: z.enum(ASSUMPTION_KINDS),
  source: z.enum(["parser", "compiler", "validator"]),
  questionKeys: z.array(z.string()),
  questionIds: z.array(z.string()).describe("Printed ids of the questions it is about."),
  span: ZSpan,
  written: z.string().optional().describe("The words it is about: the condition, the routing instruction, the codes."),
  assumed: z.string().describe("What the compiler did instead of asking, in plain words."),
  /** For `review_flag`: the validator's issue code, or `compiler`. */
  code: z.string().optional(),
  /** Grid scales, hidden variables: the name or value the assumption is about. */
  subject: z.string().optional(),
  candidates: z.array(ZAssumptionCandidate),
});
export type IRAssumption = z.infer<typeof ZAssumption>;

export const ZQuestionnaireIR = z.object({
  version: z.literal(1),
  title: z.string().optional(),
  format: z.string(),
  sections: z.array(ZSection),
  items: z.array(z.discriminatedUnion("kind", [ZQuestion, ZInfo])),
  notes: z.array(z.object({ text: z.string(), span: ZSpan })),
  hiddenVariables: z
    .array(z.object({ name: z.string(), label: z.string(), kind: z.enum(["hidden", "computed"]).optional() }))
    .describe("Variables conditions use that no question sets: groups assigned outside the survey (hidden) or classifications computed from answers (computed)."),
  warnings: z.array(z.string()),
  /** What the parser assumed where the document is silent or inconsistent (ZAssumption). */
  assumptions: z.array(ZAssumption).optional(),
});
export type QuestionnaireIR = z.infer<typeof ZQuestionnaireIR>;

export function isQuestion(item: IRItem): item is IRQuestion {
  return item.kind === "question";
}
