import { describe, expect, it } from "vitest";
import { definitionFormatOf, importDefinition } from "../formats";
import { buildDocument } from "../linear";
import { comparePaths } from "../simulate";
import { fixtureText } from "../testing/surveys";
import { exportLimeSurvey } from "./export";
import { importLimeSurvey } from "./import";
import { importLimeSurveyTsv, LimeSurveyTsvError, parseTsv } from "./tsv";

const HEADER = "class\ttype/scale\tname\trelevance\ttext\thelp\tlanguage\tvalidation\tmandatory\tother\tdefault\tsame_default\trandom_order";
const row = (...cells: string[]) => cells.join("\t");

/** A small structure in the export's layout: a relevance equation, an array, a translated copy to skip. */
const SMALL = [
  HEADER,
  row("S", "", "sid", "", "123"),
  row("S", "", "language", "", "en"),
  row("SL", "", "surveyls_title", "", "Pets", "", "en"),
  row("G", "G1", "About you", "1", "", "", "en"),
  row("Q", "L", "pet", "1", "Do you have a pet?", "", "en", "", "Y", "N"),
  row("A", "0", "A1", "", "Yes", "", "en"),
  row("A", "0", "A2", "", "No", "", "en"),
  row("Q", "M", "kinds", 'pet == "A1"', '"Which kinds?\nSelect all."', "", "en", "", "N", "Y", "", "", "1"),
  row("SQ", "0", "dog", "1", "Dog", "", "en"),
  row("SQ", "0", "cat", "1", "Cat", "", "en"),
  row("Q", "S", "name", "kinds_dog == \"Y\" and !is_empty(pet)", "Your dog's name?", "", "en", "", "N", "N"),
  row("G", "G1", "Über Sie", "1", "", "", "de"),
  row("Q", "L", "pet", "1", "Haben Sie ein Haustier?", "", "de", "", "Y", "N"),
  row("C", "", "x", "", "", "", "en"),
].join("\n");

describe("LimeSurvey tab-separated structure import", () => {
  it("reads spreadsheet quoting: tabs, newlines and doubled quotes inside a quoted field", () => {
    expect(parseTsv('a\t"b\tc"\t"d\n""e"""\r\nf\tg')).toEqual([
      ["a", "b\tc", 'd\n"e"'],
      ["f", "g"],
    ]);
  });

  it("reads groups, questions, subquestions and answers by proximity in the base language, with relevance equations translated", () => {
    const imported = importLimeSurveyTsv(SMALL);
    const document = buildDocument(imported, { id: "s", slug: "s", name: "Pets" });
    expect(imported.name).toBe("Pets");
    expect(document.pages.map((page) => page.name)).toEqual(["About you", "End of survey"]);
    const blocks = document.pages[0].blocks.map((block) => block.config);
    expect(blocks.map((block) => [block.type, block.question?.variable])).toEqual([
      ["single_choice", "pet"],
      ["multiple_choice", "kinds"],
      ["open_text", "name"],
    ]);
    expect(blocks[0].question).toMatchObject({ required: true, options: [{ value: "A1", label: "Yes" }, { value: "A2", label: "No" }] });
    expect(blocks[1]).toMatchObject({ content: "Which kinds?\nSelect all.", showIf: "{pet} = 'A1'", question: { randomize: true, options: [{ value: "dog" }, { value: "cat" }, { value: "-oth-", other: true }] } });
    expect(blocks[2].showIf).toBe("{kinds} = 'dog' and {pet} notempty");
    // The legacy condition row is named, not dropped silently.
    expect(imported.warnings).toEqual([expect.objectContaining({ code: "row_unsupported", element: "1 C row" })]);
  });

  it("rejects text that is not a LimeSurvey tab-separated structure, or one without questions", () => {
    expect(() => importLimeSurveyTsv("name\tvalue\n")).toThrow(LimeSurveyTsvError);
    expect(() => importLimeSurveyTsv([HEADER, row("G", "G1", "Empty", "1")].join("\n"))).toThrow(LimeSurveyTsvError);
  });
});

describe("LimeSurvey TSV import of a real survey (016, RSE survey 2017 South Africa)", () => {
  const source = fixtureText("questionnaires/files/016-rse-survey-2017-south-africa-limesurvey.tsv.txt")!;
  const imported = importLimeSurveyTsv(source);
  const document = buildDocument(imported, { id: "s", slug: "s", name: "016" });
  const blocks = document.pages.flatMap((page) => page.blocks);
  const questions = blocks.filter((block) => block.config.question);
  const byVariable = (variable: string) => questions.find((block) => block.config.question!.variable === variable)!.config;

  it("is recognised by its content, whatever the file is called", () => {
    const bytes = new TextEncoder().encode(source);
    expect(definitionFormatOf(bytes, "questions_to_import.txt")).toBe("limesurvey_tsv");
    expect(definitionFormatOf(bytes, "upload.bin")).toBe("limesurvey_tsv");
    expect(importDefinition(bytes, "x", { id: "s", slug: "s", name: "016" })).toMatchObject({ format: "limesurvey_tsv", platform: "limesurvey" });
  });

  it("imports all 66 questions in the 7 groups with LimeSurvey's types, answers and subquestions", () => {
    expect(imported.warnings).toEqual([]);
    expect(imported.name).toBe("Study about people in the South Africa writing research software");
    expect(document.pages.map((page) => page.name)).toEqual([
      "Questions about you",
      "Your current employment",
      "Your employment history",
      "Your working practices",
      "Your perception of your current position",
      "Demographic questions",
      "Final questions about you",
      "End of survey",
    ]);
    expect(questions).toHaveLength(66);
    expect(byVariable("socio1")).toMatchObject({ type: "dropdown", content: "In which country do you work?", question: { required: true } });
    expect(byVariable("socio1").question!.options).toHaveLength(249);
    expect(byVariable("edu1").question!.options!.at(-1)).toMatchObject({ value: "-oth-", other: true });
    expect(byVariable("rse1")).toMatchObject({ type: "single_choice", question: { options: [{ value: "Y" }, { value: "N" }] } });
    expect(byVariable("currentEmp13").question!.options).toHaveLength(67);
    expect(byVariable("likert2")).toMatchObject({ type: "matrix" });
    expect(byVariable("likert2").question!.rows).toHaveLength(20);
    expect(byVariable("likert2").question!.columns).toHaveLength(5);
    expect(byVariable("prevEmp2")).toMatchObject({ type: "ranking" });
    // Nine factors to rank (the answers); the eight subquestions are the rank positions.
    expect(byVariable("prevEmp2").question!.rows).toHaveLength(9);
    expect(byVariable("soft1can")).toMatchObject({ type: "number" });
  });

  it("reads the same survey as its .lss sibling would: exported to LSS and imported back, every respondent path is the same", () => {
    const again = buildDocument(importLimeSurvey(exportLimeSurvey(document).source), document.survey);
    expect(comparePaths(document, again, 1000).rate).toBe(1);
  });
});
