// GET|PUT /v1/surveys/{surveyId}/programming/target — the survey's target platform and instructions (surveys:read / surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { getProgrammingTargetOperation, putProgrammingTargetOperation } from "@/lib/settings/operations";
import { getProgrammingTarget, putProgrammingTarget } from "@/lib/settings/programming-target";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getProgrammingTargetOperation, async ({ auth, params }) => ({ data: await getProgrammingTarget(auth.workspaceId, params.surveyId) })),
  withApi(putProgrammingTargetOperation, async ({ auth, params, body }) => ({ data: await putProgrammingTarget(auth.workspaceId, params.surveyId, body) })),
);
