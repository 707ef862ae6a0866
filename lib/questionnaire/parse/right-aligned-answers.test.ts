import { describe, expect, it } from "vitest";
import { parsePdfPage, questionById, questionsOf } from "../testing/parse-text";

/** A line set flush against the right margin (Helvetica 12 is about 5.5 points a character here). */
const right = (text: string, y: number) => ({ text, x: 540 - text.length * 5.5, y });

describe("a web form printed with its answers against the right margin", () => {
  it("reads the right-aligned lines as answers, a lone label with a colon as a field, and a centred heading as no answer", async () => {
    const ir = await parsePdfPage([
      { text: "1. What is your favourite hiking trail?", x: 50, y: 760 },
      right("My favourite trail is :", 745),
      { text: "2. How many nights do you camp each year?", x: 50, y: 730 },
      right("Nights:(1-300)", 715),
      { text: "3. Which tent did you bring?", x: 50, y: 700 },
      right("Dome", 685),
      right("Tunnel", 670),
      right("Hammock with a tarp", 655),
      { text: "4. I carried the tent myself.", x: 50, y: 640 },
      right("Yes", 625),
      right("No", 610),
      { text: "TRAIL CONDITIONS", x: 250, y: 595 },
      { text: "5. What made the trail harder?", x: 50, y: 580 },
      right("Please describe it here:", 565),
      { text: "6. Which snacks did you pack? Check all that apply.", x: 50, y: 550 },
      right("Nuts", 535),
      right("Dried fruit", 520),
      right("Chocolate", 505),
    ]);
    expect(questionById(ir, "1").type).toBe("open");
    expect(questionById(ir, "1").options).toEqual([]);
    expect(questionById(ir, "3").options.map((option) => option.label)).toEqual(["Dome", "Tunnel", "Hammock with a tarp"]);
    const stated = questionById(ir, "4");
    expect(stated.type).toBe("single");
    expect(stated.options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(questionById(ir, "5").type).toBe("open");
    const multi = questionById(ir, "6");
    expect(multi.type).toBe("multi");
    expect(multi.options).toHaveLength(3);
  });

  it("starts a question at a numbered line back at the left margin, even when it repeats the number", async () => {
    const ir = await parsePdfPage([
      { text: "1. Do you own a dog?", x: 50, y: 760 },
      right("Yes", 745),
      right("No", 730),
      { text: "2. Do you own any other pets?", x: 50, y: 715 },
      right("Yes", 700),
      right("No", 685),
      right("Prefer not to say", 670),
      { text: "2. Which other pets do you own:", x: 50, y: 655 },
      right("Please type here:", 640),
      { text: "3. Do you walk every day?", x: 50, y: 625 },
      right("Yes", 610),
      right("No", 595),
    ]);
    const questions = questionsOf(ir);
    expect(questions).toHaveLength(4);
    expect(questions[1].options).toHaveLength(3);
    expect(questions[2].text).toContain("Which other pets");
    expect(questions[2].type).toBe("open");
  });
});
