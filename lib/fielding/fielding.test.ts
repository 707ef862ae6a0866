import { describe, expect, it } from "vitest";
import { csvCell, spssName } from "./export";
import { documentDirection, parseForm, readPageAnswers } from "./respondent";
import { responseStatusFor } from "./status";
import type { TDocumentBlock, TSurveyDocument } from "@/lib/survey-document/schemas";

type Question = NonNullable<TDocumentBlock["config"]["question"]>;
const block = (type: TDocumentBlock["config"]["type"], question: Omit<Question, "required">): TDocumentBlock => ({
  id: `b-${question.variable}`,
  order: 0,
  config: { type, content: "Q", content_type: "markdown", question: { required: true, ...question } },
});

describe("response status of an ending page", () => {
  it("completes on `complete` and terminates on every other assigned status", () => {
    expect(responseStatusFor("complete")).toBe("complete");
    expect(responseStatusFor("Complete ")).toBe("complete");
    expect(responseStatusFor("disqualified")).toBe("terminated");
    expect(responseStatusFor("over_quota")).toBe("terminated");
  });
});

describe("reading a submitted page", () => {
  const choices = [{ value: "1", label: "Spotify" }, { value: "2", label: "Other", other: true }, { value: "9", label: "None", exclusive: true }];
  it("keeps only offered codes, refuses an exclusive option with others, and requires the other-specify text", () => {
    const blocks = [block("multiple_choice", { variable: "Q1", options: choices })];
    const mixed = readPageAnswers(blocks, parseForm("a:Q1=1&a:Q1=9&a:Q1=77"), {}, {});
    expect(mixed.answers.Q1).toEqual(["1", "9"]);
    expect(mixed.errors["b-Q1"]).toBe("“None” cannot be combined with other answers.");
    const other = readPageAnswers(blocks, parseForm("a:Q1=2"), {}, {});
    expect(other.errors["b-Q1"]).toBe("Please specify “Other”.");
    const specified = readPageAnswers(blocks, parseForm("a:Q1=2&o:Q1=Deezer"), {}, {});
    expect(specified).toMatchObject({ answers: { Q1: ["2"] }, otherText: { Q1: "Deezer" }, errors: {} });
  });

  it("reads grids by row, ranks into an order, numbers and dates, and removes a cleared answer", () => {
    const blocks = [
      block("matrix", { variable: "M", rows: [{ value: "r1", label: "A" }, { value: "r2", label: "B" }], columns: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] }),
      block("ranking", { variable: "R", options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] }),
      block("number", { variable: "N" }),
      block("date", { variable: "D" }),
    ];
    const read = readPageAnswers(blocks, parseForm("a:M.r1=2&a:M.r2=5&a:R.a=2&a:R.b=1&a:N=3,5&a:D=2026-02-30x"), { N: 1, D: "2020-01-01" }, {});
    expect(read.answers).toEqual({ M: { r1: "2" }, R: ["b", "a"], N: 3.5 });
    expect(read.errors["b-D"]).toMatch(/year-month-day/);
    const tied = readPageAnswers(blocks.slice(1, 2), parseForm("a:R.a=1&a:R.b=1"), {}, {});
    expect(tied.errors["b-R"]).toBe("Give each item a different rank.");
  });
});

describe("exports", () => {
  it("makes SPSS-safe names", () => {
    expect(spssName("Q1")).toBe("Q1");
    expect(spssName("1st-choice")).toBe("v1st_choice");
    expect(spssName("Q2.")).toBe("Q2");
  });
  it("quotes CSV cells and defuses spreadsheet formulas but not negative numbers", () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-12")).toBe("-12");
    expect(csvCell(null)).toBe("");
  });
});

describe("text direction", () => {
  it("is right-to-left when most letters are Hebrew or Arabic", () => {
    const document = (content: string) => ({ pages: [{ blocks: [{ config: { content } }] }] }) as unknown as TSurveyDocument;
    expect(documentDirection(document("ما هو عمرك؟"))).toBe("rtl");
    expect(documentDirection(document("What is your age?"))).toBe("ltr");
  });
});
