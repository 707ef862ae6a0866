// GET /v1/surveys/{surveyId}/programming/runs/{runId}/stream — NDJSON stream of a programming run (surveys:read)
import { routes, withApi } from "@/lib/http/with-api";
import { streamProgrammingRunOperation } from "@/lib/programming/operations";
import { streamProgrammingRun } from "@/lib/programming/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(streamProgrammingRunOperation, async ({ auth, params, query }) =>
    streamProgrammingRun(auth, params.surveyId, params.runId, query.startIndex),
  ),
);
