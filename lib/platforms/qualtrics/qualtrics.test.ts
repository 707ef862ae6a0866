import { describe, expect, it } from "vitest";
import { buildDocument } from "../linear";
import { comparePaths } from "../simulate";
import { constructsSurvey, fixtureText } from "../testing/surveys";
import { exportQualtrics } from "./export";
import { importQualtrics, QsfError } from "./import";

type Json = Record<string, any>;

describe("Qualtrics export (.qsf)", () => {
  const qsf = JSON.parse(exportQualtrics(constructsSurvey()).source) as Json;
  const questions = (qsf.SurveyElements as Json[]).filter((element) => element.Element === "SQ").map((element) => element.Payload as Json);
  const byTag = (tag: string) => questions.find((question) => question.DataExportTag === tag)!;
  const flow = (qsf.SurveyElements as Json[]).find((element) => element.Element === "FL")!.Payload.Flow as Json[];

  it("writes one block per page, questions with recode values and matrices with statements", () => {
    const blocks = (qsf.SurveyElements as Json[]).find((element) => element.Element === "BL")!.Payload as Json[];
    expect(blocks.map((block) => block.Description)).toEqual(["Screener", "Usage", "Ratings", "Heavy users", "Thanks", "Screened out"]);
    expect(byTag("S1")).toMatchObject({ QuestionType: "MC", Selector: "SAVR", RecodeValues: { "1": "1", "2": "2" } });
    expect(byTag("S2").Choices["4"]).toMatchObject({ Display: "None of these", ExclusiveAnswer: true });
    expect(byTag("Q3")).toMatchObject({ QuestionType: "Matrix", Selector: "Likert", Answers: { "1": { Display: "Poor" } } });
    expect(byTag("Q2").Validation.Settings).toMatchObject({ ContentType: "ValidNumber", ValidNumber: { Min: "0", Max: "30" } });
  });

  it("puts display logic on questions, choices and statements", () => {
    expect(byTag("Q1").Choices["1"].DisplayLogic["0"]["0"]).toMatchObject({ Operator: "Selected", LeftOperand: "q://QID3/SelectableChoice/1" });
    expect(byTag("Q3").Choices["2"].DisplayLogic["0"]["0"]).toMatchObject({ Operator: "Selected", LeftOperand: "q://QID3/SelectableChoice/2" });
    expect(byTag("Q4").DisplayLogic["0"]["0"]).toMatchObject({ Operator: "Selected", LeftOperand: "q://QID6/SelectableAnswer/1/1" });
    // {Q1} != '3' on an answered question: "answered and not 3", never Qualtrics' bare NotSelected.
    const q5 = byTag("Q5").DisplayLogic;
    expect(Object.keys(q5).filter((key) => /^\d+$/.test(key)).length).toBeGreaterThan(1);
  });

  it("turns skips into flow branches and screen-outs into EndSurvey with ResponseFlag Screened", () => {
    const branches = flow.filter((element) => element.Type === "Branch");
    expect(branches.length).toBeGreaterThan(0);
    const screened = JSON.stringify(flow).match(/"ResponseFlag":"Screened"/g) ?? [];
    expect(screened).toHaveLength(1);
    expect(flow[0]).toMatchObject({ Type: "Block", ID: "BL_1" });
  });

  it("rejects a file that is not a QSF", () => {
    expect(() => importQualtrics("{}")).toThrow(QsfError);
    expect(() => importQualtrics("not json")).toThrow(QsfError);
  });
});

describe("Qualtrics import of a real survey (003, Delphi COVID wave 4)", () => {
  const source = fixtureText("questionnaires/files/003-delphi-covid-wave4.qsf")!;
  const imported = importQualtrics(source);
  const document = buildDocument(imported, { id: "s", slug: "s", name: "003" });
  const blocks = document.pages.flatMap((page) => page.blocks);
  const block = (variable: string) => blocks.find((entry) => entry.config.question?.variable === variable)!;

  it("imports every question in the survey flow (56 minus the 3 in the trash) with its display logic", () => {
    expect(blocks.filter((entry) => entry.config.question)).toHaveLength(53);
    expect(blocks.filter((entry) => entry.config.showIf)).toHaveLength(29);
    expect(block("B10a").config.showIf).toBe("{B10} = '1'");
    expect(block("A1").config).toMatchObject({ type: "matrix", question: { rows: expect.arrayContaining([expect.objectContaining({ label: "Cough" })]) } });
  });

  it("turns the consent branch into a screen-out page", () => {
    const screened = document.pages.find((page) => page.assign_response_status === "disqualified")!;
    expect(screened).toBeDefined();
    const consent = document.pages[0];
    expect(consent.navigation_rules[0]).toMatchObject({ condition: "{S1} = '2'", target_page_id: screened.id });
  });

  it("exports back to QSF with the same respondent paths", () => {
    const again = buildDocument(importQualtrics(exportQualtrics(document).source), document.survey);
    expect(comparePaths(document, again, 1000).rate).toBe(1);
  });
});

describe("Qualtrics import of shapes seen in a real logic test survey (QualtricsTools Survey_Logic_EVERYWHERE)", () => {
  // Written for this test in the shape of that file (declared "BSD" without a licence text, so not kept):
  // one block shown three times in the flow, and skip logic on the block's question entries.
  const question = (qid: string, tag: string) => ({
    SurveyID: "SV_1",
    Element: "SQ",
    PrimaryAttribute: qid,
    Payload: { QuestionID: qid, DataExportTag: tag, QuestionText: tag, QuestionType: "MC", Selector: "SAVR", Choices: { "1": { Display: "Yes" }, "2": { Display: "No" } }, ChoiceOrder: ["1", "2"] },
  });
  const source = JSON.stringify({
    SurveyEntry: { SurveyID: "SV_1", SurveyName: "Logic" },
    SurveyElements: [
      {
        Element: "BL",
        Payload: [
          {
            Type: "Default",
            Description: "Default Question Block",
            ID: "BL_1",
            BlockElements: [
              { Type: "Question", QuestionID: "QID1", SkipLogic: [{ ChoiceLocator: "q://QID1/SelectableChoice/1", Condition: "Selected", SkipToDestination: "ENDOFSURVEY" }] },
              { Type: "Question", QuestionID: "QID2" },
            ],
          },
        ],
      },
      { Element: "FL", Payload: { Type: "Root", Flow: [{ Type: "Block", ID: "BL_1", FlowID: "FL_2" }, { Type: "Block", ID: "BL_1", FlowID: "FL_5" }, { Type: "Block", ID: "BL_1", FlowID: "FL_9" }] } },
      question("QID1", "Q1"),
      question("QID2", "Q2"),
    ],
  });
  const imported = importQualtrics(source);

  it("imports a block that the flow shows again only once, with a warning", () => {
    expect(imported.pages.flatMap((page) => page.blocks).map((block) => block.question?.variable)).toEqual(["Q1", "Q2"]);
    expect(imported.warnings.filter((warning) => warning.element === "block Default Question Block")).toHaveLength(2);
  });

  it("reports skip logic on a block's question entries instead of dropping it silently", () => {
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "skip_logic_unsupported", element: "question Q1", reason: expect.stringContaining("ENDOFSURVEY") }));
  });
});
