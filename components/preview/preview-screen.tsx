"use client";

import { evaluateCondition } from "@/lib/questionnaire/conditions";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { SurveyPreview } from "./survey-preview";

/** The preview with the service's own condition evaluator (the same one the validator and exporters use). */
export function PreviewScreen({ document }: { document: TSurveyDocument }) {
  return <SurveyPreview document={document} evaluate={(condition, answers) => evaluateCondition(condition, answers)} />;
}
