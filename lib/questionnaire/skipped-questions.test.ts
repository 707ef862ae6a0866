import { describe, expect, it } from "vitest";
import { type ConditionAst, printCondition } from "./conditions";
import { type ForwardJump, skippedConditions } from "./skipped-questions";

const answerJump = (from: number, to: number, codes: string[], total = 2, variable = "Q1"): ForwardJump => ({
  from,
  to,
  taken: codes.length === 1 ? { type: "compare", ref: { variable }, op: "=", value: codes[0] } : { type: "compare", ref: { variable }, op: "anyof", value: codes },
  answers: { variable, codes, total },
});
const printed = (jumps: ForwardJump[], pages: number) => skippedConditions(jumps, pages).map(({ at, condition }) => [at, printCondition(condition)]);

describe("questions a forward jump passes over", () => {
  it("a jump on one answer gives each page in between 'not that answer'", () => {
    expect(printed([answerJump(0, 3, ["2"])], 5)).toEqual([
      [1, "{Q1} != '2'"],
      [2, "{Q1} != '2'"],
    ]);
  });

  it("jumps on every answer combine: a page every answer passes over gets nothing from that source", () => {
    // Yes → page 2, No → page 4: page 1 is passed over by both, pages 2–3 only by No.
    expect(printed([answerJump(0, 2, ["1"]), answerJump(0, 4, ["2"])], 6)).toEqual([
      [2, "{Q1} != '2'"],
      [3, "{Q1} != '2'"],
    ]);
  });

  it("a page every answer passes over, entered by an earlier question's jump, shows only when the source is unanswered", () => {
    // Q1 (page 0): Yes → page 3; Q2 (page 2, asked of No): every answer → page 5. Pages 3–4 are reached from Q1 only.
    expect(printed([answerJump(0, 3, ["1"]), answerJump(2, 5, ["1", "2"], 2, "Q2")], 7)).toEqual([
      [1, "{Q1} != '1'"],
      [2, "{Q1} != '1'"],
      [3, "{Q2} empty"],
      [4, "{Q2} empty"],
    ]);
  });

  it("a routing statement's condition is negated", () => {
    const taken: ConditionAst = { type: "compare", ref: { variable: "Q3" }, op: "=", value: "2" };
    expect(printed([{ from: 1, to: 3, taken }], 5)).toEqual([[2, "{Q3} != '2'"]]);
  });

  it("a jump to the next page, the end of the survey or a screen-out passes over nothing", () => {
    expect(printed([answerJump(0, 1, ["2"]), answerJump(2, 7, ["1"])], 7)).toEqual([]);
  });

  it("a routing statement on an earlier question still scopes the pages that question's own jump enters", () => {
    // S4 (page 0): "Never → page 3"; printed at page 2: "SKIP TO page 5 IF S4 = 3". Whoever enters page 3 from page 0
    // answered Never, so never takes the statement's jump: pages 3–4 show when S4 is not 3.
    const statement: ForwardJump = { from: 2, to: 5, taken: { type: "compare", ref: { variable: "S4" }, op: "=", value: "3" } };
    expect(printed([answerJump(0, 3, ["4"], 4, "S4"), statement], 7)).toEqual([
      [1, "{S4} != '4'"],
      [2, "{S4} != '4'"],
      [3, "{S4} != '3'"],
      [4, "{S4} != '3'"],
    ]);
  });

  it("pages that an earlier question's jump enters get no condition from a later source", () => {
    // Q at page 0 jumps to page 2 (into the range page 1 skips over): pages 2.. are reachable without page 1's answer.
    expect(printed([answerJump(1, 4, ["2"], 2, "Q2"), answerJump(0, 2, ["1"])], 6)).toEqual([[1, "{Q1} != '1'"]]);
  });
});
