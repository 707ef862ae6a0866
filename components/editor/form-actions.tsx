"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/** The end of every editor form: an optional note for the history, Cancel and the save button. */
export function FormActions({
  note,
  onNote,
  onCancel,
  busy,
  submitLabel,
}: {
  note?: string;
  onNote?: (note: string) => void;
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {onNote && (
        <TextField label="Note for the history (optional)" value={note ?? ""} onChange={(event) => onNote(event.target.value)} placeholder="What changed and why" maxLength={500} />
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
