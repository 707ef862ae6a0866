// GET /v1/events — the immutable event log, filter by type and since (webhooks:read)
import { listEventsOperation } from "@/lib/events/operations";
import { listEvents } from "@/lib/events/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(listEventsOperation, async ({ auth, query }) => listEvents(auth.workspaceId, query)));
