"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";

type Problem = { message: string; details: string[] };

function problemOf(caught: unknown): Problem {
  const details = caught instanceof ApiRequestError && Array.isArray(caught.body.details) ? (caught.body.details as { message?: string }[]).map((detail) => detail.message ?? "").filter(Boolean) : [];
  return { message: errorMessage(caught), details };
}

/** Creates a test or production link (POST /v1/surveys/{id}/links); a refusal lists the validator's errors. */
export function CreateLinkButtons({ surveyId }: { surveyId: string }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<"test" | "production" | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function create(mode: "test" | "production") {
    setBusy(mode);
    setProblem(null);
    try {
      await apiRequest("POST", `/surveys/${surveyId}/links`, { mode });
      toast(mode === "test" ? "Test link created." : "Live link created.");
      router.refresh();
    } catch (caught) {
      setProblem(problemOf(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={busy === "test"} onClick={() => create("test")}>
          Create test link
        </Button>
        <Button busy={busy === "production"} onClick={() => create("production")}>
          Create live link
        </Button>
      </div>
      {problem && (
        <Alert tone="error" title={problem.message} role="alert">
          {problem.details.length > 0 && (
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {problem.details.slice(0, 10).map((detail, index) => (
                <li key={index}>{detail}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}

/** Closes or reopens a link (PATCH status). */
export function LinkStatusButton({ surveyId, linkId, status }: { surveyId: string; linkId: string; status: "open" | "closed" }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = status === "open" ? "closed" : "open";

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("PATCH", `/surveys/${surveyId}/links/${linkId}`, { status: next });
      toast(next === "closed" ? "Link closed: respondents see that the survey is closed." : "Link reopened.");
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button size="sm" variant="ghost" busy={busy} onClick={toggle}>
        {next === "closed" ? "Close" : "Reopen"}
        <span className="sr-only"> link {linkId}</span>
      </Button>
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
