"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { RadioGroup } from "@/components/ui/radio-group";
import { useToast } from "@/components/ui/toast";
import type { Platform } from "@/lib/platforms";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";
import { PLATFORM_LABELS } from "@/lib/ui/platforms";

type Hosting = "service_cdn" | "platform_native";
type Props = { platforms: Platform[]; instructions: Partial<Record<Platform, string>>; hosting: Hosting; canWrite: boolean; maxLength: number };

/** Workspace programming defaults: instructions per platform and where files are hosted (PUT /v1/settings/programming). */
export function ProgrammingSettingsForm({ platforms, instructions, hosting, canWrite, maxLength }: Props) {
  const router = useRouter();
  const toast = useToast();
  const [texts, setTexts] = useState<Partial<Record<Platform, string>>>(instructions);
  const [fileHosting, setFileHosting] = useState<Hosting>(hosting);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setGeneral(null);
    try {
      const cleaned = Object.fromEntries(Object.entries(texts).filter(([, text]) => text && text.trim() !== ""));
      await apiRequest("PUT", "/settings/programming", { instructions: cleaned, default_file_hosting: fileHosting });
      toast("Programming defaults saved.");
      router.refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === "validation_error") {
        const byPlatform: Record<string, string> = {};
        for (const detail of error.details) {
          const match = /^body\.instructions\.(\w+)/.exec(detail.path);
          if (match) byPlatform[match[1]] = detail.message;
        }
        setErrors(byPlatform);
        if (Object.keys(byPlatform).length === 0) setGeneral(error.message);
      } else setGeneral(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {general && <Alert tone="error">{general}</Alert>}
      <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Default instructions</h3>
          <p className="mt-1 text-sm text-slate-600">
            Used when a survey is programmed for a platform and its own target gives no instructions — house style, naming conventions, how to
            treat open answers.
          </p>
        </div>
        {platforms.map((platform) => (
          <TextAreaField
            key={platform}
            label={`${PLATFORM_LABELS[platform].name}`}
            hint={PLATFORM_LABELS[platform].description}
            name={`instructions.${platform}`}
            rows={3}
            maxLength={maxLength}
            value={texts[platform] ?? ""}
            error={errors[platform]}
            disabled={!canWrite}
            placeholder="No default instructions"
            onChange={(event) => setTexts((current) => ({ ...current, [platform]: event.target.value }))}
          />
        ))}
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <RadioGroup
          legend="Where uploaded files are hosted by default"
          name="default_file_hosting"
          value={fileHosting}
          onChange={setFileHosting}
          disabled={!canWrite}
          options={[
            { value: "service_cdn", label: "This service", description: "Live surveys load images and files from this service's address." },
            { value: "platform_native", label: "The survey platform", description: "Files are pushed to the platform's own file manager." },
          ]}
        />
      </div>
      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Save defaults
          </Button>
        </div>
      )}
    </form>
  );
}
