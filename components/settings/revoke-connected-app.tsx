"use client";

import { useActionState } from "react";
import { revokeConnectedAppAction, type RevokeState } from "@/app/(app)/settings/connected-apps/actions";
import { Button } from "@/components/ui/button";

/** Revokes one connected app at once: its tokens stop working on the next request. */
export function RevokeConnectedApp({ grantId, clientName }: { grantId: string; clientName: string }) {
  const [state, action, pending] = useActionState<RevokeState, FormData>(revokeConnectedAppAction, { error: null });
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="grant_id" value={grantId} />
      <Button type="submit" variant="danger" size="sm" busy={pending} aria-label={`Revoke ${clientName}`}>
        Revoke
      </Button>
      {state.error && (
        <span role="alert" className="text-xs text-red-700">
          {state.error}
        </span>
      )}
    </form>
  );
}
