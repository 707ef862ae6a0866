import { z } from "zod";
import { ZOCreatePageBody, ZOCreateVariableBody, ZOPage, ZOVariable } from "@/lib/content/o-schemas";
import { defineOperation } from "@/lib/http/operation";
import {
  ZOCreateSurveyBody,
  ZOListSurveysQuery,
  ZOProgrammingMessage,
  ZOProgramFromFileParams,
  ZOSurvey,
  ZOSurveyList,
  ZOSurveyParams,
  ZOSurveyWithPages,
  ZOUpdateSurveyBody,
  ZOValidationFixStarted,
} from "./o-schemas";

/** Interface O's surveys (organization-scoped; `Authorization` and `X-Org-Id` on every request). */

const tags = ["Surveys"];
const lockedNote = "Refused with 409 `survey_locked` while program-from-file or a validation fix holds the survey.";

export const oListSurveysOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/surveys",
  access: { scope: "surveys:read" },
  summary: "List surveys",
  description: "The organization's surveys in every workspace, by `order`, then newest first. `limit` 1–100 (default 20), `offset`, `search` (name or slug, case-insensitive).",
  tags,
  query: ZOListSurveysQuery,
  response: { status: 200, description: "`total` matching surveys and this page's `items`.", schema: ZOSurveyList },
});

export const oCreateSurveyOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/surveys",
  access: { scope: "surveys:write" },
  summary: "Create a survey",
  description: "Creates a survey in the workspace of the credential. `paid_at` is the creation time (self-hosted: no billing).",
  tags,
  body: ZOCreateSurveyBody,
  response: { status: 201, description: "The new survey.", schema: ZOSurvey },
  errors: ["duplicate_slug"],
});

export const oGetSurveyOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/surveys/{survey_id_or_slug}",
  access: { scope: "surveys:read" },
  summary: "Get a survey with its pages",
  tags,
  params: ZOSurveyParams,
  response: { status: 200, description: "The survey with its pages, blocks and navigation rules.", schema: ZOSurveyWithPages },
  errors: ["not_found", "conflict"],
});

export const oUpdateSurveyOperation = defineOperation({
  api: "O",
  method: "PUT",
  path: "/surveys/{survey_id_or_slug}",
  access: { scope: "surveys:write" },
  summary: "Update a survey",
  description: `Changes \`name\`, \`slug\` (O pattern) or \`order\`. ${lockedNote}`,
  tags,
  params: ZOSurveyParams,
  body: ZOUpdateSurveyBody,
  response: { status: 200, description: "The survey.", schema: ZOSurvey },
  errors: ["not_found", "conflict", "duplicate_slug", "survey_locked"],
});

export const oProgramFromFileOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/surveys/{survey_id_or_slug}/program-from-file/{fileId}",
  access: { scope: "surveys:write" },
  summary: "Program the survey from an uploaded file",
  description:
    "No body. The file becomes the survey's questionnaire and the programming workflow (platform `service`) programs it, reusing the file's cached extraction. " +
    "The survey is `locked` until the run ends; then `programming.finished` is sent to O webhooks (and `workflow.finished` to P's), whether it completed, failed or was cancelled. " +
    "The answer's `id` is the run id (`/v1/workflows/{id}` shows its steps). 409 `file_not_ready` for a file that could not be read as a questionnaire, `conflict` for a file of another survey, " +
    "`survey_locked` / `workflow_active` while another run holds the survey.",
  tags,
  params: ZOProgramFromFileParams,
  response: { status: 202, description: "The programming message.", schema: ZOProgrammingMessage },
  errors: ["not_found", "conflict", "file_not_ready", "survey_locked", "workflow_active"],
});

export const oValidationFixOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/surveys/{survey_id_or_slug}/validation/fix",
  access: { scope: "surveys:write" },
  summary: "Fix validation findings automatically",
  description:
    "No body. An asynchronous run fixes what the validator flags where the fix is unambiguous — a rule to a missing page is removed (and its page flagged), an unknown option code becomes the nearest code when exactly one is nearest, " +
    "a dead-end page continues to the next page, a duplicate variable is renamed, an unreachable page is linked into the flow (or removed when empty) — and writes one content revision. " +
    "What it cannot fix stays flagged with its reason. The survey is `locked` meanwhile; observe the end by polling the survey or by the `validation.finished` webhook.",
  tags,
  params: ZOSurveyParams,
  response: { status: 202, description: "The fix run started.", schema: ZOValidationFixStarted },
  errors: ["not_found", "conflict", "survey_locked", "workflow_active"],
});

export const oCreatePageOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/surveys/{survey_id_or_slug}/pages",
  access: { scope: "surveys:write" },
  summary: "Add a page",
  description: `Adds a page (last unless \`order\` is given) as a new content revision. Link it with a navigation rule so respondents reach it. ${lockedNote}`,
  tags: ["Pages"],
  params: ZOSurveyParams,
  body: ZOCreatePageBody,
  response: { status: 201, description: "The page with its (empty) blocks and navigation rules.", schema: ZOPage },
  errors: ["not_found", "conflict", "survey_locked", "workflow_active"],
});

export const oListVariablesOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/surveys/{survey_id_or_slug}/variables",
  access: { scope: "surveys:read" },
  summary: "List variables",
  description: "Question variables (one per question) and hidden or computed variables.",
  tags: ["Variables"],
  params: ZOSurveyParams,
  response: { status: 200, description: "The survey's variables.", schema: z.object({ total: z.number().int(), items: z.array(ZOVariable) }) },
  errors: ["not_found", "conflict"],
});

export const oCreateVariableOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/surveys/{survey_id_or_slug}/variables",
  access: { scope: "surveys:write" },
  summary: "Declare a hidden or computed variable",
  description: `Conditions can name it as \`{NAME}\`. Question variables come with their questions. ${lockedNote}`,
  tags: ["Variables"],
  params: ZOSurveyParams,
  body: ZOCreateVariableBody,
  response: { status: 201, description: "The variable.", schema: ZOVariable },
  errors: ["not_found", "conflict", "survey_locked", "workflow_active"],
});
