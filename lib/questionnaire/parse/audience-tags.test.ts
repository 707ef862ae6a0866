import { describe, expect, it } from "vitest";
import { audienceTagOf } from "./audience-tags";
import { parseText, questionsOf as questions } from "../testing/parse-text";


describe("audience tags: '(for <group>)' on a question's wording", () => {
  it("reads a tag that names people, at the end or the start of the first line", () => {
    expect(audienceTagOf("How long have you taught? (for teachers)")).toEqual({ group: "teachers", only: false });
    expect(audienceTagOf("Which year are you in? (students only)")).toEqual({ group: "students", only: true });
    expect(audienceTagOf("(For line managers) How large is your team?")).toEqual({ group: "line managers", only: false });
    expect(audienceTagOf("How large is your team? [only for staff]\n(tick one)")).toEqual({ group: "staff", only: true });
  });

  it("does not read asides, periods or instructions as an audience", () => {
    expect(audienceTagOf("Which tools do you use? (for example spreadsheets)")).toBeNull();
    expect(audienceTagOf("How often did you travel? (for the past years)")).toBeNull();
    expect(audienceTagOf("Your postcode (for office use only)")).toBeNull();
    expect(audienceTagOf("Rate each aspect (for each of the items)")).toBeNull();
    expect(audienceTagOf("What is your favourite colour? (optional)")).toBeNull();
  });

  it("conditions tagged questions on the declared group variable when two audiences are tagged", async () => {
    const ir = await parseText(
      [
        "Q1. How long have you taught? (for teachers)", "1 Under 5 years", "2 5 years or more",
        "Q2. Which year are you in? (for students)", "1 First", "2 Second",
        "Q3. Which region do you live in?", "1 North", "2 South", "",
      ].join("\n"),
    );
    const [q1, q2, q3] = questions(ir);
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
    expect(q1.askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'teachers'"]);
    expect(q2.askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'students'"]);
    expect(q3.askIf).toEqual([]);
  });

  it("needs 'only' or a second audience before a tag counts", async () => {
    const lone = await parseText(["Q1. How long have you taught? (for teachers)", "1 Under 5 years", "2 5 years or more", "Q2. Which region do you live in?", "1 North", "2 South", ""].join("\n"));
    expect(questions(lone)[0].askIf).toEqual([]);
    const only = await parseText(["Q1. How many children do you have? (parents only)", "1 One", "2 Two or more", "Q2. Which region do you live in?", "1 North", "2 South", ""].join("\n"));
    expect(questions(only)[0].askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'parents'"]);
    expect(questions(only)[1].askIf).toEqual([]);
  });
});
