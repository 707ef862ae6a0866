import type { AuthContext } from "@/lib/auth/context";
import { hasScope, type Scope } from "@/lib/auth/scopes";
import { db, readRows } from "@/lib/db/client";
import type { ApiKey } from "@/lib/generated/prisma/client";
import { ApiError, notFound } from "@/lib/http/errors";
import { pageArgs, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import type { z } from "zod";
import type { TApiKey, ZCreateApiKeyBody, ZUpdateApiKeyBody } from "./schemas";
import { apiKeyHint, generateApiKeySecret, hashApiKeySecret } from "./secrets";

export function serializeApiKey(key: ApiKey): TApiKey {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes as TApiKey["scopes"],
    enabled: key.enabled,
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    key_hint: key.keyHint,
    created_at: key.createdAt.toISOString(),
    updated_at: key.updatedAt.toISOString(),
  };
}

/** A caller may hand out only scopes it holds itself, so a key manager cannot mint itself `*`. */
function assertCanGrant(auth: AuthContext, scopes: readonly Scope[]): void {
  const missing = scopes.filter((scope) => !hasScope(auth.scopes, scope));
  if (missing.length > 0) {
    throw new ApiError("forbidden", `You cannot grant scopes you do not hold: ${missing.join(", ")}.`);
  }
}

export async function createApiKey(auth: AuthContext, input: z.output<typeof ZCreateApiKeyBody>) {
  const scopes = [...new Set(input.scopes)];
  assertCanGrant(auth, scopes);
  return issueApiKey({
    workspaceId: auth.workspaceId,
    name: input.name,
    scopes,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    createdByUserId: auth.userId,
  });
}

/** Creates a key and returns it with its secret, the only time the secret is seen. */
export async function issueApiKey(input: {
  workspaceId: string;
  name: string;
  scopes: Scope[];
  expiresAt?: Date | null;
  createdByUserId?: string | null;
}) {
  const secret = generateApiKeySecret();
  const key = await (await db()).apiKey.create({
    data: {
      id: newId("key"),
      workspaceId: input.workspaceId,
      name: input.name,
      scopes: input.scopes,
      keyHash: hashApiKeySecret(secret),
      keyHint: apiKeyHint(secret),
      expiresAt: input.expiresAt ?? null,
      createdByUserId: input.createdByUserId ?? null,
    },
  });
  return { ...serializeApiKey(key), key: secret };
}

export async function listApiKeys(workspaceId: string, query: { limit: number; cursor?: string }) {
  const args = pageArgs(query);
  const rows = await (await db()).apiKey.findMany({ ...args, where: { ...args.where, workspaceId } });
  return toPage(rows, query.limit, serializeApiKey);
}

export async function getApiKeyOrThrow(workspaceId: string, apiKeyId: string): Promise<ApiKey> {
  const key = await (await db()).apiKey.findFirst({ where: { id: apiKeyId, workspaceId } });
  if (!key) throw notFound("api key", { api_key_id: apiKeyId });
  return key;
}

/**
 * Changing a key (re-enabling it, extending its life) or rotating it (which hands out its new secret) is
 * refused unless the caller holds every scope of that key: otherwise `api_keys:write` alone would be a way
 * to obtain a `*` secret. Revoking (delete) stays open to any key manager.
 */
async function getManageableKeyOrThrow(auth: AuthContext, apiKeyId: string): Promise<ApiKey> {
  const key = await getApiKeyOrThrow(auth.workspaceId, apiKeyId);
  const missing = (key.scopes as Scope[]).filter((scope) => !hasScope(auth.scopes, scope));
  if (missing.length > 0) {
    throw new ApiError("forbidden", `This key has scopes you do not hold (${missing.join(", ")}); only a caller holding them can change or rotate it.`, {
      api_key_id: apiKeyId,
    });
  }
  return key;
}

export async function updateApiKey(auth: AuthContext, apiKeyId: string, input: z.output<typeof ZUpdateApiKeyBody>) {
  await getManageableKeyOrThrow(auth, apiKeyId);
  const key = await (await db()).apiKey.update({
    where: { id: apiKeyId },
    data: {
      name: input.name,
      enabled: input.enabled,
      expiresAt: input.expires_at === undefined ? undefined : input.expires_at === null ? null : new Date(input.expires_at),
    },
  });
  return serializeApiKey(key);
}

/** A new secret with the same scopes; the old one stops working with this write (and is remembered as revoked). */
export async function rotateApiKey(auth: AuthContext, apiKeyId: string) {
  const before = await getManageableKeyOrThrow(auth, apiKeyId);
  const secret = generateApiKeySecret();
  const key = await (await db()).$transaction(async (tx) => {
    const updated = await tx.apiKey.update({
      where: { id: apiKeyId },
      data: { keyHash: hashApiKeySecret(secret), keyHint: apiKeyHint(secret) },
    });
    await tx.revokedApiKey.createMany({ data: [{ keyHash: before.keyHash, workspaceId: before.workspaceId, apiKeyId }], skipDuplicates: true });
    return updated;
  });
  return { ...serializeApiKey(key), key: secret };
}

export async function deleteApiKey(workspaceId: string, apiKeyId: string): Promise<void> {
  await (await db()).$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id: apiKeyId, workspaceId }, select: { keyHash: true } });
    if (!key) throw notFound("api key", { api_key_id: apiKeyId });
    await tx.apiKey.delete({ where: { id: apiKeyId } });
    await tx.revokedApiKey.createMany({ data: [{ keyHash: key.keyHash, workspaceId, apiKeyId }], skipDuplicates: true });
  });
}

/**
 * Stores a secret chosen by the operator (BOOTSTRAP_API_KEY) as a `*` key, unless it is already known or
 * was revoked (its key deleted or rotated): a revoked secret is never brought back by a restart.
 */
export async function ensureApiKeyForSecret(workspaceId: string, secret: string, name: string): Promise<"created" | "exists" | "revoked"> {
  const prisma = await db();
  const keyHash = hashApiKeySecret(secret);
  const existing = await prisma.apiKey.findUnique({ where: { keyHash }, select: { id: true } });
  if (existing) return "exists";
  if (await prisma.revokedApiKey.findUnique({ where: { keyHash }, select: { keyHash: true } })) return "revoked";
  await prisma.apiKey.upsert({
    where: { keyHash },
    create: { id: newId("key"), workspaceId, name, scopes: ["*"], keyHash, keyHint: apiKeyHint(secret) },
    update: {},
  });
  return "created";
}

export async function countApiKeys(workspaceId: string): Promise<number> {
  return (await db()).apiKey.count({ where: { workspaceId } });
}

/** What authentication needs of a key: its tenant and scopes, read in one statement with its workspace's organization. */
export type VerifiedKey = {
  id: string;
  workspaceId: string;
  organizationId: string;
  scopes: string[];
  createdByUserId: string | null;
  lastUsedAt: Date | null;
};

type KeyCheck = { ok: true; key: VerifiedKey } | { ok: false; reason: "unknown" | "disabled" | "expired" };

type KeyRow = {
  id: string;
  workspace_id: string;
  organization_id: string;
  scopes: string[];
  enabled: boolean;
  expires_at: Date | null;
  last_used_at: Date | null;
  created_by_user_id: string | null;
};

/**
 * Every request reads its key row (no cache), so a disabled, expired, rotated or deleted key is refused
 * at once by every server process. One driver-level statement keeps that cheap (bench/RESULTS.md).
 */
export async function verifyApiKeySecret(secret: string): Promise<KeyCheck> {
  const [row] = await readRows<KeyRow>(
    `SELECT k."id", k."workspace_id", w."organization_id", k."scopes", k."enabled", k."expires_at", k."last_used_at", k."created_by_user_id"
     FROM "api_keys" k JOIN "workspaces" w ON w."id" = k."workspace_id"
     WHERE k."key_hash" = $1`,
    [hashApiKeySecret(secret)],
  );
  if (!row) return { ok: false, reason: "unknown" };
  if (!row.enabled) return { ok: false, reason: "disabled" };
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: "expired" };
  const key: VerifiedKey = {
    id: row.id,
    workspaceId: row.workspace_id,
    organizationId: row.organization_id,
    scopes: row.scopes,
    createdByUserId: row.created_by_user_id,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
  recordKeyUse(key);
  return { ok: true, key };
}

const LAST_USED_RESOLUTION_MS = 60_000;
const pendingLastUsed = new Map<string, number>();

/**
 * `last_used_at` is written in the background, at most once a minute per key and process, so a request
 * never waits for (or fails because of) this bookkeeping write.
 */
function recordKeyUse(key: Pick<VerifiedKey, "id" | "lastUsedAt">): void {
  const now = Date.now();
  const known = Math.max(key.lastUsedAt?.getTime() ?? 0, pendingLastUsed.get(key.id) ?? 0);
  if (now - known < LAST_USED_RESOLUTION_MS) return;
  pendingLastUsed.set(key.id, now);
  setImmediate(() => {
    void db()
      // Raw SQL: Prisma's update would also move `updated_at`, which tracks changes made by people.
      .then((prisma) => prisma.$executeRaw`UPDATE "api_keys" SET "last_used_at" = ${new Date(now)} WHERE "id" = ${key.id}`)
      .catch((error: unknown) => log.warn("could not record api key use", { apiKeyId: key.id, error }));
  });
}
