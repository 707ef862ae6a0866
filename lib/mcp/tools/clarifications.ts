import { z } from "zod";
import { askAboutFinding } from "@/lib/clarifications/ask";
import { ZAnswerClarificationBody, ZAskFindingBody, ZClarification, ZClarificationSession } from "@/lib/clarifications/schemas";
import { answerClarification, describeClarificationRun, getClarificationSession, startClarifications } from "@/lib/clarifications/service";
import { ADDITIVE, defineTool, READ_ONLY } from "../tool";
import { waitForRun } from "../wait";
import { ZSurveyId } from "./surveys";

/**
 * Clarifications (issue 10): the questions the service asks the author where the questionnaire is
 * ambiguous. Mirrors `POST|GET /questionnaire/clarifications`, `PATCH …/{clarificationId}` and `…/ask`.
 * Answers are applied the next time the survey is programmed.
 */

const ZWaitSeconds = z.number().int().min(0).max(600).default(50).describe("How long to wait for the probe to finish, in seconds (default 50).");

export const checkQuestionnaireTool = defineTool({
  name: "check_questionnaire",
  title: "Find what the questionnaire leaves open",
  description:
    "Reads the survey's current questionnaire for what it leaves open (how many answers may be chosen, filters on missing questions, skips to missing targets, …) and waits for the result: the clarifications to answer with answer_clarification before (re)programming. Running it again asks a follow-up round.",
  access: "surveys:write",
  annotations: ADDITIVE,
  input: z.object({ survey_id: ZSurveyId, wait_seconds: ZWaitSeconds }),
  output: z.object({ outcome: z.enum(["finished", "needs_input", "still_running"]), session: ZClarificationSession }),
  run: async ({ survey_id, wait_seconds }, context) => {
    const started = await startClarifications(context.auth, survey_id);
    const { outcome } = await waitForRun(() => describeClarificationRun(context.auth.workspaceId, survey_id, started.workflow_id), wait_seconds, context);
    return { outcome, session: await getClarificationSession(context.auth.workspaceId, survey_id) };
  },
});

export const listClarificationsTool = defineTool({
  name: "list_clarifications",
  title: "Clarifications of the questionnaire",
  description: "The clarifications of the survey's current questionnaire (or of an earlier revision): each question to the author with its options, the document text it is about and its answer.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({
    survey_id: ZSurveyId,
    questionnaire_revision: z.number().int().min(1).optional().describe("Default: the current questionnaire revision."),
    status: z.enum(["open", "answered", "skipped"]).optional().describe("Only clarifications with this status."),
  }),
  output: z.object({ session: ZClarificationSession }),
  run: async ({ survey_id, questionnaire_revision, status }, { auth }) => {
    const session = await getClarificationSession(auth.workspaceId, survey_id, questionnaire_revision ?? null);
    return { session: status ? { ...session, clarifications: session.clarifications.filter((item) => item.status === status) } : session };
  },
});

export const answerClarificationTool = defineTool({
  name: "answer_clarification",
  title: "Answer (or skip) a clarification",
  description: "Answers a clarification of the current questionnaire with one of its options (`option_id`) or in the author's own words (`text`), or skips it. Program the survey again (start_programming) to apply the answers.",
  access: "surveys:write",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: ZAnswerClarificationBody.extend({ survey_id: ZSurveyId, clarification_id: z.string().trim().min(1).max(200).describe("`clr_…`") }),
  output: z.object({ clarification: ZClarification }),
  run: async ({ survey_id, clarification_id, ...body }, { auth }) => ({ clarification: await answerClarification(auth, survey_id, clarification_id, body) }),
});

export const askAboutFindingTool = defineTool({
  name: "ask_about_finding",
  title: "Turn a review finding into a clarification",
  description: "Makes a review item of the programmed survey (list_review_items: element id, code, reason) a clarification of the current questionnaire, to be answered like the others.",
  access: "surveys:write",
  annotations: ADDITIVE,
  input: ZAskFindingBody.extend({ survey_id: ZSurveyId }),
  output: z.object({ clarification: ZClarification }),
  run: async ({ survey_id, ...body }, { auth }) => ({ clarification: await askAboutFinding(auth, survey_id, body) }),
});

export const CLARIFICATION_TOOLS = [checkQuestionnaireTool, listClarificationsTool, answerClarificationTool, askAboutFindingTool];
