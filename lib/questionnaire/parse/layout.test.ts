import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";
import { asks } from "./layout";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const parse = (text: string, filename = "q.md") => parseText(text, filename);

describe("layout model: lists of questions", () => {
  it("reads an interview guide written as bullets under headings as open questions (sub-bullets too)", async () => {
    const ir = await parse(
      ["# Interview guide", "", "## Background", "", "* What is your role in the team?", "* How many years have you worked here?", "", "## Tools", "", "* Which tools do you use daily?", "  - What is the biggest advantage of them?", "  - What is the biggest drawback?"].join("\n"),
    );
    expect(questions(ir).map((question) => [question.text, question.type])).toEqual([
      ["What is your role in the team?", "open"],
      ["How many years have you worked here?", "numeric"],
      ["Which tools do you use daily?", "open"],
      ["What is the biggest advantage of them?", "open"],
      ["What is the biggest drawback?", "open"],
    ]);
  });

  it("reads form-field labels listed as bullets as open questions", async () => {
    const ir = await parse(["Deposit form", "", " * Author of the game:", " * Company:", " * Date of publication:"].join("\n"));
    expect(questions(ir).map((question) => question.text)).toEqual(["Author of the game:", "Company:", "Date of publication:"]);
  });

  it("reads paragraphs that are questions, without numbers, as open questions and keeps other text", async () => {
    const ir = await parse(
      ["## Sources", "", "Do you keep the source code of the game?", "", "Which programming languages were used?", "", "This part is about documentation.", "", "Is the game linked to third-party licences?"].join("\n"),
    );
    expect(questions(ir).map((question) => question.text)).toEqual(["Do you keep the source code of the game?", "Which programming languages were used?", "Is the game linked to third-party licences?"]);
    expect(ir.items.some((item) => item.kind === "info" && item.text === "This part is about documentation.")).toBe(true);
  });

  it("reads a lead-in sentence with numbered alternatives as one choice question", async () => {
    const ir = await parse(["Do you have the source code?", "", "Is the game still working?", "", "If the platform is obsolete,", "", "1- would you accept a port to a new platform, or,", "", "2- would you prefer emulation?"].join("\n"));
    const last = questions(ir).at(-1)!;
    expect(last.text).toBe("If the platform is obsolete,");
    expect(last.options.map((option) => [option.code, option.label])).toEqual([
      ["1", "would you accept a port to a new platform, or,"],
      ["2", "would you prefer emulation?"],
    ]);
  });

  it("leaves numbered questions with ordinary answers alone", async () => {
    const ir = await parse(["1. Do you drink coffee?", "- Yes", "- No", "", "2. Which do you prefer?", "- Tea", "- Coffee"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["1", 2],
      ["2", 2],
    ]);
  });

  it("tells a question sentence from other text", () => {
    expect(asks("* What is your role?")).toBe(true);
    expect(asks("Les ressources brutes? (concept art/assets)")).toBe(true);
    expect(asks("Si oui, lesquelles")).toBe(true);
    expect(asks("Thank you for your time.")).toBe(false);
  });

  it("reads a variable name printed after the wording as the question's id ('What is your sex? (Q1)')", async () => {
    const ir = await parse(["What is your sex? (Q1)", "Male (1)", "Female (2)", "", "Do you trust the use of AI under these circumstances? (conjoint_dv_2)", "Agree (1)", "Disagree (2)"].join("\n"), "q.txt");
    expect(questions(ir).map((question) => [question.id, question.text, question.options.length])).toEqual([
      ["Q1", "What is your sex?", 2],
      ["conjoint_dv_2", "Do you trust the use of AI under these circumstances?", 2],
    ]);
  });

  it("reads a variable name with the construct it measures after a dash ('(Q7—Comfort)') as the question's id", async () => {
    const ir = await parse(
      ["Intro text about the next few questions on library visits.", "", "\ta.\tHow comfortable do you feel in the reading room? (Q7—Comfort)", "Very (2)", "Not at all (1)", "", "\tb.\tHow easy is it to find a free seat? (Q8 - Ease of use).", "Easy (2)", "Hard (1)"].join("\n"),
      "q.txt",
    );
    expect(questions(ir).map((question) => [question.id, question.text, question.options.length])).toEqual([
      ["Q7", "How comfortable do you feel in the reading room?", 2],
      ["Q8", "How easy is it to find a free seat?", 2],
    ]);
  });

  it("reads a table of coded statements without answers of their own as one battery, not as questions", async () => {
    const ir = await parse(
      ["Over the last 2 weeks, how often have you been bothered by the following problems?", "", "| Item Code | Question Item |", "|---|---|", "| A1 | Feeling nervous, anxious, or on edge |", "| A2 | Not being able to stop or control worrying |", "| A3 | Trouble relaxing |"].join("\n"),
    );
    const grids = questions(ir);
    expect(grids).toHaveLength(1);
    expect(grids[0].type).toBe("grid");
    expect(grids[0].rows.map((row) => row.label)).toEqual(["Feeling nervous, anxious, or on edge", "Not being able to stop or control worrying", "Trouble relaxing"]);
  });
});

describe("numbered points in the introduction", () => {
  it("keeps the study's numbered objectives as text when the questionnaire's numbering starts again with questions", async () => {
    const text = [
      "Purpose of the study",
      "1. Understanding how teams review their surveys;",
      "2. Evaluating the recruitment methods;",
      "3. Proposing improvements for survey methods.",
      "",
      "Part 1: Design",
      "1. Which issues did you consider?",
      "□ Privacy",
      "□ Consent",
      "2. Did you seek approval?",
      "○ Yes",
      "○ No",
      "3. How long did the review take?",
      "○ One week",
      "○ Longer",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => question.text)).toEqual(["Which issues did you consider?", "Did you seek approval?", "How long did the review take?"]);
  });
});

describe("layout model: a bare list of questions, one paragraph each", () => {
  const list = [
    "Garden club members' survey",
    "",
    "Please list the plants you grow most often:",
    "",
    "Please describe your garden in a few words:",
    "",
    "Do you grow vegetables?",
    "",
    "Have you ever entered a flower show?",
    "",
    "Would you rather garden in the morning or in the evening?",
    "",
    "Which tools would you like to borrow from the club?",
    "",
    "How many hours a week do you spend in the garden?",
  ].join("\n");

  it("reads requests for an answer ('Please list …:') as questions, like the paragraphs that ask", async () => {
    const found = questions(await parse(list, "garden.txt"));
    expect(found.map((question) => question.text).slice(0, 2)).toEqual(["Please list the plants you grow most often:", "Please describe your garden in a few words:"]);
    expect(found.slice(0, 2).every((question) => question.type === "open")).toBe(true);
  });

  it("leaves its answerless yes/no questions open, as in interview guides", async () => {
    const found = questions(await parse(list, "garden.txt"));
    expect(found.slice(2).map((question) => question.type)).toEqual(["open", "open", "open", "open", "numeric"]);
  });
});
