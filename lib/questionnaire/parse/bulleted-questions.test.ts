import { describe, expect, it } from "vitest";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const parse = (text: string, filename = "guide.md") => parseText(text, filename);

// An interview guide written in a word processor: every question is a bullet that carries its id, the aims of
// each part are labelled paragraphs, and the interviewer's remarks are bullets of their own.
const guide = [
  "Release planning interviews",
  "Aim: the interviewee's role and how long they have worked on releases.",
  "- Q1 What do you do in your team?",
  "- Ask the interviewee to pick one recent release to talk about.",
  "- Q2 How is a release planned? Who takes part?",
  "- Q2a (Optional) Who signs a release off?",
  "Aim: the tools used for testing and shipping a release.",
  "- Q3 Which tools do you use for testing?",
  "- - Probe on tools written in house",
  "- Q4 How often does your team ship a release?",
  "Aim: closing questions",
  "- Q5 Is there anything else we should have asked?",
].join("\n");

describe("bulleted questions (interview guides: '• Q1 What …?')", () => {
  it("reads each bullet that carries an id as a question, not as an answer of the line above", async () => {
    const ir = await parse(guide);
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "open", 0],
      ["Q2", "open", 0],
      ["Q2a", "open", 0],
      ["Q3", "open", 0],
      ["Q4", "open", 0],
      ["Q5", "open", 0],
    ]);
  });

  it("keeps the interviewer's remarks and the labelled aims out of the questions' wording", async () => {
    const ir = await parse(guide);
    for (const question of questions(ir)) expect(question.text).not.toMatch(/Aim:|Ask the interviewee|Probe on/);
    expect(questions(ir).find((question) => question.id === "Q5")?.text).toBe("Is there anything else we should have asked?");
  });

  it("still reads bullets as answers when only one or two of them begin with an id-like code", async () => {
    const ir = await parse(["Q1. Which seat did you book?", "- A1 window seat by the wing", "- A2 aisle seat near the front", "- No preference"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([["Q1", 3]]);
  });

  it("does not read a list of bullets that name questions out of order as the questions", async () => {
    const ir = await parse(
      ["Q1. Which changes did the review ask for?", "- Q19 was dropped from the survey", "- Q14 got a new answer list", "- Q17 now filters on Q12", "- Q13 was moved to the end", "- None of the above"].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([["Q1", 5]]);
  });
});

describe("recruiting screeners written as markdown lists", () => {
  const screener = [
    "### Panel details",
    "",
    "- Each session lasts about 45 minutes",
    "",
    "### Screener",
    "",
    "1. Do you cook at home most days?",
    "",
    "- Have you made a meal from scratch in the past week?",
    "- Yes, most days",
    "- Yes, now and then",
    "- No",
    "",
    "2. Which appliances do you own?",
    "",
    "- Slow cooker",
    "- Air fryer",
    "",
    "3. How many people live in your household?",
    "",
    "- One",
    "- Two or more",
  ].join("\n");

  it("keeps an unnumbered heading over a single bullet as a note, not a one-answer question", async () => {
    const found = questions(await parse(screener));
    expect(found.map((question) => question.id)).toEqual(["1", "2", "3"]);
  });

  it("reads a first bullet that asks the question again as wording, not as an answer", async () => {
    const [first] = questions(await parse(screener));
    expect(first.options.map((option) => option.label)).toEqual(["Yes, most days", "Yes, now and then", "No"]);
    expect(first.text).toMatch(/made a meal from scratch/);
  });
});
