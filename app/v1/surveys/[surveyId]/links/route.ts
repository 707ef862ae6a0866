// POST|GET /v1/surveys/{surveyId}/links — create (surveys:write) and list (surveys:read) respondent links
import { createLinkOperation, listLinksOperation } from "@/lib/fielding/operations";
import { createLink, listLinks } from "@/lib/fielding/links";
import { baseUrlFor } from "@/lib/http/base-url";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(createLinkOperation, async ({ auth, params, body, request }) => ({ data: await createLink(auth, params.surveyId, body, baseUrlFor(request)) })),
  withApi(listLinksOperation, async ({ auth, params, request }) => ({ data: await listLinks(auth.workspaceId, params.surveyId, baseUrlFor(request)) })),
);
