// GET /v1/event_types — the event type registry with payload JSON schemas (webhooks:read)
import { listEventTypesOperation } from "@/lib/events/operations";
import { listEventTypes } from "@/lib/events/service";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(listEventTypesOperation, async () => ({ data: listEventTypes() })));
