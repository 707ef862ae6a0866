import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ZQuestionnaireIR } from "@/lib/questionnaire/ir";
import { ZSurveyDocument } from "@/lib/survey-document/schemas";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

function cli(...args: string[]) {
  // No provider settings: the CLI must not try to reach a model.
  const environment = { ...process.env, AI_PROVIDER: "", OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", AI_BASE_URL: "" };
  const result = spawnSync(process.execPath, [tsx, path.join(root, "scripts/compile.ts"), ...args], { cwd: root, env: environment, encoding: "utf8", timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const fixture = (name: string) => path.join(root, "test/fixtures/questionnaires/files", name);

describe("npm run compile", () => {
  it("prints the survey document as JSON and a one-line summary on stderr", () => {
    const { code, stdout, stderr } = cli(fixture("012-github-open-source-survey-2017.md"));
    expect(code).toBe(0);
    const document = ZSurveyDocument.parse(JSON.parse(stdout));
    expect(document.pages.length).toBeGreaterThan(50);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/56 questions/);
  });

  it("prints the questionnaire IR with --format ir", () => {
    const { code, stdout } = cli(fixture("006-538-surveymonkey-may2017.pdf"), "--format", "ir");
    expect(code).toBe(0);
    const ir = ZQuestionnaireIR.parse(JSON.parse(stdout));
    expect(ir.items.filter((item) => item.kind === "question")).toHaveLength(23);
  });

  it("exits 1 with one clear line on stderr for unreadable input", () => {
    const directory = mkdtempSync(path.join(tmpdir(), "compile-cli-"));
    const junk = path.join(directory, "junk.docx");
    writeFileSync(junk, Buffer.from("PK\u0003\u0004 this is not really a zip file"));
    for (const [file, message] of [
      [junk, /junk\.docx: The file is damaged/],
      [path.join(directory, "missing.pdf"), /cannot read .*missing\.pdf: no such file/],
      [fixture("003-delphi-covid-wave4.qsf"), /Qualtrics survey export/],
    ] as const) {
      const { code, stdout, stderr } = cli(file);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr).toMatch(message);
    }
  });
});
