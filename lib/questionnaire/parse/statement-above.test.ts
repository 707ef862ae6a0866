import { describe, expect, it } from "vitest";
import { parseDocx, questionsOf } from "../testing/parse-text";
import { buildDocx } from "../testing/docx-writer";
import { MARKER, RADIO_MARKER } from "./patterns";

const SCALE = { kind: "table" as const, rows: [["Fully agree", ""], ["Agree", ""], ["Disagree", ""], ["Fully disagree", ""]] };

describe("statements to rate over their answers", () => {
  it("reads unnumbered statements over tables of labels beside empty cells as questions with those answers", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "Workshop feedback",
          "The trainer explained each exercise clearly.",
          SCALE,
          "",
          "",
          "O material impresso foi entregue antes da primeira aula.",
          SCALE,
          "",
          "",
          "Which tools had you used before the workshop?",
          { kind: "table", rows: [["Drills", "Saws", "Sanders"]] },
          "I would attend another workshop of this kind.",
          { kind: "table", rows: [["Yes", "No"]] },
        ],
      }),
    );
    const list = questionsOf(ir);
    expect(list.map((question) => question.text)).toEqual([
      "The trainer explained each exercise clearly.",
      "O material impresso foi entregue antes da primeira aula.",
      "Which tools had you used before the workshop?",
      "I would attend another workshop of this kind.",
    ]);
    expect(list[0].options.map((option) => option.label)).toEqual(["Fully agree", "Agree", "Disagree", "Fully disagree"]);
    expect(list[1].options).toHaveLength(4);
    expect(list[3].options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("reads a capital O opening a lower-case sentence as a word, not a radio circle", () => {
    expect(MARKER.test("O material impresso foi entregue antes da primeira aula.")).toBe(false);
    expect(RADIO_MARKER.test("O material impresso foi entregue antes da primeira aula.")).toBe(false);
    expect(MARKER.test("O Strongly agree")).toBe(true);
    expect(RADIO_MARKER.test("o less than once a week")).toBe(true);
    expect(MARKER.test("O none of these")).toBe(true);
  });
});
