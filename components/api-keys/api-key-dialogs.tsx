"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Checkbox, SelectField, TextField } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";
import { SecretReveal } from "./secret-reveal";

export type ScopeOption = { scope: string; description: string };
export type ApiKeySummary = { id: string; name: string; enabled: boolean; scopes: string[] };
type IssuedKey = { data: ApiKeySummary & { key: string } };

const EXPIRY_OPTIONS = [
  { value: "never", label: "Never", days: null },
  { value: "30", label: "In 30 days", days: 30 },
  { value: "90", label: "In 90 days", days: 90 },
  { value: "365", label: "In one year", days: 365 },
] as const;

export function CreateApiKeyButton({ scopes }: { scopes: ScopeOption[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedKey["data"] | null>(null);
  const close = () => {
    setOpen(false);
    if (issued) router.refresh();
    setIssued(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon />
        Create API key
      </Button>
      <Dialog
        open={open}
        onClose={close}
        size="lg"
        title={issued ? "Your new API key" : "Create an API key"}
        description={issued ? undefined : "Keys let programs use the REST interface on behalf of this workspace. Grant only what the program needs."}
      >
        {issued ? (
          <>
            <SecretReveal secret={issued.key} keyName={issued.name} />
            <DialogActions>
              <Button onClick={close}>Done</Button>
            </DialogActions>
          </>
        ) : (
          <CreateApiKeyForm scopes={scopes} onCancel={close} onIssued={setIssued} />
        )}
      </Dialog>
    </>
  );
}

function CreateApiKeyForm({ scopes, onCancel, onIssued }: { scopes: ScopeOption[]; onCancel: () => void; onIssued: (key: IssuedKey["data"]) => void }) {
  const [name, setName] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState<string>("never");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (scope: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    if (selected.size === 0) {
      setErrors({ scopes: "Choose at least one scope." });
      return;
    }
    setBusy(true);
    const days = EXPIRY_OPTIONS.find((option) => option.value === expiry)?.days ?? null;
    try {
      const created = await apiRequest<IssuedKey>("POST", "/api_keys", {
        name,
        scopes: scopes.map((option) => option.scope).filter((scope) => selected.has(scope)),
        ...(days ? { expires_at: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
      });
      onIssued(created.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "validation_error") {
        const fields = error.fieldErrors();
        setErrors(fields);
        if (!fields.name && !fields.scopes && !fields.expires_at) setGeneral(error.message);
      } else {
        setGeneral(errorMessage(error));
      }
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {general && <Alert tone="error">{general}</Alert>}
      <TextField
        label="Name"
        name="name"
        required
        autoFocus
        maxLength={100}
        value={name}
        error={errors.name}
        hint="Say what uses it, e.g. “Nightly export” or “CI”."
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        <p className="mt-1 text-xs text-slate-600">A write scope includes the matching read scope.</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {scopes.map((option) => (
            <Checkbox
              key={option.scope}
              name="scopes"
              value={option.scope}
              checked={selected.has(option.scope)}
              onChange={(event) => toggle(option.scope, event.target.checked)}
              label={<code className="text-[13px]">{option.scope}</code>}
              description={option.description}
            />
          ))}
        </div>
        {errors.scopes && (
          <p id="scopes-error" className="mt-2 text-sm text-red-700">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <SelectField label="Expires" name="expires" value={expiry} error={errors.expires_at} onChange={(event) => setExpiry(event.target.value)}>
        {EXPIRY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Create key
        </Button>
      </DialogActions>
    </form>
  );
}

/** Disable/enable, rotate and delete one key (shown only to people who may manage keys). */
export function ApiKeyActions({ apiKey }: { apiKey: ApiKeySummary }) {
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<"rotate" | "delete" | null>(null);
  const [busy, setBusy] = useState<"toggle" | "rotate" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);

  async function toggle() {
    setBusy("toggle");
    try {
      await apiRequest("PATCH", `/api_keys/${apiKey.id}`, { enabled: !apiKey.enabled });
      toast(apiKey.enabled ? `“${apiKey.name}” disabled. Requests with it are refused until you enable it again.` : `“${apiKey.name}” enabled.`);
      router.refresh();
    } catch (caught) {
      toast(errorMessage(caught), "error");
    } finally {
      setBusy(null);
    }
  }

  async function rotate() {
    setBusy("rotate");
    setError(null);
    try {
      const result = await apiRequest<IssuedKey>("POST", `/api_keys/${apiKey.id}/rotate`);
      setRotated(result.data.key);
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
      await apiRequest("DELETE", `/api_keys/${apiKey.id}`);
      toast(`“${apiKey.name}” deleted.`);
      setDialog(null);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const closeDialog = () => {
    if (rotated) router.refresh();
    setDialog(null);
    setRotated(null);
    setError(null);
  };

  return (
    <div className="flex flex-col items-end gap-1 md:flex-row md:items-center md:justify-end">
      <Button variant="ghost" size="sm" onClick={toggle} busy={busy === "toggle"} aria-label={`${apiKey.enabled ? "Disable" : "Enable"} ${apiKey.name}`}>
        {apiKey.enabled ? "Disable" : "Enable"}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setDialog("rotate")} aria-label={`Rotate ${apiKey.name}`}>
        Rotate
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setDialog("delete")} aria-label={`Delete ${apiKey.name}`} className="text-red-700 hover:bg-red-50">
        Delete
      </Button>

      <Dialog
        open={dialog === "rotate"}
        onClose={closeDialog}
        dismissible={busy !== "rotate"}
        size={rotated ? "lg" : "md"}
        title={rotated ? `New secret for “${apiKey.name}”` : `Rotate “${apiKey.name}”?`}
        description={rotated ? undefined : "A new secret is issued with the same scopes. The current secret stops working immediately, so update the programs that use it."}
      >
        {error && <Alert tone="error">{error}</Alert>}
        {rotated ? (
          <>
            <SecretReveal secret={rotated} keyName={apiKey.name} />
            <DialogActions>
              <Button onClick={closeDialog}>Done</Button>
            </DialogActions>
          </>
        ) : (
          <DialogActions>
            <Button variant="secondary" onClick={closeDialog} disabled={busy === "rotate"} autoFocus>
              Cancel
            </Button>
            <Button onClick={rotate} busy={busy === "rotate"}>
              Rotate key
            </Button>
          </DialogActions>
        )}
      </Dialog>

      <Dialog
        open={dialog === "delete"}
        onClose={closeDialog}
        dismissible={busy !== "delete"}
        title={`Delete “${apiKey.name}”?`}
        description="Programs using this key lose access at once. This cannot be undone; to pause a key instead, disable it."
      >
        {error && <Alert tone="error">{error}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={closeDialog} disabled={busy === "delete"} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={remove} busy={busy === "delete"}>
            Delete key
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
