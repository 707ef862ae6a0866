import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { evaluateCondition } from "../conditions";
import type { QuestionnaireIR } from "../ir";
import { matchQuestionId } from "./patterns";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/**
 * Conventions found missing by the screener and instrument round (a blind set of market-research, CATI, academic,
 * employee, customer and government questionnaires — see docs/decisions.md): each test writes the convention in
 * its own words, never the documents'.
 */

const parse = (text: string, filename = "q.md") => parseText(text, filename);


/** Whether the programmed survey shows the block of `variable` for the given answers. */
function shown(ir: QuestionnaireIR, variable: string, answers: Record<string, unknown>): boolean {
  const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
  const block = document.pages.flatMap((page) => page.blocks).find((candidate) => candidate.config.question?.variable === variable);
  if (!block) throw new Error(`no block ${variable}`);
  const condition = block.config.showIf;
  return !condition || evaluateCondition(condition, answers);
}

describe("question ids of telephone scripts and specifications", () => {
  it("reads phase-lettered ids written with a full stop (Q.B7, Q.D12a)", () => {
    expect(matchQuestionId("Q.B7\tHow much do you trust the council?")).toMatchObject({ id: "QB7", rest: "How much do you trust the council?" });
    expect(matchQuestionId("Q.D12a Would you say that strongly?")?.id).toBe("QD12a");
  });

  it("reads a capitals variable name set apart by a tab, a wide gap or a full stop", () => {
    expect(matchQuestionId("TRAVELMODE\tHow do you usually get to work?")).toMatchObject({ id: "TRAVELMODE", kind: "variable" });
    expect(matchQuestionId("HHSIZE    How many people live in your home?")?.id).toBe("HHSIZE");
    expect(matchQuestionId("INCOME. What was your household income last year?")?.id).toBe("INCOME");
    // Instructions in capitals are not variables.
    expect(matchQuestionId("INTERVIEWER\tRead the list slowly")).toBeNull();
    expect(matchQuestionId("NOTE. Please read the whole list to the respondent")).toBeNull();
  });

  it("reads a variable name before a dash as the id, keeping a filter in parentheses with the wording", () => {
    expect(matchQuestionId("Q4_Trust_Media - How much do you trust the media?")).toMatchObject({ id: "Q4_Trust_Media", rest: "How much do you trust the media?" });
    expect(matchQuestionId("Region - Record the region of the interview:")?.id).toBe("Region");
    expect(matchQuestionId("Q9_Second (IF Q8 < 90) - Which would be your second choice?")).toMatchObject({ id: "Q9_Second", rest: "Which would be your second choice? (IF Q8 < 90)", alias: "Q9" });
    // A running header with a dash is not a question.
    expect(matchQuestionId("Internal – Project Falcon draft")).toBeNull();
  });

  it("reads ids with two suffixes (Q2.3_1)", () => {
    expect(matchQuestionId("Q2.3_1 How satisfied are you with the price?")?.id).toBe("Q2.3_1");
  });

  it("programs a social-survey list of variables with their filter in parentheses", async () => {
    const ir = await parse(
      [
        "**Q1_Vote** - How likely are you to vote in the next election?",
        "  1. Certain",
        "  2. Likely",
        "  3. Unlikely",
        "  98. DK",
        "",
        "**Q2_Party** (IF Q1 <= 2) - Which party would you vote for?",
        "  1. Red",
        "  2. Blue",
        "  98. DK",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1_Vote", "Q2_Party"]);
    expect(questions(ir)[1].options).toHaveLength(3);
    // The filter names the question by its number ("Q1" for "Q1_Vote").
    expect(shown(ir, "Q2_Party", { Q1_Vote: "2" })).toBe(true);
    expect(shown(ir, "Q2_Party", { Q1_Vote: "3" })).toBe(false);
  });
});

describe("display logic exported with ids and answer labels", () => {
  it("shows a question unless the named answer is selected ('… is not selected'), on the question after the line", async () => {
    const ir = await parse(
      [
        "### Q2.1\tDid you buy a bicycle this year?",
        "* Yes (1)",
        "* No (2)",
        "",
        "*Display this question: If Q2.1 = No is not selected*",
        "",
        "### Q2.2\tWhere did you buy it?",
        "* Shop (1)",
        "* Online (2)",
      ].join("\n"),
    );
    expect(shown(ir, "Q2_2", { Q2_1: "1" })).toBe(true);
    expect(shown(ir, "Q2_2", { Q2_1: "2" })).toBe(false);
  });

  it("joins clauses written on one line with '; Or' and reads ids with an underscore inside italics", async () => {
    const ir = await parse(
      [
        "### Q4_2\tI plan my week in advance",
        "* Agree (1)",
        "* Unsure (2)",
        "* Disagree (3)",
        "",
        "*Display this question if Q4_2 = Agree; Or Q4_2 = Unsure is selected.*",
        "",
        "### Q4_3\tWhich tools do you use to plan?",
        "* Paper diary (1)",
        "* Phone app (2)",
      ].join("\n"),
    );
    expect(shown(ir, "Q4_3", { Q4_2: "1" })).toBe(true);
    expect(shown(ir, "Q4_3", { Q4_2: "2" })).toBe(true);
    expect(shown(ir, "Q4_3", { Q4_2: "3" })).toBe(false);
  });
});

/** Where the programmed survey goes after `variable` is answered with `answer`: TERMINATE, END, NEXT or a question. */
function goesTo(ir: QuestionnaireIR, variable: string, answer: unknown): string {
  const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
  const index = document.pages.findIndex((page) => page.blocks.some((block) => block.config.question?.variable === variable));
  const rule = document.pages[index].navigation_rules.find((candidate) => !candidate.condition || evaluateCondition(candidate.condition, { [variable]: answer }));
  if (!rule) return "NEXT";
  const target = document.pages.find((candidate) => candidate.id === rule.target_page_id)!;
  if (target.assign_response_status === "disqualified") return "TERMINATE";
  if (target.assign_response_status === "complete") return "END";
  return target.blocks.find((block) => block.config.question)?.config.question?.variable ?? "?";
}

describe("screening written as prose in a questionnaire specification", () => {
  const spec = (questionsText: string[]) =>
    [
      "# Part A: Eligibility",
      "",
      ...questionsText.flatMap((wording, index) => [
        `## Q${index + 1}. ${wording}`,
        "",
        "**Question Type:** Multiple choice",
        "",
        "- Yes",
        "- No",
        "",
        "**Eligibility rule:**",
        "If the participant answers \"No\", the questionnaire will end.",
        "",
        "---",
        "",
      ]),
      "# Part B: Habits",
      "",
      "## Q4. Which days do you cook?",
      "",
      "**Question Type:** Checkboxes",
      "",
      "- Weekdays",
      "- Weekends",
    ].join("\n");

  it("screens out the named answer of every screening question, even when the same sentence repeats next to rules", async () => {
    const ir = await parse(spec(["Do you live in the city?", "Do you cook at home?", "Do you agree to take part?"]));
    for (const variable of ["Q1", "Q2", "Q3"]) {
      expect(goesTo(ir, variable, "2")).toBe("TERMINATE");
      expect(goesTo(ir, variable, "1")).toBe("NEXT");
    }
  });

  it("reads a declared 'Multiple choice' as one answer from the list, unlike checkboxes", async () => {
    const ir = await parse(spec(["Do you live in the city?", "Do you cook at home?", "Do you agree to take part?"]));
    expect(questions(ir).map((question) => question.type)).toEqual(["single", "single", "single", "multi"]);
  });
});
