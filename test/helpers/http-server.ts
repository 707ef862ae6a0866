import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { findRoute } from "./api";

/**
 * The app's route handlers behind a real HTTP server (node:http on an ephemeral port), for clients that
 * speak HTTP themselves (the MCP SDK's client): requests and streamed responses cross a real socket.
 */
export async function startRouteServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const url = new URL(incoming.url ?? "/", `http://${incoming.headers.host}`);
      const found = findRoute(url.pathname);
      const handler = found ? (await found.route.load())[incoming.method ?? "GET"] : undefined;
      if (!found || !handler) {
        outgoing.writeHead(found ? 405 : 404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const aborted = new AbortController();
      outgoing.on("close", () => aborted.abort());
      const request = new Request(url, { method: incoming.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined, signal: aborted.signal });
      const response = await handler(request, { params: Promise.resolve(found.params) });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        const reader = response.body.getReader();
        for (let next = await reader.read(); !next.done; next = await reader.read()) outgoing.write(next.value);
      }
      outgoing.end();
    } catch (error) {
      if (!outgoing.headersSent) outgoing.writeHead(500);
      outgoing.end(String(error));
    }
  });
  // Longer than any pause between a client's requests on a loaded machine: fetch reuses idle connections,
  // and one the server closes at that very moment fails the client's next request ("fetch failed").
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
