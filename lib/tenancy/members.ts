import { db } from "@/lib/db/client";
import type { MembershipRole, Prisma } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";

/**
 * Workspace members and their roles. Rules (docs/decisions.md, "Browser UI and sign-in"):
 * - owners and admins manage members; members only see the list;
 * - only an owner can make someone an owner, or change or remove an owner;
 * - a workspace always keeps at least one owner.
 */

export type Member = {
  membershipId: string;
  userId: string;
  email: string;
  name: string | null;
  role: MembershipRole;
  joinedAt: string;
};

export type Actor = { userId: string; workspaceId: string; role: MembershipRole };

const ROLE_ORDER: Record<MembershipRole, number> = { owner: 0, admin: 1, member: 2 };

export async function listMembers(workspaceId: string): Promise<Member[]> {
  const rows = await (await db()).membership.findMany({ where: { workspaceId }, include: { user: true }, orderBy: { createdAt: "asc" } });
  return rows
    .map((row) => ({
      membershipId: row.id,
      userId: row.userId,
      email: row.user.email,
      name: row.user.name,
      role: row.role,
      joinedAt: row.createdAt.toISOString(),
    }))
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
}

export function canManageMembers(role: MembershipRole): boolean {
  return role === "owner" || role === "admin";
}

function assertMayChange(actor: Actor, targetRole: MembershipRole, newRole?: MembershipRole): void {
  if (!canManageMembers(actor.role)) throw new ApiError("forbidden", "Only owners and admins can manage members.");
  if (actor.role !== "owner" && (targetRole === "owner" || newRole === "owner")) {
    throw new ApiError("forbidden", "Only an owner can make someone an owner or change an owner's role.");
  }
}

/** Locks the workspace's memberships so that "is this the last owner?" cannot race. */
async function lockedMembership(tx: Prisma.TransactionClient, actor: Actor, membershipId: string) {
  await tx.$queryRaw`SELECT "id" FROM "memberships" WHERE "workspace_id" = ${actor.workspaceId} FOR UPDATE`;
  const target = await tx.membership.findFirst({ where: { id: membershipId, workspaceId: actor.workspaceId } });
  if (!target) throw notFound("member");
  return target;
}

export async function changeMemberRole(actor: Actor, membershipId: string, role: MembershipRole): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const target = await lockedMembership(tx, actor, membershipId);
    if (target.role === role) return;
    assertMayChange(actor, target.role, role);
    if (target.role === "owner") {
      const owners = await tx.membership.count({ where: { workspaceId: actor.workspaceId, role: "owner" } });
      if (owners <= 1) throw new ApiError("conflict", "A workspace needs at least one owner: make someone else an owner first.");
    }
    await tx.membership.update({ where: { id: target.id }, data: { role } });
  });
}

export async function removeMember(actor: Actor, membershipId: string): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const target = await lockedMembership(tx, actor, membershipId);
    assertMayChange(actor, target.role);
    if (target.role === "owner") {
      const owners = await tx.membership.count({ where: { workspaceId: actor.workspaceId, role: "owner" } });
      if (owners <= 1) throw new ApiError("conflict", "A workspace needs at least one owner: make someone else an owner first.");
    }
    await tx.membership.delete({ where: { id: target.id } });
  });
}
