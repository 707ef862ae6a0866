import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

// `prisma generate` needs no engine, but Prisma insists on a schema engine path. On machines without
// the native engine, point it at /bin/false so a command that truly needs it fails loudly.
const bundledEngine = path.join("node_modules", "@prisma", "engines", "schema-engine-debian-openssl-3.0.x");
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && !existsSync(bundledEngine)) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/false";
}

export default defineConfig({
  schema: path.join("prisma", "schema"),
  migrations: { path: path.join("prisma", "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
