/**
 * A deterministic editing-agent turn on a 300-question survey (issue 11: < 1 s server time), against a
 * running build: creates a survey, writes a 300-question document (PUT /content), then sends requests in
 * a conversation and reads each turn's SSE stream to its end. Server time = the turn's run
 * `finished_at − started_at` (GET /v1/workflows/{id}); client time = POST until `[DONE]`.
 *
 *   node bench/conversation-turn.mjs --base http://127.0.0.1:3120 --key <api key> [--questions 300] [--runs 3]
 */
const args = Object.fromEntries(process.argv.slice(2).map((arg, index, all) => (arg.startsWith("--") ? [arg.slice(2), all[index + 1]] : null)).filter(Boolean));
const BASE = args.base ?? "http://127.0.0.1:3120";
const KEY = args.key;
const QUESTIONS = Number(args.questions ?? 300);
const RUNS = Number(args.runs ?? 3);
const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };

async function call(method, path, body) {
  const response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return { response, text, json: () => JSON.parse(text) };
}

function documentOf(count) {
  const pages = [];
  for (let index = 1; index <= count; index++) {
    pages.push({
      id: `page-${index}`,
      name: `Q${index}`,
      order: index - 1,
      blocks: [
        {
          id: `block-${index}`,
          order: 0,
          config: {
            type: "single_choice",
            content: `Question ${index}: how much do you agree?`,
            content_type: "markdown",
            question: { variable: `Q${index}`, required: true, options: ["Not at all", "A little", "Somewhat", "A lot", "Completely"].map((label, k) => ({ value: String(k + 1), label })) },
          },
        },
      ],
      navigation_rules: [],
    });
  }
  pages.push({ id: "page-end", name: "End", order: count, assign_response_status: "complete", blocks: [{ id: "block-end", order: 0, config: { type: "text", content: "Thank you.", content_type: "markdown" } }], navigation_rules: [] });
  return { version: 1, survey: { id: "x", slug: "x", name: "x" }, first_page_id: "page-1", pages, variables: [] };
}

const slug = `bench-agent-${Date.now().toString(36)}`;
const survey = (await call("POST", "/v1/surveys", { slug, name: `Agent bench ${QUESTIONS}` })).json().data;
await call("PUT", `/v1/surveys/${survey.id}/content`, { source: documentOf(QUESTIONS), message: "bench" });
const conversation = (await call("POST", `/v1/surveys/${survey.id}/conversations`, {})).json().data;
const requests = [`make Q${Math.ceil(QUESTIONS / 2)} multiple choice`, "make every question optional", `skip to Q${QUESTIONS} if Q2 is Not at all`];
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  for (const text of requests) {
    // Even runs undo the odd runs' type and required changes, so every turn changes something.
    const request = run % 2 === 0 ? text.replace("multiple choice", "single choice").replace("optional", "required") : text;
    const started = performance.now();
    const { response, text: body } = await call("POST", `/v1/surveys/${survey.id}/conversations/${conversation.id}/messages`, { message: { role: "user", parts: [{ type: "text", text: request }] } });
    const client = performance.now() - started;
    if (!body.trimEnd().endsWith("data: [DONE]")) throw new Error("stream did not end with [DONE]");
    const runId = response.headers.get("x-workflow-run-id");
    const workflow = (await call("GET", `/v1/workflows/${runId}`)).json().data;
    const server = new Date(workflow.finished_at).getTime() - new Date(workflow.started_at).getTime();
    rows.push({ run, request, status: workflow.status, revision: workflow.output?.content_revision ?? null, server_ms: server, client_ms: Math.round(client), chunks: body.split("\n\n").length - 1 });
  }
}
console.table(rows);

// The same one-question change through POST /content/operations (the content-operations module alone), for comparison.
const tip = (await call("GET", `/v1/surveys/${survey.id}/content`)).json().data;
const block = JSON.parse(tip.source).pages[10].blocks[0];
const direct = [];
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  await call("POST", `/v1/surveys/${survey.id}/content/operations`, { operations: [{ op: "update_block", block_id: block.id, required: run % 2 === 0 }] });
  direct.push({ run, "POST /content/operations (ms)": Math.round(performance.now() - started) });
}
console.table(direct);
