import type { z } from "zod";
import { db } from "@/lib/db/client";
import type { Prisma, WorkspaceSettings } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { isPlatform, type Platform } from "@/lib/platforms";
import type {
  TIntegrationSettings,
  TProgrammingSettings,
  ZPatchIntegrationSettingsBody,
  ZPatchProgrammingSettingsBody,
  ZPutIntegrationSettingsBody,
  ZPutProgrammingSettingsBody,
} from "./schemas";

type Client = Pick<Prisma.TransactionClient, "workspaceSettings">;

/** The workspace's settings row, created with the defaults on first use. */
export async function getWorkspaceSettings(workspaceId: string, client?: Client): Promise<WorkspaceSettings> {
  const prisma = client ?? (await db());
  const existing = await prisma.workspaceSettings.findUnique({ where: { workspaceId } });
  if (existing) return existing;
  try {
    return await prisma.workspaceSettings.create({ data: { workspaceId } });
  } catch (error) {
    // Two first reads at once: the other one created the row.
    if ((error as { code?: string }).code !== "P2002" || client) throw error;
    return prisma.workspaceSettings.findUniqueOrThrow({ where: { workspaceId } });
  }
}

/** The stored per-platform defaults, keeping only known platforms with non-empty text. */
export function platformInstructions(settings: Pick<WorkspaceSettings, "programmingInstructions">): Partial<Record<Platform, string>> {
  const stored = settings.programmingInstructions;
  const result: Partial<Record<Platform, string>> = {};
  if (stored && typeof stored === "object" && !Array.isArray(stored)) {
    for (const [platform, text] of Object.entries(stored)) {
      if (isPlatform(platform) && typeof text === "string" && text !== "") result[platform] = text;
    }
  }
  return result;
}

export function serializeProgrammingSettings(settings: WorkspaceSettings): TProgrammingSettings {
  return {
    instructions: platformInstructions(settings),
    default_file_hosting: settings.defaultFileHosting,
    updated_at: settings.updatedAt.toISOString(),
  };
}

export function serializeIntegrationSettings(settings: WorkspaceSettings): TIntegrationSettings {
  return { response_data_access: settings.responseDataAccess, updated_at: settings.updatedAt.toISOString() };
}

function withoutEmpty(instructions: Partial<Record<Platform, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(instructions).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
}

export async function getProgrammingSettings(workspaceId: string): Promise<TProgrammingSettings> {
  return serializeProgrammingSettings(await getWorkspaceSettings(workspaceId));
}

export async function replaceProgrammingSettings(workspaceId: string, input: z.output<typeof ZPutProgrammingSettingsBody>): Promise<TProgrammingSettings> {
  const data = { programmingInstructions: withoutEmpty(input.instructions), defaultFileHosting: input.default_file_hosting };
  const settings = await (await db()).workspaceSettings.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
  return serializeProgrammingSettings(settings);
}

/**
 * Merges per-platform instructions into the stored ones. The row is locked (FOR UPDATE) between the read
 * and the write, so two PATCHes at once each keep the other's platforms instead of the last one winning.
 */
export async function patchProgrammingSettings(workspaceId: string, input: z.output<typeof ZPatchProgrammingSettingsBody>): Promise<TProgrammingSettings> {
  await getWorkspaceSettings(workspaceId);
  return (await db()).$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "workspace_id" FROM "workspace_settings" WHERE "workspace_id" = ${workspaceId} FOR UPDATE`;
    const current = await tx.workspaceSettings.findUniqueOrThrow({ where: { workspaceId } });
    const merged: Partial<Record<Platform, string | null>> = { ...platformInstructions(current), ...(input.instructions ?? {}) };
    const settings = await tx.workspaceSettings.update({
      where: { workspaceId },
      data: { programmingInstructions: withoutEmpty(merged), defaultFileHosting: input.default_file_hosting },
    });
    return serializeProgrammingSettings(settings);
  });
}

export async function getIntegrationSettings(workspaceId: string): Promise<TIntegrationSettings> {
  return serializeIntegrationSettings(await getWorkspaceSettings(workspaceId));
}

export async function updateIntegrationSettings(
  workspaceId: string,
  input: z.output<typeof ZPutIntegrationSettingsBody> | z.output<typeof ZPatchIntegrationSettingsBody>,
): Promise<TIntegrationSettings> {
  if (input.response_data_access === "production") {
    throw new ApiError(
      "response_data_access_unavailable",
      "Access to production response data is not available for this workspace; use `test` (test responses only) or `none`.",
    );
  }
  const data = { responseDataAccess: input.response_data_access };
  const settings = await (await db()).workspaceSettings.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
  return serializeIntegrationSettings(settings);
}
