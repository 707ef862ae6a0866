/**
 * npm run eval:questionnaires [-- --verbose] [--ai] [--real | --synthetic | --realworld | --dir PATH] [--file NAME] [--write [--out bench/questionnaire-eval.md]]
 *
 * Scores the compiler on every questionnaire that has a hand-checked truth file: question
 * precision/recall/F1 (matched by printed id), type accuracy, option-count accuracy, logic recall and —
 * where the truth file lists them — behaviour checks on the programmed survey (routing destinations,
 * showIf, ranges, flags). Two sets: the real questionnaires (../shared/fixtures/questionnaires when present,
 * otherwise the project's own copies in test/fixtures/questionnaires; files it cannot find are skipped and
 * named), the synthetic generalization corpus (test/fixtures/questionnaires/synthetic) and the real-world
 * hold-out proxy (test/fixtures/questionnaires/realworld: permissively licensed questionnaires collected after
 * the rules were written, whose first, untouched score is kept in its blind-first-run.md). Prints the
 * tables, names every fixture it could not find, and writes the report only when asked: `--write` writes a full
 * run to bench/questionnaire-eval.md (a subset, or a run with fixtures missing, only to an explicit `--out PATH`).
 * `--dir PATH` scores any other folder laid out the same way (files/ and truth/) — e.g. a local set of documents
 * that may not be committed. The real set also takes the project's own truth files (test/fixtures/questionnaires/truth)
 * for files the shared truth folder has none for (its files read from the shared folder, else the project's copies).
 * Survey definitions (QSF, LSS, LimeSurvey TSV, XLSForm) are imported, as an upload is, and their documents scored.
 */
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getLanguageModel } from "@/lib/ai";
import { compileFile } from "@/lib/questionnaire";
import { definitionFormatOf, importDefinition } from "@/lib/platforms/formats";
import { type FileScore, scoreImportedDocument, scoreQuestionnaire, totals, ZTruthFile } from "@/lib/questionnaire/evaluation";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const verbose = args.includes("--verbose") || args.includes("-v");
const useModel = args.includes("--ai");
const write = args.includes("--write");
const outIndex = args.indexOf("--out");
const outFile = path.resolve(root, outIndex >= 0 ? args[outIndex + 1] : "bench/questionnaire-eval.md");

// ../shared next to the main checkout, ../../shared for a worktree under wt/.
const candidates = [path.resolve(root, "../shared/fixtures/questionnaires"), path.resolve(root, "../../shared/fixtures/questionnaires"), path.resolve(root, "test/fixtures/questionnaires")];
const fixtures = candidates.find((dir) => existsSync(path.join(dir, "truth")));
const questionnaireFixtures = path.resolve(root, "test/fixtures/questionnaires");
/** The generalization corpus: synthetic questionnaires written for this project (test/fixtures/questionnaires/synthetic). */
const synthetic = path.join(questionnaireFixtures, "synthetic");
/** The real-world hold-out proxy: permissively licensed questionnaires collected after the rules were written. */
const realworld = path.join(questionnaireFixtures, "realworld");
/** The project's own real fixtures: truth files written here (003, 015, 017) and copies of the licensed files. */
const projectReal = path.resolve(root, "test/fixtures/questionnaires");
const dirIndex = args.indexOf("--dir");
const extraDir = dirIndex >= 0 ? path.resolve(args[dirIndex + 1]) : null;
const only = extraDir ? "dir" : args.includes("--synthetic") ? "synthetic" : args.includes("--realworld") ? "realworld" : args.includes("--real") ? "real" : null;
const fileFilter = (() => {
  const at = args.indexOf("--file");
  return at >= 0 ? args[at + 1] : undefined;
})();

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const ratio = (a: number, b: number) => (b ? `${a}/${b}` : "–");

interface SetResult {
  label: string;
  dir: string;
  scores: FileScore[];
  skipped: string[];
}

async function evaluateSet(label: string, dir: string, model: ReturnType<typeof getLanguageModel> | null): Promise<SetResult> {
  const truthFiles = (await readdir(path.join(dir, "truth"))).filter((name) => name.endsWith(".json")).sort();
  const truthPaths = truthFiles.map((name) => path.join(dir, "truth", name));
  if (label === "real" && path.resolve(dir) !== projectReal && existsSync(path.join(projectReal, "truth"))) {
    // Truth files written in this project for real fixtures the shared folder has no truth for.
    const own = (await readdir(path.join(projectReal, "truth"))).filter((name) => name.endsWith(".json") && !truthFiles.includes(name)).sort();
    truthPaths.push(...own.map((name) => path.join(projectReal, "truth", name)));
  }
  const skipped: string[] = [];
  const scores: FileScore[] = [];
  const jobs: { truth: ReturnType<typeof ZTruthFile.parse> }[] = [];
  for (const truthPath of truthPaths) {
    const truth = ZTruthFile.parse(JSON.parse(await readFile(truthPath, "utf8")));
    jobs.push({ truth });
    // A truth file may also describe the same questionnaire exported to another format ("also_applies_to").
    const also = (truth as { also_applies_to?: unknown }).also_applies_to;
    for (const entry of Array.isArray(also) ? also : also ? [also] : []) {
      const other = /^(\S+)/.exec(String(entry))?.[1];
      if (other) jobs.push({ truth: { ...truth, file: other } });
    }
  }
  for (const { truth } of jobs) {
    if (fileFilter && !truth.file.includes(fileFilter)) continue;
    // Truth files name the fixture relative to the fixtures folder ("files/…"); accept a bare name too.
    const inDir = truth.file.includes("/") ? path.join(dir, truth.file) : path.join(dir, "files", truth.file);
    const projectCopy = path.join(projectReal, "files", path.basename(truth.file));
    const file = existsSync(inDir) || label !== "real" || !existsSync(projectCopy) ? inDir : projectCopy;
    if (!existsSync(file)) {
      skipped.push(`${path.basename(truth.file)} (not found in ${path.relative(root, path.dirname(file))})`);
      continue;
    }
    const started = performance.now();
    try {
      const bytes = new Uint8Array(await readFile(file));
      const survey = { id: "eval", slug: "eval", name: truth.file };
      let score: FileScore;
      if (definitionFormatOf(bytes, path.basename(truth.file))) {
        // A survey definition is imported (as an upload of it is programmed), not compiled.
        score = scoreImportedDocument(truth, importDefinition(bytes, path.basename(truth.file), survey).document);
      } else {
        const result = await compileFile(bytes, { filename: path.basename(truth.file), survey, questionnaireRevision: null, model });
        score = scoreQuestionnaire(truth, result.ir, result.document);
      }
      scores.push(score);
      if (verbose) {
        console.log(`\n${truth.file} (${Math.round(performance.now() - started)} ms)`);
        for (const detail of score.details) {
          const problems = [
            detail.matchedId === undefined ? "MISSING" : "",
            detail.typeOk === false ? `type ${detail.ourType} (truth ${detail.truthType})` : "",
            detail.optionsOk === false ? `options ${detail.ourOptions} (truth ${detail.truthOptions})` : "",
            detail.logicFound === false ? `logic not programmed (${detail.logicItems})` : "",
            ...(detail.checkFailures ?? []),
          ].filter(Boolean);
          if (problems.length) console.log(`  ${detail.truthId.padEnd(22)} ${problems.join("; ")}`);
        }
        if (score.unmatchedOurs.length) console.log(`  extra questions: ${score.unmatchedOurs.join(", ")}`);
      }
    } catch (error) {
      console.log(`${truth.file}: failed to compile: ${(error as Error).message}`);
      scores.push({ ...scoreQuestionnaire(truth, { version: 1, format: "", sections: [], items: [], notes: [], hiddenVariables: [], warnings: [] }, { version: 1, survey: { id: "", slug: "", name: "" }, first_page_id: null, pages: [], variables: [] }) });
    }
  }
  return { label, dir, scores, skipped };
}

function table(scores: FileScore[], withChecks: boolean): string {
  const all = totals(scores);
  const header = `| file | questions (truth/ours/matched) | precision | recall | F1 | type accuracy | option-count accuracy | logic recall |${withChecks ? " behaviour checks |" : ""}`;
  const rule = `|---|---|---|---|---|---|---|---|${withChecks ? "---|" : ""}`;
  const rows = scores.map(
    (score) =>
      `| ${score.file} | ${score.truthQuestions}/${score.ourQuestions}/${score.matched} | ${pct(score.precision)} | ${pct(score.recall)} | ${pct(score.f1)} | ${ratio(score.typeCorrect, score.typeChecked)} | ${ratio(score.optionCorrect, score.optionChecked)} | ${ratio(score.logicFound, score.logicItems)} |${withChecks ? ` ${ratio(score.checksPassed, score.checks)} |` : ""}`,
  );
  const overall = `| **overall** | ${all.truthQuestions}/${all.ourQuestions}/${all.matched} | **${pct(all.precision)}** | **${pct(all.recall)}** | **${pct(all.f1)}** | **${pct(all.typeAccuracy)}** (${all.typeChecked}) | **${pct(all.optionAccuracy)}** (${all.optionChecked}) | **${pct(all.logicRecall)}** (${all.logicItems}) |${withChecks ? ` **${pct(all.checkRate)}** (${all.checks}) |` : ""}`;
  return [header, rule, ...rows, overall].join("\n");
}

function summaryRow(label: string, scores: FileScore[]): string {
  const all = totals(scores);
  return `| ${label} | ${scores.length} | ${all.truthQuestions}/${all.ourQuestions}/${all.matched} | ${pct(all.f1)} | ${pct(all.typeAccuracy)} | ${pct(all.optionAccuracy)} | ${pct(all.logicRecall)} | ${all.checks ? pct(all.checkRate) : "–"} |`;
}

async function main() {
  const model = useModel ? getLanguageModel() : null;
  if (useModel && !model) console.log("No language model is configured (AI_PROVIDER, keys); running rule-based only.");
  const sets: SetResult[] = [];
  if (only === null || only === "real") {
    if (!fixtures) console.error(`No real fixtures found (looked in ${candidates.join(" and ")}).`);
    else {
      console.log(`Real fixtures: ${path.relative(root, fixtures) || fixtures}${useModel ? " (with the configured language model)" : " (rule-based, no model)"}`);
      sets.push(await evaluateSet("real", fixtures, model));
    }
  }
  if ((only === null || only === "synthetic") && existsSync(path.join(synthetic, "truth"))) {
    console.log(`Synthetic corpus: ${path.relative(root, synthetic)}`);
    sets.push(await evaluateSet("synthetic", synthetic, model));
  }
  if ((only === null || only === "realworld") && existsSync(path.join(realworld, "truth"))) {
    console.log(`Real-world hold-out proxy: ${path.relative(root, realworld)}`);
    sets.push(await evaluateSet("real-world", realworld, model));
  }
  if (extraDir) {
    console.log(`Folder: ${extraDir}`);
    sets.push(await evaluateSet(path.basename(extraDir), extraDir, model));
  }
  if (sets.length === 0) {
    process.exitCode = 1;
    return;
  }
  const targets = (scores: FileScore[]) => {
    const all = totals(scores);
    return [
      ["question F1", all.f1, 0.95],
      ["type accuracy", all.typeAccuracy, 0.9],
      ["option-count accuracy", all.optionAccuracy, 0.9],
      ["logic recall", all.logicRecall, 0.8],
    ] as const;
  };
  const missing = sets.flatMap((set) => set.skipped.map((name) => `${set.label}: ${name}`));
  if (missing.length) {
    const expected = sets.reduce((sum, set) => sum + set.scores.length + set.skipped.length, 0);
    console.error(`\n${missing.length} of ${expected} fixtures were not found and are not scored:\n  ${missing.join("\n  ")}`);
  }
  for (const set of sets) {
    console.log(`\n${set.label}\n\n${table(set.scores, set.label !== "real")}\n`);
    for (const [label, value, target] of targets(set.scores)) console.log(`${value >= target ? "ok  " : "MISS"} ${set.label} ${label}: ${pct(value)} (target ≥ ${pct(target)})`);
    const all = totals(set.scores);
    if (all.checks) console.log(`     ${set.label} behaviour checks: ${all.checksPassed}/${all.checks} (${pct(all.checkRate)})`);
    if (set.skipped.length) console.log(`\nSkipped (file not found): ${set.skipped.join("; ")}`);
  }
  const everything = sets.flatMap((set) => set.scores);
  const summary = [
    "| set | files | questions (truth/ours/matched) | F1 | type accuracy | option-count accuracy | logic recall | behaviour checks |",
    "|---|---|---|---|---|---|---|---|",
    ...sets.map((set) => summaryRow(set.label, set.scores)),
    ...(sets.length > 1 ? [summaryRow("**overall**", everything)] : []),
  ].join("\n");
  console.log(`\n${summary}\n`);
  // The committed report changes only when asked: `--write` (a subset or a run with missing fixtures only to an explicit --out).
  if (!write) {
    console.log(`(report not written; pass --write to write ${path.relative(root, outFile)})`);
    return;
  }
  if ((fileFilter || only || missing.length) && outIndex < 0) {
    console.error(`Not writing ${path.relative(root, outFile)}: ${missing.length ? `${missing.length} fixtures were not found` : "a subset was evaluated"}; pass --out PATH to write this run elsewhere.`);
    process.exitCode = 1;
    return;
  }
  const real = sets.find((set) => set.label === "real");
  const synth = sets.find((set) => set.label === "synthetic");
  const world = sets.find((set) => set.label === "real-world");
  // Blind rounds are written once, by hand, when they are run: the early ones beside the real-world set, later ones as
  // blind-roundN/RESULTS.md beside the round's NOTICE. The report carries them all, in round order.
  const laterRounds = (await readdir(questionnaireFixtures))
    .map((name) => /^blind-round(\d+)$/.exec(name))
    .filter((match) => match !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((match) => path.join(questionnaireFixtures, match[0], "RESULTS.md"));
  const blind = [
    path.join(realworld, "blind-first-run.md"),
    path.join(realworld, "blind-local-screener-round.md"),
    path.join(realworld, "blind-round2.md"),
    ...laterRounds,
  ]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8").trim())
    .join("\n\n");
  const markdown = `# Questionnaire compiler evaluation

Generated by \`npm run eval:questionnaires\`${useModel ? " with the configured language model" : " (rule-based, no language model)"} on ${new Date().toISOString().slice(0, 10)}.

- **real**: ${real ? `\`${path.relative(root, real.dir).replace(/^(?:\.\.\/)+shared\//, "../shared/")}\` (real questionnaires with hand-checked truth files; see its README)` : "not found"}.
- **synthetic**: \`${path.relative(root, synthetic)}\` — the generalization corpus: questionnaires written for this project in
  the layouts people commonly use (screeners, CATI scripts, social and academic surveys, forms, English and six other languages; .md, .txt,
  .html, .docx and .pdf — the binary ones are generated by \`npx tsx test/fixtures/questionnaires/synthetic/generate.ts\`),
  each with a hand-written truth file. It is not tuned against: rules are written from conventions, never from its wording.
- **real-world**: \`${path.relative(root, realworld)}\` — the hold-out proxy: permissively licensed questionnaires published by
  others (see its NOTICE), collected after the rules above were written, with truth files written before the compiler was run on
  them; some are rendered to .docx/.pdf by \`npx tsx test/fixtures/questionnaires/realworld/generate.ts\`. Questions without a
  printed id are matched by their wording. Its first, untouched score is kept below ("blind first run").

How it is scored:
- **Questions** are the truth file's entries except \`info\` screens (their ids are added by the truth author, not printed).
  A question matches by printed id (case and punctuation ignored, \`Q3\` = \`3\`; a repeated id matches its n-th occurrence);
  a grid whose id the truth author added (\`Section 2\`, \`7-27\`) also matches a grid with the same printed row ids.
  Precision = matched / questions the compiler produced; recall = matched / truth questions.
- **Type accuracy**: matched questions whose block type programs the truth type (single → single_choice, dropdown, rating or nps;
  multi → multiple_choice; grid → matrix; open → open_text; numeric → number; date → date; ranking → ranking). Truth type
  \`other\` (file upload, highlighter, paired dropdowns) has no block type and is not counted.
- **Option-count accuracy**: matched questions with a truth option count (grids: scale columns) whose programmed count is equal.
- **Logic recall**: truth logic items (routing, termination, display conditions as written) counted when the survey has a
  rule, a \`showIf\` or a terminate rule conditioned on that question (a rule on its page or a condition naming it).
- **Behaviour checks** (synthetic and real-world sets): what the programmed survey does, run through the condition evaluator — where
  an answer goes (the screen-out page, the end, a named question or simply the next page), whether a question shows for
  given earlier answers (\`showIf\`), numeric min/max taken from written ranges, randomize flags, and how many answers
  are exclusive or "other, specify".

## Summary

${summary}

Targets (each set): question F1 ≥ 95%, type accuracy ≥ 90%, option-count accuracy ≥ 90%, logic recall ≥ 80%.
${real ? `\n## Real questionnaires\n\n${table(real.scores, false)}\n${real.skipped.length ? `\nSkipped (file not found): ${real.skipped.join("; ")}\n` : ""}` : ""}${synth ? `\n## Synthetic corpus\n\n${table(synth.scores, true)}\n` : ""}${world ? `\n## Real-world questionnaires (hold-out proxy, current)\n\n${table(world.scores, true)}\n` : ""}${blind ? `\n${blind}\n` : ""}`;
  await writeFile(outFile, markdown);
  console.log(`\nWrote ${path.relative(root, outFile)}`);
}

main().catch((error) => {
  console.error((error as Error).stack ?? String(error));
  process.exit(1);
});
