import { describe, expect, it } from "vitest";
import { buildDocument } from "../linear";
import { comparePaths } from "../simulate";
import { constructsSurvey, fixtureText } from "../testing/surveys";
import { parseXml } from "../xml";
import { exportLimeSurvey } from "./export";
import { importLimeSurvey, LssError } from "./import";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

function table(source: string, name: string): Record<string, string>[] {
  const document = parseXml(source).find((node) => node.tag === "document")!;
  const rows = document.children.find((node) => node.tag === name)?.children.find((node) => node.tag === "rows");
  return (rows?.children ?? []).map((row) => Object.fromEntries(row.children.map((field) => [field.tag, field.text])));
}

describe("LimeSurvey export (.lss)", () => {
  const { source, warnings } = exportLimeSurvey(constructsSurvey());

  it("writes a <document> of type Survey with one group per page and typed questions", () => {
    expect(source).toMatch(/<document>\s*<LimeSurveyDocType>Survey<\/LimeSurveyDocType>/);
    expect(table(source, "groups").map((group) => group.group_name)).toEqual(["Screener", "Usage", "Ratings", "Heavy users", "Thanks"]);
    const types = Object.fromEntries(table(source, "questions").map((question) => [question.title, question.type]));
    expect(types).toMatchObject({ S1: "L", S2: "M", Q1: "L", Q2: "N", Q3: "F", Q4: "T", Q5: "!", Q6: "L" });
    expect(table(source, "question_attributes")).toContainEqual({ qid: expect.any(String), attribute: "exclude_all_others", value: "4" });
  });

  it("writes relevance equations in ExpressionScript on groups, questions and subquestions", () => {
    const questions = Object.fromEntries(table(source, "questions").map((question) => [question.title, question.relevance]));
    expect(questions.Q4).toBe('Q3_1.NAOK == "1"');
    expect(questions.Q5).toBe('(!is_empty(Q2.NAOK) and Q2.NAOK >= 10) and !(is_empty(Q1.NAOK)) and Q1.NAOK != "3"');
    expect(questions.Q6).toBe('S2_3.NAOK != "Y" or count(S2_1.NAOK, S2_2.NAOK, S2_3.NAOK, S2_4.NAOK) >= 2');
    const rows = table(source, "subquestions").filter((row) => row.relevance !== "1");
    expect(rows.map((row) => row.relevance)).toEqual(['S2_1.NAOK == "Y"', 'S2_2.NAOK == "Y"']);
    expect(table(source, "groups")[2].grelevance).toContain('Q2.NAOK <= 20');
  });

  it("turns the screen-out into terminating quotas on answer codes, and warns about option display logic it cannot express", () => {
    expect(table(source, "quota")).toEqual([
      expect.objectContaining({ name: "Screened out", qlimit: "0", action: "1" }),
      expect.objectContaining({ name: "Screened out", qlimit: "0", action: "1" }),
    ]);
    expect(table(source, "quota_members").map((member) => member.code)).toEqual(["2", "4"]);
    expect(warnings.map((warning) => warning.code)).toEqual(["display_logic_unsupported", "display_logic_unsupported", "display_logic_unsupported"]);
  });

  it("round-trips a survey without option display logic exactly", () => {
    const document = constructsSurvey();
    for (const page of document.pages) for (const block of page.blocks) for (const option of block.config.question?.options ?? []) delete option.showIf;
    const exported = exportLimeSurvey(document);
    expect(exported.warnings).toEqual([]);
    const rebuilt = buildDocument(importLimeSurvey(exported.source), document.survey);
    expect(comparePaths(document, rebuilt, 1000)).toMatchObject({ rate: 1 });
    expect(rebuilt.pages.find((page) => page.name === "Screened out")).toMatchObject({ assign_response_status: "disqualified" });
    expect(rebuilt.pages.find((page) => page.name === "Thanks")).toMatchObject({ assign_response_status: "complete" });
  });

  it("rejects XML that is not a LimeSurvey survey structure", () => {
    expect(() => importLimeSurvey("<survey/>")).toThrow(LssError);
    expect(() => importLimeSurvey("<document><LimeSurveyDocType>Question</LimeSurveyDocType></document>")).toThrow(LssError);
  });
});

describe("LimeSurvey import of a real survey (015, RSE survey 2017 UK)", () => {
  const imported = importLimeSurvey(fixtureText("questionnaires/files/015-rse-survey-2017-uk-core.lss")!);
  const document: TSurveyDocument = buildDocument(imported, { id: "s", slug: "s", name: "015" });
  const blocks = document.pages.flatMap((page) => page.blocks);
  const block = (variable: string) => blocks.find((entry) => entry.config.question?.variable === variable)!;

  it("imports all 59 questions (multiple-input ones as one question per input) with every relevance equation", () => {
    expect(imported.warnings).toEqual([]);
    expect(document.pages.filter((page) => page.blocks.length).map((page) => page.name)).toEqual([
      "Question about yourself",
      "Current employment",
      "Employment history",
      "Current job",
      "Perception about current position",
      "Final questions",
      "End of survey",
    ]);
    const variables = new Set(blocks.map((entry) => entry.config.question?.variable?.split("_")[0]).filter(Boolean));
    expect(variables.size).toBe(59);
    expect(blocks.filter((entry) => entry.config.showIf).length).toBeGreaterThanOrEqual(13);
    expect(block("edu2").config.showIf).toBe("{edu1} = '3' or {edu1} = '4' or {edu1} = '5' or {edu1} = '7'");
    expect(block("currentEmp4").config.showIf).toBe("not {currentEmp1} = 'uni'");
    expect(block("ukrs3").config.showIf).toBe("{ukrse2} = '-oth-'");
  });

  it("exports back to LSS with the same respondent paths", () => {
    const again = buildDocument(importLimeSurvey(exportLimeSurvey(document).source), document.survey);
    expect(comparePaths(document, again, 1000).rate).toBe(1);
  });
});
