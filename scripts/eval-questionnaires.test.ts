import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** `npm run eval:questionnaires` as a user runs it (issue 18.19): a real child process over a small folder. */

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const synthetic = path.join(root, "test/fixtures/questionnaires/synthetic");
let dir: string;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, [path.join(root, "scripts", "eval-questionnaires.ts"), ...args], { cwd: root, env: { ...process.env, LOG_LEVEL: "error" }, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "eval-"));
  await mkdir(path.join(dir, "truth"));
  await mkdir(path.join(dir, "files"));
  const truth = JSON.parse(await readFile(path.join(synthetic, "truth/s02-coffee-screener.json"), "utf8"));
  await writeFile(path.join(dir, "truth/s02.json"), JSON.stringify(truth));
  await copyFile(path.join(synthetic, truth.file), path.join(dir, truth.file));
  await writeFile(path.join(dir, "truth/gone.json"), JSON.stringify({ ...truth, file: "files/gone-questionnaire.docx" }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("eval:questionnaires", () => {
  it("names the fixtures it did not find and writes the report only with --write", { timeout: 240_000 }, async () => {
    const out = path.join(dir, "report.md");
    const dry = await run(["--dir", dir, "--out", out]);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain("1 of 2 fixtures were not found");
    expect(dry.stderr).toContain("gone-questionnaire.docx");
    expect(dry.stdout).toContain("report not written; pass --write");
    expect(existsSync(out)).toBe(false);

    const written = await run(["--dir", dir, "--out", out, "--write"]);
    expect(written.code).toBe(0);
    expect(await readFile(out, "utf8")).toContain("# Questionnaire compiler evaluation");
  });
});
