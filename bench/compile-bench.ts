/**
 * Benchmark: compile a 300-question questionnaire from .docx and from .pdf (extraction, parsing,
 * compilation and validation — the whole of compileFile, no language model).
 *
 *   npx tsx bench/compile-bench.ts [--questions 300] [--runs 7]
 *
 * Writes the generated inputs to bench/.out/ (so `/usr/bin/time -v npm run --silent compile -- FILE`
 * can measure a cold process too) and prints per-format timings: first run in this process (cold:
 * modules and pdf.js warm up), then median / min / max of the following runs.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileFile } from "@/lib/questionnaire";
import { sampleDocx, samplePdf } from "@/lib/questionnaire/testing/sample-questionnaire";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const count = option("--questions", 300);
const runs = option("--runs", 7);

async function time(bytes: Uint8Array, filename: string) {
  const durations: number[] = [];
  let summary = "";
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const result = await compileFile(bytes, { filename, survey: { id: "bench", slug: "bench", name: "Bench" }, questionnaireRevision: 1 });
    durations.push(performance.now() - started);
    summary = `${result.anatomy.questions} questions, ${result.anatomy.pages} pages, ${result.anatomy.rules} rules, ${result.issues.length} audit findings, ${result.extracted.pages ?? "–"} source pages`;
  }
  const [first, ...rest] = durations;
  const sorted = [...rest].sort((a, b) => a - b);
  return { first, median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1], summary };
}

async function main() {
  const out = path.join(root, "bench/.out");
  await mkdir(out, { recursive: true });
  const docx = sampleDocx(count);
  const pdf = samplePdf(count);
  await writeFile(path.join(out, `questionnaire-${count}.docx`), docx);
  await writeFile(path.join(out, `questionnaire-${count}.pdf`), pdf);
  console.log(`Node ${process.version}, ${count} questions, ${runs} timed runs after the first.\n`);
  console.log("| input | size | first run (cold) | median | min | max | result |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, bytes] of [[`questionnaire-${count}.docx`, docx], [`questionnaire-${count}.pdf`, pdf]] as const) {
    const result = await time(bytes, name);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(`| ${name} | ${(bytes.length / 1024).toFixed(0)} KB | ${ms(result.first)} | ${ms(result.median)} | ${ms(result.min)} | ${ms(result.max)} | ${result.summary} |`);
  }
  console.log(`\nPeak RSS of this process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
