// GET /v1/whoami — the caller's identity (any valid key)
import { routes, withApi } from "@/lib/http/with-api";
import { whoamiOperation } from "@/lib/meta/operations";
import { describeCaller } from "@/lib/meta/whoami";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(whoamiOperation, async ({ auth }) => describeCaller(auth)));
