import { describe, expect, it } from "vitest";
import { printCondition } from "../conditions";
import { bindToolExpression, looksLikeToolExpression, parseToolExpression, type ToolBinder } from "./tool-expressions";

// A tiny symbol table written for these tests: a single-choice, a multi-choice and a number question.
interface Q {
  id: string;
  type: "single" | "multi" | "numeric";
  options: { code: string; label: string }[];
}
const QUESTIONS: Record<string, Q> = {
  q1: { id: "Q1", type: "single", options: [{ code: "1", label: "Yes" }, { code: "2", label: "No" }] },
  transport: { id: "Q2", type: "multi", options: [{ code: "1", label: "Car" }, { code: "2", label: "Bicycle" }, { code: "3", label: "Other" }] },
  age: { id: "Q3", type: "numeric", options: [] },
};
const binder: ToolBinder<Q> = {
  question: (name) => QUESTIONS[name.toLowerCase()],
  variable: (question) => question.id,
  id: (question) => question.id,
  multi: (question) => question.type === "multi",
  codes: (question, value) => {
    const byCode = question.options.filter((option) => option.code === value);
    if (byCode.length) return byCode.map((option) => option.code);
    const byLabel = question.options.filter((option) => option.label.toLowerCase() === value.toLowerCase());
    return byLabel.length ? byLabel.map((option) => option.code) : null;
  },
  codeAt: (question, position) => question.options[position - 1]?.code,
};
const read = (text: string) => {
  const expression = parseToolExpression(text);
  if (!expression) return null;
  const bound = bindToolExpression(expression, binder);
  return bound.ast ? printCondition(bound.ast) : `unbound: ${bound.problem}`;
};

describe("tool expression grammars (one parser)", () => {
  it("reads REDCap branching logic: bracketed fields, quoted codes, and/or, <>", () => {
    expect(read("[q1] = '1'")).toBe("{Q1} = '1'");
    expect(read("[q1] = '1' and [age] >= 18")).toBe("{Q1} = '1' and {Q3} >= 18");
    expect(read("([q1] <> \"2\" or [age] < 10)")).toBe("{Q1} != '2' or {Q3} < 10");
    expect(read("[visit_1][q1] = '1'")).toBe("{Q1} = '1'");
  });

  it("reads a REDCap checkbox option: [field(code)] = '1' chosen, = '0' not chosen", () => {
    expect(read("[transport(2)] = '1'")).toBe("{Q2} anyof ['2']");
    expect(read("[transport(2)] = '0'")).toBe("{Q2} noneof ['2']");
  });

  it("reads XLSForm relevance: ${field}, selected(), not(), values by choice name", () => {
    expect(read("${q1} = 'yes'")).toBe("{Q1} = '1'");
    expect(read("selected(${transport}, 'other')")).toBe("{Q2} anyof ['3']");
    expect(read("not(selected(${transport}, '2'))")).toBe("not {Q2} anyof ['2']");
  });

  it("reads a comparison with the empty value (null, '') as the field left unanswered or answered", () => {
    expect(read("${age} = null")).toBe("{Q3} empty");
    expect(read("${q1} != '' and ${age} > 3")).toBe("{Q1} notempty and {Q3} > 3");
  });

  it("reads LimeSurvey relevance: Q.NAOK ==, &&, ||, !is_empty()", () => {
    expect(read('((Q1.NAOK == "1"))')).toBe("{Q1} = '1'");
    expect(read('Q1.NAOK == "1" || Q1.NAOK == "2"')).toBe("{Q1} = '1' or {Q1} = '2'");
    expect(read("!is_empty(age.NAOK)")).toBe("{Q3} notempty");
  });

  it("reads scripting notes: 'in (…)', a Decipher row, a Dimensions ContainsAny set", () => {
    expect(read("q1 in (1,2)")).toBe("{Q1} anyof ['1', '2']");
    expect(read("transportr2")).toBe("{Q2} anyof ['2']");
    expect(read("Q2.ContainsAny({_2,_3})")).toBe("unbound: 'Q2' is not a question of this questionnaire");
    expect(read("transport.ContainsAny({_2,_3})")).toBe("{Q2} anyof ['2', '3']");
    expect(read("transport.r3")).toBe("{Q2} anyof ['3']");
    expect(read("f('q1') == '2'")).toBe("{Q1} = '2'");
    expect(read("f('transport').any('1','2')")).toBe("{Q2} anyof ['1', '2']");
    expect(read("f('transport').none('1')")).toBe("not {Q2} anyof ['1']");
  });

  it("keeps a name that binds nowhere or a value that is no answer as a problem", () => {
    expect(read("[smoker] = '1'")).toMatch(/^unbound: 'smoker' is not a question/);
    expect(read("[q1] = '7'")).toMatch(/^unbound: '7' is not an answer of Q1/);
  });

  it("is not prose: plain sentences and half-read expressions are no tool expression", () => {
    expect(parseToolExpression("those who said yes at Q1")).toBeNull();
    expect(parseToolExpression("[q1] = ")).toBeNull();
    expect(looksLikeToolExpression("IF Q3 = 1 OR 2")).toBe(false);
    expect(looksLikeToolExpression("[smoker] = '1'")).toBe(true);
    expect(looksLikeToolExpression("${consent} = 'yes'")).toBe(true);
    expect(looksLikeToolExpression("Q1r2")).toBe(true);
    expect(looksLikeToolExpression("Q1.r2")).toBe(true);
    expect(looksLikeToolExpression("f('q1') == '1'")).toBe(true);
  });
});
