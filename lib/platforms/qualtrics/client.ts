import { joinUrl, required, upstreamFetch, UpstreamError, type ClientSettings, type PlatformClient } from "../client";
import { fromPageCursor, toPageCursor } from "../cursor";

/**
 * Qualtrics API v3 (`https://<datacenter>.qualtrics.com/API/v3`, header `X-API-TOKEN`): `/whoami`,
 * `/surveys` (offset pages), `/survey-definitions/{id}?format=qsf`, `POST /surveys` (QSF import) and
 * `PUT /survey-definitions/{id}`. Responses come only through Qualtrics' asynchronous export jobs
 * (zip files), which this client does not run: listing responses reports that instead of guessing.
 */

type Json = Record<string, unknown>;

export function qualtricsClient(settings: ClientSettings): PlatformClient {
  const base = settings.config.base_url || `https://${required(settings, "config", "datacenter")}.qualtrics.com/API/v3`;
  const call = async (path: string, init: RequestInit = {}) =>
    upstreamFetch(settings, joinUrl(base, path), { ...init, headers: { "x-api-token": required(settings, "credentials", "api_token"), accept: "application/json", ...(init.headers ?? {}) } });
  return {
    async test() {
      const body = (await (await call("/whoami")).json()) as { result?: Json };
      return { account: typeof body.result?.userName === "string" ? body.result.userName : null };
    },
    async listSurveys({ limit, cursor, q }) {
      const offset = fromPageCursor(cursor, 0);
      const body = (await (await call(`/surveys?offset=${offset}`)).json()) as { result?: { elements?: Json[]; nextPage?: string | null } };
      const elements = (body.result?.elements ?? []).filter((survey) => !q || String(survey.name ?? "").toLowerCase().includes(q.toLowerCase()));
      return {
        items: elements.slice(0, limit).map((survey) => ({
          id: String(survey.id),
          name: String(survey.name ?? ""),
          status: survey.isActive ? ("active" as const) : ("draft" as const),
          created_at: (survey.creationDate as string) ?? null,
          updated_at: (survey.lastModified as string) ?? null,
        })),
        nextCursor: body.result?.nextPage || elements.length > limit ? toPageCursor(offset + Math.min(limit, elements.length)) : null,
      };
    },
    async getDefinition(surveyId) {
      const body = (await (await call(`/survey-definitions/${encodeURIComponent(surveyId)}?format=qsf`)).json()) as { result?: unknown };
      return { source: JSON.stringify(body.result ?? body, null, 2), updated_at: null };
    },
    async listResponses() {
      throw new UpstreamError(501, "Qualtrics returns responses only through asynchronous export jobs, which this integration does not run yet.");
    },
    async createOrUpdate(source, { upstreamId, name }) {
      if (upstreamId) {
        await call(`/survey-definitions/${encodeURIComponent(upstreamId)}`, { method: "PUT", headers: { "content-type": "application/json" }, body: source });
        return { id: upstreamId, action: "updated" };
      }
      const form = new FormData();
      form.set("name", name);
      form.set("file", new Blob([source], { type: "application/vnd.qualtrics.survey.qsf" }), `${name}.qsf`);
      const body = (await (await call("/surveys", { method: "POST", body: form })).json()) as { result?: Json };
      return { id: String(body.result?.id ?? ""), action: "created" };
    },
  };
}
