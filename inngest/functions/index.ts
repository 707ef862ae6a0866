import type { WorkflowDefinition } from "@/lib/workflows/define";
import { contentEditWorkflow } from "./content-edit";
import { programFromFileWorkflow } from "./program-from-file";
import { probeClarificationsWorkflow } from "./probe-clarifications";
import { programSurveyWorkflow } from "./program-survey";
import { validationFixWorkflow } from "./validation-fix";
import { webhookDeliveryWorkflow } from "./webhook-delivery";

/**
 * The one list of workflow definitions: `app/api/inngest/route.ts` serves them to Inngest and the
 * embedded executor runs them (CONVENTIONS §6).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions with different input/output types
export const WORKFLOWS: readonly WorkflowDefinition<any, any>[] = [
  programSurveyWorkflow,
  programFromFileWorkflow,
  probeClarificationsWorkflow,
  validationFixWorkflow,
  contentEditWorkflow,
  webhookDeliveryWorkflow,
];
