// GET /v1/surveys/{surveyId}/questionnaire/revisions/{revision}/clarifications — a revision's session, read-only (surveys:read)
import { getRevisionClarificationsOperation } from "@/lib/clarifications/operations";
import { getClarificationSession } from "@/lib/clarifications/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getRevisionClarificationsOperation, async ({ auth, params }) => ({ data: await getClarificationSession(auth.workspaceId, params.surveyId, params.revision) })),
);
