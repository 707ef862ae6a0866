import { describe, expect, it } from "vitest";
import { buildDocument } from "../linear";
import { comparePaths } from "../simulate";
import { constructsSurvey } from "../testing/surveys";
import { exportSurveyMonkey } from "./export";
import { importSurveyMonkey, SurveyMonkeyJsonError } from "./import";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

type Json = Record<string, any>;

/** What SurveyMonkey can express: answer skips on single-choice questions, page skips, a disqualification page. */
function skipSurvey(): TSurveyDocument {
  const document = constructsSurvey();
  document.pages = document.pages.filter((page) => page.id !== "p4");
  for (const page of document.pages) {
    page.navigation_rules = [];
    for (const block of page.blocks) {
      delete block.config.showIf;
      for (const list of [block.config.question?.options, block.config.question?.rows]) for (const choice of list ?? []) delete choice.showIf;
      for (const option of block.config.question?.options ?? []) delete option.exclusive;
    }
  }
  document.pages[0].navigation_rules = [{ id: "r1", order: 0, condition: "{S1} = '2'", target_page_id: "p6" }];
  document.pages[1].navigation_rules = [
    { id: "r2", order: 0, condition: "{Q1} anyof ['1', '3']", target_page_id: "p5" },
    { id: "r3", order: 1, target_page_id: "p3" },
  ];
  return document;
}

describe("SurveyMonkey export (API v3 survey JSON)", () => {
  it("writes pages with questions by family and subtype, headings, answers and required", () => {
    const body = JSON.parse(exportSurveyMonkey(constructsSurvey()).source) as Json;
    expect(body.pages.map((page: Json) => page.title)).toEqual(["Screener", "Usage", "Ratings", "Heavy users", "Thanks", "Screened out"]);
    const questions = body.pages.flatMap((page: Json) => page.questions) as Json[];
    const families = Object.fromEntries(questions.map((question) => [question.nickname ?? question.headings[0].heading, `${question.family}/${question.subtype}`]));
    expect(families).toMatchObject({ S1: "single_choice/vertical", S2: "multiple_choice/vertical", Q2: "open_ended/single", Q3: "matrix/single", Q4: "open_ended/essay", Q5: "single_choice/menu" });
    expect(questions.find((question) => question.nickname === "Q3")!.answers.rows.map((row: Json) => row.text)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(questions.find((question) => question.nickname === "S1")!.required).toMatchObject({ type: "all" });
  });

  it("writes answer skips and page skips, and warns about every construct SurveyMonkey cannot express", () => {
    const { source, warnings } = exportSurveyMonkey(constructsSurvey());
    const body = JSON.parse(source) as Json;
    expect(body.pages[0].questions[1].answers.choices[1].skip_logic).toEqual({ destination_type: "page", destination_id: body.pages[5].id });
    expect(body.pages[5].skip_logic).toEqual({ destination_type: "disqualification" });
    expect(body.pages[4].skip_logic).toEqual({ destination_type: "end_of_survey" });
    const codes = warnings.map((warning) => `${warning.code} ${warning.element}`);
    expect(codes).toContain("skip_logic_unsupported rule 2 of page “Screener”");
    expect(codes).toContain("skip_logic_unsupported rule 1 of page “Usage”");
    expect(codes).toContain("display_logic_unsupported option 1 of question Q1 on page “Usage”");
    expect(codes).toContain("display_logic_unsupported question Q4 on page “Ratings”");
    expect(codes).toContain("exclusive_unsupported question S2 on page “Screener”");
  });

  it("round-trips what it can express without warnings and with the same respondent paths", () => {
    const document = skipSurvey();
    const exported = exportSurveyMonkey(document);
    expect(exported.warnings).toEqual([]);
    const imported = importSurveyMonkey(exported.source);
    const rebuilt = buildDocument(imported, document.survey);
    expect(rebuilt.pages.map((page) => [page.name, page.assign_response_status ?? null])).toEqual([
      ["Screener", null],
      ["Usage", null],
      ["Ratings", null],
      ["Thanks", "complete"],
      ["Screened out", "disqualified"],
    ]);
    expect(rebuilt.pages[1].navigation_rules.map((rule) => rule.condition ?? null)).toEqual(["{Q1} anyof ['1', '3']", null]);
    expect(comparePaths(document, rebuilt, 1000).rate).toBe(1);
  });

  it("rejects JSON that is not a SurveyMonkey survey", () => {
    expect(() => importSurveyMonkey('{"title":"x"}')).toThrow(SurveyMonkeyJsonError);
  });
});

describe("SurveyMonkey import of shapes seen in real survey-details responses", () => {
  // Written for this test in the shape of a real (GPL, not kept) survey-details response: an empty first
  // page, a drop-down matrix whose columns have their own choices, hidden choices and a contact-information question.
  const source = JSON.stringify({
    title: "Registration",
    pages: [
      { id: "10", position: 1, title: "", questions: [] },
      {
        id: "11",
        position: 2,
        title: "Details",
        questions: [
          {
            id: "1",
            position: 1,
            family: "matrix",
            subtype: "menu",
            required: null,
            headings: [{ heading: "Your service details:" }],
            answers: {
              rows: [{ id: "r1", text: "Your contact" }],
              cols: [
                { id: "c1", text: "Office", choices: [{ id: "a", text: "North", position: 1 }, { id: "b", text: "South", position: 2 }] },
                { id: "c2", text: "Case manager", choices: [{ id: "c", text: "A. Smith", position: 1 }, { id: "d", text: "B. Jones", position: 2 }, { id: "e", text: "C. Brown", position: 3 }] },
              ],
            },
          },
          {
            id: "2",
            position: 2,
            family: "single_choice",
            subtype: "vertical_two_col",
            headings: [{ heading: "Gender&nbsp;identity" }],
            answers: { choices: [{ id: "f", text: "Old option", position: 1, visible: false }, { id: "g", text: "Male", position: 2 }, { id: "h", text: "Female", position: 3 }] },
          },
          {
            id: "3",
            position: 3,
            family: "demographic",
            subtype: "international",
            headings: [{ heading: "Contact information" }],
            answers: { rows: [{ id: "n", text: "Name", position: 1, visible: false }, { id: "e1", text: "Email Address", position: 2, visible: true }, { id: "p", text: "\n Phone Number\n", position: 3, visible: true }] },
          },
        ],
      },
    ],
  });
  const imported = importSurveyMonkey(source);
  const blocks = imported.pages.flatMap((page) => page.blocks);

  it("leaves out the empty first page", () => {
    expect(imported.pages[0].name).toBe("Details");
  });

  it("imports a drop-down matrix as one grid per column with that column's choices", () => {
    expect(blocks[0]).toMatchObject({ type: "matrix", content: "Your service details: — Office", question: { variable: "P2Q1_1", rows: [{ label: "Your contact" }], columns: [{ label: "North" }, { label: "South" }] } });
    expect(blocks[1].question!.columns).toHaveLength(3);
    expect(imported.warnings).toContainEqual(expect.objectContaining({ element: "question P2Q1", code: "type_simplified" }));
  });

  it("leaves out hidden choices (keeping the codes of the others) and lists the shown contact fields", () => {
    expect(blocks[2]).toMatchObject({ type: "single_choice", content: "Gender identity", question: { options: [{ value: "2", label: "Male" }, { value: "3", label: "Female" }] } });
    expect(blocks[3]).toMatchObject({ type: "open_text", content: "Contact information\n\n- Email Address\n- Phone Number" });
    expect(imported.warnings.filter((warning) => /hidden/.test(warning.reason)).map((warning) => warning.element)).toEqual(["question P2Q2", "question P2Q3"]);
  });
});
