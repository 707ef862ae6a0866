import { z } from "zod";

/**
 * What the service asks of an external platform's API (lib/platforms/<platform>/client.ts): test the
 * connection, list surveys with a normalised status, read a survey's definition (and its revisions where
 * the platform keeps them), list responses with a normalised status and mode, and create or update a
 * survey from an export. Every client speaks its platform's documented protocol through `upstreamFetch`,
 * which retries 429 (honouring `Retry-After`) and 5xx a few times and maps failures to `UpstreamError`.
 */

export const SURVEY_STATUSES = ["draft", "test", "live", "active", "paused", "closed", "archived"] as const;
export const RESPONSE_STATUSES = ["in_progress", "complete", "partial", "terminated"] as const;

export const ZIntegrationSurvey = z
  .object({
    id: z.string().describe("The provider's opaque survey id."),
    name: z.string(),
    status: z.enum(SURVEY_STATUSES),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "IntegrationSurvey" });
export type TIntegrationSurvey = z.infer<typeof ZIntegrationSurvey>;

export const ZIntegrationResponse = z
  .object({
    id: z.string(),
    survey_id: z.string(),
    link_id: z.string().nullable(),
    status: z.enum(RESPONSE_STATUSES),
    mode: z.enum(["test", "production"]),
    content_revision: z.union([z.number(), z.string()]).nullable(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
    data: z.unknown().optional().describe("The platform's own response payload; only with `include=data`."),
  })
  .meta({ id: "PlatformSurveyResponse", description: "An integration survey response: normalised status and mode, the platform's payload in `data`." });
export type TIntegrationResponse = z.infer<typeof ZIntegrationResponse>;

export interface ClientSettings {
  config: Record<string, string>;
  credentials: Record<string, string>;
  /** Injected in tests to count calls; defaults to global fetch. */
  fetch?: typeof fetch;
  /** Milliseconds to wait per `Retry-After` second (tests shrink it). */
  retryScaleMs?: number;
}

export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PlatformClient {
  test(): Promise<{ account: string | null }>;
  listSurveys(options: { limit: number; cursor?: string; q?: string }): Promise<ListPage<TIntegrationSurvey>>;
  getDefinition(surveyId: string): Promise<{ source: string; updated_at: string | null }>;
  listResponses(surveyId: string, options: { limit: number; cursor?: string; since?: string; until?: string }): Promise<ListPage<TIntegrationResponse>>;
  createOrUpdate(source: string, options: { upstreamId?: string | null; name: string }): Promise<{ id: string; action: "created" | "updated" }>;
}

export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

export function required(settings: ClientSettings, kind: "config" | "credentials", field: string): string {
  const value = settings[kind][field];
  if (!value) throw new UpstreamError(400, `The integration has no ${kind === "config" ? "config" : "credential"} field \`${field}\`.`);
  return value;
}

export async function upstreamFetch(settings: ClientSettings, url: string, init: RequestInit = {}, attempts = 4): Promise<Response> {
  const doFetch = settings.fetch ?? fetch;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      if (attempt < attempts) continue;
      throw new UpstreamError(502, `The platform could not be reached: ${(error as Error).message}`);
    }
    if ((response.status === 429 || response.status >= 500) && attempt < attempts) {
      const retryAfter = Number(response.headers.get("retry-after") ?? "1");
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(retryAfter) ? retryAfter : 1, 30) * (settings.retryScaleMs ?? 1000)));
      continue;
    }
    if (!response.ok) {
      const text = (await response.text()).slice(0, 300);
      const what = response.status === 401 || response.status === 403 ? "rejected the credentials" : response.status === 404 ? "does not know this resource" : `answered ${response.status}`;
      throw new UpstreamError(response.status, `The platform ${what}${text ? `: ${text}` : ""}.`);
    }
    return response;
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
