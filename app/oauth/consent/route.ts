// POST /oauth/consent — the signed-in person's decision on the consent page (session + same-origin form post)
import { authenticateRequest } from "@/lib/auth/authenticate";
import { baseUrlFor } from "@/lib/http/base-url";
import { ApiError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/with-api";
import { AUTHORIZATION_PARAMS, checkAuthorizationRequest, decideAuthorization, mcpResourceUrl, OAuthProtocolError } from "@/lib/oauth";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    const auth = await authenticateRequest(request);
    if (auth.method !== "session" || !auth.userId) throw new ApiError("forbidden", "Approve access from the consent page in your browser.");
    const form = await request.formData();
    const input: Record<string, string> = {};
    for (const name of AUTHORIZATION_PARAMS) {
      const value = form.get(name);
      if (typeof value === "string") input[name] = value;
    }
    const issuer = baseUrlFor(request);
    const check = await checkAuthorizationRequest(input, mcpResourceUrl(request), issuer);
    if (check.kind === "page") throw new ApiError("validation_error", check.message);
    if (check.kind === "redirect") return Response.redirect(check.url, 303);
    const location = await decideAuthorization(
      check.request,
      { approve: form.get("decision") === "approve", userId: auth.userId, workspaceId: String(form.get("workspace_id") ?? "") },
      issuer,
    );
    return Response.redirect(location, 303);
  } catch (error) {
    const mapped = error instanceof OAuthProtocolError ? new ApiError("forbidden", error.description) : error;
    return errorResponse(mapped, crypto.randomUUID());
  }
}
