import { z } from "zod";
import { ZBlockType, ZChoice, ZSourceSpan } from "@/lib/survey-document/schemas";

/**
 * Every edit of the programmed survey (DESIGN §7, "Content operations"), as data: Interface O's endpoints,
 * P `POST /content/operations`, the editing agent's tools, the browser editor and the validation fix all
 * describe their change as a list of these and hand it to `applyContentOperations` / `commitContentChange`.
 *
 * Elements are addressed by id (pages, blocks, rules, variables) and variables also by name. Operations
 * that create an element accept an optional `id` (a UUID the caller picked, so later operations of the
 * same batch — or a replay of the batch — can name it); without one a UUIDv7 is generated and returned
 * in `applied`. Conditions are in the condition language (lib/questionnaire/conditions) and are stored in
 * its canonical printed form.
 */

const MAX_ORDER = 2_147_483_647;
const ZId = z.string().min(1).max(200);
const ZNewId = z.uuid().describe("Optional id for the new element (a UUID); generated when absent.");
const ZPosition = z.number().int().min(0).max(MAX_ORDER).describe("0-based position among its siblings; default: last.");
const ZCondition = z.string().min(1).max(4000).describe("A condition in the condition language, e.g. `{S1} = '2' and {Q3} anyof ['1','4']`.");
const ZVariableName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_-]+$/u, "letters, digits, '_' and '-' only (so conditions can name it as {NAME})");
const ZResponseStatus = z.string().trim().min(1).max(50).describe("Arriving on the page ends the response with this status (`complete`, `disqualified`, …).");
const ZChoiceList = z.enum(["options", "rows", "columns"]).default("options").describe("Which list of the question: answer options, grid rows or grid columns.");
const ZChoiceInput = ZChoice.omit({ showIf: true }).extend({
  value: z.string().trim().min(1).max(100),
  label: z.string().max(10_000),
  showIf: ZCondition.optional(),
});
const ZQuestionInput = z.object({
  variable: ZVariableName,
  required: z.boolean().default(true),
  options: z.array(ZChoiceInput).max(1000).optional(),
  rows: z.array(ZChoiceInput).max(1000).optional(),
  columns: z.array(ZChoiceInput).max(1000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  randomize: z.boolean().optional(),
});

const op = <const Name extends string, Shape extends z.ZodRawShape>(name: Name, description: string, shape: Shape) =>
  z.object({ op: z.literal(name), ...shape }).meta({ id: `ContentOperation_${name}`, description });

// ---------------------------------------------------------------- pages
export const ZAddPage = op("add_page", "Adds a page (at the end unless `position` is given). The first page of an empty survey becomes its start page.", {
  id: ZNewId.optional(),
  name: z.string().trim().min(1).max(200),
  assign_response_status: ZResponseStatus.optional(),
  position: ZPosition.optional(),
});
export const ZUpdatePage = op("update_page", "Renames a page and/or sets (`null` clears) the response status assigned on arrival.", {
  page_id: ZId,
  name: z.string().trim().min(1).max(200).optional(),
  assign_response_status: ZResponseStatus.nullable().optional(),
});
export const ZDeletePage = op(
  "delete_page",
  "Deletes a page with its blocks and rules. Refused (409) while rules of other pages lead to it or conditions elsewhere name its questions, unless `force`: then those rules and conditions stay, flagged by the validator (the validation fix removes rules that lead nowhere).",
  { page_id: ZId, force: z.boolean().optional() },
);
export const ZMovePage = op("move_page", "Moves a page to another position of the list view (navigation is decided by rules, not by this order).", {
  page_id: ZId,
  position: ZPosition,
});
export const ZDuplicatePage = op(
  "duplicate_page",
  "Copies a page after the original: its blocks (questions get new variable names: `Q3` → `Q3_2`) and its rules (same targets and conditions).",
  { page_id: ZId, id: ZNewId.optional(), name: z.string().trim().min(1).max(200).optional() },
);
export const ZSetFirstPage = op("set_first_page", "Makes a page the one respondents start on.", { page_id: ZId });

// ---------------------------------------------------------------- blocks
export const ZAddBlock = op("add_block", "Adds a question or text block to a page (at the end unless `position` is given).", {
  page_id: ZId,
  id: ZNewId.optional(),
  position: ZPosition.optional(),
  type: ZBlockType,
  content: z.string().max(100_000).describe("Markdown: the question wording or the info text."),
  question: ZQuestionInput.optional().describe("Required for every type but `text`."),
  showIf: ZCondition.optional(),
  source: ZSourceSpan.optional(),
});
export const ZUpdateBlock = op(
  "update_block",
  "Changes a block: wording, type, variable (renamed with every condition that names it), required, options/rows/columns (whole lists), min/max (`null` clears), randomize. Turning a question into `text` removes its question (409 while conditions name it, unless `force`); turning `text` into a question needs `variable`.",
  {
    block_id: ZId,
    content: z.string().max(100_000).optional(),
    type: ZBlockType.optional(),
    variable: ZVariableName.optional(),
    required: z.boolean().optional(),
    options: z.array(ZChoiceInput).max(1000).optional(),
    rows: z.array(ZChoiceInput).max(1000).optional(),
    columns: z.array(ZChoiceInput).max(1000).optional(),
    min: z.number().nullable().optional(),
    max: z.number().nullable().optional(),
    randomize: z.boolean().nullable().optional(),
    force: z.boolean().optional(),
  },
);
export const ZDeleteBlock = op("delete_block", "Deletes a block (and its question's variable). Refused (409) while conditions name its variable, unless `force`.", {
  block_id: ZId,
  force: z.boolean().optional(),
});
export const ZMoveBlock = op("move_block", "Moves a block within its page or to another page (`page_id`).", {
  block_id: ZId,
  page_id: ZId.optional().describe("Destination page; default: the block's own page."),
  position: ZPosition.optional(),
});
export const ZDuplicateBlock = op("duplicate_block", "Copies a block right after the original; a question gets a new variable (`variable`, or `Q3` → `Q3_2`).", {
  block_id: ZId,
  id: ZNewId.optional(),
  variable: ZVariableName.optional(),
});

// ---------------------------------------------------------------- options, grid rows and columns
export const ZAddChoice = op("add_choice", "Adds an answer option, grid row or grid column to a question.", {
  block_id: ZId,
  list: ZChoiceList,
  choice: ZChoiceInput,
  position: ZPosition.optional(),
});
export const ZUpdateChoice = op(
  "update_choice",
  "Changes an option, row or column: label, exclusive, other, or its code (`new_value`; conditions comparing with the old code follow).",
  {
    block_id: ZId,
    list: ZChoiceList,
    value: z.string().min(1),
    new_value: z.string().trim().min(1).max(100).optional(),
    label: z.string().max(10_000).optional(),
    exclusive: z.boolean().nullable().optional(),
    other: z.boolean().nullable().optional(),
  },
);
export const ZDeleteChoice = op("delete_choice", "Removes an option, row or column. Refused (409) while conditions use its code, unless `force`.", {
  block_id: ZId,
  list: ZChoiceList,
  value: z.string().min(1),
  force: z.boolean().optional(),
});
export const ZMoveChoice = op("move_choice", "Moves an option, row or column to another position.", {
  block_id: ZId,
  list: ZChoiceList,
  value: z.string().min(1),
  position: ZPosition,
});

// ---------------------------------------------------------------- navigation rules
export const ZAddRule = op("add_rule", "Adds a navigation rule to a page (evaluated last unless `position` is given). Without a condition it always applies.", {
  page_id: ZId.describe("The source page."),
  id: ZNewId.optional(),
  target_page_id: ZId,
  condition: ZCondition.optional(),
  position: ZPosition.optional(),
});
export const ZUpdateRule = op("update_rule", "Changes a rule's target and/or condition (`null` removes the condition: the rule always applies).", {
  rule_id: ZId,
  target_page_id: ZId.optional(),
  condition: ZCondition.nullable().optional(),
});
export const ZDeleteRule = op("delete_rule", "Deletes a navigation rule.", { rule_id: ZId });
export const ZReorderRules = op("reorder_rules", "Sets the evaluation order of a page's rules: `rule_ids` lists every rule of the page once, first evaluated first.", {
  page_id: ZId,
  rule_ids: z.array(ZId).max(1000),
});

// ---------------------------------------------------------------- conditions on blocks and choices
export const ZSetShowIf = op(
  "set_show_if",
  "Sets (`condition`) or clears (`null`) the display condition of a block, or of one option, grid row or column (`choice`).",
  {
    block_id: ZId,
    choice: z.object({ list: ZChoiceList, value: z.string().min(1) }).optional(),
    condition: ZCondition.nullable(),
  },
);

// ---------------------------------------------------------------- variables
export const ZAddVariable = op("add_variable", "Declares a hidden variable (set from the link or sample) or a computed one. Question variables come with their blocks.", {
  id: ZNewId.optional(),
  name: ZVariableName,
  type: z.enum(["hidden", "computed"]).default("hidden"),
  label: z.string().max(500).optional(),
});
export const ZRenameVariable = op("rename_variable", "Renames a variable; its question and every condition naming it follow.", {
  variable: ZVariableName.optional(),
  variable_id: ZId.optional(),
  new_name: ZVariableName,
});
export const ZDeleteVariable = op(
  "delete_variable",
  "Deletes a hidden or computed variable. Refused (409) while conditions name it, unless `force` (the conditions stay and are flagged). A question's variable goes with its block (`delete_block`).",
  { variable: ZVariableName.optional(), variable_id: ZId.optional(), force: z.boolean().optional() },
);

// ---------------------------------------------------------------- review flags
export const ZDismissFlag = op(
  "dismiss_flag",
  "Dismisses the review flags of a page, block or rule (all open ones, or those with this `code` or `reason`), recording who and when. A dismissed finding stays dismissed while it still applies.",
  { element_id: ZId, code: z.string().min(1).optional(), reason: z.string().min(1).optional() },
);
export const ZFlagForReview = op("flag_for_review", "Adds a note asking a human to review a page, block or rule; it stays until dismissed.", {
  element_id: ZId,
  reason: z.string().trim().min(1).max(2000),
});

export const CONTENT_OPERATIONS = [
  ZAddPage,
  ZUpdatePage,
  ZDeletePage,
  ZMovePage,
  ZDuplicatePage,
  ZSetFirstPage,
  ZAddBlock,
  ZUpdateBlock,
  ZDeleteBlock,
  ZMoveBlock,
  ZDuplicateBlock,
  ZAddChoice,
  ZUpdateChoice,
  ZDeleteChoice,
  ZMoveChoice,
  ZAddRule,
  ZUpdateRule,
  ZDeleteRule,
  ZReorderRules,
  ZSetShowIf,
  ZAddVariable,
  ZRenameVariable,
  ZDeleteVariable,
  ZDismissFlag,
  ZFlagForReview,
] as const;

export const ZContentOperation = z.discriminatedUnion("op", CONTENT_OPERATIONS).meta({ id: "ContentOperation" });
export type TContentOperation = z.infer<typeof ZContentOperation>;
/** What callers may send: defaults (`list`, `required`, `type`) not yet applied. */
export type TContentOperationInput = z.input<typeof ZContentOperation>;
export type ContentOperationName = TContentOperation["op"];
export type OperationOf<Name extends ContentOperationName> = Extract<TContentOperation, { op: Name }>;

export const ZContentOperations = z.array(ZContentOperation).min(1).max(500);

export const ZContentChange = z
  .object({
    op: z.string().describe("The operation that made the change (`replace_document` for a whole-document write)."),
    element: z.object({
      kind: z.enum(["survey", "page", "block", "rule", "choice", "variable"]),
      id: z.string().nullable(),
      label: z.string().describe("What a person calls it: a page's name, a question's variable, an option's code."),
    }),
    field: z.string().optional(),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
    summary: z.string().describe('One line for people, e.g. "Q3: single_choice → multiple_choice".'),
  })
  .meta({ id: "ContentChange", description: "One human-readable change made by a content operation." });
export type TContentChange = z.infer<typeof ZContentChange>;

export const ZFinding = z
  .object({
    code: z.string(),
    severity: z.enum(["error", "warning"]),
    message: z.string(),
    page_id: z.string().optional(),
    block_id: z.string().optional(),
    rule_id: z.string().optional(),
    variable: z.string().optional(),
    dismissed: z.boolean().describe("A person dismissed this finding; it is kept for the record."),
  })
  .meta({ id: "Finding", description: "A finding of the survey validator on the new content." });
export type TFinding = z.infer<typeof ZFinding>;

export const ZContentOperationsBody = z
  .object({
    operations: ZContentOperations.describe("Applied in order, all or nothing."),
    message: z.string().trim().max(500).optional().describe("What changed, for the history (default: the first change's summary)."),
  })
  .meta({ id: "ContentOperationsBody" });
