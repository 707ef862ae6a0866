import http from "node:http";

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; answeredWith: number };

/**
 * A webhook consumer for the tests: records every request and answers with the next status of
 * `answers` (the last one repeats), so a failing first attempt and a later success can be seen.
 */
export async function startWebhookReceiver(port: number, answers: number[]) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = answers[Math.min(received.length, answers.length - 1)];
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), answeredWith: status });
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "try again later");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/surveys`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
