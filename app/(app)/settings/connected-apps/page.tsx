import type { Metadata } from "next";
import { RevokeConnectedApp } from "@/components/settings/revoke-connected-app";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/time";
import { requireViewer } from "@/lib/auth/viewer";
import { listConnectedApps } from "@/lib/oauth";

export const metadata: Metadata = { title: "Connected apps" };

/** The MCP clients (AI assistants, IDE agents) the signed-in person has allowed to act as them. */
export default async function ConnectedAppsPage() {
  const viewer = await requireViewer();
  const apps = await listConnectedApps(viewer.user.id);
  return (
    <section aria-labelledby="connected-apps-title" className="space-y-5">
      <div>
        <h2 id="connected-apps-title" className="text-lg font-semibold">
          Connected apps
        </h2>
        <p className="mt-1 text-sm text-slate-600">Applications you allowed to use the service as you through MCP (the /mcp endpoint). Revoking one stops it at once.</p>
      </div>
      {apps.length === 0 ? (
        <EmptyState title="No connected apps">When an AI assistant connects to /mcp and you allow it, it is listed here.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 bg-white text-sm">
            <caption className="sr-only">Connected apps</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2">Application</th>
                <th scope="col" className="px-4 py-2">Workspace</th>
                <th scope="col" className="px-4 py-2">Allowed</th>
                <th scope="col" className="px-4 py-2">Last used</th>
                <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {apps.map((app) => (
                <tr key={app.grantId}>
                  <td className="px-4 py-2 font-medium">{app.clientName}</td>
                  <td className="px-4 py-2">{app.workspaceName}</td>
                  <td className="px-4 py-2"><RelativeTime iso={app.createdAt.toISOString()} /></td>
                  <td className="px-4 py-2">{app.lastUsedAt ? <RelativeTime iso={app.lastUsedAt.toISOString()} /> : "Never"}</td>
                  <td className="px-4 py-2 text-right"><RevokeConnectedApp grantId={app.grantId} clientName={app.clientName} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
