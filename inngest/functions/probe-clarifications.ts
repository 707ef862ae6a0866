import { NonRetriableError } from "inngest";
import { CLARIFICATIONS_KIND, ZProbeInput, type TClarificationsOutput } from "@/lib/clarifications/schemas";
import { probeQuestionnaire, settleInterruptedProbe } from "@/lib/clarifications/steps";
import { defineWorkflow } from "@/lib/workflows/define";

/**
 * `survey.questionnaire_clarifications`: compile the questionnaire revision with the answers given so far and
 * turn every new assumption into a clarification for the author (one `clarification` chunk each).
 */
export const probeClarificationsWorkflow = defineWorkflow({
  id: "survey-questionnaire-clarifications",
  kind: CLARIFICATIONS_KIND,
  event: "survey/questionnaire-clarifications.requested",
  input: ZProbeInput,
  retries: 3,
  links: { stream: (run) => `/v1/surveys/${run.surveyId}/questionnaire/clarifications/runs/${run.id}/stream` },
  handler: async ({ runId, workspaceId, surveyId, input, step }): Promise<TClarificationsOutput> => {
    if (!surveyId) throw new NonRetriableError("A clarification probe needs a survey.");
    return step.run("probe-questionnaire", () => probeQuestionnaire({ runId, workspaceId, surveyId }, input));
  },
  onFinish: (tx, run) => settleInterruptedProbe(tx, run),
});
