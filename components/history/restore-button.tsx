"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";

/** Undo by restoring: the version's content becomes a new version; the ones after it stay in the history. */
export function RestoreButton({ surveyId, revision, size = "sm" }: { surveyId: string; revision: number; size?: "sm" | "md" }) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function restore() {
    setBusy(true);
    setError(null);
    try {
      const result = await apiRequest<{ data: { revision: number } }>("POST", `/surveys/${surveyId}/content/revisions/${revision}/restore`, {});
      toast(`Version ${revision} restored as version ${result.data.revision}.`);
      setOpen(false);
      router.push(`/surveys/${surveyId}/history`);
      router.refresh();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} aria-label={`Restore version ${revision}`}>
        Restore
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Restore version ${revision}?`}
        description="Its questions, pages and rules become the current survey, saved as a new version. Nothing is lost: the versions after it stay in the history. Review items you dismissed stay dismissed."
        dismissible={!busy}
      >
        {error && <Alert tone="error">{error}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void restore()} busy={busy}>
            Restore version {revision}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
