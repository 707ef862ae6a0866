import { Inngest } from "inngest";
import { env } from "@/lib/env";

let client: Inngest | undefined;

/**
 * The Inngest client, used when `WORKFLOW_ENGINE=inngest` (Inngest Cloud or self-hosted `inngest start`).
 * Created lazily so the embedded default never reads Inngest settings.
 */
export function inngest(): Inngest {
  if (!client) {
    const config = env();
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
