#!/usr/bin/env node
// Measures how much a running server's memory grows while it receives one large upload through the
// local storage driver's signed PUT URL (bench/RESULTS.md, "File uploads").
//
//   node bench/upload-memory.mjs --base http://localhost:3200 --key qpk_live_… --pid <server pid> [--mib 100] [--runs 3]
//
// It creates a survey, then for each run a file, uploads --mib MiB of random bytes (streamed from a
// temporary file), marks the file ready with its SHA-256, and samples the server's resident memory
// (VmRSS from /proc/<pid>/status) every 10 ms from just before the upload until the PATCH returns.
import { createHash, randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { base: { type: "string" }, key: { type: "string" }, pid: { type: "string" }, mib: { type: "string", default: "100" }, runs: { type: "string", default: "3" } },
});
if (!values.base || !values.key || !values.pid) {
  console.error("usage: node bench/upload-memory.mjs --base <url> --key <api key> --pid <server pid> [--mib 100] [--runs 3]");
  process.exit(2);
}
const headers = { authorization: `Bearer ${values.key}`, "content-type": "application/json" };
const mib = Number(values.mib);

async function rssKiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]);
}

async function api(method, url, body) {
  const response = await fetch(`${values.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const directory = await mkdtemp(path.join(tmpdir(), "upload-bench-"));
const file = path.join(directory, "payload.bin");
const hash = createHash("sha256");
const chunks = [];
for (let index = 0; index < mib; index++) {
  const chunk = randomBytes(1024 * 1024);
  hash.update(chunk);
  chunks.push(chunk);
}
await writeFile(file, Buffer.concat(chunks));
chunks.length = 0;
const sha256 = hash.digest("hex");
const size = mib * 1024 * 1024;

const survey = await api("POST", "/v1/surveys", { slug: `upload-bench-${Date.now()}`, name: "Upload memory benchmark" });
const results = [];
for (let run = 1; run <= Number(values.runs); run++) {
  const created = await api("POST", `/v1/surveys/${survey.data.id}/files`, { name: "payload.bin", size_bytes: size });
  const before = await rssKiB(values.pid);
  let peak = before;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssKiB(values.pid).catch(() => peak));
  }, 10);
  const started = performance.now();
  const put = await fetch(created.upload.url, { method: "PUT", headers: created.upload.headers, body: await openAsBlob(file), duplex: "half" });
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const uploadMs = performance.now() - started;
  await api("PATCH", `/v1/surveys/${survey.data.id}/files/${created.data.id}`, { status: "ready", size_bytes: size, content_hash: sha256 });
  clearInterval(sampler);
  peak = Math.max(peak, await rssKiB(values.pid));
  const after = await rssKiB(values.pid);
  results.push({ run, beforeMiB: before / 1024, peakMiB: peak / 1024, afterMiB: after / 1024, growthMiB: (peak - before) / 1024, uploadSeconds: uploadMs / 1000 });
}
await api("DELETE", `/v1/surveys/${survey.data.id}`);
await rm(directory, { recursive: true, force: true });

console.log(`upload of ${mib} MiB, server pid ${values.pid}`);
console.log("run | RSS before (MiB) | peak during upload + ready (MiB) | growth (MiB) | after (MiB) | upload time (s)");
for (const r of results) {
  console.log(`${r.run} | ${r.beforeMiB.toFixed(1)} | ${r.peakMiB.toFixed(1)} | ${r.growthMiB.toFixed(1)} | ${r.afterMiB.toFixed(1)} | ${r.uploadSeconds.toFixed(2)}`);
}
