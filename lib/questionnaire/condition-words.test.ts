import { describe, expect, it } from "vitest";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { conditionInWords, describeCondition, vocabularyOf } from "./condition-words";
import { parseCondition } from "./conditions";

const document: Pick<TSurveyDocument, "pages" | "variables"> = {
  variables: [{ name: "PANEL", type: "hidden" }],
  pages: [
    {
      id: "p1",
      name: "Screener",
      order: 0,
      navigation_rules: [],
      blocks: [
        {
          id: "b1",
          order: 0,
          config: {
            type: "single_choice",
            content: "Do you own a camera?",
            content_type: "markdown",
            question: { variable: "Q7", required: true, options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }, { value: "3", label: "**Not** sure" }] },
          },
        },
        {
          id: "b2",
          order: 1,
          config: {
            type: "multiple_choice",
            content: "Which brands?",
            content_type: "markdown",
            question: { variable: "S3", required: true, options: [{ value: "1", label: "Canon" }, { value: "4", label: "Nikon" }, { value: "5", label: "Sony" }] },
          },
        },
        {
          id: "b3",
          order: 2,
          config: {
            type: "matrix",
            content: "Rate each brand",
            content_type: "markdown",
            question: { variable: "G1", required: true, rows: [{ value: "a", label: "Brand A" }], columns: [{ value: "1", label: "Poor" }, { value: "5", label: "Excellent" }] },
          },
        },
        { id: "b4", order: 3, config: { type: "number", content: "Age?", content_type: "markdown", question: { variable: "AGE", required: true } } },
        {
          id: "b5",
          order: 4,
          config: { type: "rating", content: "Satisfaction", content_type: "markdown", question: { variable: "SAT", required: true, options: [{ value: "1", label: "1" }, { value: "4", label: "Agree" }] } },
        },
        { id: "b6", order: 5, config: { type: "open_text", content: "Why?", content_type: "markdown", question: { variable: "WHY", required: false } } },
      ],
    },
  ],
};

const vocabulary = vocabularyOf(document);
const say = (text: string) => conditionInWords(parseCondition(text), vocabulary);

describe("conditionInWords", () => {
  it("names the answer by its label: Q7 is Yes", () => {
    expect(say("{Q7} = '1'")).toBe("Q7 is Yes");
    expect(say("{Q7} != '2'")).toBe("Q7 is not No");
    expect(say("{Q7} anyof ['1','3']")).toBe("Q7 is Yes or Not sure");
    expect(say("{Q7} noneof ['1','2']")).toBe("Q7 is neither Yes nor No");
    expect(say("{Q7} noneof ['1','2','3']")).toBe("Q7 is none of Yes, No or Not sure");
  });

  it("reads a multiple-choice question as what it includes", () => {
    expect(say("{S3} = '4'")).toBe("S3 includes Nikon");
    expect(say("{S3} anyof ['1','4','5']")).toBe("S3 includes any of Canon, Nikon or Sony");
    expect(say("{S3} allof ['1','4']")).toBe("S3 includes Canon and Nikon");
    expect(say("{S3} noneof ['5']")).toBe("S3 includes none of Sony");
    expect(say("count({S3}) >= 2")).toBe("at least 2 answers are chosen in S3");
  });

  it("names a grid row and its column labels", () => {
    expect(say("{G1.a} = '5'")).toBe("G1 “Brand A” is Excellent");
    expect(say("{G1.z} = '5'")).toBe("G1 row “z” (no such row) is Excellent");
  });

  it("reads numbers, answered/unanswered and text", () => {
    expect(say("{AGE} >= 18")).toBe("AGE is at least 18");
    expect(say("{AGE} < 18 or {AGE} > 65")).toBe("AGE is less than 18 or AGE is more than 65");
    expect(say("{SAT} >= 4")).toBe("SAT is at least 4 (Agree)");
    expect(say("{WHY} notempty")).toBe("WHY is answered");
    expect(say("{WHY} empty")).toBe("WHY is not answered");
    expect(say("{WHY} contains 'price'")).toBe("WHY contains “price”");
    expect(say("{PANEL} = 'b'")).toBe("PANEL is “b”");
  });

  it("keeps grouping with parentheses and negation", () => {
    expect(say("{Q7} = '1' and ({S3} = '4' or {AGE} > 17)")).toBe("Q7 is Yes and (S3 includes Nikon or AGE is more than 17)");
    expect(say("not ({Q7} = '1' or {Q7} = '2')")).toBe("not (Q7 is Yes or Q7 is No)");
    expect(say("not {Q7} = '1'")).toBe("not (Q7 is Yes)");
  });

  it("never makes an unknown code look valid", () => {
    expect(say("{Q7} = '9'")).toBe("Q7 is “9” (not an answer code)");
    expect(say("{UNKNOWN} = '1'")).toBe("UNKNOWN is “1”");
  });
});

describe("describeCondition", () => {
  it("returns the parser's message and position for text that is not a condition", () => {
    expect(describeCondition("{Q7} = '1'", vocabulary)).toEqual({ words: "Q7 is Yes", error: null });
    const broken = describeCondition("{Q7} = ", vocabulary);
    expect(broken.words).toBeNull();
    expect(broken).toMatchObject({ error: "Expected a value at position 7", position: 7 });
  });
});
