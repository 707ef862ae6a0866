import { ApiError } from "./errors";
import { errorResponse } from "./with-api";

export async function unknownRoute(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return errorResponse(new ApiError("not_found", `No route ${request.method} ${pathname}.`, { resource: "route" }), crypto.randomUUID());
}
