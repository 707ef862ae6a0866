import { required, upstreamFetch, UpstreamError, type ClientSettings, type PlatformClient, type TIntegrationResponse } from "../client";
import { fromPageCursor, toPageCursor } from "../cursor";

/**
 * LimeSurvey RemoteControl 2 (JSON-RPC at `<base_url>/index.php/admin/remotecontrol`): a session key from
 * `get_session_key(username, password)`, then `list_surveys`, `export_responses` (base64 JSON),
 * `import_survey` (base64 .lss), and `release_session_key`. RemoteControl has no structure export, so a
 * survey's definition is assembled from `list_groups` and `list_questions` as JSON.
 */

type Json = Record<string, unknown>;

export function limeSurveyClient(settings: ClientSettings): PlatformClient {
  const endpoint = required(settings, "config", "base_url");
  let id = 0;
  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const response = await upstreamFetch(settings, endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ method, params, id: ++id }) });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (body.error) throw new UpstreamError(502, `LimeSurvey ${method} failed: ${JSON.stringify(body.error)}`);
    const result = body.result as Json | unknown;
    if (result && typeof result === "object" && !Array.isArray(result) && typeof (result as Json).status === "string" && method !== "get_survey_properties") {
      const status = String((result as Json).status);
      if (/invalid (user|session)/i.test(status)) throw new UpstreamError(401, `LimeSurvey rejected the credentials (${status}).`);
      if (/no (surveys|survey|data|response)/i.test(status)) return (method === "list_surveys" ? [] : null) as T;
      if (!/^ok$/i.test(status)) throw new UpstreamError(502, `LimeSurvey ${method}: ${status}`);
    }
    return result as T;
  }
  async function withSession<T>(work: (key: string) => Promise<T>): Promise<T> {
    const key = await rpc<string>("get_session_key", [required(settings, "credentials", "username"), required(settings, "credentials", "password")]);
    try {
      return await work(key);
    } finally {
      await rpc("release_session_key", [key]).catch(() => undefined);
    }
  }
  return {
    async test() {
      return withSession(async () => ({ account: settings.credentials.username ?? null }));
    },
    async listSurveys({ limit, cursor, q }) {
      const offset = fromPageCursor(cursor, 0);
      const all = await withSession((key) => rpc<Json[]>("list_surveys", [key, null]));
      const matching = (all ?? []).filter((survey) => !q || String(survey.surveyls_title ?? "").toLowerCase().includes(q.toLowerCase()));
      const now = Date.now();
      return {
        items: matching.slice(offset, offset + limit).map((survey) => {
          const expired = survey.expires && Date.parse(String(survey.expires)) < now;
          return {
            id: String(survey.sid),
            name: String(survey.surveyls_title ?? survey.sid),
            status: survey.active === "Y" ? (expired ? ("closed" as const) : ("active" as const)) : ("draft" as const),
            created_at: null,
            updated_at: null,
          };
        }),
        nextCursor: offset + limit < matching.length ? toPageCursor(offset + limit) : null,
      };
    },
    async getDefinition(surveyId) {
      const definition = await withSession(async (key) => ({
        groups: await rpc<Json[]>("list_groups", [key, Number(surveyId)]),
        questions: await rpc<Json[]>("list_questions", [key, Number(surveyId)]),
      }));
      return { source: JSON.stringify(definition, null, 2), updated_at: null };
    },
    async listResponses(surveyId, { limit, cursor, since, until }) {
      const offset = fromPageCursor(cursor, 0);
      const encoded = await withSession((key) => rpc<string | null>("export_responses", [key, Number(surveyId), "json", null, "all", "code", "short"]));
      const rows = encoded ? ((JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as { responses?: Json[] }).responses ?? []) : [];
      const flat = rows.map((row) => (Object.keys(row).length === 1 && typeof Object.values(row)[0] === "object" ? (Object.values(row)[0] as Json) : row));
      const inRange = flat.filter((row) => {
        const stamp = String(row.datestamp ?? row.submitdate ?? row.startdate ?? "");
        return (!since || stamp >= since) && (!until || stamp <= until);
      });
      return {
        items: inRange.slice(offset, offset + limit).map((row) => {
          const submitted = Boolean(row.submitdate);
          const status: TIntegrationResponse["status"] = submitted ? "complete" : row.lastpage ? "partial" : "in_progress";
          return {
            id: String(row.id),
            survey_id: surveyId,
            link_id: row.token ? String(row.token) : null,
            status,
            mode: "production" as const,
            content_revision: null,
            started_at: (row.startdate as string) ?? null,
            completed_at: (row.submitdate as string) ?? null,
            created_at: (row.startdate as string) ?? null,
            updated_at: (row.datestamp as string) ?? null,
            data: row,
          };
        }),
        nextCursor: offset + limit < inRange.length ? toPageCursor(offset + limit) : null,
      };
    },
    async createOrUpdate(source, { name }) {
      // RemoteControl cannot replace a survey's structure: each push imports a new survey.
      const sid = await withSession((key) => rpc<number>("import_survey", [key, Buffer.from(source, "utf8").toString("base64"), "lss", name]));
      return { id: String(sid), action: "created" };
    },
  };
}
