import type { WorkflowDefinition } from "@/lib/workflows/define";
import { programSurveyWorkflow } from "./program-survey";
import { webhookDeliveryWorkflow } from "./webhook-delivery";

/**
 * The one list of workflow definitions: `app/api/inngest/route.ts` serves them to Inngest and the
 * embedded executor runs them (CONVENTIONS §6).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions with different input/output types
export const WORKFLOWS: readonly WorkflowDefinition<any, any>[] = [
  programSurveyWorkflow,
  webhookDeliveryWorkflow,
];
