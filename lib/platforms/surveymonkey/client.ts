import { joinUrl, required, upstreamFetch, type ClientSettings, type PlatformClient, type TIntegrationResponse } from "../client";
import { fromPageCursor, toPageCursor } from "../cursor";

/**
 * SurveyMonkey API v3 (https://api.surveymonkey.com/v3, OAuth bearer token): `/users/me`, `/surveys`
 * (page/per_page/title), `/surveys/{id}/details`, `/surveys/{id}/responses/bulk` and `POST /surveys`.
 */

type Json = Record<string, unknown>;

const RESPONSE_STATUS: Record<string, TIntegrationResponse["status"]> = { completed: "complete", partial: "partial", overquota: "terminated", disqualified: "terminated" };

export function surveyMonkeyClient(settings: ClientSettings): PlatformClient {
  const base = settings.config.base_url || "https://api.surveymonkey.com/v3";
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = { authorization: `Bearer ${required(settings, "credentials", "access_token")}`, accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) };
    return upstreamFetch(settings, joinUrl(base, path), { ...init, headers });
  };
  return {
    async test() {
      const me = (await (await call("/users/me")).json()) as Json;
      return { account: typeof me.username === "string" ? me.username : null };
    },
    async listSurveys({ limit, cursor, q }) {
      const page = fromPageCursor(cursor);
      const params = new URLSearchParams({ page: String(page), per_page: String(limit), include: "date_created,date_modified" });
      if (q) params.set("title", q);
      const body = (await (await call(`/surveys?${params}`)).json()) as { data?: Json[]; links?: { next?: string } };
      return {
        items: (body.data ?? []).map((survey) => ({
          id: String(survey.id),
          name: String(survey.title ?? survey.nickname ?? ""),
          status: "active" as const,
          created_at: (survey.date_created as string) ?? null,
          updated_at: (survey.date_modified as string) ?? null,
        })),
        nextCursor: body.links?.next ? toPageCursor(page + 1) : null,
      };
    },
    async getDefinition(surveyId) {
      const body = (await (await call(`/surveys/${encodeURIComponent(surveyId)}/details`)).json()) as Json;
      return { source: JSON.stringify(body, null, 2), updated_at: (body.date_modified as string) ?? null };
    },
    async listResponses(surveyId, { limit, cursor, since, until }) {
      const page = fromPageCursor(cursor);
      const params = new URLSearchParams({ page: String(page), per_page: String(limit) });
      if (since) params.set("start_modified_at", since);
      if (until) params.set("end_modified_at", until);
      const body = (await (await call(`/surveys/${encodeURIComponent(surveyId)}/responses/bulk?${params}`)).json()) as { data?: Json[]; links?: { next?: string } };
      return {
        items: (body.data ?? []).map((response) => ({
          id: String(response.id),
          survey_id: surveyId,
          link_id: response.collector_id ? String(response.collector_id) : null,
          status: RESPONSE_STATUS[String(response.response_status)] ?? "in_progress",
          // SurveyMonkey has no test mode: every response came through a real collector.
          mode: "production" as const,
          content_revision: null,
          started_at: (response.date_created as string) ?? null,
          completed_at: response.response_status === "completed" ? ((response.date_modified as string) ?? null) : null,
          created_at: (response.date_created as string) ?? null,
          updated_at: (response.date_modified as string) ?? null,
          data: response,
        })),
        nextCursor: body.links?.next ? toPageCursor(page + 1) : null,
      };
    },
    async createOrUpdate(source, { upstreamId }) {
      if (upstreamId) {
        await call(`/surveys/${encodeURIComponent(upstreamId)}`, { method: "PUT", body: source });
        return { id: upstreamId, action: "updated" };
      }
      const created = (await (await call("/surveys", { method: "POST", body: source })).json()) as Json;
      return { id: String(created.id), action: "created" };
    },
  };
}
