// GET /v1/events/{eventId} — one event (webhooks:read)
import { getEventOperation } from "@/lib/events/operations";
import { getEventOrThrow } from "@/lib/events/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(getEventOperation, async ({ auth, params }) => ({ data: await getEventOrThrow(auth.workspaceId, params.eventId) })),
);
