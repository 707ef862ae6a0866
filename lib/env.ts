import path from "node:path";
import { z } from "zod";

/**
 * The only reader of `process.env` (CONVENTIONS §1). Parsed once, lazily, because `next build` imports
 * route modules without a runtime configuration.
 */

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  (value) => (typeof value === "string" ? ["1", "true", "yes", "on"].includes(value.toLowerCase()) : value),
  z.boolean().default(false),
);

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(".data")),
  DATABASE_URL: optionalString,
  BOOTSTRAP_API_KEY: optionalString,
  APP_BASE_URL: optionalString,
  APP_ENCRYPTION_KEY: optionalString,
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Respondent page submits per minute from one client address on one link (0 disables). */
  RESPONDENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** Hours without activity after which an `in_progress` response becomes `partial`. */
  RESPONSE_PARTIAL_AFTER_HOURS: z.coerce.number().positive().default(24),
  BLOB_READ_WRITE_TOKEN: optionalString,
  BLOB_API_URL: optionalString,
  WORKFLOW_ENGINE: z.enum(["local", "inngest"]).default("local"),
  WORKFLOW_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
  WORKFLOW_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  INNGEST_DEV: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_BASE_URL: optionalString,
  AI_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(["openai", "anthropic", "openai-compatible"]).optional()),
  AI_MODEL: optionalString,
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  AUTH_SECRET: optionalString,
  AUTH_OIDC_ISSUER: optionalString,
  AUTH_OIDC_CLIENT_ID: optionalString,
  AUTH_OIDC_CLIENT_SECRET: optionalString,
  AUTH_OIDC_NAME: optionalString,
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag,
  /** Webhook delivery-worker runs active at once (each sends a batch of deliveries concurrently). */
  WEBHOOK_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /** Longest a compile phase (reading a document, parsing, compiling) may take before the run fails. */
  COMPILE_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Heap limit of a compile worker thread, in MB. */
  COMPILE_MEMORY_MB: z.coerce.number().int().min(32).default(1024),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type TEnv = z.infer<typeof ZEnv> & { dataDir: string };

let cached: TEnv | undefined;

export function env(): TEnv {
  if (!cached) {
    const parsed = ZEnv.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = { ...parsed.data, dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), parsed.data.DATA_DIR) };
  }
  return cached;
}

/** Tests change the environment between files; this forgets the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}

export function isDevelopment(): boolean {
  // Read NODE_ENV directly so Next inlines it and the development-only paths vanish from production builds.
  return process.env.NODE_ENV === "development";
}

/**
 * next-auth 4 finds the app's public address in its own variables. Derive them from ours: `APP_BASE_URL`
 * when set, else the request's Host header (the OAuth redirect URL must still match what the identity
 * provider has registered, so a forged Host cannot redirect a sign-in elsewhere).
 */
export function configureNextAuthEnvironment(): void {
  const { APP_BASE_URL } = env();
  if (APP_BASE_URL && !process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = APP_BASE_URL;
  else if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = "1";
}
