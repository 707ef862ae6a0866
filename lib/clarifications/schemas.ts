import { z } from "zod";
import { ZRevisionParams } from "@/lib/questionnaire-revisions/schemas";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZWorkflowRun } from "@/lib/workflows/schemas";

/** The workflow kind of a probe. */
export const CLARIFICATIONS_KIND = "survey.questionnaire_clarifications";

export const CLARIFICATION_STATUSES = ["open", "answered", "skipped"] as const;
export const SESSION_STATUSES = ["probing", "open", "completed"] as const;

export const ZClarificationOption = z
  .object({
    option_id: z.string().describe("Send it as `option_id` to answer with this option (`single`/`multiple` for selection mode)."),
    label: z.string(),
    description: z.string().optional().describe("What the option programs, e.g. the condition in the condition language."),
  })
  .meta({ id: "ClarificationOption" });

export const ZClarificationAnswer = z
  .object({
    kind: z.enum(["answer", "skip"]),
    option_id: z.string().nullable(),
    text: z.string().nullable(),
    answered_by: z.string().describe("Who answered: `api_key:<id>`, `user:<id>` or `development`."),
    answered_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ClarificationAnswer" });

export const ZClarification = z
  .object({
    id: z.string().describe("`clr_…`"),
    session_id: z.string(),
    questionnaire_revision: z.number().int().min(1),
    round: z.number().int().min(1).describe("The probe that asked it (1 for the first)."),
    kind: z.string().describe("What the document leaves open: `selection_mode`, `unbound_condition`, `missing_route_target`, `undefined_variable`, `grid_scale`, `numeric_range`, `duplicate_id`, `unconditional_terminate`, `answer_codes`, `review_flag`."),
    prompt: z.string().describe("The question to the author, in plain words."),
    question_ids: z.array(z.string()).describe("Printed ids of the questions it is about."),
    context: z.object({
      excerpt: z.string().describe("The document text around the issue."),
      source: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).describe("Span in the extracted text (the same offsets as the survey document's `source`)."),
    }),
    options: z.array(ZClarificationOption),
    status: z.enum(CLARIFICATION_STATUSES),
    answer: ZClarificationAnswer.nullable(),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "Clarification" });
export type TClarification = z.infer<typeof ZClarification>;

export const ZClarificationSession = z
  .object({
    id: z.string().describe("`cses_…`"),
    questionnaire_revision: z.number().int().min(1),
    status: z.enum(SESSION_STATUSES).describe("`probing` while a probe runs; `open` after it; `completed` when a follow-up probe found nothing new."),
    round: z.number().int().min(0),
    open_count: z.number().int().min(0).describe("Clarifications still waiting for an answer."),
    clarifications: z.array(ZClarification),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ClarificationSession" });
export type TClarificationSession = z.infer<typeof ZClarificationSession>;

export const ZClarificationsStarted = z
  .object({
    workflow_id: z.string().describe("Run id, `wrun_…`."),
    workflow: ZWorkflowRun,
    session: ZClarificationSession,
    stream_url: z.string(),
  })
  .meta({ id: "ClarificationsStarted" });

export const ZClarificationsOutput = z
  .object({
    questionnaire_revision: z.number().int(),
    clarification_count: z.number().int().describe("Items this probe added."),
    status: z.enum(SESSION_STATUSES),
  })
  .meta({ id: "ClarificationsOutput" });
export type TClarificationsOutput = z.infer<typeof ZClarificationsOutput>;

export const ZAnswerClarificationBody = z
  .object({
    kind: z.enum(["answer", "skip"]),
    option_id: z.string().min(1).max(200).optional().describe("With `answer`: one of the item's options."),
    text: z.string().max(4000).optional().describe("With `answer`: the author's own words (read as a change where possible, else kept as a note)."),
  })
  .meta({ id: "AnswerClarificationBody" });

export const ZProbeInput = z.object({ sessionId: z.string(), questionnaireRevision: z.number().int().min(1), round: z.number().int().min(1) });
export type TProbeInput = z.infer<typeof ZProbeInput>;

export const ZClarificationParams = ZSurveyParams.extend({ clarificationId: z.string().min(1).max(200).describe("Clarification id, `clr_…`.") });
export const ZClarificationRunParams = ZSurveyParams.extend({ runId: z.string().min(1).max(200).describe("Run id, `wrun_…`.") });
export const ZRevisionClarificationParams = ZRevisionParams.extend({ clarificationId: z.string().min(1).max(200).describe("Clarification id, `clr_…`.") });

export const ZAskFindingBody = z
  .object({
    element_id: z.string().min(1).describe("The page, block or rule the review finding is on (the review item's `dismiss.element_id`)."),
    code: z.string().optional().describe("The finding's code, when it has one."),
    reason: z.string().optional().describe("The finding's reason, to tell apart several findings on one element."),
  })
  .meta({ id: "AskFindingBody" });
