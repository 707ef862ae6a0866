import { countApiKeys, ensureApiKeyForSecret, issueApiKey } from "@/lib/api-keys/service";
import { db } from "@/lib/db/client";
import { env, isDevelopment } from "@/lib/env";
import type { Organization, Workspace } from "@/lib/generated/prisma/client";
import { log } from "@/lib/log";

export const DEFAULT_ORGANIZATION_SLUG = "default";
export const DEFAULT_WORKSPACE_SLUG = "default";

/** The organization and workspace every fresh install starts with; safe to call from several processes at once. */
export async function ensureDefaultWorkspace(): Promise<{ organization: Organization; workspace: Workspace }> {
  const prisma = await db();
  for (let attempt = 0; ; attempt++) {
    try {
      const organization = await prisma.organization.upsert({
        where: { slug: DEFAULT_ORGANIZATION_SLUG },
        create: { slug: DEFAULT_ORGANIZATION_SLUG, name: "Default organization" },
        update: {},
      });
      const workspace = await prisma.workspace.upsert({
        where: { organizationId_slug: { organizationId: organization.id, slug: DEFAULT_WORKSPACE_SLUG } },
        create: { organizationId: organization.id, slug: DEFAULT_WORKSPACE_SLUG, name: "Default workspace", isDefault: true },
        update: {},
      });
      return { organization, workspace };
    } catch (error) {
      // Two processes starting together race on the unique slug; the loser reads the winner's row.
      if ((error as { code?: string })?.code === "P2002" && attempt < 2) continue;
      throw error;
    }
  }
}

/**
 * Everything a fresh install needs before it answers requests: the default tenant, the operator's
 * `BOOTSTRAP_API_KEY`, and in development a first key printed to the console.
 */
export async function bootstrap(): Promise<{ workspace: Workspace }> {
  const { workspace } = await ensureDefaultWorkspace();
  const { BOOTSTRAP_API_KEY } = env();
  if (BOOTSTRAP_API_KEY) {
    const outcome = await ensureApiKeyForSecret(workspace.id, BOOTSTRAP_API_KEY, "Bootstrap key");
    if (outcome === "created") log.info("stored BOOTSTRAP_API_KEY as a full-access key of the default workspace", { workspaceId: workspace.id });
    if (outcome === "revoked") log.warn("BOOTSTRAP_API_KEY was revoked (its key deleted or rotated) and is not stored again; set a new secret to bootstrap a key");
  } else if (isDevelopment() && (await countApiKeys(workspace.id)) === 0) {
    const key = await issueApiKey({ workspaceId: workspace.id, name: "Development key", scopes: ["*"] });
    printBanner([
      "A development API key was created for the default workspace (shown once):",
      "",
      `    ${key.key}`,
      "",
      `Try: curl -H "Authorization: Bearer ${key.key}" http://localhost:${env().PORT}/v1/whoami`,
    ]);
  } else if (isDevelopment()) {
    printBanner([
      "To get an API key: stop the server and run",
      '    npm run api-key -- create --name "my key" --scopes "*"',
      "or set BOOTSTRAP_API_KEY=<a secret of your choice> before `npm run dev`.",
    ]);
  }
  return { workspace };
}

function printBanner(lines: string[]): void {
  const rule = "-".repeat(78);
  console.log([rule, ...lines, rule].join("\n"));
}
