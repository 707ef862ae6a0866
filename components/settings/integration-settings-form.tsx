"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RadioGroup } from "@/components/ui/radio-group";
import { useToast } from "@/components/ui/toast";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";

type Access = "none" | "test" | "production";

/** Which survey responses integrations may read (PATCH /v1/settings/integrations). */
export function IntegrationSettingsForm({ access, canWrite }: { access: Access; canWrite: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [value, setValue] = useState<Access>(access);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest("PATCH", "/settings/integrations", { response_data_access: value });
      toast("Integration settings saved.");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <RadioGroup
          legend="Response data that integrations may read"
          name="response_data_access"
          value={value}
          onChange={setValue}
          disabled={!canWrite}
          options={[
            { value: "none", label: "None", description: "No response data is read from connected platforms." },
            { value: "test", label: "Test responses only", description: "Responses collected in test mode, for checking a survey before launch." },
            { value: "production", label: "Test and live responses", description: "Not available yet.", disabled: true },
          ]}
        />
      </div>
      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
