import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeyActions, CreateApiKeyButton } from "@/components/api-keys/api-key-dialogs";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/time";
import { listApiKeys } from "@/lib/api-keys/service";
import { hasScope, SCOPE_DESCRIPTIONS, SCOPES } from "@/lib/auth/scopes";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { formatDate, isPast } from "@/lib/ui/format";

export const metadata: Metadata = { title: "API keys" };

const PAGE_SIZE = 50;

export default async function ApiKeysPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const viewer = await requireViewer();
  const { cursor } = await searchParams;
  const canRead = hasScope(viewer.auth.scopes, "api_keys:read");
  const canManage = hasScope(viewer.auth.scopes, "api_keys:write");
  // A key can only grant scopes its creator holds (the API enforces it; the form only offers those).
  const grantable = SCOPES.filter((scope) => hasScope(viewer.auth.scopes, scope)).map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] }));

  let page: Awaited<ReturnType<typeof listApiKeys>> | null = null;
  let staleCursor = false;
  if (canRead) {
    try {
      page = await listApiKeys(viewer.workspace.workspaceId, { limit: PAGE_SIZE, cursor: cursor || undefined });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "validation_error")) throw error;
      staleCursor = true;
    }
  }
  return (
    <section aria-labelledby="api-keys-title" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="api-keys-title" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Programs use these keys to call the{" "}
            <a href="/v1/openapi.json" className="text-indigo-700 underline">
              REST interface
            </a>{" "}
            for this workspace. Each key holds only the scopes it was given.
          </p>
        </div>
        {canManage && <CreateApiKeyButton scopes={grantable} />}
      </div>

      {!canManage && (
        <Alert tone="info" role="status">
          Only workspace owners and admins can create, rotate, disable or delete API keys. You can see which keys exist.
        </Alert>
      )}

      {staleCursor && (
        <Alert tone="warning" title="This page link is out of date">
          <Link href="/settings/api-keys" className="underline">
            Go to the first page
          </Link>
        </Alert>
      )}

      {page && page.data.length === 0 && (
        <EmptyState icon={<KeyIcon />} title="No API keys yet" action={canManage ? <CreateApiKeyButton scopes={grantable} /> : undefined}>
          {canManage ? "Create a key to let a program use the REST interface." : "An owner or admin can create one."}
        </EmptyState>
      )}

      {page && page.data.length > 0 && (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API keys of this workspace</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Scopes
                </th>
                <th scope="col" className="px-4 py-3">
                  Key
                </th>
                <th scope="col" className="px-4 py-3">
                  Last used
                </th>
                <th scope="col" className="px-4 py-3">
                  Expires
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                {canManage && (
                  // The actions stay pinned to the card's right edge, so Delete is never cut off when the table scrolls.
                  <th scope="col" className="sticky right-0 bg-slate-50 px-4 py-3 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.data.map((key) => {
                const expired = isPast(key.expires_at);
                return (
                  <tr key={key.id} className="align-top">
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">{key.name}</p>
                      <p className="text-xs text-slate-600">
                        created <RelativeTime iso={key.created_at} />
                      </p>
                    </td>
                    <td className="px-4 py-3">
                      <ul className="flex max-w-xs flex-wrap gap-1" aria-label={`Scopes of ${key.name}`}>
                        {key.scopes.map((scope) => (
                          <li key={scope}>
                            <Badge tone={scope === "*" ? "indigo" : "neutral"}>
                              <span title={SCOPE_DESCRIPTIONS[scope]}>{scope === "*" ? "* (full access)" : scope}</span>
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-700">
                      <span aria-label={`ending in ${key.key_hint}`}>qpk_live_…{key.key_hint}</span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">{key.last_used_at ? <RelativeTime iso={key.last_used_at} /> : "Never"}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">{key.expires_at ? formatDate(key.expires_at) : "Never"}</td>
                    <td className="px-4 py-3">
                      {expired ? <Badge tone="red">Expired</Badge> : key.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="amber">Disabled</Badge>}
                    </td>
                    {canManage && (
                      <td className="sticky right-0 bg-white px-2 py-2 shadow-[-8px_0_8px_-8px_rgb(15_23_42_/_0.15)]">
                        <ApiKeyActions apiKey={{ id: key.id, name: key.name, enabled: key.enabled, scopes: key.scopes }} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {page?.pagination.next_cursor && (
        <nav aria-label="Pages" className="flex justify-end">
          <ButtonLink href={`/settings/api-keys?cursor=${encodeURIComponent(page.pagination.next_cursor)}`}>Next page →</ButtonLink>
        </nav>
      )}
    </section>
  );
}
