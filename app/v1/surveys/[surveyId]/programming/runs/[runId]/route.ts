// GET /v1/surveys/{surveyId}/programming/runs/{runId} — one programming run (surveys:read)
import { routes, withApi } from "@/lib/http/with-api";
import { getProgrammingRunOperation } from "@/lib/programming/operations";
import { describeProgrammingRun } from "@/lib/programming/service";
import { getSurveyOrThrow } from "@/lib/surveys/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getProgrammingRunOperation, async ({ auth, params }) => {
    await getSurveyOrThrow(auth.workspaceId, params.surveyId);
    return { data: await describeProgrammingRun(auth.workspaceId, params.surveyId, params.runId) };
  }),
);
