"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useToast } from "@/components/ui/toast";
import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import { ApiRequestError, apiRequest, errorMessage } from "@/lib/ui/api-client";

export type SaveProblem = {
  message: string;
  /** The server refused because conditions or rules still point at what is being removed: it may be forced. */
  forceable: boolean;
  /** Field errors by the failing operation's field (`content`, `options.2.value`, `condition`). */
  fields: Record<string, string>;
};

type Saved = { data: { revision: number; message: string | null } };

/** Operations that take `force`, for repeating a refused delete. */
const FORCEABLE = new Set(["delete_page", "delete_block", "delete_choice", "update_block", "delete_variable"]);

/**
 * Saving from the editor and the review panel: one `POST /content/operations` per save (one revision,
 * with a message), then the page re-reads the survey. The toast offers Undo, which restores the revision
 * before this one.
 */
export function useContentSave(surveyId: string) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  const undo = useCallback(
    async (revision: number) => {
      try {
        const restored = await apiRequest<Saved>("POST", `/surveys/${surveyId}/content/revisions/${revision}/restore`, {});
        toast(`Undone: version ${restored.data.revision} restores version ${revision}.`);
        router.refresh();
      } catch (caught) {
        toast(errorMessage(caught), "error");
      }
    },
    [surveyId, router, toast],
  );

  const save = useCallback(
    async (operations: TContentOperationInput[], message?: string, options: { force?: boolean; done?: string } = {}): Promise<boolean> => {
      if (operations.length === 0) {
        setProblem({ message: "Nothing has changed.", forceable: false, fields: {} });
        return false;
      }
      setBusy(true);
      setProblem(null);
      const sent = options.force ? operations.map((operation) => (FORCEABLE.has(operation.op) ? { ...operation, force: true } : operation)) : operations;
      try {
        const saved = await apiRequest<Saved>("POST", `/surveys/${surveyId}/content/operations`, { operations: sent, ...(message?.trim() ? { message: message.trim() } : {}) });
        const revision = saved.data.revision;
        toast(`${options.done ?? "Saved"} as version ${revision}.`, "success", revision > 1 ? { label: "Undo", onClick: () => void undo(revision - 1) } : undefined);
        router.refresh();
        return true;
      } catch (caught) {
        if (caught instanceof ApiRequestError) {
          const fields: Record<string, string> = {};
          for (const detail of caught.details) {
            const match = /^body\.operations\.\d+\.(.+)$/.exec(detail.path ?? "");
            if (match && !fields[match[1]]) fields[match[1]] = detail.message;
          }
          setProblem({ message: caught.message, forceable: caught.code === "variable_in_use" || (caught.code === "conflict" && /repeat with force/.test(caught.message)), fields });
        } else setProblem({ message: errorMessage(caught), forceable: false, fields: {} });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [surveyId, router, toast, undo],
  );

  return { save, busy, problem, clearProblem: () => setProblem(null) };
}
