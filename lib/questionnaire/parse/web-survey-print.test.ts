import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * Convention: a web survey's print (a survey tool's print preview, copied to paper): no question ids, the survey's
 * block names printed as short headings between the questions, consent statements answered Yes/No, and the open
 * questions printed with no answer space at all — their wording alone, sometimes ending in a request for the answer's
 * form ("Please enter a number.") or written as a request ("Please enter your email.").
 */
describe("web survey prints", () => {
  it("reads a block name printed over a question as a heading, not as the question's label", async () => {
    const ir = await parseText(["Demographics", "", "What best describes the place where you work?", "☐ A university", "☐ A company", "", "What is your gender?", "☐ Man", "☐ Woman"].join("\n"));
    expect(questionsOf(ir).map((question) => [question.id, question.printedId])).toEqual([
      ["Q1", false],
      ["Q2", false],
    ]);
  });

  it("keeps a short label printed directly above its question as the question's label", async () => {
    const ir = await parseText(["Age group", "Which age group are you in?", "☐ Under 30", "☐ 30 or older", "", "Region", "Which region do you live in?", "☐ North", "☐ South"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Age group", "Region"]);
  });

  it("reads open questions with no answer space, also with a request after the question mark or as a request", async () => {
    const ir = await parseText(
      [
        "Which tools does your team use?",
        "☐ Spreadsheets",
        "☐ A database",
        "",
        "Approximately how many years have you worked in research? Please enter a number.",
        "",
        "Please enter your email. It is only used to send you the results.",
        "",
        "How large is your team?",
        "○ 1-5",
        "○ 6 or more",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => [question.text.split("\n")[0], question.type])).toEqual([
      ["Which tools does your team use?", "multi"],
      ["Approximately how many years have you worked in research? Please enter a number.", "numeric"],
      ["Please enter your email. It is only used to send you the results.", "open"],
      ["How large is your team?", "single"],
    ]);
  });

  it("reads open questions and the block titles between them before the lead-in of the next question", async () => {
    const ir = await parseText(
      [
        "How would you describe your affiliation?",
        "☐ University",
        "☐ Government",
        "",
        "What country do you currently work in?",
        "",
        "Anything else?",
        "",
        "Is there anything else you would like to tell us about your work?",
        "",
        "We are interested in your opinions about the association. For each statement, please say how much you agree.",
        "",
        "The annual meeting is useful.",
        "☐ Agree",
        "☐ Disagree",
      ].join("\n"),
    );
    const open = questionsOf(ir).filter((question) => question.type === "open").map((question) => question.text);
    expect(open).toEqual(["What country do you currently work in?", "Is there anything else you would like to tell us about your work?"]);
  });

  it("keeps unnumbered consent statements as questions where the parser named bare-answer questions itself", async () => {
    const ir = await parseText(
      [
        "I am age 18 or older.",
        "☐ Yes",
        "☐ No",
        "",
        "Which season do you prefer?",
        "",
        "Spring",
        "Summer",
        "",
        "Which colour do you like best?",
        "",
        "Red",
        "Blue",
        "",
        "Which pet do you have at home?",
        "",
        "Cat",
        "Dog",
        "",
        "What is the name of your pet?",
        "",
        "How old is your pet?",
        "",
        "Foal",
        "Adult",
      ].join("\n"),
    );
    const texts = questionsOf(ir).map((question) => question.text.split("\n")[0]);
    expect(texts).toContain("I am age 18 or older.");
    expect(texts).toContain("What is the name of your pet?");
  });
});

/**
 * Convention: Qualtrics' Word export printed to PDF: each question starts with its export tag, and Word prints its
 * "o" bullet before each answer as the letter o ("o John is easy to see. (1)"); a consent statement is tagged like a
 * question and answered by coded choices.
 */
describe("Word exports with letter-o bullets", () => {
  it("reads 'o' answers as answers, not as questions tagged 'o', and a tagged statement over coded answers as a question", async () => {
    const ir = await parseText(
      [
        'check_1 Choose the accurate rephrasing of "It is easy to see John".',
        "",
        "   o John is easy to see. (1)",
        "",
        "   o John is eager to see. (2)",
        "",
        "check_2 Based on the description, the headlines you will read:",
        "",
        "   o some are true, some are false (1)",
        "",
        "   o are all true (2)",
        "",
        "dem_year Which year were you born?",
        "",
        "    ________________",
        "",
        "consent I have read the above information and agree to take part.",
        "",
        "   o I CONSENT to take part in the study. (1)",
        "",
        "   o I DO NOT CONSENT to take part in the study. (2)",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["check_1", 2],
      ["check_2", 2],
      ["dem_year", 0],
      ["consent", 2],
    ]);
  });
});

describe("descriptive text items in a tool's export that prints every text question's field", () => {
  it("reads a long tagged screen that asks along the way but not at its end as text, and a tagged question with its field as a question", async () => {
    const ir = await parseText(
      [
        "Q17 You will read twelve news headlines. Some of the headlines are false, while others are true. We ask you to tell us whether you think each headline is true or false. Please do not search for the headlines online. We hope you enjoy the task!",
        "",
        "follow_purpose Describe in a few words what you think the study was about:",
        "",
        "    ________________________________________________________________",
        "",
        "dem_birth Which year were you born?",
        "",
        "    ________________________________________________________________",
        "",
        "follow_random Have you answered questions randomly?",
        "",
        "   o Yes (1)",
        "",
        "   o No (2)",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["follow_purpose", "dem_birth", "follow_random"]);
  });
});

/**
 * Convention: SurveyMonkey's PDF export marks required questions with a star before the number ("* 2. How …"); an A/B
 * test question prints its number alone ("* 1.") and then its variants, each with its share and its own wording.
 */
describe("SurveyMonkey exports with A/B test variants", () => {
  it("reads a starred number alone on its line as the question's id, not as an answer", async () => {
    const ir = await parseText(
      [
        "* 1. Which fruit do you like best?",
        "Apples",
        "Pears",
        "",
        "* 2.",
        "A 50.0%   Scenario: a shop sells apples at half price.",
        "          How likely are you to buy them?",
        "B 50.0%   Scenario: a shop sells pears at half price.",
        "          How likely are you to buy them?",
        "Very likely",
        "Not likely",
        "",
        "* 3. How old are you?",
        "Under 30",
        "30 or older",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(questionsOf(ir)[0].options.map((option) => option.label)).toEqual(["Apples", "Pears"]);
  });
});
