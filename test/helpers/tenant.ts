import { randomBytes } from "node:crypto";
import { issueApiKey } from "@/lib/api-keys/service";
import type { Scope } from "@/lib/auth/scopes";
import { db } from "@/lib/db/client";
import { client } from "./api";

/** A fresh organization and workspace with a key holding `scopes`, and an API client bound to that key. */
export async function createTenant(scopes: Scope[] = ["*"]) {
  const suffix = randomBytes(4).toString("hex");
  const prisma = await db();
  const organization = await prisma.organization.create({ data: { name: `Org ${suffix}`, slug: `org-${suffix}` } });
  const workspace = await prisma.workspace.create({
    data: { organizationId: organization.id, name: `Workspace ${suffix}`, slug: `ws-${suffix}` },
  });
  const key = await issueApiKey({ workspaceId: workspace.id, name: "test key", scopes });
  return { organization, workspace, key: key.key, apiKeyId: key.id, api: client(key.key), keyWith: (more: Scope[]) => addKey(workspace.id, more) };
}

export async function addKey(workspaceId: string, scopes: Scope[]) {
  const key = await issueApiKey({ workspaceId, name: `key ${scopes.join(" ")}`, scopes });
  return { key: key.key, id: key.id, api: client(key.key) };
}
