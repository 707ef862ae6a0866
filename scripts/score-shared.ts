/**
 * npx tsx scripts/score-shared.ts DIR [--file NAME] [--verbose] [--json OUT]
 *
 * Compiles every questionnaire that has a truth file in DIR (laid out as files/ and truth/, like
 * ../shared/fixtures/questionnaires) and scores it with the shared scorer
 * (../shared/tools/score-questionnaire.mjs: two-pass matching, strict logic). Prints one row per file and
 * the totals as a markdown table; `--verbose` adds the scorer's misses. Writes nothing unless `--json` is given.
 * Used for blind sets kept outside the repository (files without a licence are never copied in).
 */
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compileFile } from "@/lib/questionnaire";

interface SharedScore {
  questions: number;
  found: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  misses: string[];
  counts: { matched: number; extra: number; typeOk: number; optTotal: number; optOk: number; logicTotal: number; logicOk: number; logicStrictOk: number };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dir = path.resolve(args.find((a, i) => !a.startsWith("--") && !["--file", "--json"].includes(args[i - 1] ?? "")) ?? "/work/shared/fixtures/questionnaires");
const verbose = args.includes("--verbose");
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const fileFilter = option("--file");
const jsonOut = option("--json");

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "–");
const ratio = (n: number, d: number) => (d ? `${n}/${d}` : "–");

async function main() {
  // The project sits next to ../shared (main checkout) or two levels below it (worktrees under wt/).
  const scorerPath = ["../shared", "../../shared"].map((d) => path.resolve(root, d, "tools/score-questionnaire.mjs")).find(existsSync);
  if (!scorerPath) throw new Error("shared scorer not found (../shared/tools/score-questionnaire.mjs)");
  const { score } = (await import(pathToFileURL(scorerPath).href)) as { score: (doc: unknown, truth: unknown) => SharedScore };
  const names = (await readdir(path.join(dir, "truth"))).filter((n) => n.endsWith(".json")).sort();
  const rows: { file: string; s: SharedScore; ms: number }[] = [];
  for (const name of names) {
    const truth = JSON.parse(await readFile(path.join(dir, "truth", name), "utf8")) as { file: string };
    const also = (truth as { also_applies_to?: unknown }).also_applies_to;
    const files = [truth.file, ...(Array.isArray(also) ? also : also ? [also] : []).map((e) => /^(\S+)/.exec(String(e))?.[1] ?? "")].filter(Boolean);
    for (const rel of files) {
      if (fileFilter && !rel.includes(fileFilter)) continue;
      const file = rel.includes("/") ? path.join(dir, rel) : path.join(dir, "files", rel);
      if (!existsSync(file)) {
        console.log(`skipped ${rel} (not found)`);
        continue;
      }
      const started = performance.now();
      // A document the compiler rejects scores as an empty survey (every question missed).
      let document: unknown = { pages: [] };
      try {
        const result = await compileFile(new Uint8Array(await readFile(file)), {
          filename: path.basename(rel),
          survey: { id: "eval", slug: "eval", name: rel },
          questionnaireRevision: null,
          model: null,
        });
        document = result.document;
      } catch (error) {
        console.log(`${path.basename(rel)}: failed to compile: ${(error as Error).message}`);
      }
      const ms = Math.round(performance.now() - started);
      const s = score(document, { ...truth, file: rel });
      rows.push({ file: path.basename(rel), s, ms });
      if (verbose) console.log(`\n${path.basename(rel)} (${ms} ms)\n  ${s.misses.join("\n  ")}`);
    }
  }
  const sum = (f: (s: SharedScore) => number) => rows.reduce((n, r) => n + f(r.s), 0);
  const line = (file: string, q: number, found: number, m: number, c: SharedScore["counts"]) => {
    const p = found ? m / found : 0;
    const r = q ? m / q : 0;
    const f1 = p + r ? (2 * p * r) / (p + r) : 0;
    return `| ${file} | ${q}/${found}/${m} | ${(100 * f1).toFixed(1)}% | ${ratio(c.typeOk, m)} | ${ratio(c.optOk, c.optTotal)} | ${ratio(c.logicOk, c.logicTotal)} | ${ratio(c.logicStrictOk, c.logicTotal)} |`;
  };
  const out = [
    "| file | questions (truth/ours/matched) | F1 | type | options | logic recall | strict logic |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((r) => line(r.file, r.s.questions, r.s.found, r.s.matched, r.s.counts)),
  ];
  const total = {
    matched: sum((s) => s.counts.matched),
    extra: sum((s) => s.counts.extra),
    typeOk: sum((s) => s.counts.typeOk),
    optTotal: sum((s) => s.counts.optTotal),
    optOk: sum((s) => s.counts.optOk),
    logicTotal: sum((s) => s.counts.logicTotal),
    logicOk: sum((s) => s.counts.logicOk),
    logicStrictOk: sum((s) => s.counts.logicStrictOk),
  };
  const q = sum((s) => s.questions);
  const found = sum((s) => s.found);
  out.push(line("**overall**", q, found, total.matched, total));
  out.push(
    "",
    `Totals: question F1 ${line("", q, found, total.matched, total).split("|")[3].trim()}, type ${pct(total.typeOk, total.matched)}, options ${pct(total.optOk, total.optTotal)}, logic ${pct(total.logicOk, total.logicTotal)}, strict logic ${pct(total.logicStrictOk, total.logicTotal)}; slowest compile ${Math.max(0, ...rows.map((r) => r.ms))} ms.`,
  );
  console.log(out.join("\n"));
  if (jsonOut) await writeFile(jsonOut, JSON.stringify(rows, null, 1));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
