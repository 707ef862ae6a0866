// GET /o/v1/surveys — the organization's surveys (surveys:read) · POST /o/v1/surveys — create one (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { oCreateSurveyOperation, oListSurveysOperation } from "@/lib/surveys/o-operations";
import { createOrgSurvey, listOrgSurveys } from "@/lib/surveys/o-service";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oListSurveysOperation, async ({ auth, query }) => listOrgSurveys(auth, query)),
  withApi(oCreateSurveyOperation, async ({ auth, body }) => createOrgSurvey(auth, body)),
);
