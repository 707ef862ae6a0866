// POST /r/{linkId}/submit — a respondent's page submit (public: no sign-in; the resume cookie names the response)
import { FORM_BODY_MAX, parseForm, submitPage, tokenCookieName } from "@/lib/fielding/respondent";
import { clientAddress, respondentRateLimit } from "@/lib/fielding/rate-limit";
import { respondentNotice } from "@/lib/fielding/notice";
import { log } from "@/lib/log";

function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** Reads the form body, refusing more than `FORM_BODY_MAX` bytes however it is sent. */
async function readForm(request: Request): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > FORM_BODY_MAX) return null;
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FORM_BODY_MAX) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function POST(request: Request, context: { params: Promise<{ linkId: string }> }): Promise<Response> {
  const { linkId } = await context.params;
  const wait = respondentRateLimit(linkId, clientAddress(request));
  if (wait !== null) {
    return respondentNotice(429, "Please wait a moment", `Too many answers were sent from your network just now. Wait ${wait} seconds, then go back and send the page again.`, {
      "retry-after": String(wait),
    });
  }
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    return respondentNotice(415, "This page cannot be sent that way", "Answer the survey on its page and use its buttons.");
  }
  const body = await readForm(request);
  if (body === null) return respondentNotice(413, "That answer is too long", "Shorten the longest answer on the page, then send it again.");

  let result;
  try {
    result = await submitPage({ linkId, token: readCookie(request, tokenCookieName(linkId)), form: parseForm(body) });
  } catch (error) {
    // Nothing was written (each submit is one conditional write), so sending the page again is safe.
    log.error("respondent page submit failed", { linkId, error: (error as Error).message });
    return respondentNotice(503, "Your answers were not saved", "Something went wrong on our side. Go back and send the page again; nothing is lost or counted twice.", {
      "retry-after": "5",
    });
  }
  const headers = new Headers({ location: `/r/${linkId}`, "cache-control": "no-store" });
  if (result.kind === "ok" && result.token) {
    const secure = new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
    headers.append(
      "set-cookie",
      `${tokenCookieName(linkId)}=${result.token}; Path=/r/${linkId}; Max-Age=${60 * 60 * 24 * 30}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  // Post/redirect/get: the page shows where the respondent now is; a reload never re-sends the answers.
  return new Response(null, { status: 303, headers });
}
