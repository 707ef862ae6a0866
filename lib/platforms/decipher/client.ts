import { joinUrl, required, upstreamFetch, type ClientSettings, type PlatformClient, type TIntegrationResponse, type TIntegrationSurvey } from "../client";
import { fromPageCursor, toPageCursor } from "../cursor";

/**
 * Decipher (Forsta Surveys) REST API (`https://<server>/api/v1`, header `x-apikey`): `/rh/users/self`,
 * `/rh/companies/all/surveys`, `/surveys/{path}/files/survey.xml` (read and write) and
 * `/surveys/{path}/data?format=json`. Survey ids are Decipher survey paths (`selfserve/53b/210101`).
 */

type Json = Record<string, unknown>;

const STATES: Record<string, TIntegrationSurvey["status"]> = { dev: "draft", testing: "test", live: "live", closed: "closed", archived: "archived" };
/** Decipher's data `status`: 1 terminated, 2 overquota, 3 qualified (complete), 4 partial. */
const DATA_STATUS: Record<string, TIntegrationResponse["status"]> = { "1": "terminated", "2": "terminated", "3": "complete", "4": "partial" };

export function decipherClient(settings: ClientSettings): PlatformClient {
  const base = required(settings, "config", "base_url");
  const call = async (path: string, init: RequestInit = {}) =>
    upstreamFetch(settings, joinUrl(base, path), { ...init, headers: { "x-apikey": required(settings, "credentials", "api_key"), ...(init.headers ?? {}) } });
  const surveyPath = (id: string) => id.split("/").map(encodeURIComponent).join("/");
  return {
    async test() {
      const me = (await (await call("/rh/users/self")).json()) as Json;
      return { account: typeof me.email === "string" ? me.email : null };
    },
    async listSurveys({ limit, cursor, q }) {
      const offset = fromPageCursor(cursor, 0);
      const all = (await (await call("/rh/companies/all/surveys")).json()) as Json[];
      const matching = all.filter((survey) => !q || String(survey.title ?? "").toLowerCase().includes(q.toLowerCase()));
      return {
        items: matching.slice(offset, offset + limit).map((survey) => ({
          id: String(survey.path),
          name: String(survey.title ?? survey.path),
          status: STATES[String(survey.state)] ?? "draft",
          created_at: (survey.createdOn as string) ?? null,
          updated_at: (survey.lastEdit as string) ?? null,
        })),
        nextCursor: offset + limit < matching.length ? toPageCursor(offset + limit) : null,
      };
    },
    async getDefinition(surveyId) {
      const response = await call(`/surveys/${surveyPath(surveyId)}/files/survey.xml`);
      return { source: await response.text(), updated_at: response.headers.get("last-modified") };
    },
    async listResponses(surveyId, { limit, cursor, since, until }) {
      const offset = fromPageCursor(cursor, 0);
      const rows = (await (await call(`/surveys/${surveyPath(surveyId)}/data?format=json`)).json()) as Json[];
      const inRange = rows.filter((row) => (!since || String(row.date ?? "") >= since) && (!until || String(row.date ?? "") <= until));
      return {
        items: inRange.slice(offset, offset + limit).map((row) => ({
          id: String(row.uuid ?? row.record),
          survey_id: surveyId,
          link_id: row.list !== undefined ? String(row.list) : null,
          status: DATA_STATUS[String(row.status)] ?? "in_progress",
          mode: String(row.markers ?? "").split(",").includes("testing") ? ("test" as const) : ("production" as const),
          content_revision: null,
          started_at: (row.start_date as string) ?? null,
          completed_at: row.status === 3 || row.status === "3" ? ((row.date as string) ?? null) : null,
          created_at: (row.start_date as string) ?? (row.date as string) ?? null,
          updated_at: (row.date as string) ?? null,
          data: row,
        })),
        nextCursor: offset + limit < inRange.length ? toPageCursor(offset + limit) : null,
      };
    },
    async createOrUpdate(source, { upstreamId }) {
      const path = upstreamId || required(settings, "config", "survey_path");
      await call(`/surveys/${surveyPath(path)}/files/survey.xml`, { method: "PUT", headers: { "content-type": "application/xml" }, body: source });
      return { id: path, action: upstreamId ? "updated" : "created" };
    },
  };
}
