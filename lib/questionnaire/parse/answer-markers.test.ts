import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("answer markers in unusual places", () => {
  it("takes the first answer printed at the end of the wording line", async () => {
    const ir = await parseText(["1. Adverts make me curious. a) Fully agree", "b) Agree", "c) Disagree", "", "2. I skip adverts. (a) Often", "(b) Rarely", ""].join("\n"));
    const [q1, q2] = questions(ir);
    expect(q1.text).toBe("Adverts make me curious.");
    expect(labels(q1)).toEqual(["Fully agree", "Agree", "Disagree"]);
    expect(labels(q2)).toHaveLength(2);
  });

  it("keeps an answer's explanation in parentheses on the lines under it as part of that answer", async () => {
    const ir = await parseText(
      [
        "Which of these describe your home? Check all that apply.",
        "☐ Flat",
        "(A home on one floor of a larger building, with its own entrance from a shared hall or",
        "staircase.)",
        "☐ House",
        "(A building of its own, detached or joined to others on one or two sides.)",
        "☐ Other",
        "",
        "How many rooms does it have?",
        "○ One or two",
        "○ Three or more",
        "",
      ].join("\n"),
    );
    const [q1, q2] = questions(ir);
    expect(questions(ir)).toHaveLength(2);
    expect(q1.type).toBe("multi");
    expect(labels(q1).map((label) => label.split(" (")[0])).toEqual(["Flat", "House", "Other"]);
    expect(labels(q2)).toEqual(["One or two", "Three or more"]);
  });

  it("completes a marked answer wrapped over lines with the lower-case line that carries its code", async () => {
    const ir = await parseText(
      [
        "Q1. Which plan did the adviser suggest?",
        "○ Gradual exposure (a method that brings the animal slowly closer to a sound, a person, an object",
        "or a place, starting far away and at a low level) (1)",
        "○ Rewards for calm behaviour (2)",
        "○ No plan (3)",
        "",
      ].join("\n"),
    );
    const [q1] = questions(ir);
    expect(q1.options.map((option) => option.code)).toEqual(["1", "2", "3"]);
    expect(labels(q1)[0]).toMatch(/^Gradual exposure .* or a place, starting far away and at a low level\)$/);
  });

  it("reads a code scale labelled only at its ends", async () => {
    const ir = await parseText(["1. Overall, how satisfied are you?", "Very dissatisfied ..... 1", "2", "3", "4", "Very satisfied ..... 5", "", "2. Any comments? ______", ""].join("\n"));
    const [q1] = questions(ir);
    expect(labels(q1)).toEqual(["Very dissatisfied", "2", "3", "4", "Very satisfied"]);
    expect(questions(ir)).toHaveLength(2);
  });

  it("ignores a decoration in front of a row of answer boxes", async () => {
    const ir = await parseText(["1. Quality of the food", "🍎 ☐ 1 ☐ 2 ☐ 3", ""].join("\n"), "q.md");
    expect(labels(questions(ir)[0])).toEqual(["1", "2", "3"]);
  });

  it("reads a scale given by its end points joined by an arrow as the scale's points, not a route", async () => {
    const ir = await parseText(["**Q4 — Relevance** *(1–5 linear scale)*", "", "- 1 (Not at all) → 5 (Completely)", ""].join("\n"), "q.md");
    const question = questions(ir)[0];
    expect(labels(question)).toEqual(["Not at all", "2", "3", "4", "Completely"]);
    expect(question.options.every((option) => !option.route)).toBe(true);
  });
});

describe("a form laid out as a Questions | Responses table", () => {
  it("reads numbered questions in the table's cells as questions, not as rows of one grid", async () => {
    const { buildDocx } = await import("../testing/docx-writer");
    const docx = buildDocx({
      lists: [{ id: 1, levels: [{ format: "decimal", text: "%1." }, { format: "upperLetter", text: "%2." }] }],
      blocks: [
        "Visit date: ____________",
        {
          kind: "table",
          rows: [
            ["Questions", "Responses"],
            [[{ runs: "How old is the patient in years?", num: { id: 1 } }], "__________"],
            [[{ runs: "Has the patient smoked?", num: { id: 1 } }, { runs: "Yes", num: { id: 1, level: 1 } }, { runs: "No", num: { id: 1, level: 1 } }], ""],
            [[{ runs: "What is the patient's weight in kg?", num: { id: 1 } }], "__________"],
          ],
        },
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(docx, { filename: "form.docx" }));
    const list = questions(ir).filter((question) => /^\d+$/.test(question.id));
    expect(list.map((question) => question.text)).toEqual(["How old is the patient in years?", "Has the patient smoked?", "What is the patient's weight in kg?"]);
    expect(labels(list[1])).toEqual(["Yes", "No"]);
  });
});

describe("what is not the questionnaire", () => {
  it("keeps an appendix that restates the items as notes, not questions", async () => {
    const body = ["1. How old are you? ____", "2. Do you fish?", "○ Yes", "○ No", "3. Do you hunt?", "○ Yes", "○ No", "4. Do you hike?", "○ Yes", "○ No", "5. Any comments? ____"];
    const ir = await parseText([...body, "", "**APPENDIX B**", "", "**Item Reference Guide**", "", "Q2: Fishing", "Purpose: to measure outdoor activity.", "o Yes", "o No", ""].join("\n"), "q.md");
    expect(questions(ir)).toHaveLength(5);
    expect(ir.notes.some((note) => /Purpose: to measure outdoor activity/.test(note.text))).toBe(true);
  });
});

describe("measurement units", () => {
  it("reads a question asking for a measurement in a unit as a number", async () => {
    const ir = await parseText(["1. What is the patient's weight in kg?", "____________", "2. Height (cm)?", "____________", ""].join("\n"));
    expect(questions(ir).map((question) => question.type)).toEqual(["numeric", "numeric"]);
  });
});
