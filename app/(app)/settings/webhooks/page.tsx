import type { Metadata } from "next";
import Link from "next/link";
import { CreateEndpointButton, EndpointActions } from "@/components/webhooks/webhook-dialogs";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { EVENT_CATALOG, EVENT_TYPES } from "@/lib/events/catalog";
import { listEndpoints } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const viewer = await requireViewer();
  const canRead = hasScope(viewer.auth.scopes, "webhooks:read");
  const canManage = hasScope(viewer.auth.scopes, "webhooks:write");
  const eventTypes = EVENT_TYPES.map((type) => ({ type, description: EVENT_CATALOG[type].description }));
  const page = canRead ? await listEndpoints(viewer.workspace.workspaceId, { limit: 100 }) : null;

  return (
    <section aria-labelledby="webhooks-title" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="webhooks-title" className="text-lg font-semibold">
            Webhooks
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Tell your systems when something happens — a survey is programmed, a questionnaire changes — with signed HTTP requests, retried until
            they are acknowledged.
          </p>
        </div>
        {canManage && <CreateEndpointButton eventTypes={eventTypes} />}
      </div>
      {!canManage && (
        <Alert tone="info" role="status">
          Only workspace owners and admins can add or change webhook endpoints.
        </Alert>
      )}
      {page && page.data.length === 0 && (
        <EmptyState title="No webhook endpoints yet" action={canManage ? <CreateEndpointButton eventTypes={eventTypes} /> : undefined}>
          Add an endpoint to receive events as they happen.
        </EmptyState>
      )}
      {page && page.data.length > 0 && (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="Webhook endpoints">
          {page.data.map((endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1">
                <Link href={`/settings/webhooks/${endpoint.id}`} className="block truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                  {endpoint.url}
                </Link>
                {endpoint.description && <p className="truncate text-sm text-slate-700">{endpoint.description}</p>}
                <p className="mt-0.5 text-xs text-slate-600">
                  {endpoint.event_types.includes("*") ? "All events" : endpoint.event_types.join(", ")} · secret …{endpoint.secret_hint} · added{" "}
                  <RelativeTime iso={endpoint.created_at} />
                </p>
              </div>
              {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="amber">Disabled</Badge>}
              {canManage && (
                <EndpointActions
                  endpoint={{ id: endpoint.id, url: endpoint.url, enabled: endpoint.enabled, event_types: endpoint.event_types, description: endpoint.description }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
