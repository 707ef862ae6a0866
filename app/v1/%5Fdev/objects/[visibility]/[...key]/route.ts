// PUT|GET /v1/_dev/objects/{visibility}/{key} — local object storage: signed upload and download, public reads (public: the signature is the credential)
import { joinCatchAllKey, receiveDevObject, serveDevObject } from "@/lib/files/dev-objects";
import { devGetObjectOperation, devPutObjectOperation } from "@/lib/files/operations";
import { routes, withApi } from "@/lib/http/with-api";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  joinCatchAllKey(withApi(devGetObjectOperation, async ({ params, query, request }) => serveDevObject(request, { ...params, query }))),
  joinCatchAllKey(withApi(devPutObjectOperation, async ({ params, query, request }) => receiveDevObject(request, { ...params, query }))),
);
