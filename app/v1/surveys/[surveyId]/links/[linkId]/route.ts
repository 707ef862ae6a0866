// GET|PATCH /v1/surveys/{surveyId}/links/{linkId} — read (surveys:read), close/reopen or change (surveys:write) a respondent link
import { getLinkOperation, updateLinkOperation } from "@/lib/fielding/operations";
import { getLink, updateLink } from "@/lib/fielding/links";
import { baseUrlFor } from "@/lib/http/base-url";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getLinkOperation, async ({ auth, params, request }) => ({ data: await getLink(auth.workspaceId, params.surveyId, params.linkId, baseUrlFor(request)) })),
  withApi(updateLinkOperation, async ({ auth, params, body, request }) => ({ data: await updateLink(auth, params.surveyId, params.linkId, body, baseUrlFor(request)) })),
);
