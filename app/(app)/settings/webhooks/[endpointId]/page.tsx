import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EndpointActions, RedeliverButton } from "@/components/webhooks/webhook-dialogs";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/time";
import { hasScope } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { formatDateTime, formatDateTimeSeconds } from "@/lib/ui/format";
import { getEndpointOrThrow, listDeliveries, serializeEndpoint } from "@/lib/webhooks/service";

export const metadata: Metadata = { title: "Webhook endpoint" };

const STATUS_TONES = { pending: "amber", succeeded: "green", failed: "red" } as const;

export default async function EndpointPage({ params, searchParams }: { params: Promise<{ endpointId: string }>; searchParams: Promise<{ cursor?: string }> }) {
  const { endpointId } = await params;
  const { cursor } = await searchParams;
  const viewer = await requireViewer();
  const canManage = hasScope(viewer.auth.scopes, "webhooks:write");
  let endpoint;
  try {
    endpoint = serializeEndpoint(await getEndpointOrThrow(viewer.workspace.workspaceId, endpointId));
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
  const deliveries = await listDeliveries(viewer.workspace.workspaceId, endpoint.id, { limit: 25, cursor: cursor || undefined }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "validation_error") return null;
    throw error;
  });

  return (
    <section aria-labelledby="endpoint-title" className="space-y-5">
      <div>
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link href="/settings/webhooks" className="hover:text-slate-900 hover:underline">
            Webhooks
          </Link>
          <span aria-hidden className="px-2">
            /
          </span>
          <span aria-current="page">Endpoint</span>
        </nav>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="endpoint-title" className="truncate text-lg font-semibold">
              {endpoint.url}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {endpoint.description ? `${endpoint.description} · ` : ""}
              {endpoint.event_types.includes("*") ? "All events" : endpoint.event_types.join(", ")} · secret …{endpoint.secret_hint} ·{" "}
              {endpoint.enabled ? "enabled" : "disabled"}
            </p>
          </div>
          {canManage && <EndpointActions endpoint={endpoint} afterDelete="list" />}
        </div>
      </div>

      <h3 className="text-base font-semibold">Deliveries</h3>
      {!deliveries && <p className="text-sm text-slate-700">This page link is out of date. <Link className="underline" href={`/settings/webhooks/${endpoint.id}`}>Show the latest deliveries</Link>.</p>}
      {deliveries && deliveries.data.length === 0 && <p className="rounded-2xl bg-white p-6 text-sm text-slate-600 ring-1 ring-slate-200">No deliveries yet. They appear here as events happen.</p>}
      {deliveries && deliveries.data.length > 0 && (
        <ul className="space-y-2" aria-label="Deliveries, newest first">
          {deliveries.data.map((delivery) => (
            <li key={delivery.id} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
                  <Badge tone={STATUS_TONES[delivery.status]}>{delivery.status === "succeeded" ? "Delivered" : delivery.status === "failed" ? "Failed" : "Pending"}</Badge>
                  <code className="text-slate-900">{delivery.event_type}</code>
                  <span className="text-slate-600">
                    {delivery.attempt_count} attempt{delivery.attempt_count === 1 ? "" : "s"}
                    {delivery.last_status_code !== null ? ` · last answer HTTP ${delivery.last_status_code}` : ""} · <RelativeTime iso={delivery.created_at} />
                  </span>
                  {delivery.status === "pending" && delivery.next_attempt_at && <span className="text-slate-600">· next try {formatDateTime(delivery.next_attempt_at)}</span>}
                </summary>
                <div className="space-y-3 border-t border-slate-100 px-4 py-3">
                  {delivery.attempts.length === 0 ? (
                    <p className="text-sm text-slate-600">Not attempted yet.</p>
                  ) : (
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Attempts of delivery {delivery.id}</caption>
                      <thead className="text-xs text-slate-600">
                        <tr>
                          <th scope="col" className="py-1 pr-3 font-medium">#</th>
                          <th scope="col" className="py-1 pr-3 font-medium">When</th>
                          <th scope="col" className="py-1 pr-3 font-medium">Result</th>
                          <th scope="col" className="py-1 font-medium">Response</th>
                        </tr>
                      </thead>
                      <tbody className="align-top">
                        {delivery.attempts.map((attempt) => (
                          <tr key={attempt.id}>
                            <td className="py-1 pr-3">{attempt.number}</td>
                            <td className="py-1 pr-3 whitespace-nowrap text-slate-700">{formatDateTimeSeconds(attempt.attempted_at)}</td>
                            <td className="py-1 pr-3 whitespace-nowrap">
                              {attempt.succeeded ? "✓ " : "✗ "}
                              {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : "no answer"} · {attempt.duration_ms} ms
                            </td>
                            <td className="py-1 font-mono text-xs break-all text-slate-700">{attempt.error ?? attempt.response_body?.slice(0, 300) ?? ""}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                  <div className="flex items-center justify-between gap-3 text-xs text-slate-600">
                    <span>
                      Delivery <code>{delivery.id}</code>
                      {delivery.event_id ? (
                        <>
                          {" "}
                          · event <code>{delivery.event_id}</code>
                        </>
                      ) : null}
                    </span>
                    {canManage && endpoint.enabled && <RedeliverButton endpointId={endpoint.id} deliveryId={delivery.id} />}
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      {deliveries?.pagination.next_cursor && (
        <nav aria-label="Pages" className="flex justify-end">
          <ButtonLink href={`/settings/webhooks/${endpoint.id}?cursor=${encodeURIComponent(deliveries.pagination.next_cursor)}`}>Older deliveries →</ButtonLink>
        </nav>
      )}
    </section>
  );
}
