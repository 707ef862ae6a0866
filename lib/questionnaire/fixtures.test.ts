import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { evaluateCondition } from "./conditions";
import { definitionFormatOf, importDefinition } from "@/lib/platforms/formats";
import { type FileScore, scoreImportedDocument, scoreQuestionnaire, totals, ZTruthFile } from "./evaluation";
import { compileFile, type CompileFileResult, isQuestionnaireError } from "./index";

/** Real questionnaires copied into the project (permissive licences, see test/fixtures/questionnaires/NOTICE). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../test/fixtures/questionnaires");
const allTruthFiles = readdirSync(path.join(root, "truth")).filter((name) => name.endsWith(".json"));
const truthOf = (name: string) => ZTruthFile.parse(JSON.parse(readFileSync(path.join(root, "truth", name), "utf8")));
const bytesOf = (name: string) => new Uint8Array(readFileSync(path.join(root, "files", name)));
/** Survey definitions (QSF, LSS, XLSForm) are imported, not compiled: their truth files are scored below on their own. */
const isDefinition = (truthName: string) => {
  const file = path.basename(truthOf(truthName).file);
  return definitionFormatOf(bytesOf(file), file) !== null;
};
const truthFiles = allTruthFiles.filter((name) => !isDefinition(name));
const definitionTruthFiles = allTruthFiles.filter(isDefinition);

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

describe("real survey definitions with truth files (imported as an upload of them is)", () => {
  // Measured floors. 015 splits its multiple-input questions (LimeSurvey K/Q) into one question per input,
  // which the truth file counts as one question each: 8 of its 59 questions are not matched by id.
  const floors: Record<string, { f1: number; type: number; logic: number }> = {
    "003-delphi-covid-wave4.json": { f1: 1, type: 0.96, logic: 1 },
    "015-rse-survey-2017-uk-core.json": { f1: 0.8, type: 1, logic: 0.84 },
    "017-ucl-biomass-plot-xlsform-sw-en.json": { f1: 1, type: 1, logic: 1 },
  };

  it("has the three hand-written truth files", () => {
    expect(definitionTruthFiles.sort()).toEqual(Object.keys(floors));
  });

  it.each(definitionTruthFiles)("%s: imports every question with its type, answer count and logic", (truthName) => {
    const truth = truthOf(truthName);
    const file = path.basename(truth.file);
    const { document } = importDefinition(bytesOf(file), file, { id: "fixture", slug: "fixture", name: file });
    const score = scoreImportedDocument(truth, document);
    const floor = floors[truthName];
    expect(score.f1).toBeGreaterThanOrEqual(floor.f1);
    expect(score.typeCorrect / score.typeChecked).toBeGreaterThanOrEqual(floor.type);
    expect(score.optionCorrect).toBe(score.optionChecked);
    expect(score.logicFound / score.logicItems).toBeGreaterThanOrEqual(floor.logic);
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
