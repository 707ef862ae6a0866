import { z } from "zod";
import { ZSurveyFile } from "@/lib/files/schemas";
import { ZQuestionnaireRevision } from "@/lib/questionnaire-revisions/schemas";
import { ZSurvey } from "@/lib/surveys/schemas";
import { ZWorkflowEventData } from "@/lib/workflows/schemas";

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
    description: "Programming a survey from a file (Interface O's program-from-file) finished; the survey is unlocked again.",
    data: z.object({
      survey_id: z.string(),
      file_id: z.string(),
      workflow_id: z.string(),
      status: z.enum(["completed", "failed"]),
    }),
  },
} as const satisfies Record<string, { description: string; data: z.ZodType }>;

export type EventType = keyof typeof EVENT_CATALOG;
export type EventData<T extends EventType> = z.input<(typeof EVENT_CATALOG)[T]["data"]>;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];
