import * as apiKeys from "@/lib/api-keys/operations";
import * as clarifications from "@/lib/clarifications/operations";
import * as contentO from "@/lib/content/o-operations";
import * as content from "@/lib/content/operations";
import * as conversations from "@/lib/conversations/operations";
import * as events from "@/lib/events/operations";
import * as filesO from "@/lib/files/o-operations";
import * as fielding from "@/lib/fielding/operations";
import * as integrations from "@/lib/integrations/operations";
import * as files from "@/lib/files/operations";
import * as meta from "@/lib/meta/operations";
import * as programming from "@/lib/programming/operations";
import * as questionnaire from "@/lib/questionnaire-revisions/operations";
import * as settings from "@/lib/settings/operations";
import * as surveysO from "@/lib/surveys/o-operations";
import * as surveys from "@/lib/surveys/operations";
import * as webhooksO from "@/lib/webhooks/o-operations";
import * as webhooks from "@/lib/webhooks/operations";
import * as workflows from "@/lib/workflows/operations";
import type { OperationSpec } from "./operation";

/**
 * Every operation of both interfaces, collected from the domains' `operations.ts` modules. The OpenAPI
 * documents are built from this list; a test checks that every route file's handlers are in it.
 */
const MODULES: Record<string, unknown>[] = [
  meta,
  surveys,
  apiKeys,
  workflows,
  files,
  questionnaire,
  clarifications,
  settings,
  content,
  programming,
  conversations,
  events,
  webhooks,
  surveysO,
  contentO,
  filesO,
  webhooksO,
  fielding,
  integrations,
];

function isOperation(value: unknown): value is OperationSpec {
  return typeof value === "object" && value !== null && "api" in value && "method" in value && "path" in value && "access" in value;
}

export const OPERATIONS: readonly OperationSpec[] = MODULES.flatMap((module) => Object.values(module).filter(isOperation));
