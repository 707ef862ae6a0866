// npm run db:migrate — applies prisma/migrations to the configured database (PGlite under DATA_DIR, or DATABASE_URL)
import { CliError, describeDatabase, openDatabase, runCli } from "./lib/cli";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log("Usage: npm run db:migrate\n\nApplies the SQL migrations in prisma/migrations to PGlite under DATA_DIR (default .data/),\nor to the PostgreSQL server in DATABASE_URL when it is set. The server also does this on start.");
    return;
  }
  if (args.length > 0) throw new CliError(`unexpected argument ${args[0]}; run with --help for usage.`);
  const target = describeDatabase();
  const { migrations } = await openDatabase();
  const { applied, skipped } = migrations;
  if (applied.length === 0) {
    console.log(`${target}: up to date (${skipped.length} migration${skipped.length === 1 ? "" : "s"} already applied).`);
    return;
  }
  console.log(`${target}: applied ${applied.length} migration${applied.length === 1 ? "" : "s"}:`);
  for (const name of applied) console.log(`  ${name}`);
  if (skipped.length > 0) console.log(`(${skipped.length} already applied before)`);
}

await runCli(
  "db:migrate",
  main,
  "A running server has already applied the migrations it ships with; stop it first if you need to run this command.",
);
