#!/usr/bin/env node
// A webhook receiver for bench/webhooks.ts, in its own process so it does not share the engine's event
// loop: answers every POST with 204, remembers (path, webhook-id) pairs, and serves GET /stats.
import http from "node:http";

const seen = new Set();
let requests = 0;
const server = http.createServer((request, response) => {
  if (request.method === "GET" && request.url === "/stats") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ requests, distinct: seen.size }));
    return;
  }
  request.resume();
  request.on("end", () => {
    requests++;
    seen.add(`${request.url} ${request.headers["webhook-id"]}`);
    response.writeHead(204);
    response.end();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => console.log(`PORT ${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
