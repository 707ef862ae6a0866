import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { hashOAuthSecret } from "./server";

/** Settings → Connected apps: the MCP clients a person has authorized, per workspace. */
export type ConnectedApp = {
  grantId: string;
  clientName: string;
  clientId: string;
  workspaceName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export async function listConnectedApps(userId: string): Promise<ConnectedApp[]> {
  const grants = await (await db()).oAuthGrant.findMany({
    where: { userId, revokedAt: null, tokens: { some: { kind: "refresh", expiresAt: { gt: new Date() } } } },
    include: { client: true, workspace: true },
    orderBy: { createdAt: "desc" },
    take: 200,
  });
  return grants.map((grant) => ({
    grantId: grant.id,
    clientName: grant.client.name,
    clientId: grant.clientId,
    workspaceName: grant.workspace.name,
    createdAt: grant.createdAt,
    lastUsedAt: grant.lastUsedAt,
  }));
}

/** Revokes a person's grant: its access and refresh tokens stop working at once. */
export async function revokeConnectedApp(userId: string, grantId: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.$transaction(async (tx) => {
    const updated = await tx.oAuthGrant.updateMany({ where: { id: grantId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.oAuthToken.deleteMany({ where: { grantId, grant: { userId } } });
    return updated;
  });
  if (count === 0) throw new ApiError("not_found", "No such connected app.");
}

/**
 * RFC 7009 revocation by the client: a refresh token ends its whole grant (the access tokens minted
 * from it too); an access token ends only itself. Unknown tokens are not an error (§2.2).
 */
export async function revokeToken(token: string): Promise<void> {
  const prisma = await db();
  const row = await prisma.oAuthToken.findUnique({ where: { tokenHash: hashOAuthSecret(token) } });
  if (!row) return;
  if (row.kind === "access") {
    await prisma.oAuthToken.deleteMany({ where: { tokenHash: row.tokenHash } });
    return;
  }
  await prisma.$transaction([
    prisma.oAuthGrant.update({ where: { id: row.grantId }, data: { revokedAt: new Date() } }),
    prisma.oAuthToken.deleteMany({ where: { grantId: row.grantId } }),
  ]);
}
