import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZRevisionParams } from "@/lib/questionnaire-revisions/schemas";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZStreamQuery } from "@/lib/workflows/operations";
import { ZStreamChunk } from "@/lib/workflows/schemas";
import {
  ZAnswerClarificationBody,
  ZAskFindingBody,
  ZClarification,
  ZClarificationParams,
  ZClarificationRunParams,
  ZClarificationSession,
  ZClarificationsStarted,
  ZRevisionClarificationParams,
} from "./schemas";

const tags = ["Questionnaire clarifications"];
const ZSessionResponse = z.object({ data: ZClarificationSession });
const ZClarificationResponse = z.object({ data: ZClarification });

export const startClarificationsOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/questionnaire/clarifications",
  access: { scope: "surveys:write" },
  summary: "Check the questionnaire for questions to its author",
  description:
    "Starts a `survey.questionnaire_clarifications` workflow (202) that probes the tip questionnaire revision for everything the document leaves open. " +
    "The first probe opens the revision's session; a later POST is a follow-up round that asks only about what has not been asked yet (the session becomes `completed` when it finds nothing new). " +
    "409 `questionnaire_required` without a questionnaire, 409 `workflow_active` while a probe runs.",
  tags,
  params: ZSurveyParams,
  response: { status: 202, description: "The probe started.", schema: ZClarificationsStarted },
  errors: ["not_found", "questionnaire_required", "workflow_active"],
});

export const getClarificationSessionOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/clarifications",
  access: { scope: "surveys:read" },
  summary: "Get the clarifications of the current questionnaire",
  description: "The tip revision's session with all its clarifications; 404 when it was never probed. Reading never starts or advances a probe.",
  tags,
  params: ZSurveyParams,
  response: { status: 200, description: "The session.", schema: ZSessionResponse },
  errors: ["not_found"],
});

export const getClarificationOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/clarifications/{clarificationId}",
  access: { scope: "surveys:read" },
  summary: "Get one clarification",
  tags,
  params: ZClarificationParams,
  response: { status: 200, description: "The clarification.", schema: ZClarificationResponse },
  errors: ["not_found"],
});

export const answerClarificationOperation = defineOperation({
  api: "P",
  method: "PATCH",
  path: "/surveys/{surveyId}/questionnaire/clarifications/{clarificationId}",
  access: { scope: "surveys:write" },
  summary: "Answer or skip a clarification",
  description:
    "`{ kind: \"answer\", option_id }` picks one of the item's options; `{ kind: \"answer\", text }` answers in the author's own words (read as a change where possible, else kept as a note); `{ kind: \"skip\" }` keeps the compiler's default. " +
    "Answering again replaces the answer (earlier ones are kept in its history). Programming applies the answers. 409 `revision_not_tip` for an item of an older questionnaire revision.",
  tags,
  params: ZClarificationParams,
  body: ZAnswerClarificationBody,
  response: { status: 200, description: "The clarification with its answer.", schema: ZClarificationResponse },
  errors: ["not_found", "revision_not_tip"],
});

export const streamClarificationRunOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/clarifications/runs/{runId}/stream",
  access: { scope: "surveys:read" },
  summary: "Stream a clarification probe (NDJSON)",
  description: "One chunk per line: `started`, one `clarification` per new item (its full record), then `completed` with the run output (or `failed`); replays from `startIndex`, then follows live until the run ends.",
  tags,
  params: ZClarificationRunParams,
  query: ZStreamQuery,
  response: { status: 200, description: "NDJSON lines.", schema: ZStreamChunk, contentType: "application/x-ndjson" },
  errors: ["not_found"],
});

export const getRevisionClarificationsOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/revisions/{revision}/clarifications",
  access: { scope: "surveys:read" },
  summary: "Get the clarifications of a questionnaire revision",
  description: "Read-only history: the session of that revision (404 when it was never probed).",
  tags,
  params: ZRevisionParams,
  response: { status: 200, description: "The session.", schema: ZSessionResponse },
  errors: ["not_found"],
});

export const getRevisionClarificationOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/questionnaire/revisions/{revision}/clarifications/{clarificationId}",
  access: { scope: "surveys:read" },
  summary: "Get one clarification of a questionnaire revision",
  tags,
  params: ZRevisionClarificationParams,
  response: { status: 200, description: "The clarification.", schema: ZClarificationResponse },
  errors: ["not_found"],
});

export const askFindingOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/questionnaire/clarifications/ask",
  access: { scope: "surveys:write" },
  summary: "Ask the author about a review finding",
  description:
    "Turns a finding of the review panel (a review flag on a page, block or rule of the programmed survey) into a clarification of the tip questionnaire revision (201). " +
    "Asking about the same finding again returns the clarification already asked instead of a second one. 404 when the element has no such open finding.",
  tags,
  params: ZSurveyParams,
  body: ZAskFindingBody,
  response: { status: 201, description: "The clarification.", schema: ZClarificationResponse },
  errors: ["not_found", "questionnaire_required"],
});
