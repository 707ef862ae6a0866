import { z } from "zod";

/**
 * The canonical JSON of the `service` platform's programmed survey (DESIGN §4). The programming workflow
 * writes it, `PUT /content` accepts it, the Page/Block/NavigationRule rows mirror it, and the preview
 * renders it. Conditions (`showIf`, `navigation_rules[].condition`) use the condition language of
 * `lib/questionnaire/conditions`.
 */

/** Orders are stored in 32-bit integer columns. */
const MAX_ORDER = 2_147_483_647;

export const BLOCK_TYPES = [
  "text",
  "single_choice",
  "multiple_choice",
  "dropdown",
  "matrix",
  "open_text",
  "number",
  "date",
  "rating",
  "nps",
  "ranking",
] as const;

export const ZBlockType = z.enum(BLOCK_TYPES).meta({ id: "BlockType", description: "Kind of block: an info text or a question type." });
export type TBlockType = z.infer<typeof ZBlockType>;

export const FLAG_SOURCES = ["validator", "compiler", "note"] as const;

export const ZFlag = z
  .object({
    source: z
      .enum(FLAG_SOURCES)
      .describe(
        "`validator`: a finding of the survey validator, recomputed on every change (it disappears once the problem is gone); `compiler`: raised while programming from the questionnaire (e.g. routing that could not be bound); `note`: left by a person or the editing agent. Compiler flags and notes stay until dismissed.",
      ),
    code: z.string().min(1).optional().describe("The validator's finding code (`unreachable_page`, `unknown_option`, …)."),
    reason: z.string().min(1),
    dismissed: z.boolean().default(false),
    dismissed_by: z.string().optional().describe("Who dismissed it (`api_key:…`, `user:…`, `workflow:…`)."),
    dismissed_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "Flag", description: "One reason an element needs human review." });
export type TFlag = z.infer<typeof ZFlag>;

export const ZAttention = z
  .object({
    reason: z.string().min(1).describe("Why a human should review this element before export (the open flags' reasons; all of them once every flag is dismissed)."),
    dismissed: z.boolean().default(false).describe("True when every flag of the element was dismissed."),
    flags: z.array(ZFlag).optional().describe("The individual flags behind `reason` (kept by the content-operations module)."),
  })
  .meta({ id: "Attention" });
export type TAttention = z.infer<typeof ZAttention>;

export const ZChoice = z
  .object({
    value: z.string().min(1).describe("Option code as printed in the questionnaire (conditions compare codes, not labels)."),
    label: z.string(),
    exclusive: z.boolean().optional().describe("Selecting it clears every other option (\"None of these\")."),
    other: z.boolean().optional().describe("Asks the respondent to specify (\"Other (specify)\")."),
    showIf: z
      .string()
      .min(1)
      .optional()
      .describe("Condition; this option, grid row or grid column is offered only when it is true (same language as a block's showIf)."),
  })
  .meta({ id: "Choice" });
export type TChoice = z.infer<typeof ZChoice>;

export const ZQuestion = z
  .object({
    variable: z.string().min(1).describe("Variable name; the printed question id (Q3, S2, A1a)."),
    required: z.boolean().default(true),
    options: z.array(ZChoice).optional(),
    rows: z.array(ZChoice).optional().describe("Grid rows (matrix) or items (ranking)."),
    columns: z.array(ZChoice).optional().describe("Grid scale columns (matrix)."),
    min: z.number().optional(),
    max: z.number().optional(),
    randomize: z.boolean().optional(),
  })
  .meta({ id: "Question" });
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZSourceSpan = z
  .object({
    questionnaire_revision: z.number().int().nullable(),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    excerpt: z.string(),
  })
  .meta({ id: "SourceSpan", description: "The words of the questionnaire an element was programmed from." });
export type TSourceSpan = z.infer<typeof ZSourceSpan>;

export const ZBlockConfig = z
  .object({
    type: ZBlockType,
    content: z.string().describe("Markdown: the question wording or the info text."),
    content_type: z.literal("markdown").default("markdown"),
    showIf: z.string().min(1).optional().describe("Condition; the block is shown only when it is true."),
    attentionRequired: ZAttention.optional(),
    question: ZQuestion.optional(),
    source: ZSourceSpan.optional(),
  })
  .meta({ id: "BlockConfig" });
export type TBlockConfig = z.infer<typeof ZBlockConfig>;

export const ZDocumentBlock = z
  .object({ id: z.string().min(1), order: z.number().int().min(0).max(MAX_ORDER), config: ZBlockConfig })
  .meta({ id: "DocumentBlock" });
export type TDocumentBlock = z.infer<typeof ZDocumentBlock>;

export const ZDocumentNavigationRule = z
  .object({
    id: z.string().min(1),
    order: z.number().int().min(0).max(MAX_ORDER).describe("Evaluation order, 0 first."),
    condition: z.string().min(1).optional().describe("When absent the rule always applies."),
    target_page_id: z.string().min(1),
    attention_required: ZAttention.optional(),
  })
  .meta({ id: "DocumentNavigationRule" });
export type TDocumentNavigationRule = z.infer<typeof ZDocumentNavigationRule>;

export const ZDocumentPage = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    order: z.number().int().min(0).max(MAX_ORDER),
    assign_response_status: z.string().min(1).optional().describe("Arriving here ends the response with this status (complete, disqualified)."),
    attention_required: ZAttention.optional(),
    blocks: z.array(ZDocumentBlock),
    navigation_rules: z.array(ZDocumentNavigationRule),
  })
  .meta({ id: "DocumentPage" });
export type TDocumentPage = z.infer<typeof ZDocumentPage>;

export const ZVariable = z
  .object({
    id: z.string().min(1).optional().describe("Database id, kept across revisions (assigned on write)."),
    name: z.string().min(1),
    type: z.enum(["question", "hidden", "computed"]).default("question"),
    block_id: z.string().min(1).optional(),
    label: z.string().optional(),
  })
  .meta({ id: "Variable" });
export type TVariable = z.infer<typeof ZVariable>;

export const ZSurveyDocument = z
  .object({
    version: z.literal(1),
    survey: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    first_page_id: z.string().min(1).nullable(),
    pages: z.array(ZDocumentPage),
    variables: z.array(ZVariable).default([]),
  })
  .meta({ id: "SurveyDocument", description: "Canonical programmed survey of the service platform." });
export type TSurveyDocument = z.infer<typeof ZSurveyDocument>;
