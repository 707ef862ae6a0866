// POST /api/session/workspace — switch the signed-in person's current workspace (remembered in a cookie)
import { readForm, refuseCrossSite, safeReturnPath, seeOther } from "@/lib/auth/http";
import { cookieReader, resolveSessionFromCookies, WORKSPACE_COOKIE, secureCookies } from "@/lib/auth/session";

export async function POST(request: Request): Promise<Response> {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const resolution = await resolveSessionFromCookies(cookieReader(request.headers.get("cookie")), request.url);
  if (resolution.status !== "signed_in") return seeOther("/sign-in");
  const form = await readForm(request);
  const target = resolution.viewer.memberships.find((membership) => membership.workspaceId === form.workspace_id);
  if (!target) {
    return Response.json({ error: "not_found", message: "You are not a member of that workspace.", resource: "workspace" }, { status: 404 });
  }
  const secure = secureCookies(request.url) ? "; Secure" : "";
  const cookie = `${WORKSPACE_COOKIE}=${encodeURIComponent(target.workspaceId)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${365 * 24 * 3600}${secure}`;
  return seeOther(safeReturnPath(form.return_to), [cookie]);
}
