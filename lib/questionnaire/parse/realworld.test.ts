import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { evaluateCondition } from "../conditions";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { wordingRange, writtenRange } from "./interpret";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/**
 * Conventions found missing by the real-world hold-out proxy (test/fixtures/questionnaires/realworld): each test
 * writes the convention in its own words, never the documents'.
 */

const parse = (text: string, filename = "q.md") => parseText(text, filename);

const labels = (question: IRQuestion) => question.options.map((option) => option.label);

/** Where the programmed survey goes after `variable` is answered with `answer`: the first question of the target page, END, TERMINATE or NEXT. */
function goesTo(ir: QuestionnaireIR, variable: string, answer: unknown): string {
  const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
  const index = document.pages.findIndex((page) => page.blocks.some((block) => block.config.question?.variable === variable));
  const page = document.pages[index];
  const rule = page.navigation_rules.find((candidate) => !candidate.condition || evaluateCondition(candidate.condition, { [variable]: answer }));
  if (!rule) return "NEXT";
  const target = document.pages.find((candidate) => candidate.id === rule.target_page_id)!;
  if (target.assign_response_status === "disqualified") return "TERMINATE";
  if (target.assign_response_status === "complete") return "END";
  return target.blocks.find((block) => block.config.question)?.config.question?.variable ?? "?";
}

describe("declared answer formats (Type: …)", () => {
  it("keeps a heading question with an explanation under it as the question, and the Type line as an instruction", async () => {
    const ir = await parse(
      ["### How often do you travel by train?", "", "Think of the last twelve months.", "", "Type: select one", "", "- Weekly", "- Monthly", "- Rarely", "", "### Which stations do you use?", "", "Type: select all that apply", "", "- North", "- South"].join("\n"),
    );
    const [first, second] = questions(ir);
    expect(first.text).toMatch(/^How often do you travel by train\?/);
    expect(first.type).toBe("single");
    expect(labels(first)).toEqual(["Weekly", "Monthly", "Rarely"]);
    expect(second.type).toBe("multi");
  });

  it("gives a free-form question its text field, so the next heading starts a new question", async () => {
    const ir = await parse(["### What would you change?", "", "Type: free form (optional)", "", "### Your team name", "", "Type: free form", "", "### Which days suit you?", "", "- Monday", "- Friday"].join("\n"));
    expect(questions(ir).map((question) => [question.text, question.type])).toEqual([
      ["What would you change?", "open"],
      ["Your team name", "open"],
      ["Which days suit you?", "single"],
    ]);
  });

  it("reads 'Type: yes/no/not sure' as the answers and routes the ones named in its parenthesis", async () => {
    const ir = await parse(
      [
        "### Have you ever used the mobile app?",
        "Type: yes/no/not sure (if no/not sure: [`NEXT`](#what-would-make-you-try-it))",
        "",
        "### What do you like about the app?",
        "Type: free form",
        "",
        "### What would make you try it?",
        "Type: free form",
      ].join("\n"),
    );
    const first = questions(ir)[0];
    expect(labels(first)).toEqual(["Yes", "No", "Not sure"]);
    expect(goesTo(ir, first.variable, "2")).toBe(questions(ir)[2].variable);
    expect(goesTo(ir, first.variable, "3")).toBe(questions(ir)[2].variable);
    expect(goesTo(ir, first.variable, "1")).toBe("NEXT");
  });

  it("ends the survey for the answers named in 'if no: end survey'", async () => {
    // (Not the first question: ending the interview there is a screen-out, see the generalization round.)
    const ir = await parse(["### How old are you?", "- Under 30", "- 30 or older", "", "### Do you own a bicycle?", "Type: yes/no (if no: end survey)", "", "### How often do you ride it?", "- Daily", "- Weekly"].join("\n"));
    expect(goesTo(ir, questions(ir)[1].variable, "2")).toBe("END");
  });

  it("builds a declared matrix from its two labelled lists: rows first, then columns", async () => {
    const ir = await parse(
      ["### How do these services perform?", "", "Type: matrix", "", "Services:", "", "- Email", "- Chat", "- Phone", "", "Ratings:", "", "- Good", "- Fair", "- Poor", "", "### Anything else?", "", "Type: free form"].join("\n"),
    );
    const grid = questions(ir)[0];
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => row.label)).toEqual(["Email", "Chat", "Phone"]);
    expect(grid.columns.map((column) => column.label)).toEqual(["Good", "Fair", "Poor"]);
    expect(questions(ir)).toHaveLength(2);
  });

  it("accepts 'Question type:' and 'Answer type:' and a rating without printed points", async () => {
    const ir = await parse(["### How satisfied are you overall?", "Question type: rating scale", "", "### Where did you hear about us?", "Answer type: short answer"].join("\n"));
    expect(questions(ir).map((question) => question.type)).toEqual(["rating", "open"]);
  });
});

describe("other, specify", () => {
  it("takes 'Other (open response)' as an answer that asks for text", async () => {
    const ir = await parse(["### Which browsers do you use?", "Type: select all that apply", "- Firefox", "- Safari", "- Other (open response)"].join("\n"));
    expect(questions(ir)[0].options.map((option) => Boolean(option.other))).toEqual([false, false, true]);
  });
});

describe("routing links to headings", () => {
  it("routes an answer whose link points at a heading anchor to that question", async () => {
    const ir = await parse(
      [
        "### Do you drive?",
        "- Yes",
        "- No [`NEXT`](#how-do-you-get-to-work)",
        "",
        "### What car do you drive?",
        "- Petrol",
        "- Electric",
        "",
        "### How do you get to work?",
        "- Bus",
        "- Bike",
      ].join("\n"),
    );
    const [drive, , work] = questions(ir);
    expect(labels(drive)).toEqual(["Yes", "No"]);
    expect(goesTo(ir, drive.variable, "2")).toBe(work.variable);
    expect(goesTo(ir, drive.variable, "1")).toBe("NEXT");
  });

  it("routes a link to a section heading to the section's first question", async () => {
    const ir = await parse(
      ["## Commuting", "", "### Do you commute?", "- Yes", "- No [NEXT](#household-and-family)", "", "### How long is your commute?", "- Short", "- Long", "", "## Household and family", "", "### How many people live with you?", "- One", "- More"].join("\n"),
    );
    const all = questions(ir);
    expect(goesTo(ir, all[0].variable, "2")).toBe(all[2].variable);
  });

  it("keeps the text of an ordinary link", async () => {
    const ir = await parse(["### Have you read the [privacy notice](#privacy)?", "- Yes", "- No"].join("\n"));
    expect(questions(ir)[0].text).toBe("Have you read the privacy notice?");
    expect(questions(ir)[0].options.every((option) => !option.route)).toBe(true);
  });
});

describe("eligibility statements", () => {
  it("screens out the No of a yes/no question asked under 'You must be … to take this survey', flagged for review", async () => {
    const ir = await parse(["S1. You must be a current customer to take part in this survey. Are you a current customer?", "1. Yes", "2. No", "", "Q1. How long have you been a customer?", "1. Under a year", "2. Longer"].join("\n"), "q.txt");
    const screener = questions(ir)[0];
    expect(goesTo(ir, screener.variable, "2")).toBe("TERMINATE");
    expect(goesTo(ir, screener.variable, "1")).toBe("NEXT");
    expect(screener.warnings.join(" ")).toMatch(/screen-out.*confirm/);
  });

  it("infers nothing without an eligibility statement, or when routing is printed", async () => {
    const plain = await parse(["Q1. Are you a current customer?", "1. Yes", "2. No", "", "Q2. Why?", "1. Price", "2. Service"].join("\n"), "q.txt");
    expect(goesTo(plain, questions(plain)[0].variable, "2")).toBe("NEXT");
    const printed = await parse(["Q1. You must be 18 or older to take this survey. Are you 18 or older?", "1. Yes", "2. No → Q3", "", "Q2. Age?", "1. 18-30", "2. 31+", "", "Q3. Thanks?", "1. A", "2. B"].join("\n"), "q.txt");
    expect(goesTo(printed, questions(printed)[0].variable, "2")).toBe(questions(printed)[2].variable);
  });
});

describe("answer ranges", () => {
  it("does not read numbers that describe who is counted as the answer's range", () => {
    expect(wordingRange("How many adults between 18 and 64 years old live in your household?")).toBeNull();
    expect(wordingRange("How many children aged 5 to 11 do you have?")).toBeNull();
    expect(wordingRange("How many people (18-64) work here?")).toBeNull();
  });

  it("reads explicit range notations in the wording and next to the field", () => {
    expect(wordingRange("How many cars do you own? Enter a number from 0 to 20")).toEqual([0, 20]);
    expect(wordingRange("How old are you? (16–99)")).toEqual([16, 99]);
    expect(writtenRange("RANGE: 0-99")).toEqual([0, 99]);
    expect(writtenRange("Range [1-365]")).toEqual([1, 365]);
  });

  it("programs no min/max for a count whose wording names an age band", async () => {
    const ir = await parse(["Q1. How many adults between 18 and 64 years old live with you?", "_____", "", "Q2. How many rooms? Enter a number from 1 to 30", "_____"].join("\n"), "q.txt");
    const [adults, rooms] = questions(ir);
    expect([adults.type, adults.min, adults.max]).toEqual(["numeric", undefined, undefined]);
    expect([rooms.min, rooms.max]).toEqual([1, 30]);
  });
});
