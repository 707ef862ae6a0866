import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { evaluateCondition } from "./conditions";
import { type FileScore, scoreQuestionnaire, totals, ZTruthFile } from "./evaluation";
import { compileFile, type CompileFileResult, isQuestionnaireError } from "./index";

/** Real questionnaires copied into the project (permissive licences, see test/fixtures/questionnaires/NOTICE). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test/fixtures/questionnaires");
const truthFiles = readdirSync(path.join(root, "truth")).filter((name) => name.endsWith(".json"));

async function compileFixture(name: string): Promise<CompileFileResult> {
  const bytes = new Uint8Array(readFileSync(path.join(root, "files", name)));
  return compileFile(bytes, { filename: name, survey: { id: "fixture", slug: "fixture", name }, questionnaireRevision: 1 });
}

describe("real questionnaires with truth files", () => {
  const scores: FileScore[] = [];

  it.each(truthFiles)("%s: finds every printed question with its type, answers and logic", async (truthName) => {
    const truth = ZTruthFile.parse(JSON.parse(readFileSync(path.join(root, "truth", truthName), "utf8")));
    const result = await compileFixture(path.basename(truth.file));
    const score = scoreQuestionnaire(truth, result.ir, result.document);
    scores.push(score);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.typeCorrect / score.typeChecked).toBeGreaterThanOrEqual(0.9);
    expect(score.optionCorrect / score.optionChecked).toBeGreaterThanOrEqual(0.75);
    expect(result.issues.filter((issue) => issue.severity === "error" && issue.code !== "missing_options")).toEqual([]);
  });

  it("meets the evaluation targets over these files", () => {
    const all = totals(scores);
    expect(scores).toHaveLength(truthFiles.length);
    expect(all.f1).toBeGreaterThanOrEqual(0.95);
    expect(all.typeAccuracy).toBeGreaterThanOrEqual(0.9);
    expect(all.optionAccuracy).toBeGreaterThanOrEqual(0.9);
    expect(all.logicRecall).toBeGreaterThanOrEqual(0.8);
  });
});

describe("behaviour on specific real questionnaires", () => {
  it("programs SurveyMonkey answer skips to printed pages (006)", async () => {
    const { document } = await compileFixture("006-538-surveymonkey-may2017.pdf");
    const page = (variable: string) => document.pages.find((entry) => entry.blocks.some((block) => block.config.question?.variable === variable))!;
    const rules = page("Q13").navigation_rules;
    const trump = rules.find((rule) => evaluateCondition(rule.condition!, { Q13: "2" }))!;
    const clinton = rules.find((rule) => evaluateCondition(rule.condition!, { Q13: "1" }))!;
    expect(trump.target_page_id).toBe(page("Q14").id);
    expect(clinton.target_page_id).toBe(page("Q15").id);
  });

  it("resolves Qualtrics display logic quoted by wording to the question and answer codes (001)", async () => {
    const { document } = await compileFixture("001-delphi-covid-survey-2020-04.docx");
    const block = (variable: string) => document.pages.flatMap((page) => page.blocks).find((entry) => entry.config.question?.variable === variable)!;
    expect(block("B3").config.showIf).toBe("{B2} anyof ['1']");
    expect(block("B2b").config.showIf).toBe("count({B2}) > 0 and {B2} noneof ['15']");
    expect(block("D1b").config.showIf).toBe("{D1} != '1'");
    expect(block("A1").config).toMatchObject({ type: "matrix", question: { rows: expect.arrayContaining([expect.objectContaining({ value: "1" })]) } });
  });

  it("reads grids printed with answer circles in a PDF (002)", async () => {
    const { ir } = await compileFixture("002-delphi-ctis-wave10.pdf");
    const v4a = ir.items.find((item) => item.kind === "question" && item.id === "V4a");
    expect(v4a).toMatchObject({ type: "grid" });
    if (v4a?.kind !== "question") throw new Error("V4a missing");
    expect(v4a.rows.map((row) => row.code)).toEqual(["1", "2", "3", "4", "5"]);
    expect(v4a.columns.map((column) => column.label)).toEqual(["More likely", "About the same", "Less likely"]);
  });

  it("compiles questionnaires without truth files into a reasonable survey", async () => {
    for (const [name, minimum] of [
      ["011-oss-social-capital-survey-instrument.pdf", 8],
      ["013-github-open-source-survey-2017-spanish.txt", 50],
      ["021-leeds-ai4transport-precourse-questionnaire.docx", 14],
    ] as const) {
      const result = await compileFixture(name);
      expect(result.anatomy.questions, name).toBeGreaterThanOrEqual(minimum);
    }
  });

  it.each(["003-delphi-covid-wave4.qsf", "015-rse-survey-2017-uk-core.lss", "016-rse-survey-2017-south-africa-limesurvey.tsv.txt"])(
    "explains that %s is a form definition, not a questionnaire document",
    async (name) => {
      const error = await compileFixture(name).catch((caught: unknown) => caught);
      expect(isQuestionnaireError(error)).toBe(true);
      expect((error as Error & { code: string }).code).toBe("unsupported_format");
      // Survey definitions are imported (lib/platforms/formats.ts), never compiled as questionnaires.
      expect((error as Error).message).toMatch(/form definition/);
    },
  );
});
