// GET /bench/static — a constant JSON answer (no auth, no database). It exists as the baseline of the API
// benchmark (bench/api.mjs): the cost of Next's routing and a route handler, measured in the same run so
// /v1 throughput is reported as a ratio that does not depend on the machine. Outside /v1 on purpose.
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ status: "ok" });

export function GET() {
  return new Response(BODY, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}
