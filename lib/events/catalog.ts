import { z } from "zod";
import { ZSurveyFile } from "@/lib/files/schemas";
import { ZQuestionnaireRevision } from "@/lib/questionnaire-revisions/schemas";
import { ZSurvey } from "@/lib/surveys/schemas";
import { ZWorkflowEventData } from "@/lib/workflows/schemas";

const ZResponseEventData = z.object({
  response: z.object({
    id: z.string(),
    survey_id: z.string(),
    link_id: z.string(),
    status: z.string(),
    mode: z.string(),
    content_revision: z.number().int(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
  }),
  end_page: z.object({ id: z.string(), name: z.string(), assign_response_status: z.string() }).nullable(),
});

/**
 * Every event type with its description and payload schema: the single source for `/v1/event_types`,
 * the OpenAPI document and the type of `recordEvent`. Later features add their types here.
 */
export const EVENT_CATALOG = {
  "survey.created": {
    description: "A survey was created.",
    data: z.object({ survey: ZSurvey }),
  },
  "survey.updated": {
    description: "A survey's name, slug or description changed.",
    data: z.object({ survey: ZSurvey, changed: z.array(z.string()) }),
  },
  "survey.deleted": {
    description: "A survey and everything in it was deleted.",
    data: z.object({ survey: z.object({ id: z.string(), slug: z.string(), name: z.string() }) }),
  },
  "file.created": {
    description: "A survey file was created (pending, waiting for its bytes).",
    data: z.object({ file: ZSurveyFile }),
  },
  "file.updated": {
    description: "A survey file changed: renamed, marked ready or failed, or moved to another hosting. `changed` names the fields.",
    data: z.object({ file: ZSurveyFile, changed: z.array(z.string()) }),
  },
  "file.deleted": {
    description: "A survey file and its stored bytes were deleted; `removed_revisions` lists questionnaire revisions removed with it (force).",
    data: z.object({ file: ZSurveyFile, removed_revisions: z.array(z.number().int()) }),
  },
  "questionnaire.updated": {
    description:
      "The questionnaire changed: a revision was appended (`change: revision_added`) or revisions were removed with their file " +
      "(`change: revisions_removed`). `questionnaire_revision` is the tip afterwards (null when none is left).",
    data: z.object({
      survey_id: z.string(),
      change: z.enum(["revision_added", "revisions_removed"]),
      revisions: z.array(z.number().int()).describe("The revision added, or the revisions removed."),
      questionnaire_revision: ZQuestionnaireRevision.nullable(),
    }),
  },
  "content.updated": {
    description: "Programmed content changed: a new content revision was appended (PUT content, a programming run, or an editing turn).",
    data: z.object({
      survey_id: z.string(),
      revision: z.number().int(),
      platform: z.string(),
      message: z.string().nullable(),
      user_id: z.string(),
      workflow_id: z.string().nullable(),
    }),
  },
  "workflow.started": {
    description: "A workflow run started; `workflow.status` is `running`.",
    data: ZWorkflowEventData,
  },
  "workflow.updated": {
    description: "A running workflow changed: it waits on a hook, a hook was resolved, or cancellation was requested.",
    data: ZWorkflowEventData,
  },
  "workflow.finished": {
    description: "A workflow run ended; `workflow.status` is `completed`, `failed` or `cancelled`.",
    data: ZWorkflowEventData,
  },
  // Events and webhooks (issue 6): types whose emitters land with their features.
  "questionnaire.clarifications.updated": {
    description:
      "The clarifications of a questionnaire revision changed: a session started, questions were asked, or answers were recorded. " +
      "`status` is the session's status afterwards.",
    data: z.object({
      survey_id: z.string(),
      questionnaire_revision: z.number().int(),
      session_id: z.string(),
      status: z.string(),
      open_questions: z.number().int().describe("Clarifications still waiting for an answer."),
      workflow_id: z.string().nullable(),
    }),
  },
  "programming.finished": {
    description:
      "Programming a survey from a file (Interface O's program-from-file) finished — completed, failed or cancelled; the survey is unlocked again. " +
      "`content_revision` is the revision written (null when none was), `error` why it failed.",
    data: z.object({
      survey_id: z.string(),
      file_id: z.string(),
      workflow_id: z.string(),
      status: z.enum(["completed", "failed", "cancelled"]),
      content_revision: z.number().int().nullable(),
      error: z.object({ message: z.string(), code: z.string().optional() }).nullable(),
    }),
  },
  "validation.finished": {
    description:
      "An automatic fix of a survey's validation findings (Interface O's validation/fix) finished; the survey is unlocked again. " +
      "`fixed` and `remaining` count the findings fixed and those left flagged with their reason.",
    data: z.object({
      survey_id: z.string(),
      workflow_id: z.string(),
      status: z.enum(["completed", "failed", "cancelled"]),
      content_revision: z.number().int().nullable(),
      fixed: z.number().int(),
      remaining: z.number().int(),
      error: z.object({ message: z.string(), code: z.string().optional() }).nullable(),
    }),
  },
  // Fielding (issue 14): a respondent reached a page that ends the response.
  "response.completed": {
    description: "A respondent finished a survey on the service (`status` `complete`). Read the answers with the survey's responses endpoint and `include=data`.",
    data: ZResponseEventData,
  },
  "response.terminated": {
    description: "A respondent was screened out (a page with `assign_response_status` other than `complete`; `status` `terminated`).",
    data: ZResponseEventData,
  },
} as const satisfies Record<string, { description: string; data: z.ZodType }>;

export type EventType = keyof typeof EVENT_CATALOG;
export type EventData<T extends EventType> = z.input<(typeof EVENT_CATALOG)[T]["data"]>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];
