import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/styles";
import { ROLE_LABELS, scopesForRole } from "@/lib/auth/roles";
import { SCOPE_DESCRIPTIONS } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { baseUrlFor } from "@/lib/http/base-url";
import { checkAuthorizationRequest, mcpResourceUrl } from "@/lib/oauth";

export const metadata: Metadata = { title: "Allow access" };

/**
 * The OAuth authorization endpoint's consent page: after the normal sign-in, the person sees which
 * application asks, chooses the workspace it may act in and what it may do there (their role's
 * permissions), and approves or refuses. The decision posts to /oauth/consent.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer();
  const requestHeaders = await headers();
  const request = new Request(`http://${requestHeaders.get("host") ?? "localhost"}/`, { headers: requestHeaders });
  const issuer = baseUrlFor(request);
  const check = await checkAuthorizationRequest(await searchParams, mcpResourceUrl(request), issuer);
  if (check.kind === "redirect") redirect(check.url);
  if (check.kind === "page") {
    return (
      <section aria-labelledby="authorize-title" className="mx-auto max-w-lg space-y-4">
        <h1 id="authorize-title" className="text-2xl font-semibold tracking-tight">Cannot allow access</h1>
        <Alert tone="error" role="alert">{check.message}</Alert>
      </section>
    );
  }
  const { params, client, redirectUri } = check.request;
  return (
    <section aria-labelledby="authorize-title" className="mx-auto max-w-lg space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="space-y-2">
        <h1 id="authorize-title" className="text-2xl font-semibold tracking-tight">
          Allow {client.name} to use the survey service as you?
        </h1>
        <p className="text-sm text-slate-600">
          Signed in as <strong>{viewer.user.email}</strong>. {client.name} will act as you through the MCP endpoint, in the workspace you choose, with
          your permissions there. It returns to <code className="break-all text-xs">{new URL(redirectUri).origin}</code>.
        </p>
      </div>
      <form method="post" action="/oauth/consent" className="space-y-5">
        {Object.entries(params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="space-y-1.5">
          <label htmlFor="workspace" className="block text-sm font-medium text-slate-800">
            Workspace
          </label>
          <select id="workspace" name="workspace_id" defaultValue={viewer.workspace.workspaceId} className={inputClasses}>
            {viewer.memberships.map((membership) => (
              <option key={membership.workspaceId} value={membership.workspaceId}>
                {membership.workspaceName} ({ROLE_LABELS[membership.role]})
              </option>
            ))}
          </select>
        </div>
        <div>
          <h2 className="text-sm font-medium text-slate-800">It will be able to</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label="Permissions">
            {scopesForRole(viewer.role).map((scope) => (
              <li key={scope}>{SCOPE_DESCRIPTIONS[scope]}</li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">Your role in the chosen workspace decides this; you can revoke access at any time under Settings → Connected apps.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="decision" value="approve" className={buttonClasses("primary")}>
            Allow access
          </button>
          <button type="submit" name="decision" value="deny" className={buttonClasses("secondary")}>
            Deny
          </button>
        </div>
      </form>
    </section>
  );
}
