/**
 * Round-trip equivalence per platform (issue 13): for each fixture survey, export → import → 1,000
 * simulated respondents (lib/platforms/simulate.ts) take the same path (page sequence and end status)
 * through the original and the re-imported survey. Prints a Markdown table for bench/RESULTS.md.
 *
 *   npx tsx bench/platform-roundtrip.ts [--respondents 1000]
 *
 * Fixtures: the hand-made constructs survey, compiled real questionnaires (022 only when the shared
 * fixtures are present) and the real survey definitions imported: QSF (003), LSS (015), LimeSurvey TSV
 * (016) and XLSForm (017, 018).
 */
import { FORMATS, type ExternalPlatform } from "@/lib/platforms/formats";
import { buildDocument } from "@/lib/platforms/linear";
import { comparePaths } from "@/lib/platforms/simulate";
import { COMPILED_FIXTURES, compiledFixture, constructsSurvey, importedFixture, IMPORTED_FIXTURES } from "@/lib/platforms/testing/surveys";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

const at = process.argv.indexOf("--respondents");
const respondents = at > 0 ? Number(process.argv[at + 1]) : 1000;

async function main() {
  const surveys: [string, TSurveyDocument][] = [["constructs (hand-made)", constructsSurvey()]];
  for (const file of COMPILED_FIXTURES) {
    const document = await compiledFixture(file);
    if (document) surveys.push([file, document]);
  }
  for (const file of IMPORTED_FIXTURES) surveys.push([`${file} (imported)`, importedFixture(file)]);
  const platforms = Object.keys(FORMATS) as ExternalPlatform[];
  console.log(`| survey | pages | ${platforms.map((platform) => `${platform}: same paths (warnings)`).join(" | ")} |`);
  console.log(`|---|---|${platforms.map(() => "---").join("|")}|`);
  for (const [name, document] of surveys) {
    const cells = platforms.map((platform) => {
      const exported = FORMATS[platform].exportSurvey(document);
      const rebuilt = buildDocument(FORMATS[platform].importSurvey(exported.source), document.survey);
      const { rate } = comparePaths(document, rebuilt, respondents);
      const codes = [...new Set(exported.warnings.map((warning) => warning.code))].join(", ");
      return `${(rate * 100).toFixed(1)}% (${exported.warnings.length}${codes ? `: ${codes}` : ""})`;
    });
    console.log(`| ${name} | ${document.pages.length} | ${cells.join(" | ")} |`);
  }
}

void main();
