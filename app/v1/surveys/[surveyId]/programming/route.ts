// POST|GET /v1/surveys/{surveyId}/programming — start programming (surveys:write) / latest run (surveys:read)
import { routes, withApi } from "@/lib/http/with-api";
import { latestProgrammingOperation, startProgrammingOperation } from "@/lib/programming/operations";
import { latestProgrammingRun, startProgramming } from "@/lib/programming/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(startProgrammingOperation, async ({ auth, params, body }) => startProgramming(auth, params.surveyId, body)),
  withApi(latestProgrammingOperation, async ({ auth, params }) => ({ data: await latestProgrammingRun(auth.workspaceId, params.surveyId) })),
);
