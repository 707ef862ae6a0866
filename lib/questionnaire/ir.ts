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
});
export type QuestionnaireIR = z.infer<typeof ZQuestionnaireIR>;

export function isQuestion(item: IRItem): item is IRQuestion {
  return item.kind === "question";
}
