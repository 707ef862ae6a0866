import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../conditions";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { parsePdfPages as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

/** A question: its id on a line, its wording on the next, bulleted answers under it. */
function question(id: string, wording: string, answers: string[], top: number): PdfText[] {
  return [{ text: id, x: 40, y: top, size: 11 }, { text: wording, x: 40, y: top - 16, size: 11 }, ...answers.map((answer, index) => ({ text: `• ${answer}`, x: 60, y: top - 32 - index * 14, size: 10 }))];
}

describe("display conditions printed as footnotes", () => {
  it("gives a footnote at the foot of the page to the question whose wording carries its marker, and keeps it out of the answers", async () => {
    const ir = await parsePdf([
      [
        ...question("Q1", "Which pets do you keep? (Select all that apply)", ["Cats", "Dogs", "Fish"], 760),
        ...question("Q2", "How many cats do you keep? (Select one)1", ["One", "Two or more"], 660),
        ...question("Q3", "Which of your pets do you walk most often?2", ["Dogs", "Other"], 570),
        { text: "1 Question 2 was only asked to respondents that selected the relevant answer choices for Question 1.", x: 40, y: 80, size: 8 },
        { text: "2 Question 3 was only asked to respondents that selected more than one choice for Question 1.", x: 40, y: 68, size: 8 },
      ],
    ]);
    const second = byId(ir, "Q2");
    expect(second.text).not.toMatch(/1$/);
    expect(second.askIf).toHaveLength(1);
    expect(evaluateCondition(second.askIf[0].condition!, { Q1: ["1"] })).toBe(true);
    expect(evaluateCondition(second.askIf[0].condition!, {})).toBe(false);
    const third = byId(ir, "Q3");
    expect(third.options.map((option) => option.label)).toEqual(["Dogs", "Other"]);
    expect(evaluateCondition(third.askIf[0].condition!, { Q1: ["1", "2"] })).toBe(true);
    expect(evaluateCondition(third.askIf[0].condition!, { Q1: ["1"] })).toBe(false);
  });

  it("gives a footnote on a heading to every question under it, as a group set outside the questionnaire", async () => {
    const ir = await parsePdf([
      [...question("Q1", "Which city do you live in?", ["North", "South"], 760)],
      [
        { text: "Visitor Questions:3", x: 40, y: 760, size: 12 },
        ...question("Q2", "Which city would you like to visit?", ["North", "South"], 730),
        ...question("Q3", "How would you travel there?", ["Train", "Car"], 640),
        { text: "3 Visitors received questions about the city they would like to see instead of the city they live in.", x: 40, y: 80, size: 8 },
      ],
    ]);
    for (const id of ["Q2", "Q3"]) expect(byId(ir, id).askIf[0].condition).toBe("{GROUP} = 'Visitors'");
    expect(byId(ir, "Q1").askIf).toEqual([]);
  });

  it("leaves a number at the end of the wording alone when no footnote with that number follows on the page", async () => {
    const ir = await parsePdf([[...question("Q1", "How many days a week do you work? (max.)5", ["One", "Two"], 760), { text: "Thank you.", x: 40, y: 600, size: 11 }]]);
    expect(byId(ir, "Q1").text).toMatch(/5$/);
    expect(byId(ir, "Q1").askIf).toEqual([]);
  });

  it("reads a programming note ending in a question id ('ROTATE Q.1 AND Q.2') as no marker: the coded answers below stay", async () => {
    const line = (text: string, y: number, x = 40) => ({ text, x, y, size: 10 });
    const ir = await parsePdf([
      [
        line("ROTATE Q.1 AND Q.2", 760), line("Q.1 Do you own a bicycle?", 740), line("1 Yes", 724, 60), line("2 No", 710, 60),
        line("ROTATE Q.1 AND Q.2", 690), line("Q.2 Do you own a scooter?", 670), line("1 Yes", 654, 60), line("2 No", 640, 60),
        line("Q.3 Which town do you live in?", 610), line("1 North", 594, 60), line("2 South", 580, 60),
      ],
    ]);
    expect(byId(ir, "Q1").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(byId(ir, "Q2").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(byId(ir, "Q3").options).toHaveLength(2);
  });
});

describe("documentation of who was asked", () => {
  it("binds 'asked to respondents that selected more than one choice for Qn' to a count, and '… that answered Qn' to any answer", async () => {
    const text = [
      "Q1. Which drinks do you like? (Select all that apply)",
      "- Tea",
      "- Coffee",
      "- Juice",
      "",
      "[Only asked to respondents that selected more than one choice for Q1]",
      "Q2. Which drink do you like most?",
      "- Tea",
      "- Coffee",
      "",
      "[Only asked to respondents that answered Question 1]",
      "Q3. When do you usually drink it?",
      "- Morning",
      "- Evening",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.md" }));
    expect(byId(ir, "Q2").askIf[0].condition).toBe("count({Q1}) > 1");
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{Q1} notempty");
  });
});
