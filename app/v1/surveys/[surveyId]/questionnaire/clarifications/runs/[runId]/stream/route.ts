// GET /v1/surveys/{surveyId}/questionnaire/clarifications/runs/{runId}/stream — NDJSON stream of a probe (surveys:read)
import { streamClarificationRunOperation } from "@/lib/clarifications/operations";
import { streamClarificationRun } from "@/lib/clarifications/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(streamClarificationRunOperation, async ({ auth, params, query }) => streamClarificationRun(auth, params.surveyId, params.runId, query.startIndex)),
);
