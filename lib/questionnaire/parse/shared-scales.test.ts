import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";
import { listedScale, rangedLegend } from "./shared-scales";

async function parseText(text: string, filename = "q.txt"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("a scale stated once for a list of numbered statements", () => {
  it("reads a line that lists every labelled point side by side", () => {
    expect(listedScale("1 – Strongly Disagree | 2 – Disagree | 3 – Neutral | 4 – Agree | 5 – Strongly Agree")?.map((c) => c.label)).toEqual([
      "Strongly Disagree",
      "Disagree",
      "Neutral",
      "Agree",
      "Strongly Agree",
    ]);
    expect(listedScale("1 = Never; 2 = Rarely; 3 = Sometimes; 4 = Often")?.length).toBe(4);
    expect(listedScale("0 Not at all\t1 A little\t2 Moderately\t3 A lot")?.length).toBe(4);
    // Numbered things that are not consecutive points, or too few, are no scale.
    expect(listedScale("1 – Apples | 3 – Pears | 7 – Plums")).toBeNull();
    expect(listedScale("1 – Yes | 2 – No")).toBeNull();
  });

  it("gives every statement the scale printed in the title", async () => {
    const ir = await parseText(
      [
        "Team Climate Questions (1 = Strongly Disagree → 5 = Strongly Agree)",
        "",
        "Trust",
        "q1. I feel respected by my colleagues.",
        "q2. I can speak up without fear.",
        "q3. Disagreements are handled constructively.",
        "",
        "Engagement",
        "q4. I am proud to work here.",
        "q5. I see how my work connects to our goals.",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.map((q) => q.id.toLowerCase())).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    for (const q of list) {
      expect(q.type).toBe("single");
      expect(q.options).toHaveLength(5);
    }
  });

  it("gives every statement the scale listed in the instructions, and leaves questions with their own answers alone", async () => {
    const ir = await parseText(
      [
        "Staff Survey",
        "Instructions:",
        "Please indicate how far you agree with each statement using the following scale:",
        "1 – Strongly Disagree | 2 – Disagree | 3 – Neutral | 4 – Agree | 5 – Strongly Agree",
        "",
        "1.\tYour department:",
        "☐ Sales",
        "☐ Operations",
        "☐ Finance",
        "",
        "Section B: Workload",
        "2.\tMy workload is manageable most weeks.",
        "3.\tDeadlines are set realistically.",
        "4.\tI can ask for help when I need it.",
        "5.\tOvertime is the exception rather than the rule.",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.find((q) => q.id === "1")?.options.map((o) => o.label)).toEqual(["Sales", "Operations", "Finance"]);
    for (const id of ["2", "3", "4", "5"]) {
      const q = list.find((item) => item.id === id)!;
      expect(q.type).toBe("single");
      expect(q.options.map((o) => o.label)).toEqual(["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"]);
    }
  });

  it("takes a scale stated after the list when none is stated before it", async () => {
    const ir = await parseText(
      [
        "Course evaluation",
        "",
        "1. The course objectives were clear.",
        "2. The workload was appropriate.",
        "3. The instructor explained concepts well.",
        "",
        "All items are rated on a scale from 1 = never to 4 = always.",
      ].join("\n"),
    );
    for (const q of questions(ir)) {
      expect(q.type).toBe("single");
      expect(q.options).toHaveLength(4);
    }
  });

  it("leaves numbered open prompts alone: no stated scale, questions, fields or too short a run", async () => {
    const noScale = await parseText(["Interview guide", "1. Tell us about your role in the team.", "2. Describe a recent project you led.", "3. Explain how you plan your week."].join("\n"));
    expect(questions(noScale).every((q) => q.options.length === 0)).toBe(true);
    const asked = await parseText(
      [
        "Rate each statement (1 = Strongly Disagree → 5 = Strongly Agree)",
        "1. What do you like most about your job?",
        "2. What would you change first?",
        "3. What should we keep doing?",
        "4. Your job title:",
      ].join("\n"),
    );
    expect(questions(asked).every((q) => q.options.length === 0)).toBe(true);
    const short = await parseText(["Feedback (1 = Strongly Disagree → 5 = Strongly Agree)", "1. Please add any other comments here.", "2. Anything else we should know about."].join("\n"));
    expect(questions(short).every((q) => q.options.length === 0)).toBe(true);
  });
});

describe("a legend printed under the last statement of a list", () => {
  it("gives every listed statement the points introduced after the list", async () => {
    const ir = await parseText(
      [
        "Items were shown to each visitor in turn.",
        "",
        "W1\tI enjoy long walks by the river.",
        "W2\tI usually plan my weekends ahead.",
        "W3\tI feel calm when the house is quiet.",
        "W4\tI like trying recipes from other countries.",
        "",
        "Each statement was shown with a 3 point rating scale where",
        "",
        "1 = Not like me",
        "2 = Somewhat like me",
        "3 = Very much like me",
      ].join("\n"),
    );
    const found = questions(ir);
    expect(found.map((question) => question.id)).toEqual(["W1", "W2", "W3", "W4"]);
    for (const question of found) {
      expect(question.type).toBe("single");
      expect(question.options.map((option) => option.label)).toEqual(["Not like me", "Somewhat like me", "Very much like me"]);
    }
    // The lead-in is no part of the last statement's wording.
    expect(found[3].text).toBe("I like trying recipes from other countries.");
  });

  it("leaves a coded question after open prompts with its own answers when nothing introduces a scale", async () => {
    const ir = await parseText(
      [
        "1. Describe the route you take to the market.",
        "2. Describe what you usually buy there.",
        "3. Describe who goes with you.",
        "4. The day of the week you usually go.",
        "1 = Weekday",
        "2 = Weekend",
      ].join("\n"),
    );
    const found = questions(ir);
    expect(found.slice(0, 3).every((question) => question.options.length === 0)).toBe(true);
  });
});

describe("a legend of answers named for a range of questions", () => {
  it("reads the range and the coded points in several languages", () => {
    expect(rangedLegend("Answer options for questions 4-6: i) Walk; ii) Cycle; iii) Take the tram.")).toMatchObject({ from: 4, to: 6, columns: [{ label: "Walk" }, { label: "Cycle" }, { label: "Take the tram" }] });
    expect(rangedLegend("Antwortmöglichkeiten für Fragen 2 bis 5: 1 = nie; 2 = selten; 3 = oft")?.columns.length).toBe(3);
    expect(rangedLegend("Opciones de respuesta para las preguntas 7 a 9: a) Sí; b) No; c) No sabe")?.from).toBe(7);
    // A legend for one question, or points without codes, is no ranged legend.
    expect(rangedLegend("Answer options for question 4: i) Walk; ii) Cycle")).toBeNull();
    expect(rangedLegend("Answer options for questions 4-6: walk, cycle or take the tram")).toBeNull();
  });

  it("answers every question in the range on the legend, the bullets under each being what it compares", async () => {
    const ir = await parseText(
      [
        "1. How do you usually get to the market?",
        "    1. On foot",
        "    2. By bus",
        "",
        "**Answer options for questions 2-4**: i) Surely the first; ii) Probably the first; iii) Probably the second; iv) Surely the second.",
        "",
        "2. Which stall would you buy from?",
        "    - Stall 1: apples at 2.00 a kilo",
        "    - Stall 2: apples at 2.20 a kilo, delivered",
        "3. Which stall would you buy from?",
        "    - Stall 1: pears at 3.00 a kilo",
        "    - Stall 2: pears at 3.40 a kilo, delivered",
        "4. And if both stalls delivered, which would you choose?",
        "    1. The cheaper stall",
        "    2. The nearer stall",
        "",
        "5. What else would you like the market to sell?",
      ].join("\n"),
      "market.md",
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["1", "single", 2],
      ["2", "single", 4],
      ["3", "single", 4],
      ["4", "single", 2],
      ["5", "open", 0],
    ]);
  });
});
