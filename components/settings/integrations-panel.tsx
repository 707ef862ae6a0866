"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { inputClasses } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toast";
import type { Platform } from "@/lib/platforms";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";

export type IntegrationRow = {
  id: string;
  platform: Platform;
  name: string | null;
  config: Record<string, string>;
  credential_fields: string[];
  status: "untested" | "connected" | "failed";
  last_tested_at: string | null;
  last_test_message: string | null;
};

/** Fields each platform's connection needs (mirrors lib/platforms/clients.ts PLATFORM_FIELDS). */
const FIELDS: Record<Exclude<Platform, "service">, { config: { name: string; label: string; hint: string }[]; credentials: { name: string; label: string }[] }> = {
  qualtrics: { config: [{ name: "datacenter", label: "Datacenter", hint: "For example fra1 (or give a base URL)." }, { name: "base_url", label: "Base URL", hint: "Optional: https://<datacenter>.qualtrics.com/API/v3" }], credentials: [{ name: "api_token", label: "API token" }] },
  decipher: { config: [{ name: "base_url", label: "Base URL", hint: "https://<server>/api/v1" }, { name: "survey_path", label: "Survey path", hint: "Optional: where pushes write survey.xml." }], credentials: [{ name: "api_key", label: "API key" }] },
  surveymonkey: { config: [{ name: "base_url", label: "Base URL", hint: "Optional: defaults to https://api.surveymonkey.com/v3" }], credentials: [{ name: "access_token", label: "Access token" }] },
  limesurvey: { config: [{ name: "base_url", label: "RemoteControl URL", hint: "https://<host>/index.php/admin/remotecontrol" }], credentials: [{ name: "username", label: "Username" }, { name: "password", label: "Password" }] },
};

const STATUS_TONE = { untested: "neutral", connected: "green", failed: "red" } as const;

/** Settings → Integrations: the connected platforms, a form to connect one, and a test button per connection. */
export function IntegrationsPanel({ integrations, canWrite }: { integrations: IntegrationRow[]; canWrite: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [platform, setPlatform] = useState<Exclude<Platform, "service">>("qualtrics");
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function connect(event: FormEvent) {
    event.preventDefault();
    setBusy("connect");
    setError(null);
    const pick = (names: string[]) => Object.fromEntries(names.map((name) => [name, values[`${platform}.${name}`] ?? ""]).filter(([, value]) => value));
    try {
      await apiRequest("POST", "/integrations", {
        platform,
        config: pick(FIELDS[platform].config.map((field) => field.name)),
        credentials: pick(FIELDS[platform].credentials.map((field) => field.name)),
      });
      toast(`${PLATFORM_LABELS[platform].name} connected; test it to check the credentials.`);
      setValues({});
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function test(id: string) {
    setBusy(id);
    setError(null);
    try {
      const result = await apiRequest<{ test: { status: string; message: string } }>("POST", `/integrations/${id}/test`, {});
      toast(result.test.status === "succeeded" ? "Connection works." : `Test failed: ${result.test.message}`);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h3 className="text-base font-semibold">Connected platforms</h3>
        {integrations.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No platform is connected yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Connected platforms">
            {integrations.map((integration) => (
              <li key={integration.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{integration.name ?? PLATFORM_LABELS[integration.platform].name}</p>
                  <p className="text-xs text-slate-500">
                    {Object.entries(integration.config)
                      .map(([key, value]) => `${key}: ${value}`)
                      .join(" · ") || "No settings"}
                    {integration.credential_fields.length > 0 && ` · credentials: ${integration.credential_fields.join(", ")}`}
                  </p>
                  {integration.last_test_message && <p className="text-xs text-slate-500">Last test: {integration.last_test_message}</p>}
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATUS_TONE[integration.status]}>{integration.status}</Badge>
                  {canWrite && (
                    <Button variant="secondary" size="sm" busy={busy === integration.id} onClick={() => test(integration.id)}>
                      Test {PLATFORM_LABELS[integration.platform].name}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {canWrite && (
        <form onSubmit={connect} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="connect-platform-title">
          <h3 id="connect-platform-title" className="text-base font-semibold">
            Connect a platform
          </h3>
          <div className="space-y-1.5">
            <label htmlFor="connect-platform" className="block text-sm font-medium text-slate-800">
              Platform
            </label>
            <select id="connect-platform" className={inputClasses} value={platform} onChange={(event) => setPlatform(event.target.value as Exclude<Platform, "service">)}>
              {(Object.keys(FIELDS) as Exclude<Platform, "service">[]).map((candidate) => (
                <option key={candidate} value={candidate}>
                  {PLATFORM_LABELS[candidate].name}
                </option>
              ))}
            </select>
          </div>
          {FIELDS[platform].config.map((field) => (
            <TextField key={`${platform}.${field.name}`} label={field.label} hint={field.hint} value={values[`${platform}.${field.name}`] ?? ""} onChange={(event) => setValues({ ...values, [`${platform}.${field.name}`]: event.target.value })} />
          ))}
          {FIELDS[platform].credentials.map((field) => (
            <TextField
              key={`${platform}.${field.name}`}
              label={field.label}
              hint="Stored encrypted; never shown again."
              type={field.name === "username" ? "text" : "password"}
              autoComplete="off"
              value={values[`${platform}.${field.name}`] ?? ""}
              onChange={(event) => setValues({ ...values, [`${platform}.${field.name}`]: event.target.value })}
            />
          ))}
          <div className="flex justify-end">
            <Button type="submit" busy={busy === "connect"}>
              Connect
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
