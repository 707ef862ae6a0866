// POST /v1/surveys/{surveyId}/programming/runs/{runId}/hooks/{hookId}/resolve — answer a programming hook (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { resolveProgrammingHookOperation } from "@/lib/programming/operations";
import { resolveProgrammingHook } from "@/lib/programming/service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(resolveProgrammingHookOperation, async ({ auth, params, body }) => ({
    data: await resolveProgrammingHook(auth, params.surveyId, params.runId, params.hookId, body),
  })),
);
