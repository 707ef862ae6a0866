import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONDITION_LIMITS,
  type ConditionAst,
  ConditionSyntaxError,
  conditionRefs,
  evaluateCondition,
  parseCondition,
  printCondition,
} from "./conditions";

describe("parseCondition", () => {
  it("parses the example of DESIGN §4 into comparisons joined by and/or", () => {
    const ast = parseCondition("{S1} = '2' and ({S3} anyof ['1','4'] or {Q7} > 17)");
    expect(ast).toEqual({
      type: "and",
      operands: [
        { type: "compare", ref: { variable: "S1" }, op: "=", value: "2" },
        {
          type: "or",
          operands: [
            { type: "compare", ref: { variable: "S3" }, op: "anyof", value: ["1", "4"] },
            { type: "compare", ref: { variable: "Q7" }, op: ">", value: 17 },
          ],
        },
      ],
    });
  });

  it("reads row references, empty tests, count() and negation", () => {
    expect(parseCondition("{E1.4} = '1'")).toEqual({ type: "compare", ref: { variable: "E1", row: "4" }, op: "=", value: "1" });
    expect(parseCondition("{Q2} notempty")).toEqual({ type: "empty", ref: { variable: "Q2" }, negated: true });
    expect(parseCondition("count({B2}) >= 2")).toEqual({ type: "count", ref: { variable: "B2" }, op: ">=", value: 2 });
    expect(parseCondition("! {Q1} = '1'")).toEqual({ type: "not", operand: { type: "compare", ref: { variable: "Q1" }, op: "=", value: "1" } });
  });

  it("accepts variable names with hyphens and digits first", () => {
    expect(conditionRefs(parseCondition("{PARTICIPATION-TYPE} anyof ['4'] and {7-27.3} = '2'"))).toEqual([
      { variable: "PARTICIPATION-TYPE" },
      { variable: "7-27", row: "3" },
    ]);
  });

  it("gives and a higher precedence than or", () => {
    const ast = parseCondition("{A} = '1' or {B} = '1' and {C} = '1'");
    expect(ast.type).toBe("or");
    expect((ast as { operands: ConditionAst[] }).operands[1].type).toBe("and");
  });

  it.each([
    ["", "Empty condition at position 0"],
    ["{Q1} = ", "Expected a value at position 7"],
    ["{Q1} '1'", "Expected an operator, found ''1'' at position 5"],
    ["{Q1 = '1'", "Expected '}' at position 4"],
    ["({Q1} = '1'", "Expected ')' at position 11"],
    ["{Q1} = '1')", "Unbalanced ')' at position 10"],
    ["{Q1} = 'open", "Unterminated string at position 7"],
    ["{Q1} == '1'", "Use '=' (not '==') to compare at position 5"],
    ["{Q1} like '1'", "Unknown operator 'like' at position 5"],
    ["{Q1} = yes", "Values are quoted codes: write 'yes' in quotes at position 7"],
    ["{Q1} = ['1']", "A list needs 'anyof', 'noneof' or 'allof', not '=' at position 5"],
    ["{Q1} anyof []", "A list needs at least one value at position 12"],
    ["{Q1} = '1' and", "Expected a question reference like {Q1} at position 14"],
    ["{Q1} = '1' $", "Unexpected character '$' at position 11"],
  ])("reports %j with the position of the problem", (text, message) => {
    expect(() => parseCondition(text)).toThrow(ConditionSyntaxError);
    try {
      parseCondition(text);
    } catch (error) {
      expect((error as Error).message).toBe(message);
      expect((error as ConditionSyntaxError).position).toBe(Number(/position (\d+)$/.exec(message)![1]));
    }
  });

  it("refuses conditions longer or deeper than the caps", () => {
    const long = Array.from({ length: 400 }, (_, i) => `{Q${i}} = '1'`).join(" or ");
    expect(long.length).toBeGreaterThan(CONDITION_LIMITS.maxLength);
    expect(() => parseCondition(long)).toThrow(/longer than/);
    const deep = `${"(".repeat(40)}{Q1} = '1'${")".repeat(40)}`;
    expect(() => parseCondition(deep)).toThrow(/nested more than/);
  });
});

describe("printCondition", () => {
  it("prints canonical text: lower-case keywords, single quotes, minimal parentheses", () => {
    const text = `{S1}='2' AND ( {S3} ANYOF ["1","4"] OR not ({Q7} > 17 and {Q8} empty) )`;
    expect(printCondition(parseCondition(text))).toBe("{S1} = '2' and ({S3} anyof ['1', '4'] or not ({Q7} > 17 and {Q8} empty))");
  });

  it("escapes quotes and backslashes in codes", () => {
    const ast: ConditionAst = { type: "compare", ref: { variable: "Q1" }, op: "=", value: "it's \\ fine" };
    const printed = printCondition(ast);
    expect(printed).toBe("{Q1} = 'it\\'s \\\\ fine'");
    expect(parseCondition(printed)).toEqual(ast);
  });
});

describe("evaluateCondition", () => {
  it("treats a comparison with an unanswered question as false, and empty as true", () => {
    expect(evaluateCondition("{Q1} = '1'", {})).toBe(false);
    expect(evaluateCondition("{Q1} != '1'", {})).toBe(false);
    expect(evaluateCondition("{Q1} empty", {})).toBe(true);
    expect(evaluateCondition("{Q1} empty", { Q1: "" })).toBe(true);
    expect(evaluateCondition("{Q1} notempty", { Q1: "2" })).toBe(true);
    expect(evaluateCondition("not {Q1} = '1'", {})).toBe(true);
  });

  it("compares codes and numbers numerically when both are numbers", () => {
    expect(evaluateCondition("{Q1} = '2'", { Q1: 2 })).toBe(true);
    expect(evaluateCondition("{AGE} >= 18", { AGE: "21" })).toBe(true);
    expect(evaluateCondition("{AGE} < 18", { AGE: "21" })).toBe(false);
    expect(evaluateCondition("{CITY} = 'Paris'", { CITY: "Paris" })).toBe(true);
  });

  it("reads multiple-choice answers as sets", () => {
    const answers = { B2: ["1", "3"] };
    expect(evaluateCondition("{B2} = '3'", answers)).toBe(true);
    expect(evaluateCondition("{B2} != '2'", answers)).toBe(true);
    expect(evaluateCondition("{B2} anyof ['2', '3']", answers)).toBe(true);
    expect(evaluateCondition("{B2} noneof ['2', '4']", answers)).toBe(true);
    expect(evaluateCondition("{B2} allof ['1', '3']", answers)).toBe(true);
    expect(evaluateCondition("{B2} allof ['1', '2']", answers)).toBe(false);
    expect(evaluateCondition("{B2} contains '1'", answers)).toBe(true);
    expect(evaluateCondition("count({B2}) = 2", answers)).toBe(true);
    expect(evaluateCondition("count({B9}) = 0", answers)).toBe(true);
  });

  it("reads grid rows from a nested answer or a flat key", () => {
    expect(evaluateCondition("{E1.4} = '1'", { E1: { "4": "1", "5": "2" } })).toBe(true);
    expect(evaluateCondition("{E1.5} = '1'", { "E1.5": "1" })).toBe(true);
    expect(evaluateCondition("{E1.6} = '1'", { E1: { "4": "1" } })).toBe(false);
  });

  it("checks text answers with contains", () => {
    expect(evaluateCondition("{Q9} contains 'cat'", { Q9: "I love Cats" })).toBe(true);
  });

  it("gives the same result for text and for its parsed form", () => {
    const text = "{S1} = '2' and ({S3} anyof ['1','4'] or {Q7} > 17)";
    const answers = { S1: "2", S3: "4", Q7: 10 };
    expect(evaluateCondition(text, answers)).toBe(true);
    expect(evaluateCondition(parseCondition(text), answers)).toBe(true);
    expect(evaluateCondition(text, { ...answers, S3: "2" })).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------ properties

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/);
const code = fc.oneof(fc.stringMatching(/^[0-9]{1,3}$/), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !/[\u0000-\u001f]/.test(s)));
const number = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -10000, max: 10000 }).map((n) => n / 100));
const ref = fc.record({ variable: name, row: fc.option(fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/), { nil: undefined }) }).map((value) =>
  value.row === undefined ? { variable: value.variable } : value,
);
const leaf: fc.Arbitrary<ConditionAst> = fc.oneof(
  fc.record({ type: fc.constant("compare" as const), ref, op: fc.constantFrom("=" as const, "!=" as const, "contains" as const), value: fc.oneof(code, number) }),
  fc.record({ type: fc.constant("compare" as const), ref, op: fc.constantFrom("<" as const, "<=" as const, ">" as const, ">=" as const), value: number }),
  fc.record({ type: fc.constant("compare" as const), ref, op: fc.constantFrom("anyof" as const, "noneof" as const, "allof" as const), value: fc.array(fc.oneof(code, number), { minLength: 1, maxLength: 4 }) }),
  fc.record({ type: fc.constant("empty" as const), ref, negated: fc.boolean() }),
  fc.record({ type: fc.constant("count" as const), ref, op: fc.constantFrom("=" as const, "!=" as const, "<" as const, ">=" as const), value: fc.integer({ min: 0, max: 20 }) }),
);
/** Normalized ASTs: and/or never directly nest the same kind (the parser flattens them). */
const ast: fc.Arbitrary<ConditionAst> = fc.letrec<{ node: ConditionAst }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): ConditionAst => ({ type: "and", operands: operands.flatMap((o) => (o.type === "and" ? o.operands : [o])) })),
    fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): ConditionAst => ({ type: "or", operands: operands.flatMap((o) => (o.type === "or" ? o.operands : [o])) })),
    tie("node").map((operand): ConditionAst => ({ type: "not", operand })),
  ),
})).node;

describe("condition language properties", () => {
  it("print ∘ parse is the identity on printed forms", () => {
    fc.assert(
      fc.property(ast, (tree) => {
        const printed = printCondition(tree);
        const reparsed = parseCondition(printed);
        expect(printCondition(reparsed)).toBe(printed);
        expect(reparsed).toEqual(tree);
      }),
      { numRuns: 500 },
    );
  });

  it("never crashes on arbitrary input: it returns a tree or a positioned syntax error", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        try {
          parseCondition(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ConditionSyntaxError);
          expect((error as ConditionSyntaxError).position).toBeGreaterThanOrEqual(0);
          expect((error as ConditionSyntaxError).position).toBeLessThanOrEqual(Math.max(text.length, CONDITION_LIMITS.maxLength));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("evaluates a negation to the opposite of its operand", () => {
    fc.assert(
      fc.property(ast, fc.dictionary(name, fc.oneof(code, fc.array(code, { maxLength: 3 }))), (tree, answers) => {
        expect(evaluateCondition({ type: "not", operand: tree }, answers)).toBe(!evaluateCondition(tree, answers));
      }),
      { numRuns: 300 },
    );
  });
});
