import { z } from "zod";
import { getServiceTip } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { advance, firstPage, missingAnswers, pageById, visibleBlocks, type Answers, type ConditionProblem, type Evaluate } from "@/lib/preview/engine";
import { evaluateCondition } from "@/lib/questionnaire/conditions";
import type { TDocumentPage } from "@/lib/survey-document/schemas";
import { defineTool, READ_ONLY } from "../tool";
import { ZSurveyId } from "./surveys";

/**
 * The preview of the browser UI as a tool: walks the programmed survey like a respondent with the same
 * engine (`lib/preview/engine`) and condition evaluator, so an assistant can test a route ("a respondent
 * who answers S1=2 ends where?") without the browser. Nothing is stored.
 */

const ZShownPage = z.object({
  id: z.string(),
  name: z.string(),
  ends_response_as: z.string().nullable().describe("Arriving here ends the response with this status."),
  blocks: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      variable: z.string().nullable(),
      text: z.string(),
      required: z.boolean(),
      options: z.array(z.object({ value: z.string(), label: z.string() })).describe("The options (or grid rows) offered for these answers."),
    }),
  ),
});

function shownPage(page: TDocumentPage, answers: Answers, evaluate: Evaluate, problems: ConditionProblem[]): z.input<typeof ZShownPage> {
  return {
    id: page.id,
    name: page.name,
    ends_response_as: page.assign_response_status ?? null,
    blocks: visibleBlocks(page, answers, evaluate, problems).map((block) => ({
      id: block.id,
      type: block.config.type,
      variable: block.config.question?.variable ?? null,
      text: block.config.content,
      required: block.config.question ? block.config.question.required !== false : false,
      options: (block.config.question?.options ?? block.config.question?.rows ?? []).map(({ value, label }) => ({ value, label })),
    })),
  };
}

export const previewSurveyTool = defineTool({
  name: "preview_survey",
  title: "Walk the survey like a respondent",
  description:
    "Without page_id: the first page as a respondent sees it. With page_id and the answers so far (by variable: a code string for single choice, an array of codes for multiple choice, a number, text, or {row code: column code} for a grid): the page the respondent goes to next, the pages skipped because they show nothing, and how the response ends. Required questions left unanswered are reported instead of moving on. Nothing is stored.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({
    survey_id: ZSurveyId,
    page_id: z.string().trim().min(1).max(200).optional().describe("The page being submitted; omit to start."),
    answers: z.record(z.string(), z.unknown()).default({}).describe("Answers so far, keyed by variable (Q1, S2)."),
  }),
  output: z.object({
    revision: z.number().int(),
    page: ZShownPage.nullable().describe("The page shown now: the first, the same one (unanswered questions) or the next."),
    missing: z.record(z.string(), z.string()).describe("Required questions left unanswered on the submitted page, by block id."),
    via: z.string().nullable().describe("How the next page was reached: a rule's condition, or the page order."),
    skipped: z.array(z.string()).describe("Pages passed over because every block on them is hidden for these answers."),
    ended: z.object({ status: z.string().nullable(), reason: z.string().nullable() }).nullable().describe("The response ends: with a status page, or without one (a dead end)."),
    answers: z.record(z.string(), z.unknown()).describe("The answers kept: answers to hidden questions are dropped like in the survey."),
    condition_problems: z.array(z.object({ where: z.string(), condition: z.string(), message: z.string() })),
  }),
  run: async ({ survey_id, page_id, answers }, { auth }) => {
    const tip = await getServiceTip(auth.workspaceId, survey_id);
    if (!tip) throw new ApiError("not_found", "The survey has no programmed content yet: run start_programming first.", { resource: "content" });
    const { document, revision } = tip;
    const problems: ConditionProblem[] = [];
    const evaluate: Evaluate = (condition, values) => evaluateCondition(condition, values);
    const result = (page: TDocumentPage | null, extra: { missing?: Record<string, string>; via?: string | null; skipped?: string[]; answers: Answers }) => ({
      revision,
      page: page ? shownPage(page, extra.answers, evaluate, problems) : null,
      missing: extra.missing ?? {},
      via: extra.via ?? null,
      skipped: extra.skipped ?? [],
      ended: page?.assign_response_status ? { status: page.assign_response_status, reason: null } : null,
      answers: extra.answers,
      condition_problems: problems,
    });
    if (!page_id) return result(firstPage(document), { answers });
    const page = pageById(document, page_id);
    if (!page) throw new ApiError("not_found", `No page ${page_id} in the programmed survey.`, { resource: "page" });
    const missing = missingAnswers(visibleBlocks(page, answers, evaluate, problems), answers);
    if (Object.keys(missing).length > 0) return result(page, { missing, answers });
    const step = advance(document, page, answers, evaluate);
    if (step.kind === "end_without_status") {
      return { ...result(null, { answers: step.answers, skipped: step.skipped }), ended: { status: null, reason: step.reason } };
    }
    const via = "ruleId" in step.via ? `rule: ${step.via.condition ?? "always"}` : "page order";
    return result(pageById(document, step.pageId), { via, skipped: step.skipped, answers: step.answers });
  },
});

export const PREVIEW_TOOLS = [previewSurveyTool];
