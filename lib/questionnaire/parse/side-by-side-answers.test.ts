import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parsePdfPage as parsePdf } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;
const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("answers printed side by side on a paper form", () => {
  it("reads answers printed to the right of a numbered question", async () => {
    const ir = await parsePdf([
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "Do you own a bicycle?", x: 70, y: 740, size: 10 },
      { text: "Yes", x: 400, y: 740, size: 10 },
      { text: "No", x: 450, y: 740, size: 10 },
      { text: "Not sure", x: 500, y: 740, size: 10 },
      { text: "2.", x: 40, y: 710, size: 10 },
      { text: "Where do you keep it?", x: 70, y: 710, size: 10 },
      { text: "Indoors", x: 400, y: 710, size: 10 },
      { text: "Outdoors", x: 480, y: 710, size: 10 },
    ]);
    expect(byId(ir, "1").text).toBe("Do you own a bicycle?");
    expect(labels(byId(ir, "1"))).toEqual(["Yes", "No", "Not sure"]);
    expect(labels(byId(ir, "2"))).toEqual(["Indoors", "Outdoors"]);
  });

  it("reads a line of answers across under the wording, with a label wrapped under its own column", async () => {
    const ir = await parsePdf([
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "How would you rate the new timetable? (circle one)", x: 70, y: 740, size: 10 },
      { text: "Very good", x: 60, y: 720, size: 10 },
      { text: "Good", x: 170, y: 720, size: 10 },
      { text: "Poor", x: 280, y: 720, size: 10 },
      { text: "Very poor", x: 390, y: 720, size: 10 },
      { text: "2.", x: 40, y: 690, size: 10 },
      { text: "Should the service be…", x: 70, y: 690, size: 10 },
      { text: "Kept", x: 60, y: 670, size: 10 },
      { text: "Kept with", x: 170, y: 670, size: 10 },
      { text: "Withdrawn", x: 280, y: 670, size: 10 },
      { text: "changes", x: 170, y: 658, size: 10 },
      { text: "3.", x: 40, y: 630, size: 10 },
      { text: "Any other comments?", x: 70, y: 630, size: 10 },
      { text: "……………………………………………………………………", x: 40, y: 610, size: 10 },
    ]);
    expect(labels(byId(ir, "1"))).toEqual(["Very good", "Good", "Poor", "Very poor"]);
    expect(labels(byId(ir, "2"))).toEqual(["Kept", "Kept with changes", "Withdrawn"]);
    expect(byId(ir, "3").type).toBe("open");
    expect(byId(ir, "3").options).toHaveLength(0);
  });

  it("reads answers printed with a box after each, two to a line, as one list", async () => {
    const ir = await parsePdf([
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "Why do you travel by bus? (tick all that apply)", x: 70, y: 740, size: 10 },
      { text: "Commuting", x: 60, y: 720, size: 10 },
      { text: "[ ]", x: 220, y: 720, size: 10 },
      { text: "Leisure", x: 320, y: 720, size: 10 },
      { text: "[ ]", x: 480, y: 720, size: 10 },
      { text: "Visiting family", x: 60, y: 705, size: 10 },
      { text: "[ ]", x: 220, y: 705, size: 10 },
      { text: "Medical visits", x: 320, y: 705, size: 10 },
      { text: "[ ]", x: 480, y: 705, size: 10 },
      { text: "Shopping", x: 60, y: 690, size: 10 },
      { text: "[ ]", x: 220, y: 690, size: 10 },
      { text: "2.", x: 40, y: 660, size: 10 },
      { text: "Do you have a pass?", x: 70, y: 660, size: 10 },
      { text: "Yes", x: 400, y: 660, size: 10 },
      { text: "No", x: 450, y: 660, size: 10 },
    ]);
    const first = byId(ir, "1");
    expect(first.type).toBe("multi");
    expect(labels(first)).toEqual(["Commuting", "Leisure", "Visiting family", "Medical visits", "Shopping"]);
  });

  it("keeps a line of headings over statements to rate as the grid's columns", async () => {
    const ir = await parsePdf([
      { text: "1.", x: 40, y: 740, size: 10 },
      { text: "How much do you agree with each statement?", x: 70, y: 740, size: 10 },
      { text: "Agree", x: 320, y: 720, size: 10 },
      { text: "Neutral", x: 400, y: 720, size: 10 },
      { text: "Disagree", x: 480, y: 720, size: 10 },
      { text: "The buses run on time", x: 60, y: 705, size: 10 },
      { text: "The fares are fair", x: 60, y: 690, size: 10 },
    ]);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["Agree", "Neutral", "Disagree"]);
  });

  it("reads a numbered field label with three answers or more beside it as a choice, the number sharing the label's piece", async () => {
    const ir = await parsePdf([
      { text: "1. Town", x: 60, y: 740, size: 10 },
      { text: "2. Travel mode", x: 60, y: 720, size: 10 },
      { text: "Walk", x: 300, y: 720, size: 10 },
      { text: "Bus", x: 360, y: 720, size: 10 },
      { text: "Car", x: 420, y: 720, size: 10 },
      { text: "3. Do you own a bicycle?", x: 60, y: 700, size: 10 },
      { text: "Yes", x: 300, y: 700, size: 10 },
      { text: "No", x: 360, y: 700, size: 10 },
    ]);
    expect(byId(ir, "2").text).toBe("Travel mode");
    expect(labels(byId(ir, "2"))).toEqual(["Walk", "Bus", "Car"]);
    expect(labels(byId(ir, "3"))).toEqual(["Yes", "No"]);
    expect(byId(ir, "1").type).toBe("open");
  });

  it("ends a question answered beside its number: the instruction and the rows after it are not its wording", async () => {
    const ir = await parsePdf([
      { text: "1. Did you cycle today?", x: 60, y: 740, size: 10 },
      { text: "Yes", x: 300, y: 740, size: 10 },
      { text: "No", x: 360, y: 740, size: 10 },
      { text: "Please read each sentence below and circle how much you agree with it.", x: 60, y: 710, size: 10 },
      { text: "The cycle lanes are wide enough", x: 60, y: 690, size: 10 },
      ...["1", "2", "3", "4"].map((code, column) => ({ text: code, x: 320 + column * 40, y: 690, size: 10 })),
      { text: "Drivers leave enough room", x: 60, y: 675, size: 10 },
      ...["1", "2", "3", "4"].map((code, column) => ({ text: code, x: 320 + column * 40, y: 675, size: 10 })),
    ]);
    expect(byId(ir, "1").text).toBe("Did you cycle today?");
    expect(labels(byId(ir, "1"))).toEqual(["Yes", "No"]);
  });

  it("does not read justified text broken into wide-spaced pieces as a label with answers", async () => {
    const ir = await parsePdf([
      { text: "1. What", x: 60, y: 740, size: 10 },
      { text: "is the main", x: 200, y: 740, size: 10 },
      { text: "difference between", x: 300, y: 740, size: 10 },
      { text: "the two", x: 420, y: 740, size: 10 },
      { text: "kinds of bread? Choose one answer.", x: 60, y: 728, size: 10 },
    ]);
    expect(byId(ir, "1").text).toMatch(/^What is the main difference/);
    expect(labels(byId(ir, "1"))).toEqual([]);
  });
});
