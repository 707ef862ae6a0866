import { z } from "zod";
import { ZScope } from "@/lib/auth/scopes";

const ZFutureDateTime = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) > Date.now(), "must be in the future")
  .describe("When the key stops working; null or omitted means never.");

export const ZApiKey = z
  .object({
    id: z.string().describe("Public id, `key_<ulid>`."),
    name: z.string(),
    scopes: z.array(ZScope),
    enabled: z.boolean(),
    expires_at: z.iso.datetime({ offset: true }).nullable(),
    last_used_at: z.iso.datetime({ offset: true }).nullable().describe("Updated at most once a minute."),
    key_hint: z.string().describe("Last four characters of the secret."),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "ApiKey" });
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyWithSecret = ZApiKey.extend({
  key: z.string().describe("The full secret (`qpk_live_…`). Returned only by create and rotate; store it now."),
}).meta({ id: "ApiKeyWithSecret" });

export const ZCreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ZScope).min(1, "give at least one scope; `*` grants everything").max(20),
    expires_at: ZFutureDateTime.nullable().optional(),
  })
  .meta({ id: "CreateApiKeyBody" });

export const ZUpdateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    enabled: z.boolean().optional(),
    expires_at: ZFutureDateTime.nullable().optional(),
  })
  .meta({ id: "UpdateApiKeyBody" });

export const ZApiKeyParams = z.object({ apiKeyId: z.string().min(1).describe("API key id (`key_…`).") });
