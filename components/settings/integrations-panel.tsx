"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { inputClasses } from "@/components/ui/styles";
import { RelativeTime } from "@/components/ui/time";
import { useToast } from "@/components/ui/toast";
import type { Platform } from "@/lib/platforms";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";
import { checkIntegrationForm, EXTERNAL_PLATFORM_IDS, fieldLabel, INTEGRATION_FIELDS, type ExternalPlatform } from "@/lib/ui/integration-fields";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";

export type IntegrationRow = {
  id: string;
  platform: Platform;
  name: string | null;
  config: Record<string, string>;
  credential_fields: string[];
  credentials_configured: boolean;
  status: "untested" | "connected" | "failed";
  last_tested_at: string | null;
  last_test_status: "succeeded" | "failed" | null;
  last_test_message: string | null;
};

const STATUS = {
  untested: { tone: "neutral", label: "Not tested" },
  connected: { tone: "green", label: "Connected" },
  failed: { tone: "red", label: "Test failed" },
} as const;

const titleOf = (integration: IntegrationRow) => integration.name ?? PLATFORM_LABELS[integration.platform].name;

/**
 * Settings → Integrations: the connected platforms with their status and last test, and forms to connect,
 * test, edit and delete a connection. Credentials go to the server only: the API never returns them
 * (only which fields are set), so the list shows a hint per field and the edit form starts them empty.
 */
export function IntegrationsPanel({ integrations, canWrite }: { integrations: IntegrationRow[]; canWrite: boolean }) {
  return (
    <div className="space-y-5">
      <section aria-labelledby="connected-platforms-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h3 id="connected-platforms-title" className="text-base font-semibold">
          Connected platforms
        </h3>
        {integrations.length === 0 ? (
          <div className="mt-2 space-y-1 text-sm text-slate-600">
            <p>No platform is connected yet.</p>
            <p>{canWrite ? "Connect one below to push programmed surveys there and read its surveys and test responses." : "Someone who can manage integrations can connect one."}</p>
          </div>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-labelledby="connected-platforms-title">
            {integrations.map((integration) => (
              <IntegrationItem key={integration.id} integration={integration} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </section>
      {canWrite && <ConnectForm />}
    </div>
  );
}

function IntegrationItem({ integration, canWrite }: { integration: IntegrationRow; canWrite: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<"test" | "delete" | null>(null);
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = titleOf(integration);
  const headingId = `integration-${integration.id}`;
  const status = STATUS[integration.status];

  async function test() {
    setBusy("test");
    setError(null);
    try {
      const result = await apiRequest<{ test: { status: string; message: string; account: string | null } }>("POST", `/integrations/${integration.id}/test`, {});
      if (result.test.status === "succeeded") toast(`${title}: the connection works${result.test.account ? ` (${result.test.account})` : ""}.`);
      else toast(`${title}: the test failed — ${result.test.message}`, "error");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("delete");
    setError(null);
    try {
      await apiRequest("DELETE", `/integrations/${integration.id}`);
      toast(`${title} disconnected.`);
      setDialog(null);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const config = Object.entries(integration.config);
  return (
    <li aria-labelledby={headingId} className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p id={headingId} className="flex flex-wrap items-center gap-2 font-medium">
            {title}
            {integration.name && <span className="text-xs font-normal text-slate-600">{PLATFORM_LABELS[integration.platform].name}</span>}
            <Badge tone={status.tone}>{status.label}</Badge>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
            {config.map(([key, value]) => (
              <div key={key} className="contents">
                <dt>{fieldLabel(integration.platform, key)}</dt>
                <dd className="break-all text-slate-800">{value}</dd>
              </div>
            ))}
            {integration.credential_fields.map((name) => (
              <div key={name} className="contents">
                <dt>{fieldLabel(integration.platform, name)}</dt>
                <dd className="text-slate-800">
                  <span aria-hidden>••••••••</span> set, hidden
                </dd>
              </div>
            ))}
            {integration.platform !== "service" && !integration.credentials_configured && (
              <div className="contents">
                <dt>Credentials</dt>
                <dd className="text-amber-900">none stored</dd>
              </div>
            )}
          </dl>
          <p className="text-xs text-slate-600">
            {integration.last_tested_at ? (
              <>
                Last tested <RelativeTime iso={integration.last_tested_at} />: {integration.last_test_status === "succeeded" ? "succeeded" : "failed"}
                {integration.last_test_message ? ` — ${integration.last_test_message}` : ""}
              </>
            ) : (
              "Not tested since it was connected or changed."
            )}
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap items-center gap-1">
            <Button variant="secondary" size="sm" busy={busy === "test"} onClick={test} aria-label={`Test ${title}`}>
              {busy === "test" ? "Testing…" : "Test"}
            </Button>
            {integration.platform !== "service" && (
              <Button variant="ghost" size="sm" onClick={() => setDialog("edit")} aria-label={`Edit ${title}`}>
                Edit
              </Button>
            )}
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDialog("delete")} aria-label={`Delete ${title}`}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {error && !dialog && <Alert tone="error">{error}</Alert>}
      {integration.platform !== "service" && (
        <Dialog open={dialog === "edit"} onClose={() => setDialog(null)} size="lg" title={`Edit ${title}`} description="Saving marks the connection untested; test it again afterwards.">
          <IntegrationForm
            platform={integration.platform}
            integration={integration}
            onCancel={() => setDialog(null)}
            onSaved={() => {
              setDialog(null);
              toast(`${title} saved; test it to check the connection.`);
              router.refresh();
            }}
          />
        </Dialog>
      )}
      <Dialog
        open={dialog === "delete"}
        onClose={() => {
          setDialog(null);
          setError(null);
        }}
        dismissible={busy !== "delete"}
        title={`Delete ${title}?`}
        description="The stored settings and credentials are deleted. Surveys already pushed stay on the platform; programming can no longer push there until you connect it again."
      >
        {error && <Alert tone="error">{error}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={() => setDialog(null)} disabled={busy === "delete"} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={remove} busy={busy === "delete"}>
            Delete integration
          </Button>
        </DialogActions>
      </Dialog>
    </li>
  );
}

function ConnectForm() {
  const router = useRouter();
  const toast = useToast();
  const [platform, setPlatform] = useState<ExternalPlatform>("qualtrics");
  const [generation, setGeneration] = useState(0);
  return (
    <section aria-labelledby="connect-platform-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div>
        <h3 id="connect-platform-title" className="text-base font-semibold">
          Connect a platform
        </h3>
        <p className="mt-1 text-sm text-slate-600">Credentials are stored encrypted and never shown again; the list above only says which are set.</p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="connect-platform" className="block text-sm font-medium text-slate-800">
          Platform
        </label>
        <select id="connect-platform" className={inputClasses} value={platform} onChange={(event) => setPlatform(event.target.value as ExternalPlatform)}>
          {EXTERNAL_PLATFORM_IDS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {PLATFORM_LABELS[candidate].name}
            </option>
          ))}
        </select>
      </div>
      <IntegrationForm
        key={`${platform}-${generation}`}
        platform={platform}
        onSaved={() => {
          toast(`${PLATFORM_LABELS[platform].name} connected; test it to check the credentials.`);
          setGeneration((value) => value + 1);
          router.refresh();
        }}
      />
    </section>
  );
}

/** Connect (no `integration`) or edit one: name, non-secret settings, credentials (empty on edit = keep). */
function IntegrationForm({ platform, integration, onSaved, onCancel }: { platform: ExternalPlatform; integration?: IntegrationRow; onSaved: () => void; onCancel?: () => void }) {
  const fields = INTEGRATION_FIELDS[platform];
  const mode = integration ? "edit" : "create";
  const [name, setName] = useState(integration?.name ?? "");
  const [config, setConfig] = useState<Record<string, string>>(integration?.config ?? {});
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const trimmed = Object.fromEntries(Object.entries(config).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value));
    const given = Object.fromEntries(Object.entries(credentials).filter(([, value]) => value));
    const found = checkIntegrationForm(platform, { config: trimmed, credentials: given }, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (integration) {
        await apiRequest("PATCH", `/integrations/${integration.id}`, {
          name: name.trim() || null,
          config: trimmed,
          ...(Object.keys(given).length ? { credentials: given } : {}),
        });
      } else {
        await apiRequest("POST", "/integrations", { platform, ...(name.trim() ? { name: name.trim() } : {}), config: trimmed, credentials: given });
      }
      setCredentials({});
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const prefix = integration ? `edit-${integration.id}` : "connect";
  return (
    <form onSubmit={submit} noValidate aria-label={integration ? `Edit ${titleOf(integration)}` : `Connect ${PLATFORM_LABELS[platform].name}`} className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label="Name (optional)" hint={`Shown in this list; defaults to ${PLATFORM_LABELS[platform].name}.`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
      {fields.config.map((field) => (
        <TextField
          key={`${prefix}.${field.name}`}
          label={field.required ? field.label : `${field.label}${fields.configRule?.anyOf.includes(field.name) ? "" : " (optional)"}`}
          hint={field.hint}
          error={errors[field.name]}
          required={field.required}
          value={config[field.name] ?? ""}
          onChange={(event) => setConfig({ ...config, [field.name]: event.target.value })}
        />
      ))}
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-slate-800">Credentials</legend>
        {integration && (
          <p className="text-xs text-slate-600">
            {integration.credential_fields.length
              ? `Stored and hidden: ${integration.credential_fields.map((field) => fieldLabel(platform, field)).join(", ")}. Leave these empty to keep them; fill all to replace them.`
              : "None stored yet."}
          </p>
        )}
        {fields.credentials.map((field) => (
          <TextField
            key={`${prefix}.${field.name}`}
            label={field.label}
            hint={integration?.credential_fields.includes(field.name) ? "Set — hidden. Type a new value to replace it." : "Stored encrypted; never shown again."}
            error={errors[field.name]}
            required={mode === "create"}
            type={field.secret ? "password" : "text"}
            autoComplete={field.secret ? "new-password" : "off"}
            placeholder={integration?.credential_fields.includes(field.name) ? "••••••••" : undefined}
            value={credentials[field.name] ?? ""}
            onChange={(event) => setCredentials({ ...credentials, [field.name]: event.target.value })}
          />
        ))}
      </fieldset>
      <DialogActions>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {integration ? "Save changes" : `Connect ${PLATFORM_LABELS[platform].name}`}
        </Button>
      </DialogActions>
    </form>
  );
}
