// POST /v1/surveys/{surveyId}/questionnaire/clarifications/ask — turn a review finding into a clarification (surveys:write)
import { askAboutFinding } from "@/lib/clarifications/ask";
import { askFindingOperation } from "@/lib/clarifications/operations";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(askFindingOperation, async ({ auth, params, body }) => ({ data: await askAboutFinding(auth, params.surveyId, body) })),
);
