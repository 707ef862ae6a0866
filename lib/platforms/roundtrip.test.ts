import { describe, expect, it } from "vitest";
import { FORMATS, type ExternalPlatform } from "./formats";
import { buildDocument } from "./linear";
import { comparePaths } from "./simulate";
import { COMPILED_FIXTURES, compiledFixture, constructsSurvey, importedFixture, IMPORTED_FIXTURES } from "./testing/surveys";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * Round trip as a correctness check (issue 13): export → import → 1,000 simulated respondents take the
 * same path (page sequence and end status) through both. A platform that cannot express something says
 * so in a warning; without warnings the paths must agree.
 */

const platforms = Object.keys(FORMATS) as ExternalPlatform[];

function roundTrip(platform: ExternalPlatform, document: TSurveyDocument) {
  const format = FORMATS[platform]!;
  const exported = format.exportSurvey(document);
  const imported = format.importSurvey(exported.source);
  const rebuilt = buildDocument(imported, document.survey);
  return { exported, imported, rebuilt, equivalence: comparePaths(document, rebuilt, 1000) };
}

/** Page names (as a sorted list: LimeSurvey places a screen-out right after the page that triggers it). */
const names = (document: TSurveyDocument) => document.pages.map((page) => page.name).sort();
const variables = (document: TSurveyDocument) => document.pages.flatMap((page) => page.blocks.map((block) => block.config.question?.variable ?? block.config.type)).sort();

describe.each(platforms)("%s round trip", (platform) => {
  it("keeps every page, block and respondent path of a survey using skips, screen-outs and option/row display logic", () => {
    const document = constructsSurvey();
    const { exported, rebuilt, equivalence } = roundTrip(platform, document);
    expect(names(rebuilt)).toEqual(names(document));
    expect(variables(rebuilt)).toEqual(variables(document));
    if (exported.warnings.length === 0) expect(equivalence.mismatches).toEqual([]);
    expect(equivalence.rate).toBeGreaterThanOrEqual(exported.warnings.length ? 0 : 1);
  });

  it.each(COMPILED_FIXTURES)("keeps the paths of the compiled real questionnaire %s", async (file) => {
    const document = await compiledFixture(file);
    if (!document) return; // 022 lives only in the shared fixtures (no licence to copy it)
    const { exported, rebuilt, equivalence } = roundTrip(platform, document);
    expect(names(rebuilt)).toEqual(names(document));
    if (exported.warnings.length === 0) expect(equivalence.rate).toBeGreaterThanOrEqual(0.99);
  }, 60_000);

  it.each(IMPORTED_FIXTURES)("keeps the paths of the imported real survey definition %s", (file) => {
    const document = importedFixture(file);
    const { exported, rebuilt, equivalence } = roundTrip(platform, document);
    expect(names(rebuilt)).toEqual(expect.arrayContaining(names(document).filter((name) => name !== "End of survey")));
    if (exported.warnings.every((warning) => warning.code === "label_renamed" || warning.code === "code_unsupported")) expect(equivalence.rate).toBeGreaterThanOrEqual(0.99);
  }, 60_000);
});
