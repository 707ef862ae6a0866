import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { addressRefusal, bareHost, guardedLookup, parseWebhookUrl, UrlRefused, type UrlPolicy } from "./url-guard";

/**
 * One HTTP attempt of a delivery: POST the body, wait at most `timeoutMs` for the answer, keep the first
 * 4 KiB of the response body. Redirects are not followed (a 3xx is a failed attempt). Connections go
 * through the SSRF guard's lookup, so the address connected to is the address checked.
 */

export const RESPONSE_BODY_LIMIT = 4096;
export const USER_AGENT = "survey-programming-service-webhooks/0.0.1";

export type AttemptOutcome = {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  succeeded: boolean;
};

// Kept-alive connections per receiver host, as many idle as busy: a batch reuses the previous batch's sockets.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 60_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 60_000 }),
};
const utf8 = new TextDecoder("utf-8", { fatal: false });

class AttemptError extends Error {
  constructor(
    message: string,
    readonly retryOnFreshSocket = false,
  ) {
    super(message);
  }
}

export async function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: UrlPolicy;
}): Promise<AttemptOutcome> {
  const attemptedAt = new Date();
  const started = performance.now();
  const finish = (values: Pick<AttemptOutcome, "statusCode" | "responseBody" | "error">): AttemptOutcome => ({
    attemptedAt,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    ...values,
    succeeded: values.statusCode !== null && values.statusCode >= 200 && values.statusCode < 300,
  });
  let url: URL;
  try {
    url = parseWebhookUrl(input.url, input.policy);
    const host = bareHost(url);
    // Node connects to IP literals without calling `lookup`, so they are checked here.
    if (isIP(host)) {
      const refusal = addressRefusal(host, input.policy);
      if (refusal) throw new UrlRefused(`Refused: ${refusal}.`);
    }
  } catch (error) {
    return finish({ statusCode: null, responseBody: null, error: (error as Error).message });
  }
  const deadline = AbortSignal.timeout(input.timeoutMs);
  for (let attempt = 0; ; attempt++) {
    try {
      const { statusCode, body } = await send(url, input.headers, input.body, input.policy, deadline, attempt > 0);
      const redirect = statusCode >= 300 && statusCode < 400 ? "Redirects are not followed; answer 2xx at the registered URL." : null;
      return finish({ statusCode, responseBody: body, error: redirect });
    } catch (error) {
      // A kept-alive socket the receiver closed meanwhile: retry once on a new connection (Node's advice).
      if (error instanceof AttemptError && error.retryOnFreshSocket && attempt === 0 && !deadline.aborted) continue;
      const message = deadline.aborted ? `No response within ${input.timeoutMs / 1000} s.` : (error as Error).message;
      return finish({ statusCode: null, responseBody: null, error: message });
    }
  }
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: UrlPolicy,
  signal: AbortSignal,
  freshSocket: boolean,
): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const payload = Buffer.from(body, "utf8");
    const request = (secure ? https : http).request(url, {
      method: "POST",
      agent: freshSocket ? false : secure ? agents.https : agents.http,
      lookup: guardedLookup(policy) as never,
      signal,
      headers: {
        "content-type": "application/json",
        "content-length": String(payload.byteLength),
        "user-agent": USER_AGENT,
        ...headers,
      },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        resolve({ statusCode: response.statusCode ?? 0, body: decodePrefix(Buffer.concat(chunks)) });
      };
      response.on("data", (chunk: Buffer) => {
        if (kept >= RESPONSE_BODY_LIMIT) return;
        chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - kept));
        kept += Math.min(chunk.byteLength, RESPONSE_BODY_LIMIT - kept);
        if (kept >= RESPONSE_BODY_LIMIT) {
          // Enough recorded: stop reading a possibly endless body (this socket is not reused).
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", (error) => (settled ? undefined : reject(error)));
      response.on("close", done);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const stale = !freshSocket && request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
      reject(new AttemptError(describeNetworkError(error), stale));
    });
    request.end(payload);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  if (error.code === "EWEBHOOKREFUSED") return error.message;
  if (error.code === "ECONNREFUSED") return "Connection refused.";
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") return "The host does not resolve.";
  if (error.code === "ECONNRESET") return "The connection was reset before a response arrived.";
  if (error.name === "AbortError") return "Aborted.";
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

/** The first 4 KiB as text; a multi-byte character cut at the limit is dropped, not garbled. */
function decodePrefix(bytes: Buffer): string {
  return utf8.decode(bytes).replace(/\uFFFD$/, "");
}
