// GET /v1/integrations/{integrationId}/surveys/{surveyId}/content/revisions — revisions, newest first (integrations:read)
import { listIntegrationSurveyRevisionsOperation } from "@/lib/integrations/operations";
import { integrationSurveyRevisions } from "@/lib/integrations/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(listIntegrationSurveyRevisionsOperation, async ({ auth, params, query }) => integrationSurveyRevisions(auth, params.integrationId, params.surveyId, query.include === "source")),
);
