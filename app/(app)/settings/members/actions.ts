"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireViewer } from "@/lib/auth/viewer";
import { ApiError } from "@/lib/http/errors";
import { changeMemberRole, removeMember, type Actor } from "@/lib/tenancy/members";

/**
 * Member management has no /v1 route (the interface has none), so the page calls the one service that
 * holds the rules through server actions (which Next protects against cross-site posts).
 */

export type MemberActionState = { error: string | null; done: boolean };

const ZRole = z.enum(["owner", "admin", "member"]);

async function actor(): Promise<Actor> {
  const viewer = await requireViewer();
  return { userId: viewer.user.id, workspaceId: viewer.workspace.workspaceId, role: viewer.role };
}

async function run(work: () => Promise<void>): Promise<MemberActionState> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message, done: false };
    throw error;
  }
  revalidatePath("/settings/members");
  return { error: null, done: true };
}

export async function changeRoleAction(_state: MemberActionState, form: FormData): Promise<MemberActionState> {
  const role = ZRole.safeParse(form.get("role"));
  if (!role.success) return { error: "Choose owner, admin or member.", done: false };
  const membershipId = String(form.get("membership_id") ?? "");
  const who = await actor();
  return run(() => changeMemberRole(who, membershipId, role.data));
}

export async function removeMemberAction(_state: MemberActionState, form: FormData): Promise<MemberActionState> {
  const membershipId = String(form.get("membership_id") ?? "");
  const who = await actor();
  return run(() => removeMember(who, membershipId));
}
