"use client";

import { useActionState, useEffect, useId, useState } from "react";
import { changeRoleAction, removeMemberAction, type MemberActionState } from "@/app/(app)/settings/members/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { inputClasses } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";

const initial: MemberActionState = { error: null, done: false };

type Props = { membershipId: string; label: string; role: "owner" | "admin" | "member"; roles: ("owner" | "admin" | "member")[]; canRemove: boolean };

/** Role select (saved on change) and removal with confirmation, for owners and admins. */
export function MemberControls({ membershipId, label, role, roles, canRemove }: Props) {
  const toast = useToast();
  const selectId = useId();
  const [roleState, roleAction, rolePending] = useActionState(changeRoleAction, initial);
  const [removeState, removeAction, removePending] = useActionState(removeMemberAction, initial);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (roleState.error) toast(roleState.error, "error");
    else if (roleState.done) toast(`Role of ${label} updated.`);
  }, [roleState, label, toast]);

  return (
    <div className="flex items-center justify-end gap-2">
      <form action={roleAction}>
        <input type="hidden" name="membership_id" value={membershipId} />
        <label htmlFor={selectId} className="sr-only">
          Role of {label}
        </label>
        <select
          id={selectId}
          name="role"
          defaultValue={role}
          disabled={rolePending}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className={`${inputClasses} w-32 py-1.5`}
        >
          {roles.map((option) => (
            <option key={option} value={option}>
              {option[0].toUpperCase() + option.slice(1)}
            </option>
          ))}
        </select>
      </form>
      {canRemove && (
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)} aria-label={`Remove ${label}`}>
          Remove
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        dismissible={!removePending}
        title={`Remove ${label} from this workspace?`}
        description="They lose access at once. If they sign in again they will not be added back automatically."
      >
        <form action={removeAction}>
          <input type="hidden" name="membership_id" value={membershipId} />
          {removeState.error && <Alert tone="error">{removeState.error}</Alert>}
          <DialogActions>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={removePending} autoFocus>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={removePending}>
              Remove member
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </div>
  );
}
