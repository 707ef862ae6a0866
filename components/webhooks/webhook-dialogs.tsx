"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { SecretReveal } from "@/components/api-keys/secret-reveal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Checkbox, TextField } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { RadioGroup } from "@/components/ui/radio-group";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";

export type EventTypeOption = { type: string; description: string };
export type EndpointSummary = { id: string; url: string; enabled: boolean; event_types: string[]; description: string | null };
type WithSecret = { data: EndpointSummary & { secret: string } };

export function CreateEndpointButton({ eventTypes }: { eventTypes: EventTypeOption[] }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<WithSecret["data"] | null>(null);
  const close = () => {
    setOpen(false);
    if (created) router.refresh();
    setCreated(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon />
        Add endpoint
      </Button>
      <Dialog
        open={open}
        onClose={close}
        size="lg"
        title={created ? "Endpoint added" : "Add a webhook endpoint"}
        description={created ? undefined : "The service sends a signed POST to this URL for each event you subscribe to, retrying until it answers 2xx."}
      >
        {created ? (
          <>
            <SecretReveal kind="webhook" secret={created.secret} keyName={created.url} />
            <DialogActions>
              <Button onClick={close}>Done</Button>
            </DialogActions>
          </>
        ) : (
          <EndpointForm eventTypes={eventTypes} onCancel={close} onCreated={setCreated} />
        )}
      </Dialog>
    </>
  );
}

function EndpointForm({ eventTypes, onCancel, onCreated }: { eventTypes: EventTypeOption[]; onCancel: () => void; onCreated: (endpoint: WithSecret["data"]) => void }) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [scope, setScope] = useState<"all" | "some">("all");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    if (scope === "some" && selected.size === 0) {
      setErrors({ event_types: "Choose at least one event type, or subscribe to all events." });
      return;
    }
    setBusy(true);
    try {
      const created = await apiRequest<WithSecret>("POST", "/webhook_endpoints", {
        url,
        event_types: scope === "all" ? ["*"] : eventTypes.map((option) => option.type).filter((type) => selected.has(type)),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      onCreated(created.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "validation_error") {
        const fields = error.fieldErrors();
        setErrors(fields);
        if (!fields.url && !fields.event_types && !fields.description) setGeneral(error.message);
      } else setGeneral(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {general && <Alert tone="error">{general}</Alert>}
      <TextField label="Endpoint URL" name="url" type="url" required autoFocus value={url} error={errors.url} placeholder="https://example.com/webhooks/surveys" onChange={(event) => setUrl(event.target.value)} />
      <TextField label="Description (optional)" name="description" maxLength={500} value={description} error={errors.description} onChange={(event) => setDescription(event.target.value)} />
      <RadioGroup
        legend="Events"
        name="event_scope"
        value={scope}
        onChange={setScope}
        options={[
          { value: "all", label: "All events", description: "Including event types added later." },
          { value: "some", label: "Selected events" },
        ]}
      />
      {scope === "some" && (
        <fieldset aria-describedby={errors.event_types ? "event-types-error" : undefined}>
          <legend className="sr-only">Event types</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {eventTypes.map((option) => (
              <Checkbox
                key={option.type}
                name="event_types"
                value={option.type}
                checked={selected.has(option.type)}
                onChange={(event) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(option.type);
                    else next.delete(option.type);
                    return next;
                  })
                }
                label={<code className="text-[13px]">{option.type}</code>}
                description={option.description}
              />
            ))}
          </div>
          {errors.event_types && (
            <p id="event-types-error" className="mt-2 text-sm text-red-700">
              {errors.event_types}
            </p>
          )}
        </fieldset>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          Add endpoint
        </Button>
      </DialogActions>
    </form>
  );
}

/** Enable/disable, rotate the signing secret, delete. */
export function EndpointActions({ endpoint, afterDelete = "refresh" }: { endpoint: EndpointSummary; afterDelete?: "refresh" | "list" }) {
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<"rotate" | "delete" | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const label = endpoint.description || endpoint.url;

  async function toggle() {
    setBusy("toggle");
    try {
      await apiRequest("PATCH", `/webhook_endpoints/${endpoint.id}`, { enabled: !endpoint.enabled });
      toast(endpoint.enabled ? "Endpoint disabled; its deliveries wait until you enable it again." : "Endpoint enabled.");
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
      const result = await apiRequest<WithSecret>("POST", `/webhook_endpoints/${endpoint.id}/rotate`);
      setSecret(result.data.secret);
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
      await apiRequest("DELETE", `/webhook_endpoints/${endpoint.id}`);
      toast("Endpoint deleted.");
      setDialog(null);
      if (afterDelete === "list") router.push("/settings/webhooks");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const close = () => {
    setDialog(null);
    setSecret(null);
    setError(null);
  };

  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={toggle} busy={busy === "toggle"} aria-label={`${endpoint.enabled ? "Disable" : "Enable"} ${label}`}>
        {endpoint.enabled ? "Disable" : "Enable"}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setDialog("rotate")} aria-label={`Rotate secret of ${label}`}>
        Rotate secret
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDialog("delete")} aria-label={`Delete ${label}`}>
        Delete
      </Button>
      <Dialog
        open={dialog === "rotate"}
        onClose={close}
        dismissible={busy !== "rotate"}
        size={secret ? "lg" : "md"}
        title={secret ? "New signing secret" : "Rotate the signing secret?"}
        description={secret ? undefined : "Deliveries are signed with the new secret from now on; the old one stops working at once."}
      >
        {error && <Alert tone="error">{error}</Alert>}
        {secret ? (
          <>
            <SecretReveal kind="webhook" secret={secret} keyName={endpoint.url} />
            <DialogActions>
              <Button onClick={close}>Done</Button>
            </DialogActions>
          </>
        ) : (
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={busy === "rotate"} autoFocus>
              Cancel
            </Button>
            <Button onClick={rotate} busy={busy === "rotate"}>
              Rotate secret
            </Button>
          </DialogActions>
        )}
      </Dialog>
      <Dialog open={dialog === "delete"} onClose={close} dismissible={busy !== "delete"} title="Delete this endpoint?" description={`${endpoint.url} gets no more deliveries, and its delivery log is deleted with it.`}>
        {error && <Alert tone="error">{error}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={busy === "delete"} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={remove} busy={busy === "delete"}>
            Delete endpoint
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

export function RedeliverButton({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function redeliver() {
    setBusy(true);
    try {
      await apiRequest("POST", `/webhook_endpoints/${endpointId}/deliveries/${deliveryId}/redeliver`);
      toast("Delivery queued again.");
      router.refresh();
    } catch (caught) {
      toast(errorMessage(caught), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={redeliver} busy={busy}>
      Redeliver
    </Button>
  );
}
