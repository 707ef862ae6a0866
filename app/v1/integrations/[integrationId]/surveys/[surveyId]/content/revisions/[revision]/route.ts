// GET /v1/integrations/{integrationId}/surveys/{surveyId}/content/revisions/{revision} — one revision (integrations:read)
import { getIntegrationSurveyRevisionOperation } from "@/lib/integrations/operations";
import { integrationSurveyRevision } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getIntegrationSurveyRevisionOperation, async ({ auth, params }) => ({ data: await integrationSurveyRevision(auth, params.integrationId, params.surveyId, params.revision) })),
);
