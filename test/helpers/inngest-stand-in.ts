import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Inngest's event API (Inngest Cloud and the dev server cannot run here). It speaks
 * the event-ingest protocol the SDK uses: `POST /e/{eventKey}` with a JSON array (or object) of events,
 * answering `200 { "ids": [...], "status": 200 }`; and it takes the SDK's out-of-band app sync
 * (`POST /fn/register` with the app's function configurations, answering `{ "status": 200, "modified": true }`). Like Inngest, it keeps one copy of events that carry
 * the same `id` (idempotent sends). Modes simulate outages:
 * - `ok`: accepts events;
 * - `down`: answers 500 and keeps nothing;
 * - `lost-answer`: keeps the events but answers 500, as when a response is lost on the way back.
 */

export type StandInEvent = { id?: string; name: string; data: Record<string, unknown>; ts?: number };
export type StandInMode = "ok" | "down" | "lost-answer";

export async function startInngestEventStandIn(eventKey = "stand-in-event-key") {
  let mode: StandInMode = "ok";
  /** Every event of every request, including repeats. */
  const received: StandInEvent[] = [];
  /** Events as Inngest would keep them: one per id. */
  const accepted: StandInEvent[] = [];
  const requests: { path: string; status: number }[] = [];
  /** Bodies of app syncs (`POST /fn/register`): the functions' configurations as Inngest receives them. */
  const registrations: { url: string; functions: { id: string; cancel?: unknown; triggers?: unknown }[] }[] = [];
  const server: Server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? "/", "http://stand-in");
    const reply = (status: number, body: unknown) => {
      requests.push({ path: url.pathname, status });
      outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (incoming.method === "POST" && url.pathname === "/fn/register") {
      registrations.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      return reply(200, { status: 200, modified: true });
    }
    if (incoming.method !== "POST" || url.pathname !== `/e/${eventKey}`) return reply(404, { error: "Event key not found", status: 404 });
    let events: StandInEvent[];
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as StandInEvent | StandInEvent[];
      events = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return reply(400, { error: "Cannot process event payload", status: 400 });
    }
    if (mode === "down") return reply(500, { error: "stand-in outage", status: 500 });
    received.push(...events);
    for (const event of events) {
      if (!event.id || !accepted.some((kept) => kept.id === event.id)) accepted.push(event);
    }
    if (mode === "lost-answer") return reply(500, { error: "stand-in lost the answer", status: 500 });
    return reply(200, { ids: events.map(() => randomBytes(13).toString("hex")), status: 200 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    eventKey,
    received,
    accepted,
    requests,
    registrations,
    setMode: (next: StandInMode) => {
      mode = next;
    },
    reset: () => {
      received.length = 0;
      accepted.length = 0;
      requests.length = 0;
      registrations.length = 0;
      mode = "ok";
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
