import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZSurveyParams } from "@/lib/surveys/schemas";
import { ZStreamQuery } from "@/lib/workflows/operations";
import { ZStreamChunk, ZWorkflowRun } from "@/lib/workflows/schemas";
import { ZProgrammingHookParams, ZProgrammingRunParams, ZProgrammingStarted, ZStartProgrammingBody, ZTargetResolution } from "./schemas";

const tags = ["Programming"];
const ZRunResponse = z.object({ data: ZWorkflowRun });

export const startProgrammingOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/programming",
  access: { scope: "surveys:write" },
  summary: "Program the survey from its questionnaire",
  description:
    "Starts a `survey.programming` workflow (202). A questionnaire must be asserted (409 `questionnaire_required`). The platform comes from the body, else the survey's programming target; without either the run waits on a `programming.target` hook (see the run's `hooks[].resume_path`). 409 `workflow_active` while a programming or content-edit run is active.",
  tags,
  params: ZSurveyParams,
  body: ZStartProgrammingBody,
  response: { status: 202, description: "The run started.", schema: ZProgrammingStarted },
  errors: ["not_found", "questionnaire_required", "workflow_active", "survey_locked", "validation_error"],
});

export const latestProgrammingOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/programming",
  access: { scope: "surveys:read" },
  summary: "Get the latest programming run",
  tags,
  params: ZSurveyParams,
  response: { status: 200, description: "The most recent programming run.", schema: ZRunResponse },
  errors: ["not_found"],
});

export const getProgrammingRunOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/programming/runs/{runId}",
  access: { scope: "surveys:read" },
  summary: "Get a programming run",
  description: "Steps, hooks (each with `resume_path`), status, stream URL, output (`content_revision`) and error.",
  tags,
  params: ZProgrammingRunParams,
  response: { status: 200, description: "The run.", schema: ZRunResponse },
  errors: ["not_found"],
});

export const streamProgrammingRunOperation = defineOperation({
  api: "P",
  method: "GET",
  path: "/surveys/{surveyId}/programming/runs/{runId}/stream",
  access: { scope: "surveys:read" },
  summary: "Stream a programming run (NDJSON)",
  description: "One chunk per line (`started`, `step`, `hook`, `progress`, `anatomy`, `audit.issue`, `completed`/`failed`/`cancelled`); replays from `startIndex`, then follows live until the run ends.",
  tags,
  params: ZProgrammingRunParams,
  query: ZStreamQuery,
  response: { status: 200, description: "NDJSON lines.", schema: ZStreamChunk, contentType: "application/x-ndjson" },
  errors: ["not_found"],
});

export const resolveProgrammingHookOperation = defineOperation({
  api: "P",
  method: "POST",
  path: "/surveys/{surveyId}/programming/runs/{runId}/hooks/{hookId}/resolve",
  access: { scope: "surveys:write" },
  summary: "Resolve a programming hook",
  description: "For a `programming.target` hook: `{ platform, instructions? }`. Resumes the run; 409 when the hook is already resolved.",
  tags,
  params: ZProgrammingHookParams,
  body: ZTargetResolution,
  response: { status: 200, description: "The run after the resolution.", schema: ZRunResponse },
  errors: ["not_found", "conflict"],
});
