import { db } from "@/lib/db/client";
import type { MembershipRole, User } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";
import { ensureDefaultWorkspace } from "./bootstrap";

/**
 * People and their memberships. A person is created on their first sign-in and joins the default
 * workspace at once: the very first person of a fresh install becomes its `owner`, everybody after
 * that a `member` (an owner or admin can change roles later). Documented in docs/decisions.md.
 */

export type NewUser = { email: string; name?: string | null; image?: string | null; emailVerified?: Date | null };

// Any fixed number: the lock serialises "is there an owner yet?" between concurrent first sign-ins.
const FIRST_OWNER_LOCK_ID = 72_016_542;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUserWithMembership(input: NewUser): Promise<User> {
  const { workspace } = await ensureDefaultWorkspace();
  const prisma = await db();
  const { user, role } = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_OWNER_LOCK_ID})`;
    const owners = await tx.membership.count({ where: { workspaceId: workspace.id, role: "owner" } });
    const role: MembershipRole = owners === 0 ? "owner" : "member";
    const user = await tx.user.create({
      data: {
        email: normalizeEmail(input.email),
        name: input.name ?? null,
        image: input.image ?? null,
        emailVerified: input.emailVerified ?? null,
      },
    });
    await tx.membership.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
    return { user, role };
  });
  log.info("user created", { userId: user.id, workspaceId: workspace.id, role });
  return user;
}

export async function findUserByEmail(email: string): Promise<User | null> {
  return (await db()).user.findUnique({ where: { email: normalizeEmail(email) } });
}

export type MembershipSummary = {
  workspaceId: string;
  workspaceName: string;
  workspaceSlug: string;
  organizationId: string;
  isDefault: boolean;
  role: MembershipRole;
};

/** The workspaces a person belongs to, the default workspace first, then oldest first. */
export async function listMemberships(userId: string): Promise<MembershipSummary[]> {
  const rows = await (await db()).membership.findMany({
    where: { userId },
    include: { workspace: { select: { id: true, name: true, slug: true, organizationId: true, isDefault: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows
    .map((row) => ({
      workspaceId: row.workspace.id,
      workspaceName: row.workspace.name,
      workspaceSlug: row.workspace.slug,
      organizationId: row.workspace.organizationId,
      isDefault: row.workspace.isDefault,
      role: row.role,
    }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}
