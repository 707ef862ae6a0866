// POST /v1/surveys/{surveyId}/content/operations — edit the programmed survey with content operations (surveys:write)
import { contentOperationsOperation } from "@/lib/content/operations";
import { postContentOperations } from "@/lib/content-operations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(contentOperationsOperation, async ({ auth, params, body }) => postContentOperations(auth, params.surveyId, body)),
);
