import { planRequests } from "@/lib/conversations/plan";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * Programming instructions applied without a language model (issue 17): each instruction (a line or a
 * sentence) that the editing agent's deterministic grammar understands — "make every question optional",
 * "add a 'Prefer not to say' option to Q5", "skip to Q10 if Q2 is No" — is applied to the compiled survey
 * through the content-operations module; every other one is reported as not applied, with the reason.
 * With a model, the instructions also reach the model pass; those the grammar does not cover are reported
 * as read by the model, since only the result can show what it made of them.
 */

export type InstructionsReport = {
  applied: { text: string; changes: string[] }[];
  not_applied: { text: string; reason: string }[];
};

export function applyInstructions(
  document: TSurveyDocument,
  instructions: string,
  options: { actor: string; model: string | null },
): { document: TSurveyDocument; report: InstructionsReport } {
  const plan = planRequests(document, instructions, { actor: options.actor, now: new Date() });
  const report: InstructionsReport = { applied: [], not_applied: [] };
  for (const request of plan.requests) {
    if (request.status === "applied") report.applied.push({ text: request.request, changes: request.changes.map((change) => change.summary) });
    else {
      const why = request.status === "undo" ? "“undo” has nothing to undo while programming." : request.reason;
      report.not_applied.push({
        text: request.request,
        reason: options.model
          ? `Given to the language model (${options.model}) with the questionnaire; check the result in Preview. (${why})`
          : `Needs a language model to take effect (none is configured; see AI_PROVIDER in the README). ${why}`,
      });
    }
  }
  return { document: plan.document, report };
}
