#!/usr/bin/env node
// Clarification probes on the built app, as an API client sees them: for every fixture questionnaire with
// a truth file (shared/fixtures/questionnaires/truth), create a survey, upload the file, assert it as the
// questionnaire, POST /questionnaire/clarifications and wait until the probe has finished. Reports the
// probe's run time (the run's started_at → finished_at, which includes extracting the file's text the
// first time) and the wall time from the POST until GET /questionnaire/clarifications shows the result.
//
//   npm run build && PORT=3111 BOOTSTRAP_API_KEY=<key> DATA_DIR=<dir> npx next start -p 3111
//   node bench/clarifications.mjs --base=http://127.0.0.1:3111 --key=<key> [--fixtures=/work/shared/fixtures/questionnaires]
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const BASE = args.base ?? "http://127.0.0.1:3111";
const KEY = args.key ?? process.env.BOOTSTRAP_API_KEY;
const FIXTURES = args.fixtures ?? "/work/shared/fixtures/questionnaires";

async function call(method, url, body) {
  const response = await fetch(new URL(url, BASE), {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
  return json;
}

const truth = new Set((await readdir(path.join(FIXTURES, "truth"))).map((name) => name.replace(/\.json$/, "")));
const files = (await readdir(path.join(FIXTURES, "files"))).filter((name) => truth.has(name.replace(/\.[^.]+$/, ""))).sort();
const tag = Date.now().toString(36);
console.log(`| fixture | size | items | kinds | first probe run | POST → result | follow-up probe run |`);
console.log(`|---|---|---|---|---|---|---|`);
let slowest = 0;
let slowestFollowUp = 0;
for (const name of files) {
  const bytes = await readFile(path.join(FIXTURES, "files", name));
  const survey = (await call("POST", "/v1/surveys", { name: `Bench ${name}`, slug: `bench-${tag}-${name.slice(0, 3)}` })).data;
  const created = await call("POST", `/v1/surveys/${survey.id}/files`, { name, size_bytes: bytes.length });
  const put = await fetch(created.upload.url, { method: "PUT", headers: created.upload.headers, body: bytes });
  if (!put.ok) throw new Error(`upload ${name}: ${put.status}`);
  await call("PATCH", `/v1/surveys/${survey.id}/files/${created.data.id}`, { status: "ready", size_bytes: bytes.length, content_hash: createHash("sha256").update(bytes).digest("hex") });
  await call("PUT", `/v1/surveys/${survey.id}/questionnaire`, { file_id: created.data.id });
  const probe = async () => {
    const started = performance.now();
    const posted = await call("POST", `/v1/surveys/${survey.id}/questionnaire/clarifications`);
    let session;
    for (;;) {
      session = (await call("GET", `/v1/surveys/${survey.id}/questionnaire/clarifications`)).data;
      if (session.status !== "probing") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wall = performance.now() - started;
    const run = (await call("GET", `/v1/workflows/${posted.workflow_id}`)).data;
    if (run.status !== "completed") throw new Error(`${name}: probe ${run.status} ${JSON.stringify(run.error)}`);
    return { session, wall, runMs: new Date(run.finished_at).getTime() - new Date(run.started_at).getTime() };
  };
  const { session, wall, runMs } = await probe();
  // A follow-up round: the file's text is cached by then, so this is the probe alone.
  const followUp = await probe();
  slowest = Math.max(slowest, runMs);
  slowestFollowUp = Math.max(slowestFollowUp, followUp.runMs);
  const kinds = {};
  for (const item of session.clarifications) kinds[item.kind] = (kinds[item.kind] ?? 0) + 1;
  const kindText = Object.entries(kinds).map(([kind, count]) => `${kind} ${count}`).join(", ");
  console.log(`| ${name} | ${(bytes.length / 1024).toFixed(0)} KB | ${session.clarifications.length} | ${kindText || "–"} | ${runMs} ms | ${Math.round(wall)} ms | ${followUp.runMs} ms |`);
}
console.log(`\nSlowest first probe run: ${slowest} ms; slowest follow-up: ${slowestFollowUp} ms`);
