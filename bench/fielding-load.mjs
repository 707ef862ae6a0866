/**
 * Respondent load: N concurrent respondents complete a P-page survey through the respondent pages over
 * HTTP, exactly as a browser without JavaScript does (GET /r/{link}, POST the form, follow the 303),
 * then the responses endpoint is read back to check that no page submit was lost or duplicated.
 *
 *   node bench/fielding-load.mjs --base http://127.0.0.1:3141 --key <api key> [--respondents 200] [--pages 30] [--double 5]
 *
 * `--double K` sends every K-th page twice at once (a double click) to show the second is absorbed.
 * Each respondent has its own X-Forwarded-For address, as respondents behind a proxy would.
 */
import { performance } from "node:perf_hooks";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(" ")
    .split("--")
    .filter(Boolean)
    .map((part) => part.trim().split(/\s+/)),
);
const BASE = args.base ?? "http://127.0.0.1:3141";
const KEY = args.key;
const RESPONDENTS = Number(args.respondents ?? 200);
const PAGES = Number(args.pages ?? 30);
const DOUBLE = Number(args.double ?? 5);
if (!KEY) throw new Error("--key <api key> is required");

async function api(method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

function surveyDocument(pages) {
  const page = (index) => ({
    id: `p${index}`,
    name: `Page ${index + 1}`,
    order: index,
    blocks: [
      {
        id: `b${index}`,
        order: 0,
        config: {
          type: "single_choice",
          content: `Question ${index + 1}: how often?`,
          content_type: "markdown",
          question: { variable: `Q${index + 1}`, required: true, options: ["Never", "Sometimes", "Often"].map((label, code) => ({ value: String(code + 1), label })) },
        },
      },
    ],
    navigation_rules: [],
  });
  const end = { id: "end", name: "End", order: pages, assign_response_status: "complete", blocks: [{ id: "bend", order: 0, config: { type: "text", content: "Thank you.", content_type: "markdown" } }], navigation_rules: [] };
  return { version: 1, survey: { id: "x", slug: "x", name: "x" }, first_page_id: "p0", pages: [...Array.from({ length: pages }, (_, index) => page(index)), end], variables: [] };
}

const field = (html, name) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

async function respondent(index, linkId, timings) {
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  let cookie = "";
  const get = async () => {
    const response = await fetch(`${BASE}/r/${linkId}`, { headers: { cookie, "x-forwarded-for": address } });
    return response.text();
  };
  const post = async (form) => {
    const response = await fetch(`${BASE}/r/${linkId}/submit`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": address },
      body: new URLSearchParams(form).toString(),
    });
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
    await response.arrayBuffer();
    return response.status;
  };
  let html = await get();
  for (let page = 0; page < PAGES; page++) {
    const started = performance.now();
    const form = { _version: field(html, "_version"), [`a:Q${page + 1}`]: String((index + page) % 3 + 1) };
    const nonce = field(html, "_nonce");
    if (nonce) Object.assign(form, { _nonce: nonce, _shown: field(html, "_shown") });
    const statuses = DOUBLE > 0 && page % DOUBLE === DOUBLE - 1 ? await Promise.all([post(form), post(form)]) : [await post(form)];
    if (statuses.some((status) => status !== 303)) throw new Error(`respondent ${index} page ${page + 1}: HTTP ${statuses}`);
    html = await get();
    timings.push(performance.now() - started);
  }
  if (!html.includes("Thank you.")) throw new Error(`respondent ${index} did not reach the end page`);
}

const survey = await api("POST", "/v1/surveys", { slug: `load-${Date.now().toString(36)}`, name: "Load test" });
await api("PUT", `/v1/surveys/${survey.data.id}/content`, { platform: "service", source: JSON.stringify(surveyDocument(PAGES)) });
const link = await api("POST", `/v1/surveys/${survey.data.id}/links`, { mode: "test" });

const timings = [];
const failures = [];
const started = performance.now();
await Promise.all(Array.from({ length: RESPONDENTS }, (_, index) => respondent(index, link.data.id, timings).catch((error) => failures.push(error.message))));
const seconds = (performance.now() - started) / 1000;

// Read everything back: every respondent exactly once, complete, with every page once and every answer.
const responses = [];
let cursor;
do {
  const page = await api("GET", `/v1/surveys/${survey.data.id}/responses?include=data&limit=100${cursor ? `&cursor=${cursor}` : ""}`);
  responses.push(...page.data);
  cursor = page.pagination.next_cursor;
} while (cursor);
const complete = responses.filter((response) => response.status === "complete");
const wrongPaths = responses.filter((response) => response.data.path.length !== PAGES + 1 || new Set(response.data.path).size !== PAGES + 1);
const wrongAnswers = responses.filter((response) => Object.keys(response.data.answers).length !== PAGES);
timings.sort((a, b) => a - b);
const percentile = (p) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))];
console.log(
  JSON.stringify(
    {
      respondents: RESPONDENTS,
      pages: PAGES,
      double_submit_every: DOUBLE,
      failures: failures.length,
      failure_examples: failures.slice(0, 3),
      responses: responses.length,
      complete: complete.length,
      wrong_paths: wrongPaths.length,
      wrong_answers: wrongAnswers.length,
      seconds: Number(seconds.toFixed(1)),
      completes_per_second: Number((complete.length / seconds).toFixed(2)),
      page_submits: timings.length,
      page_ms: { p50: Math.round(percentile(50)), p95: Math.round(percentile(95)), p99: Math.round(percentile(99)), max: Math.round(timings.at(-1) ?? 0) },
    },
    null,
    2,
  ),
);
process.exit(failures.length === 0 && complete.length === RESPONDENTS && wrongPaths.length === 0 && wrongAnswers.length === 0 ? 0 : 1);
