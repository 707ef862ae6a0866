import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for external survey platforms' APIs (the real ones are not reachable from tests). Each
 * speaks its platform's documented protocol — paths, auth headers, pagination, error statuses — and
 * records the requests it got.
 */

type Handler = (request: IncomingMessage, body: string, url: URL) => { status: number; body?: unknown; headers?: Record<string, string> };

async function serve(handler: Handler) {
  const requests: { method: string; path: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const server: Server = createServer(async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(incoming.url ?? "/", "http://stand-in");
    requests.push({ method: incoming.method ?? "GET", path: url.pathname + url.search, headers: incoming.headers, body });
    const result = handler(incoming, body, url);
    outgoing.writeHead(result.status, { "content-type": "application/json", ...(result.headers ?? {}) });
    outgoing.end(result.body === undefined ? "" : JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** SurveyMonkey API v3 stand-in: bearer token, page/per_page pagination with `links.next`, one 429 on demand. */
export async function surveyMonkeyStandIn(options: { token: string; surveys: { id: string; title: string }[]; responses?: Record<string, unknown>[]; rateLimitOnce?: boolean }) {
  let limited = !options.rateLimitOnce;
  return serve((request, _body, url) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) return { status: 401, body: { error: { id: "1011", name: "Authorization Error", message: "The authorization token provided was invalid." } } };
    if (!limited) {
      limited = true;
      return { status: 429, headers: { "retry-after": "1" }, body: { error: { id: "1040", name: "Rate limit reached" } } };
    }
    const page = Number(url.searchParams.get("page") ?? "1");
    const perPage = Number(url.searchParams.get("per_page") ?? "50");
    const paged = <T,>(items: T[]) => ({
      data: items.slice((page - 1) * perPage, page * perPage),
      page,
      per_page: perPage,
      total: items.length,
      links: { self: url.toString(), ...(page * perPage < items.length ? { next: `${url.pathname}?page=${page + 1}` } : {}) },
    });
    if (url.pathname === "/v3/users/me") return { status: 200, body: { id: "1", username: "standin-user" } };
    if (url.pathname === "/v3/surveys" && request.method === "POST") {
      const created = JSON.parse(_body) as { title: string; pages: unknown[] };
      if (!created.title || !Array.isArray(created.pages)) return { status: 400, body: { error: { name: "Bad Request" } } };
      const id = String(900 + options.surveys.length);
      options.surveys.push({ id, title: created.title });
      return { status: 201, body: { id, title: created.title } };
    }
    const put = /^\/v3\/surveys\/([^/]+)$/.exec(url.pathname);
    if (put && request.method === "PUT") return options.surveys.some((survey) => survey.id === put[1]) ? { status: 200, body: { id: put[1] } } : { status: 404, body: { error: { name: "Resource Not Found" } } };
    if (url.pathname === "/v3/surveys") {
      const title = url.searchParams.get("title")?.toLowerCase();
      return { status: 200, body: paged(options.surveys.filter((survey) => !title || survey.title.toLowerCase().includes(title))) };
    }
    const details = /^\/v3\/surveys\/([^/]+)\/details$/.exec(url.pathname);
    if (details) {
      const survey = options.surveys.find((entry) => entry.id === details[1]);
      return survey ? { status: 200, body: { ...survey, pages: [{ id: "p1", title: "Page 1", questions: [] }] } } : { status: 404, body: { error: { name: "Resource Not Found" } } };
    }
    if (/^\/v3\/surveys\/[^/]+\/responses\/bulk$/.test(url.pathname)) return { status: 200, body: paged(options.responses ?? []) };
    return { status: 404, body: { error: { name: "Resource Not Found" } } };
  });
}

/** LimeSurvey RemoteControl 2 stand-in (JSON-RPC): session keys, list_surveys, export_responses (base64 JSON). */
export async function limeSurveyStandIn(options: { username: string; password: string; surveys: Record<string, string>[]; responses?: Record<string, unknown>[] }) {
  const sessions = new Set<string>();
  return serve((_request, body) => {
    const call = JSON.parse(body || "{}") as { method: string; params: unknown[]; id: number };
    const reply = (result: unknown) => ({ status: 200, body: { id: call.id, result, error: null } });
    switch (call.method) {
      case "get_session_key": {
        if (call.params[0] !== options.username || call.params[1] !== options.password) return reply({ status: "Invalid user name or password" });
        const key = `sk${sessions.size + 1}`;
        sessions.add(key);
        return reply(key);
      }
      case "release_session_key":
        sessions.delete(String(call.params[0]));
        return reply("OK");
      case "list_surveys":
        if (!sessions.has(String(call.params[0]))) return reply({ status: "Invalid session key" });
        return reply(options.surveys.length ? options.surveys : { status: "No surveys found" });
      case "export_responses":
        if (!sessions.has(String(call.params[0]))) return reply({ status: "Invalid session key" });
        return reply(Buffer.from(JSON.stringify({ responses: (options.responses ?? []).map((row) => ({ [String(row.id)]: row })) })).toString("base64"));
      default:
        return { status: 200, body: { id: call.id, result: null, error: `unknown method ${call.method}` } };
    }
  });
}

/**
 * Qualtrics API v3 stand-in: `X-API-TOKEN`, `{ result, meta: { httpStatus, requestId } }` bodies, `/whoami`
 * and `/surveys` (offset pages with `nextPage`), 401 with `meta.error` for a wrong token.
 */
export async function qualtricsStandIn(options: { token: string; surveys?: { id: string; name: string; isActive: boolean }[] }) {
  let counter = 0;
  const meta = (status: number, error?: string) => ({
    httpStatus: `${status} - ${status === 200 ? "OK" : status === 401 ? "Unauthorized" : "Not Found"}`,
    requestId: `standin-${++counter}`,
    ...(error ? { error: { errorMessage: error, errorCode: status === 401 ? "AUTH_6.0" : "GS_1" } } : {}),
  });
  return serve((request, _body, url) => {
    if (request.headers["x-api-token"] !== options.token) return { status: 401, body: { meta: meta(401, "Invalid API token") } };
    if (url.pathname === "/API/v3/whoami") return { status: 200, body: { result: { userName: "standin.researcher@example.test", userId: "UR_standin", accountType: "UT_BRANDADMIN" }, meta: meta(200) } };
    if (url.pathname === "/API/v3/surveys") return { status: 200, body: { result: { elements: options.surveys ?? [], nextPage: null }, meta: meta(200) } };
    return { status: 404, body: { meta: meta(404, "Not found") } };
  });
}
