import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileFile } from "@/lib/questionnaire";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { importDefinition } from "../formats";

/** Surveys the platform tests export and import: a hand-made one that uses every construct, and real fixtures. */

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectFixtures = path.resolve(here, "../../../test/fixtures");
export const sharedFixtures = path.resolve(here, "../../../../../shared/fixtures/questionnaires/files");

const q = (variable: string, options: string[], extra: Record<string, unknown> = {}) => ({
  variable,
  required: true,
  options: options.map((value) => ({ value, label: `Option ${value}` })),
  ...extra,
});

/** Every construct the exporters handle: skips, screen-outs, display logic on questions, options and grid rows. */
export function constructsSurvey(): TSurveyDocument {
  return {
    version: 1,
    survey: { id: "constructs", slug: "constructs", name: "Constructs" },
    first_page_id: "p1",
    pages: [
      {
        id: "p1",
        name: "Screener",
        order: 0,
        blocks: [
          { id: "b1", order: 0, config: { type: "text", content: "Welcome to the **study**.", content_type: "markdown" } },
          { id: "b2", order: 1, config: { type: "single_choice", content: "Are you 18 or older?", content_type: "markdown", question: q("S1", ["1", "2"]) } },
          { id: "b3", order: 2, config: { type: "multiple_choice", content: "Which brands do you know?", content_type: "markdown", question: { ...q("S2", ["1", "2", "3", "4"]), options: [{ value: "1", label: "Alpha" }, { value: "2", label: "Beta" }, { value: "3", label: "Gamma" }, { value: "4", label: "None of these", exclusive: true }] } } },
        ],
        navigation_rules: [
          { id: "r1", order: 0, condition: "{S1} = '2'", target_page_id: "p6" },
          { id: "r2", order: 1, condition: "{S2} anyof ['4']", target_page_id: "p6" },
        ],
      },
      {
        id: "p2",
        name: "Usage",
        order: 1,
        blocks: [
          {
            id: "b4",
            order: 0,
            config: {
              type: "single_choice",
              content: "Which brand do you use most?",
              content_type: "markdown",
              question: { variable: "Q1", required: true, options: [{ value: "1", label: "Alpha", showIf: "{S2} anyof ['1']" }, { value: "2", label: "Beta", showIf: "{S2} anyof ['2']" }, { value: "3", label: "Gamma", showIf: "{S2} anyof ['3']" }] },
            },
          },
          { id: "b5", order: 1, config: { type: "number", content: "How many times a week?", content_type: "markdown", question: { variable: "Q2", required: true, min: 0, max: 30 } } },
        ],
        navigation_rules: [{ id: "r3", order: 0, condition: "{Q2} > 20", target_page_id: "p4" }],
      },
      {
        id: "p3",
        name: "Ratings",
        order: 2,
        blocks: [
          {
            id: "b6",
            order: 0,
            config: {
              type: "matrix",
              content: "Rate each brand you know.",
              content_type: "markdown",
              question: {
                variable: "Q3",
                required: true,
                rows: [{ value: "1", label: "Alpha", showIf: "{S2} anyof ['1']" }, { value: "2", label: "Beta", showIf: "{S2} anyof ['2']" }, { value: "3", label: "Gamma" }],
                columns: [{ value: "1", label: "Poor" }, { value: "2", label: "Fair" }, { value: "3", label: "Good" }],
              },
            },
          },
          { id: "b7", order: 1, config: { type: "open_text", content: "Why is Alpha poor?", content_type: "markdown", showIf: "{Q3.1} = '1'", question: { variable: "Q4", required: false } } },
        ],
        navigation_rules: [],
      },
      {
        id: "p4",
        name: "Heavy users",
        order: 3,
        blocks: [
          { id: "b8", order: 0, config: { type: "dropdown", content: "Where do you buy?", content_type: "markdown", showIf: "{Q2} >= 10 and {Q1} != '3'", question: q("Q5", ["1", "2", "3"]) } },
          { id: "b9", order: 1, config: { type: "single_choice", content: "Would you recommend it?", content_type: "markdown", showIf: "not ({S2} anyof ['3']) or count({S2}) >= 2", question: q("Q6", ["1", "2"]) } },
        ],
        navigation_rules: [],
      },
      { id: "p5", name: "Thanks", order: 4, assign_response_status: "complete", blocks: [{ id: "b10", order: 0, config: { type: "text", content: "Thank you!", content_type: "markdown" } }], navigation_rules: [] },
      { id: "p6", name: "Screened out", order: 5, assign_response_status: "disqualified", blocks: [{ id: "b11", order: 0, config: { type: "text", content: "Sorry, you do not qualify.", content_type: "markdown" } }], navigation_rules: [] },
    ],
    variables: [],
  } as TSurveyDocument;
}

/** A questionnaire document compiled by the service (real files written by other people). */
export async function compiledFixture(file: string): Promise<TSurveyDocument | null> {
  const candidates = [path.join(projectFixtures, "questionnaires/files", file), path.join(sharedFixtures, file)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) return null;
  const { document } = await compileFile(new Uint8Array(readFileSync(found)), { filename: file, survey: { id: file, slug: "fixture", name: file }, questionnaireRevision: 1 });
  return document;
}

export function fixtureText(relative: string): string | null {
  for (const base of [projectFixtures, path.join(sharedFixtures, "..", "..")]) {
    const candidate = path.join(base, relative);
    if (existsSync(candidate)) return readFileSync(candidate, "utf8");
  }
  return null;
}

export function fixtureBytes(relative: string): Uint8Array | null {
  for (const base of [projectFixtures, path.join(sharedFixtures, "..", "..")]) {
    const candidate = path.join(base, relative);
    if (existsSync(candidate)) return new Uint8Array(readFileSync(candidate));
  }
  return null;
}

/** Compiled questionnaires the round-trip tests run on (022 only when the shared fixtures are present). */
export const COMPILED_FIXTURES = ["001-delphi-covid-survey-2020-04.docx", "006-538-surveymonkey-may2017.pdf", "012-github-open-source-survey-2017.md", "022-music-streaming-payment-questionnaire.docx"];

/** Real survey definitions (QSF, LSS, LimeSurvey TSV, XLSForm) imported into survey documents. */
export const IMPORTED_FIXTURES = ["003-delphi-covid-wave4.qsf", "015-rse-survey-2017-uk-core.lss", "016-rse-survey-2017-south-africa-limesurvey.tsv.txt", "017-ucl-biomass-plot-xlsform-sw-en.xlsx", "018-xlsform-spec-test.xlsx"];

export function importedFixture(file: string): TSurveyDocument {
  const source = fixtureBytes(`questionnaires/files/${file}`)!;
  return importDefinition(source, file, { id: file, slug: "fixture", name: file }).document;
}
