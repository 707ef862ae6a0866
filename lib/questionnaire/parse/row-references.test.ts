import { describe, expect, it } from "vitest";
import { printCondition } from "../conditions";
import type { IROption, QuestionType } from "../ir";
import { QuestionIndex, type QuestionRef, resolveCondition } from "./logic";
import { resolveHiddenComparison } from "./hidden-comparisons";

function option(code: string, label: string): IROption {
  return { code, label, codePrinted: true, span: { start: 0, end: 0 } };
}

function question(id: string, type: QuestionType, order: number, parts: { options?: string[]; rows?: string[]; columns?: string[] } = {}): QuestionRef {
  const list = (labels: string[] = []) => labels.map((label, index) => option(String(index + 1), label));
  return { key: id, id, variable: id, aliases: [], type, text: id, options: list(parts.options), rows: list(parts.rows), columns: list(parts.columns), order };
}

const QUESTIONS = [
  question("A1", "grid", 1, { rows: ["One", "Two", "Three", "Four", "Five", "Six", "Seven"], columns: ["1", "2", "3", "4", "5", "6", "7"] }),
  question("B1", "numeric", 2, { rows: ["Store One", "Store Two"] }),
  question("S10", "grid", 3, { rows: ["Statement one", "Statement two"], columns: ["Yes", "No"] }),
  question("S11", "multi", 4, { options: ["Alpha", "Beta", "Gamma"] }),
  question("S12", "single", 5, { options: ["Yes", "No"] }),
  question("S13", "numeric", 6, { rows: ["Patient care", "Admin"] }),
  question("AQ07A", "grid", 7, { rows: ["r1 First", "r2 Second"], columns: ["Low", "High"] }),
  question("C57", "single", 8, { options: ["Yes", "No"] }),
  { ...question("D1", "grid", 9, { columns: ["Disagree", "Neutral", "Agree"] }), rows: [option("a", "Useful"), option("b", "Expensive")] },
];
const context = { index: new QuestionIndex(QUESTIONS), order: 100 };
const read = (text: string) => {
  const resolution = resolveCondition(text, context);
  return resolution.ast ? printCondition(resolution.ast) : `UNRESOLVED ${resolution.unresolved}`;
};

describe("row addressing in written conditions (id + r<row>)", () => {
  it("binds a grid row with a code range, a numeric row with an order test, and percentages", () => {
    expect(read("ASK IF A1r7=5-7")).toBe("{A1.7} anyof ['5', '6', '7']");
    expect(read("ASK IF B1r2>0")).toBe("{B1.2} > 0");
    expect(read("TERMINATE IF S13r1>49%")).toBe("{S13.1} > 49");
    expect(read("IF B1r1 = 2-4")).toBe("{B1.1} >= 2 and {B1.1} <= 4");
  });

  it("reads a row range with ALL (every row) or ANY (some row)", () => {
    expect(read("ASK IF S10r1-2 ALL = 1")).toBe("{S10.1} = '1' and {S10.2} = '1'");
    expect(read("ASK IF S10r1-2 ANY = 2")).toBe("{S10.1} = '2' or {S10.2} = '2'");
  });

  it("reads a row of a choice question as its answer, alone or compared with 1 / 0", () => {
    expect(read("SHOW IF S11r2")).toBe("{S11} anyof ['2']");
    expect(read("ASK IF S11r3 OR S11r1")).toBe("{S11} anyof ['3'] or {S11} anyof ['1']");
    expect(read("ASK IF S12r1=1")).toBe("{S12} = '1'");
    expect(read("ASK IF S12r2=0")).toBe("{S12} != '2'");
  });

  it("finds a row by its printed scripting name, reads a group label before a bracketed condition, ids with a letter suffix", () => {
    expect(read("[SHOW IF USER (B1r1>0)]")).toBe("{B1.1} > 0");
    expect(read("ASK IF AQ07Ar2=2")).toBe("{AQ07A.2} = '2'");
  });

  it("keeps a row that does not exist unresolved, and reads the pieces that name questions without rows with the prose reader", () => {
    expect(read("ASK IF A1r9=1")).toBe("UNRESOLVED row 9 is not a row of A1");
    expect(read("ASK IF S12 = 1 AND B1r2>0")).toBe("{S12} = '1' and {B1.2} > 0");
    expect(read("ASK IF S11 = 1 OR 2 AND B1r1>3")).toBe("{S11} anyof ['1', '2'] and {B1.1} > 3");
  });
});

describe("other spellings of ids and rows", () => {
  it("reads a row as a letter, an underscored or dotted number, and a row with its column", () => {
    expect(read("ASK IF D1b = 3")).toBe("{D1.b} = '3'");
    expect(read("ASK IF D1_2 = 3")).toBe("{D1.b} = '3'");
    expect(read("ASK IF D1.1 = 2")).toBe("{D1.a} = '2'");
    expect(read("ASK IF D1r2c3")).toBe("{D1.b} = '3'");
    expect(read("ASK IF D1r2c3=1")).toBe("{D1.b} = '3'");
    expect(read("ASK IF D1r1c2=0")).toBe("{D1.a} != '2'");
    expect(read("ASK IF A1.r7=5-7")).toBe("{A1.7} anyof ['5', '6', '7']");
    expect(read("ASK IF ANY OF ROWS 1-2 AT S10 = 2")).toBe("{S10.1} = '2' or {S10.2} = '2'");
    expect(read("ASK IF ALL OF ROWS 1-2 OF S10 = 1")).toBe("{S10.1} = '1' and {S10.2} = '1'");
    expect(read("ASK IF B1 ROW 2 > 5")).toBe("{B1.2} > 5");
  });

  it("binds a Q written before a lettered id", () => {
    expect(read("ASK IF QC57 = 1")).toBe("{C57} = '1'");
    expect(read("ASK IF Q.C57=2")).toBe("{C57} = '2'");
  });
});

describe("comparisons on hidden variables", () => {
  it("reads a capitalised classification that binds to no question as a hidden variable", () => {
    expect(read("ASK IF HCP_TYPE=2")).toBe("{HCP_TYPE} = '2'");
    expect(resolveHiddenComparison("HCP_TYPE=2", context)?.hidden).toMatchObject({ name: "HCP_TYPE", value: "2" });
    expect(read("SHOW IF SEGMENT != 3")).toBe("{SEGMENT} != '3'");
    expect(read("ASK IF HCP_TYPE=1,2")).toBe("{HCP_TYPE} anyof ['1', '2']");
    expect(read("ASK IF QUOTA_CELL = 1 OR 3")).toBe("{QUOTA_CELL} anyof ['1', '3']");
    expect(read("ASK IF SEGMENT IN (2-4)")).toBe("{SEGMENT} anyof ['2', '3', '4']");
  });

  it("does not read a missing question id or a short word as a hidden variable", () => {
    expect(resolveHiddenComparison("S99=1", context)).toBeNull();
    expect(resolveHiddenComparison("AGE=1", context)).toBeNull();
    expect(resolveHiddenComparison("S12=1", context)).toBeNull();
    expect(resolveHiddenComparison("D1_2=3", context)).toBeNull();
    expect(resolveHiddenComparison("gender = 1 or 2", context)).toBeNull();
  });
});
