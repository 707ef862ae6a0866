"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import type { Platform } from "@/lib/platforms";
import { apiRequest } from "@/lib/ui/api-client";
import { ProgrammingRun, type RunSummary } from "./programming-run";
import { type ModelInfo, TargetForm, type TargetFormValue } from "./target-form";

/**
 * The Programming page: one target picker (platform and instructions) that runs start with and that a
 * waiting run is answered from; whatever is chosen there is saved as the survey's target when a run
 * starts or is answered, so the survey remembers it.
 */
export function ProgrammingScreen({
  surveyId,
  platforms,
  connected,
  target,
  defaults,
  canWrite,
  maxLength,
  model,
  run,
  hasQuestionnaire,
  questionnaireLabel,
  reviewOpen,
  clarificationsOpen,
}: {
  surveyId: string;
  platforms: Platform[];
  /** External platforms with a connected integration: a run can create or update the survey there. */
  connected: Platform[];
  target: TargetFormValue;
  defaults: Partial<Record<Platform, string>>;
  canWrite: boolean;
  maxLength: number;
  model: ModelInfo;
  run: RunSummary | null;
  hasQuestionnaire: boolean;
  questionnaireLabel: string;
  reviewOpen: number;
  /** Open clarifications of the current questionnaire: the page offers to answer them first. */
  clarificationsOpen: number;
}) {
  const [chosen, setChosen] = useState<TargetFormValue>(target);
  const remember = useCallback(async () => {
    if (!chosen.platform || (chosen.platform === target.platform && chosen.instructions === target.instructions)) return;
    await apiRequest("PUT", `/surveys/${surveyId}/programming/target`, { platform: chosen.platform, instructions: chosen.instructions });
  }, [chosen, target, surveyId]);

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <section aria-labelledby="runs-title" className="space-y-4 lg:order-2 lg:col-span-3">
        <div>
          <h2 id="runs-title" className="text-base font-semibold">
            Programming
          </h2>
          <p className="mt-1 text-sm text-slate-600">{questionnaireLabel}</p>
        </div>
        {clarificationsOpen > 0 && (
          <Alert tone="warning" title={`${clarificationsOpen} ${clarificationsOpen === 1 ? "question about the questionnaire is" : "questions about the questionnaire are"} still open`}>
            <p>
              Programming uses your answers; where you have not answered, it keeps its own reading.{" "}
              <Link href={`/surveys/${surveyId}/clarifications`} className="font-medium underline">
                Answer them first
              </Link>
              .
            </p>
          </Alert>
        )}
        <ProgrammingRun
          key={run?.id ?? "none"}
          surveyId={surveyId}
          initialRun={run}
          canWrite={canWrite}
          hasQuestionnaire={hasQuestionnaire}
          chosen={chosen}
          remember={remember}
          reviewOpen={reviewOpen}
          connected={connected}
        />
      </section>
      <section aria-labelledby="target-title" className="space-y-4 lg:order-1 lg:col-span-2">
        <div>
          <h2 id="target-title" className="text-base font-semibold">
            Programming target
          </h2>
          <p className="mt-1 text-sm text-slate-600">The platform this survey is programmed for, and how. Runs start with it, and the survey keeps it for the next run.</p>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <TargetForm surveyId={surveyId} platforms={platforms} target={target} defaults={defaults} canWrite={canWrite} maxLength={maxLength} model={model} onChoice={setChosen} />
        </div>
      </section>
    </div>
  );
}
