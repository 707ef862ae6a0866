import { describe, expect, it } from "vitest";
import { builderText, builderValue, clauseComplete, fromBuilder, operatorsFor, toBuilder } from "./condition-builder";
import { parseCondition, printCondition } from "./conditions";

describe("condition builder", () => {
  it("reads flat and/or conditions and writes back the same canonical text", () => {
    for (const text of [
      "{S1} = '2'",
      "{S1} = '2' and {S3} anyof ['1', '4']",
      "{AGE} < 18 or {AGE} > 65 or {Q2} empty",
      "{G1.a} != '5' and {Q9} notempty",
      "{WHY} contains 'price'",
    ]) {
      const canonical = printCondition(parseCondition(text));
      const model = toBuilder(parseCondition(text));
      expect(model, text).not.toBeNull();
      expect(builderText(model!)).toBe(canonical);
    }
  });

  it("leaves nested groups, negation and count() to the raw text", () => {
    for (const text of ["{S1} = '2' and ({Q7} = '1' or {Q7} = '2')", "not {S1} = '2'", "count({S3}) > 2"]) {
      expect(toBuilder(parseCondition(text)), text).toBeNull();
    }
  });

  it("an empty builder means no condition", () => {
    expect(toBuilder(null)).toEqual({ join: "and", clauses: [] });
    expect(fromBuilder({ join: "and", clauses: [] })).toBeNull();
  });

  it("writes only complete clauses: a question and the values its operator needs", () => {
    const model = {
      join: "or" as const,
      clauses: [
        { variable: "S1", operator: "=" as const, values: ["2"] },
        { variable: "", operator: "=" as const, values: ["1"] },
        { variable: "S3", operator: "anyof" as const, values: [] },
        { variable: "Q2", operator: "notempty" as const, values: [] },
      ],
    };
    expect(model.clauses.map(clauseComplete)).toEqual([true, false, false, true]);
    expect(builderText(model)).toBe("{S1} = '2' or {Q2} notempty");
  });

  it("offers the operators that fit the question", () => {
    expect(operatorsFor({ type: "multiple_choice", options: [{ value: "1", label: "A" }] }).map((op) => op.label)).toContain("includes any of");
    expect(operatorsFor({ type: "single_choice", options: [{ value: "1", label: "A" }] }).map((op) => op.value)).toEqual(["=", "!=", "anyof", "noneof", "notempty", "empty"]);
    expect(operatorsFor({ type: "number" }).map((op) => op.value)).toContain(">=");
    expect(operatorsFor({ type: "matrix", rows: [{ value: "a", label: "A" }], columns: [{ value: "1", label: "x" }] }, "a").map((op) => op.value)).toContain("anyof");
  });

  it("types values as the language stores them", () => {
    expect(builderValue("18", { type: "number" }, ">=")).toBe(18);
    expect(builderValue("18", { type: "number" }, "=")).toBe(18);
    expect(builderValue("2", { type: "single_choice", options: [{ value: "2", label: "No" }] }, "=")).toBe("2");
    expect(builderValue("4", { type: "rating", options: [{ value: "4", label: "Agree" }] }, ">=")).toBe(4);
  });
});
