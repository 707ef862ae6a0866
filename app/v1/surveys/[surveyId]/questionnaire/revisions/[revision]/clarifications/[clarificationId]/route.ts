// GET /v1/surveys/{surveyId}/questionnaire/revisions/{revision}/clarifications/{clarificationId} — one item of a revision, read-only (surveys:read)
import { getRevisionClarificationOperation } from "@/lib/clarifications/operations";
import { getClarification } from "@/lib/clarifications/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getRevisionClarificationOperation, async ({ auth, params }) => ({
    data: await getClarification(auth.workspaceId, params.surveyId, params.clarificationId, params.revision),
  })),
);
