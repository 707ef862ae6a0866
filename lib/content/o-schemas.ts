import { z } from "zod";
import { ZAddBlock, ZUpdateBlock } from "@/lib/content-operations/schemas";
import { ZAttention, ZBlockConfig } from "@/lib/survey-document/schemas";

/**
 * Interface O's pages, blocks, navigation rules and variables (interface document, "O: page", "O:
 * navigation rule"). They are read from the Page/Block/NavigationRule/Variable rows, which always mirror
 * the tip `service` content revision, and changed only through content operations.
 */

const timestamp = z.iso.datetime({ offset: true });
const MAX_ORDER = 2_147_483_647;
const ZOrder = z.number().int().min(0).max(MAX_ORDER);

export const ZOBlock = z
  .object({
    id: z.string(),
    page_id: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    order: z.number().int(),
    config: ZBlockConfig.describe("`content` (markdown), `type`, `showIf`, `attentionRequired`, `content_type`, and the service's `question` and `source`."),
  })
  .meta({ id: "Block" });

const pageFields = {
  id: z.string(),
  survey_id: z.string(),
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp.describe("Last change of the page, its blocks or its rules."),
  locked: z.boolean().describe("True while the survey is locked."),
  order: z.number().int().describe("List-view order only; navigation is decided by rules."),
  assign_response_status: z.string().nullable().describe("The response status assigned on arrival (`complete`, `disqualified`, …)."),
  attention_required: ZAttention.nullable().describe("Present when the page is flagged for human review."),
  programming_started_at: timestamp.nullable(),
  programming_completed_at: timestamp.nullable(),
};

export const ZOPageSummary = z.object(pageFields).meta({ id: "PageSummary", description: "A page without its blocks and rules." });

export const ZONavigationRule = z
  .object({
    id: z.string(),
    source_page_id: z.string(),
    target_page_id: z.string().describe("May name a page that was deleted (flagged `missing_target`; the validation fix removes such rules)."),
    order: z.number().int().describe("Evaluation order, 0 first."),
    condition: z.string().nullable().describe("When it evaluates true the respondent goes to the target page; null: always."),
    attention_required: ZAttention.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "NavigationRule" });

export const ZONavigationRuleWithPages = ZONavigationRule.extend({
  sourcePage: ZOPageSummary,
  targetPage: ZOPageSummary.nullable().describe("Null when the target page no longer exists."),
}).meta({ id: "NavigationRuleWithPages" });

export const ZOPage = z
  .object({
    ...pageFields,
    blocks: z.array(ZOBlock),
    navigation_rules: z.array(ZONavigationRule).describe("The rules whose source is this page, by `order`."),
  })
  .meta({ id: "Page" });
export type TOPage = z.infer<typeof ZOPage>;

export const ZOVariable = z
  .object({
    id: z.string(),
    survey_id: z.string(),
    name: z.string(),
    type: z.enum(["question", "hidden", "computed"]),
    block_id: z.string().nullable().describe("The question block of a `question` variable."),
    label: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "SurveyVariable" });

// ------------------------------------------------------------------------------------------ inputs

export const ZOPageParams = z.object({ page_id: z.string().min(1).max(200) });
export const ZOBlockParams = z.object({ block_id: z.string().min(1).max(200) });
export const ZORuleParams = z.object({ rule_id: z.string().min(1).max(200) });
export const ZOVariableParams = z.object({ variable_id: z.string().min(1).max(200) });

export const ZOForceQuery = z.object({
  force: z.enum(["true", "false"]).default("false").describe("`true` deletes even while conditions (or rules) still refer to it; they stay, flagged."),
});

export const ZOCreatePageBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    assign_response_status: z.string().trim().min(1).max(50).optional().describe("Arriving here ends the response with this status (`complete`, `disqualified`)."),
    order: ZOrder.optional().describe("Position in the list (default: last)."),
  })
  .meta({ id: "CreatePageBody" });

export const ZOUpdatePageBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    assign_response_status: z.string().trim().min(1).max(50).nullable().optional().describe("`null` removes it."),
    order: ZOrder.optional(),
  })
  .meta({ id: "UpdatePageBody" });

export const ZOCreateBlockBody = ZAddBlock.omit({ op: true, page_id: true, position: true, id: true })
  .extend({ order: ZOrder.optional().describe("Position on the page (default: last).") })
  .meta({ id: "CreateBlockBody" });

export const ZOUpdateBlockBody = ZUpdateBlock.omit({ op: true, block_id: true })
  .extend({
    showIf: z.string().min(1).max(4000).nullable().optional().describe("The display condition; `null` removes it."),
    page_id: z.string().min(1).max(200).optional().describe("Move the block to this page."),
    order: ZOrder.optional().describe("Position on its (new) page."),
  })
  .meta({ id: "UpdateBlockBody" });

export const ZOCreateRuleBody = z
  .object({
    target_page_id: z.string().min(1).max(200),
    condition: z.string().min(1).max(4000).optional().describe("In the condition language, e.g. `{S1} = '2'`; omit for a rule that always applies."),
    order: ZOrder.optional().describe("Evaluation position (default: last)."),
  })
  .meta({ id: "CreateNavigationRuleBody" });

export const ZOUpdateRuleBody = z
  .object({
    target_page_id: z.string().min(1).max(200).optional(),
    condition: z.string().min(1).max(4000).nullable().optional().describe("`null` removes the condition (the rule always applies)."),
    order: ZOrder.optional(),
  })
  .meta({ id: "UpdateNavigationRuleBody" });

export const ZOCreateVariableBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    type: z.enum(["hidden", "computed"]).default("hidden"),
    label: z.string().max(500).optional(),
  })
  .meta({ id: "CreateVariableBody" });

export const ZOMessage = z.object({ message: z.string() }).meta({ id: "Message" });
