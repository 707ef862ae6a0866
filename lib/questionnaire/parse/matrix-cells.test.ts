import { describe, expect, it } from "vitest";
import { printCondition } from "../conditions";
import type { IROption, QuestionType } from "../ir";
import { QuestionIndex, type QuestionRef, resolveCondition } from "./logic";
import { matrixCell } from "./matrix-cells";

function option(code: string, label: string): IROption {
  return { code, label, codePrinted: true, span: { start: 0, end: 0 } };
}
function question(id: string, type: QuestionType, order: number, parts: { options?: string[]; rows?: string[]; columns?: string[] } = {}): QuestionRef {
  const list = (labels: string[] = [], from = 1) => labels.map((label, index) => option(String(index + from), label));
  return { key: id, id, variable: id, aliases: [], type, text: id, options: list(parts.options), rows: list(parts.rows), columns: list(parts.columns, 11), order };
}

const SCALE = ["Never", "Sometimes", "About half the time", "Most of the time", "Always"];
const QUESTIONS = [
  question("Q7", "grid", 1, { rows: ["Predictive AI tools*", "Generative AI tools*"], columns: SCALE }),
  question("Q8", "grid", 2, { rows: ["Google Analytics 4", "Semrush", "Other (please specify)"], columns: SCALE }),
  // A one-statement matrix whose statement was cut short in the print.
  question("Q13", "grid", 3, { rows: ["How frequently do you use anomaly"], columns: SCALE }),
  question("Q5", "single", 4, { options: ["Mobile app", "Desktop app", "Both Mobile and Desktop Apps"] }),
];
const context = { index: new QuestionIndex(QUESTIONS), order: 100 };
const read = (text: string) => {
  const resolution = resolveCondition(text, context);
  return resolution.ast ? printCondition(resolution.ast) : `UNRESOLVED ${resolution.unresolved}`;
};

describe("matrix cells in printed display logic (statement [ scale point ])", () => {
  it("binds the statement to a row and the bracket to a column", () => {
    expect(read("Display This Question:\nIf Q7 != Predictive AI tools* [ Never ]")).toBe("{Q7.1} != '11'");
    expect(read("Display This Question:\nIf Q8 = Semrush [ Always ]")).toBe("{Q8.2} = '15'");
    expect(read("Display This Question:\nIf Q8 = Other (please specify) [ Most of the time ]")).toBe("{Q8.3} = '14'");
  });

  it("binds a statement printed in full to the only row of a one-statement matrix", () => {
    expect(read("Display This Question:\nIf Q13 != How frequently do you use anomaly detection services? [ Never ]")).toBe("{Q13.1} != '11'");
  });

  it("joins two cells with And", () => {
    expect(read("Display This Question:\nIf Q7 != Generative AI tools* [ Never ]\nAnd Q8 != Google Analytics 4 [ Never ]")).toBe("{Q7.2} != '11' and {Q8.1} != '11'");
  });

  it("leaves plain answers and unknown columns to the answer reader", () => {
    expect(read("Display This Question:\nIf Q5 = Both Mobile and Desktop Apps")).toBe("{Q5} = '3'");
    expect(matrixCell(QUESTIONS[0], "Predictive AI tools* [ Rarely ]")).toBeNull();
    expect(matrixCell(QUESTIONS[3], "Mobile app [ Never ]")).toBeNull();
    expect(matrixCell(QUESTIONS[1], "Semrush")).toBeNull();
  });
});

describe("a count of one matrix column after the quoted wording ([ column ] (Count) > 0)", () => {
  const grid: QuestionRef = { ...question("G4", "grid", 1, { rows: ["Infant classes", "Junior classes"], columns: ["Printed books", "Radio lessons", "Tutoring"] }), text: "For each year group, which ways of learning are offered? Select all that apply." };
  const gridContext = { index: new QuestionIndex([grid]), order: 10 };
  const readGrid = (text: string) => {
    const resolution = resolveCondition(text, gridContext);
    return resolution.ast ? printCondition(resolution.ast) : `UNRESOLVED ${resolution.unresolved}`;
  };

  it("binds to 'some row answered in that column'", () => {
    expect(readGrid("Display This Question:\nIf * For each year group, which ways of learning are offered? Select all th... [ Tutoring] (Count) > 0")).toBe("{G4.1} = '13' or {G4.2} = '13'");
  });

  it("keeps other counts and unknown columns as written", () => {
    expect(readGrid("Display This Question:\nIf For each year group, which ways of learning are offered? Select all th... [ Tutoring] (Count) > 1")).toMatch(/^UNRESOLVED/);
    expect(readGrid("Display This Question:\nIf For each year group, which ways of learning are offered? Select all th... [ Television] (Count) > 0")).toMatch(/^UNRESOLVED/);
  });
});
