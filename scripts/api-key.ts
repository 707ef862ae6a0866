// npm run api-key -- create|list|revoke — manage the default workspace's API keys from the command line
import { parseArgs } from "node:util";
import { ZCreateApiKeyBody, type TApiKey } from "@/lib/api-keys/schemas";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { env } from "@/lib/env";
import { CliError, describeDatabase, openDatabase, runCli } from "./lib/cli";

/** The default workspace and the key service, loaded only once the input is valid (they bring in Prisma). */
async function openDefaultWorkspace() {
  await openDatabase();
  const [{ ensureDefaultWorkspace }, service] = await Promise.all([import("@/lib/tenancy/bootstrap"), import("@/lib/api-keys/service")]);
  const { workspace } = await ensureDefaultWorkspace();
  return { workspace, service };
}

const USAGE = `Usage:
  npm run api-key -- create --name NAME --scopes "surveys:read,surveys:write" [--expires-at ISO-8601] [--json]
  npm run api-key -- list [--json]
  npm run api-key -- revoke KEY_ID

Manages the API keys of the default workspace in the configured database (PGlite under DATA_DIR,
or DATABASE_URL). \`create\` prints the secret on stdout, once; everything else goes to stderr, so
KEY=$(npm run -s api-key -- create ...) captures just the key.

Scopes: ${SCOPES.join(", ")}
(\`x:write\` includes \`x:read\`; \`*\` is full access.)`;

const WHEN_LOCKED =
  "While the server runs, create keys over HTTP instead (POST /v1/api_keys with a key holding api_keys:write), or stop the server, run this command, and start the server again.";

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: "string" },
        scopes: { type: "string" },
        "expires-at": { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '([^']+)'/.exec(message);
    throw new CliError(`${unknown ? `unknown option ${unknown[1]}` : message.split(". ")[0]}; run with --help for usage.`);
  }
}

/** "surveys:read, surveys:write" → validated scopes, with a message naming the unknown ones. */
export function parseScopes(text: string | undefined): Scope[] {
  if (text === undefined) throw new CliError('--scopes is required, e.g. --scopes "surveys:read,surveys:write" (or "*" for full access).');
  const scopes = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  if (scopes.length === 0) throw new CliError('--scopes needs at least one scope, e.g. "surveys:read".');
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) {
    throw new CliError(`unknown scope${unknown.length > 1 ? "s" : ""} ${unknown.map((s) => `"${s}"`).join(", ")}; valid scopes: ${SCOPES.join(", ")}.`);
  }
  return scopes as Scope[];
}

async function create(values: ReturnType<typeof parse>["values"]): Promise<void> {
  if (values.name === undefined) throw new CliError('--name is required, e.g. --name "CI pipeline".');
  const scopes = parseScopes(values.scopes);
  const input = ZCreateApiKeyBody.safeParse({ name: values.name, scopes, expires_at: values["expires-at"] });
  if (!input.success) {
    const issue = input.error.issues[0];
    const option = { name: "--name", scopes: "--scopes", expires_at: "--expires-at" }[String(issue.path[0])] ?? String(issue.path[0]);
    const hint = option === "--expires-at" ? " (an ISO 8601 date-time with offset, e.g. 2030-01-31T00:00:00Z)" : "";
    throw new CliError(`invalid ${option}: ${issue.message}${hint}.`);
  }
  const { workspace, service } = await openDefaultWorkspace();
  const key = await service.issueApiKey({
    workspaceId: workspace.id,
    name: input.data.name,
    scopes: input.data.scopes,
    expiresAt: input.data.expires_at ? new Date(input.data.expires_at) : null,
  });
  if (values.json) {
    console.log(JSON.stringify({ data: key }, null, 2));
    return;
  }
  console.error(
    `Created API key ${key.id} "${key.name}" in the default workspace (${workspace.id}) of ${describeDatabase()}.\n` +
      `Scopes: ${key.scopes.join(", ")}. ${key.expires_at ? `Expires ${key.expires_at}.` : "Never expires."}\n` +
      "The secret below is shown once; store it now (only its SHA-256 hash is kept):\n",
  );
  console.log(key.key);
  console.error(`\nTry: curl -H "Authorization: Bearer ${key.key}" http://localhost:${env().PORT}/v1/whoami`);
}

async function list(values: ReturnType<typeof parse>["values"]): Promise<void> {
  const { workspace, service } = await openDefaultWorkspace();
  const keys: TApiKey[] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await service.listApiKeys(workspace.id, { limit: 100, cursor });
    keys.push(...page.data);
    if (!page.pagination.next_cursor) break;
    cursor = page.pagination.next_cursor;
  }
  if (values.json) {
    console.log(JSON.stringify({ data: keys }, null, 2));
    return;
  }
  if (keys.length === 0) {
    console.error(`The default workspace has no API keys yet. Create one with: npm run api-key -- create --name NAME --scopes "*"`);
    return;
  }
  const now = Date.now();
  const rows = keys.map((key) => [
    key.id,
    key.name,
    key.scopes.join(","),
    !key.enabled ? "disabled" : key.expires_at && Date.parse(key.expires_at) <= now ? "expired" : "active",
    `…${key.key_hint}`,
    key.expires_at ?? "never",
    key.last_used_at ?? "never",
  ]);
  printTable(["ID", "NAME", "SCOPES", "STATUS", "HINT", "EXPIRES", "LAST USED"], rows);
}

async function revoke(id: string | undefined): Promise<void> {
  if (!id) throw new CliError("revoke needs the key's id, e.g. npm run api-key -- revoke key_01J… (see `list`).");
  const { workspace, service } = await openDefaultWorkspace();
  await service.deleteApiKey(workspace.id, id);
  console.log(`Revoked ${id}; requests with its secret now get 401.`);
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd());
}

async function main(): Promise<void> {
  const { values, positionals } = parse(process.argv.slice(2));
  const [command, ...rest] = positionals;
  if (values.help || command === "help" || command === undefined) {
    (command === undefined && !values.help ? console.error : console.log)(USAGE);
    if (command === undefined && !values.help) process.exitCode = 1;
    return;
  }
  if (command !== "revoke" && rest.length > 0) throw new CliError(`unexpected argument "${rest[0]}". Run with --help for usage.`);
  if (command === "create") return create(values);
  if (command === "list") return list(values);
  if (command === "revoke" || command === "delete") return revoke(rest[0]);
  throw new CliError(`unknown command "${command}"; use create, list or revoke (--help for usage).`);
}

await runCli("api-key", main, WHEN_LOCKED);
