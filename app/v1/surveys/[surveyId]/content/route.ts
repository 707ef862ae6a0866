// GET|PUT /v1/surveys/{surveyId}/content — tip content revision / write a new one (surveys:read / surveys:write)
import { getContentOperation, putContentOperation } from "@/lib/content/operations";
import { putContent } from "@/lib/content-operations/service";
import { getTipContent } from "@/lib/content/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getContentOperation, async ({ auth, params, query }) => ({ data: await getTipContent(auth.workspaceId, params.surveyId, query.platform) })),
  withApi(putContentOperation, async ({ auth, params, body }) => ({ data: await putContent(auth, params.surveyId, body) })),
);
