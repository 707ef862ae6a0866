import { describe, expect, it } from "vitest";
import { printCondition } from "../conditions";
import type { IROption, QuestionType } from "../ir";
import { QuestionIndex, type QuestionRef, resolveCondition } from "./logic";

/** Convention: several comparisons on one question joined by and/or ("K7 < 90 or ==99") are read one by one. */

const option = (code: string, label: string): IROption => ({ code, label, codePrinted: true, span: { start: 0, end: 0 } });
const question = (id: string, type: QuestionType, order: number, labels: string[] = []): QuestionRef => ({
  key: id, id, variable: id, aliases: [], type, text: id, options: labels.map((label, index) => option(String(index + 1), label)), rows: [], columns: [], order,
});
const context = { index: new QuestionIndex([question("K7", "numeric", 1), question("K8", "single", 2, ["Often", "Never"])]), order: 10 };
const read = (text: string) => {
  const resolution = resolveCondition(text, context);
  return resolution.ast ? printCondition(resolution.ast) : `UNRESOLVED ${resolution.unresolved}`;
};

describe("comparison chains on one question", () => {
  it("keeps the values of two comparisons apart instead of joining their digits", () => {
    expect(read("ASK IF K7 < 90 or ==99")).toBe("{K7} < 90 or {K7} = '99'");
    expect(read("K7 >= 21 AND < 70")).toBe("{K7} >= 21 and {K7} < 70");
  });

  it("still reads a list of values after one operator as one comparison", () => {
    expect(read("K8 = 1 or 2")).toBe("{K8} anyof ['1', '2']");
    expect(read("K7 < 90 OR K8 = 1")).toBe("{K7} < 90 or {K8} = '1'");
  });
});

describe("the end of a part is not the end of the survey", () => {
  it("reads 'skip to the end of this block' as no end of the survey, and 'skip to the end' as one", async () => {
    const { parseRouteTarget } = await import("./logic");
    expect(parseRouteTarget("If No, skip to the end of this block")).not.toEqual({ kind: "end" });
    expect(parseRouteTarget("If No, skips to end of questions section")).not.toEqual({ kind: "end" });
    expect(parseRouteTarget("If No, skip to the end")).toEqual({ kind: "end" });
  });
});
