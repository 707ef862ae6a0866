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

type Mode = "default" | "custom" | "none";

export type TargetFormValue = { platform: Platform | null; instructions: string | null };

/** The language model programming runs use (null: none is configured, so instructions are applied only where built-in rules understand them). */
export type ModelInfo = { provider: string; model: string } | null;

/**
 * The survey's programming target: a platform, and instructions that either follow the workspace
 * default (null), are the survey's own (text), or are deliberately none ("").
 */
export function TargetForm({
  surveyId,
  platforms,
  target,
  defaults,
  canWrite,
  maxLength,
  submitLabel = "Save target",
  onSaved,
  onChoice,
  model,
}: {
  surveyId: string;
  platforms: Platform[];
  target: TargetFormValue;
  defaults: Partial<Record<Platform, string>>;
  canWrite: boolean;
  maxLength: number;
  submitLabel?: string;
  onSaved?: (value: { platform: Platform; instructions: string | null }) => Promise<void> | void;
  /** Told about every choice, saved or not (the Programming page starts runs with it). */
  onChoice?: (value: TargetFormValue) => void;
  model?: ModelInfo;
}) {
  const router = useRouter();
  const toast = useToast();
  const [platform, setPlatform] = useState<Platform | null>(target.platform);
  const [mode, setMode] = useState<Mode>(target.instructions === null ? "default" : target.instructions === "" ? "none" : "custom");
  const [text, setText] = useState(target.instructions ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fallback = platform ? defaults[platform] : undefined;
  const instructionsFor = (chosen: Mode, typed: string) => (chosen === "default" ? null : chosen === "none" ? "" : typed);
  const choose = (next: { platform?: Platform | null; mode?: Mode; text?: string }) => {
    const value = { platform: next.platform !== undefined ? next.platform : platform, instructions: instructionsFor(next.mode ?? mode, next.text ?? text) };
    if (next.platform !== undefined) setPlatform(next.platform);
    if (next.mode !== undefined) setMode(next.mode);
    if (next.text !== undefined) setText(next.text);
    onChoice?.(value);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!platform) {
      setError("Choose the platform to program the survey for.");
      return;
    }
    setBusy(true);
    setError(null);
    const instructions = instructionsFor(mode, text);
    try {
      if (onSaved) await onSaved({ platform, instructions });
      else {
        await apiRequest("PUT", `/surveys/${surveyId}/programming/target`, { platform, instructions });
        toast("Programming target saved.");
      }
      router.refresh();
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <RadioGroup
        legend="Platform"
        name="platform"
        value={platform ?? ("" as Platform)}
        onChange={(value) => choose({ platform: value })}
        disabled={!canWrite}
        options={platforms.map((candidate) => ({ value: candidate, label: PLATFORM_LABELS[candidate].name, description: PLATFORM_LABELS[candidate].description }))}
      />
      <RadioGroup
        legend="Instructions"
        name="instructions_mode"
        value={mode}
        onChange={(value) => choose({ mode: value })}
        disabled={!canWrite}
        options={[
          {
            value: "default",
            label: "Use the workspace default",
            description: fallback ? `“${fallback.length > 120 ? `${fallback.slice(0, 120)}…` : fallback}”` : "The workspace has no default for this platform.",
          },
          { value: "custom", label: "Instructions for this survey" },
          { value: "none", label: "No instructions", description: "Program the questionnaire as written, ignoring the workspace default." },
        ]}
      />
      {mode === "custom" && (
        <TextAreaField
          label="Instructions for this survey"
          name="instructions"
          rows={4}
          maxLength={maxLength}
          value={text}
          disabled={!canWrite}
          onChange={(event) => choose({ text: event.target.value })}
          hint="For example: “Randomize the brand list in Q5; terminate under-18s at S2.”"
        />
      )}
      {model !== undefined && mode !== "none" && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          {model
            ? `Instructions are read by the language model (${model.provider}, ${model.model}) while programming.`
            : "No language model is configured, so instructions only take effect where the built-in rules understand them (for example “make every question optional”); the run reports which were applied and which were not. Everything else needs a language model (see AI_PROVIDER in the README)."}
        </p>
      )}
      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
