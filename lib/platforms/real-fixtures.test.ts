import { describe, expect, it } from "vitest";
import { definitionFormatOf, FORMATS, importDefinition } from "./formats";
import { buildDocument } from "./linear";
import { comparePaths } from "./simulate";
import { fixtureBytes } from "./testing/surveys";

/**
 * Real survey files of each platform found in public repositories (permissively licensed; see the NOTICE
 * next to each file in test/fixtures/platforms/). Counts were checked by hand against the files.
 */

function load(relative: string) {
  const bytes = fixtureBytes(relative)!;
  const imported = importDefinition(bytes, relative.split("/").pop()!, { id: "s", slug: "s", name: relative });
  const blocks = imported.document.pages.flatMap((page) => page.blocks);
  const byVariable = (variable: string) => blocks.find((block) => block.config.question?.variable === variable)!;
  return { bytes, imported, blocks, byVariable, questions: blocks.filter((block) => block.config.question) };
}

describe("Qualtrics import of a real test survey (fflewddur/sp, MIT)", () => {
  const file = "platforms/qualtrics/sp-test-survey.qsf";
  const { bytes, imported, blocks, byVariable, questions } = load(file);
  const codes = imported.warnings.map((warning) => `${warning.code} ${warning.element}`);

  it("is recognised as QSF", () => {
    expect(definitionFormatOf(bytes, "survey.qsf")).toBe("qsf");
    expect(imported).toMatchObject({ format: "qsf", platform: "qualtrics" });
  });

  it("imports the 29 flow elements of the 9 blocks in the flow (the 4 trash questions left out) on 9 pages plus the end", () => {
    expect(blocks).toHaveLength(29);
    // 5 of them are not questions: a descriptive text, browser meta info, a page timer, pick-group-rank and a constant sum.
    expect(questions).toHaveLength(24);
    expect(imported.document.pages).toHaveLength(10);
    expect(imported.document.pages.at(-1)!.assign_response_status).toBe("complete");
    for (const trashed of ["Q2", "Q12", "Q25", "Q24"]) expect(byVariable(trashed)).toBeUndefined();
  });

  it("keeps the blocks inside the flow's block randomizer (Block 5 and Block 6) and says the randomization is not carried", () => {
    expect(byVariable("Q26")).toBeDefined();
    expect(byVariable("Q27")).toBeDefined();
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "randomizer_flattened", reason: expect.stringContaining("1 of 2") }));
  });

  it("maps the question types, recodes and carry-forward choices", () => {
    expect(byVariable("Q1").config).toMatchObject({ type: "single_choice", question: { options: expect.arrayContaining([expect.objectContaining({ label: "And let's try a smart quote for good measure" })]) } });
    expect(byVariable("Q1").config.question!.options).toHaveLength(5);
    expect(byVariable("Q3").config.type).toBe("dropdown");
    expect(byVariable("Q4").config.question!.options).toContainEqual(expect.objectContaining({ label: "None", exclusive: true }));
    expect(byVariable("Q4").config.question!.options!.filter((option) => option.other)).toHaveLength(2);
    expect(byVariable("Q5").config).toMatchObject({ type: "matrix" });
    expect(byVariable("Q5").config.question!.columns).toHaveLength(4);
    expect(byVariable("Q10").config.type).toBe("ranking");
    expect(byVariable("Q15").config.type).toBe("nps");
    expect(byVariable("Q7").config.type).toBe("open_text");
    // Q21 carries forward the choices selected at Q20; Q28 the statements displayed at the matrix Q5.
    expect(byVariable("Q21").config.question!.options).toEqual([
      expect.objectContaining({ label: "Dyna choice 1", showIf: "{Q20} = '1'" }),
      expect.objectContaining({ label: "Dyna choice 2", showIf: "{Q20} = '2'" }),
      expect.objectContaining({ label: "Dyna choice 3", showIf: "{Q20} = '3'" }),
    ]);
    expect(byVariable("Q28").config.question!.rows).toHaveLength(4);
  });

  it("warns for what is not carried: the loop & merge block, its loop display logic, and the unsupported types", () => {
    expect(codes).toEqual(
      expect.arrayContaining([
        "logic_unsupported block Block 8",
        "logic_unsupported question Q31",
        "logic_unsupported question Q32",
        "logic_unsupported question Q33",
        "type_unsupported question Q22",
        "type_unsupported question Q16",
        "type_unsupported question Q17",
        "type_unsupported question Q23",
        "type_simplified question Q13",
        "type_simplified question Q9",
      ]),
    );
    expect(blocks.filter((block) => block.config.showIf)).toHaveLength(0);
  });
});

describe("SurveyMonkey import of a real API survey-details response (airbytehq/airbyte, MIT)", () => {
  const file = "platforms/surveymonkey/airbyte-survey-details.json";
  const { bytes, imported, questions, byVariable } = load(file);

  it("is recognised as SurveyMonkey survey JSON", () => {
    expect(definitionFormatOf(bytes, "details.json")).toBe("surveymonkey_json");
    expect(imported).toMatchObject({ format: "surveymonkey_json", platform: "surveymonkey" });
  });

  it("imports the two questions of page 2 (vertical → single choice, menu → dropdown) and leaves out the empty first page", () => {
    expect(questions).toHaveLength(2);
    expect(byVariable("P2Q1").config).toMatchObject({ type: "single_choice", question: { required: false } });
    expect(byVariable("P2Q1").config.question!.options!.map((option) => option.value)).toEqual(["1", "2"]);
    expect(byVariable("P2Q2").config.type).toBe("dropdown");
    expect(imported.document.pages.filter((page) => page.blocks.length)).toHaveLength(1);
    expect(imported.document.pages.every((page) => page.blocks.length || page.assign_response_status)).toBe(true);
    expect(imported.warnings).toEqual([]);
  });
});

describe("LimeSurvey import of real .lss exports (edgarrmondragon/citric examples, MIT)", () => {
  it("recognises each file as LSS", () => {
    for (const name of ["citric-answers.lss", "citric-limesurvey_survey_432535.lss", "citric-survey.lss"]) {
      expect(definitionFormatOf(fixtureBytes(`platforms/limesurvey/${name}`)!, name)).toBe("lss");
    }
  });

  it("answers.lss (DBVersion 638): a multiple choice with 3 subquestions and an array of 5 rows x 5 answer options", () => {
    const { imported, questions, byVariable } = load("platforms/limesurvey/citric-answers.lss");
    expect(imported).toMatchObject({ format: "lss", platform: "limesurvey" });
    expect(questions).toHaveLength(2);
    expect(byVariable("Q01").config).toMatchObject({ type: "multiple_choice", question: { options: [{ label: "First option" }, { label: "Second option" }, { label: "Third option" }] } });
    expect(byVariable("Q02").config).toMatchObject({ type: "matrix", question: { rows: expect.arrayContaining([expect.objectContaining({ label: "Color" })]), columns: expect.arrayContaining([expect.objectContaining({ value: "AO03", label: "Just Right" })]) } });
    expect(byVariable("Q02").config.question!.rows).toHaveLength(5);
    expect(byVariable("Q02").config.question!.columns).toHaveLength(5);
    expect(imported.warnings).toEqual([]);
  });

  it("limesurvey_survey_432535.lss (DBVersion 426): a mandatory 5-point choice and a long free text", () => {
    const { questions, byVariable } = load("platforms/limesurvey/citric-limesurvey_survey_432535.lss");
    expect(questions).toHaveLength(2);
    expect(byVariable("G01Q01").config).toMatchObject({ type: "rating", question: { required: true } });
    expect(byVariable("G01Q02").config).toMatchObject({ type: "open_text", question: { required: false } });
  });

  it("survey.lss (DBVersion 641): two groups as two pages, yes/no as two options, the file upload as an open question with a warning", () => {
    const { imported, questions, byVariable } = load("platforms/limesurvey/citric-survey.lss");
    expect(questions).toHaveLength(4);
    expect(imported.document.pages.filter((page) => page.blocks.some((block) => block.config.question))).toHaveLength(2);
    expect(byVariable("G02Q04").config).toMatchObject({ type: "single_choice", question: { required: true } });
    expect(byVariable("G02Q04").config.question!.options).toHaveLength(2);
    expect(imported.warnings).toEqual([expect.objectContaining({ code: "type_unsupported", element: "question G02Q03" })]);
    expect(questions.filter((block) => block.config.showIf)).toHaveLength(0);
  });
});

describe("Real fixtures exported back to their own platform keep the respondent paths", () => {
  const cases = [
    ["qualtrics", "platforms/qualtrics/sp-test-survey.qsf"],
    ["surveymonkey", "platforms/surveymonkey/airbyte-survey-details.json"],
    ["limesurvey", "platforms/limesurvey/citric-answers.lss"],
    ["limesurvey", "platforms/limesurvey/citric-survey.lss"],
  ] as const;
  for (const [platform, file] of cases) {
    it(`${file} → ${platform} export → import`, () => {
      const { imported } = load(file);
      const again = buildDocument(FORMATS[platform].importSurvey(FORMATS[platform].exportSurvey(imported.document).source), imported.document.survey);
      expect(comparePaths(imported.document, again, 1000).rate).toBe(1);
    });
  }
});
