import { Inngest } from "inngest";
import { env } from "@/lib/env";

let client: Inngest | undefined;
let clientConfig: ReturnType<typeof env> | undefined;

/**
 * The Inngest client, used when `WORKFLOW_ENGINE=inngest` (Inngest Cloud or self-hosted `inngest start`).
 * Created lazily so the embedded default never reads Inngest settings (and again when the parsed
 * environment changes, as it does between test files).
 */
export function inngest(): Inngest {
  const config = env();
  if (!client || clientConfig !== config) {
    clientConfig = config;
    client = new Inngest({
      id: "survey-programming-service",
      isDev: config.INNGEST_DEV ? ["1", "true"].includes(config.INNGEST_DEV) : undefined,
      eventKey: config.INNGEST_EVENT_KEY,
      signingKey: config.INNGEST_SIGNING_KEY,
      baseUrl: config.INNGEST_BASE_URL,
    });
  }
  return client;
}
