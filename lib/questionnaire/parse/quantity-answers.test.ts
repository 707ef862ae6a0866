import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";
import { ruleCondition } from "./quantity-answers";

const parseDocx = async (blocks: Parameters<typeof buildDocx>[0]["blocks"]): Promise<QuestionnaireIR> =>
  parseQuestionnaire(await extractDocument(buildDocx({ blocks }), { filename: "screener.docx" }));
const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("answer tables that hold a quantity", () => {
  it("turns a screening rule on the number entered into a condition on the question", () => {
    expect(ruleCondition("IF <3 OR >25", "S5")).toBe("{S5} < 3 or {S5} > 25");
    expect(ruleCondition("if <70%, then", "S6")).toBe("{S6} < 70");
    expect(ruleCondition("Terminate if less than 5", "Q2")).toBe("{Q2} < 5");
    expect(ruleCondition("If more than 40 and below 90", "Q3")).toBe("{Q3} > 40 and {Q3} < 90");
    expect(ruleCondition("IF NONE", "Q4")).toBeNull();
  });

  it("reads a table holding only what to enter and its screening rule as a number, keeping the rule as routing", async () => {
    const ir = await parseDocx([
      "S1.\tWhich of the following best describes your specialty?",
      { kind: "table", rows: [["1", "Cardiologist", ""], ["2", "Surgeon", "TERMINATE"], ["3", "Other", "TERMINATE"]] },
      "S2.\tHow many years have you been in practice?",
      { kind: "table", rows: [["# of years", "IF <3 OR >25 TERMINATE"]] },
      "S3.\tWhat percent of your time is spent in direct patient care?",
      { kind: "table", rows: [["% of professional time", "if <70%, then TERMINATE"]] },
      "S4.\tHow many patients do you see in a typical month?",
      { kind: "table", rows: [["Number of patients"]] },
    ]);
    expect(byId(ir, "S1").type).toBe("single");
    expect(byId(ir, "S1").options).toHaveLength(3);
    for (const id of ["S2", "S3", "S4"]) {
      expect(byId(ir, id).type).toBe("numeric");
      expect(byId(ir, id).options).toHaveLength(0);
    }
    expect(byId(ir, "S2").routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{S2} < 3 or {S2} > 25", "terminate"]]);
  });

  it("reads items whose shares must sum to 100% as a number per item, in several phrasings", async () => {
    const ir = await parseDocx([
      "B1.\tWhat percent of your procedures use each of the following devices?",
      "Your response must sum to 100%",
      { kind: "table", rows: [["1", "Device Alpha"], ["2", "Device Beta"], ["3", "Other (specify)"]] },
      "B2.\tWhat proportion of your patients fall into each age group?",
      { kind: "table", rows: [["1", "Under 18"], ["2", "18-64"], ["3", "65 and over"]] },
      "Please make sure your answers add up to 100%.",
      "B3.\tWhich of the following devices do you prefer?",
      { kind: "table", rows: [["1", "Device Alpha"], ["2", "Device Beta"]] },
    ]);
    expect(byId(ir, "B1").type).toBe("numeric");
    expect(byId(ir, "B1").rows.map((row) => row.label)).toEqual(["Device Alpha", "Device Beta", "Other (specify)"]);
    expect(byId(ir, "B2").type).toBe("numeric");
    expect(byId(ir, "B2").rows).toHaveLength(3);
    expect(byId(ir, "B3").type).toBe("single");
  });

  it("reads a table holding only an open-end entry (and notes beside it) as an open question", async () => {
    const ir = await parseDocx([
      "A1.\tWhich of these brands have you heard of?",
      { kind: "table", rows: [["1", "Alpha"], ["2", "Beta"], ["3", "Gamma"]] },
      "A2.\tWhy do you prefer that brand?",
      "Please be as detailed as possible.",
      { kind: "table", rows: [["OPEN END: REQUIRE MINIMUM OF 4 CHARACTERS"]] },
      "A3.\tWhat would make you switch?",
      { kind: "table", rows: [["OPEN END – FORCE MIN OF 4 CHARACTERS"]] },
      "POTENTIAL AE",
      "A4.\tAnything else you would like to add?",
      { kind: "table", rows: [["RECORD VERBATIM"]] },
    ]);
    expect(byId(ir, "A1").type).toBe("single");
    for (const id of ["A2", "A3", "A4"]) {
      expect(byId(ir, id).type).toBe("open");
      expect(byId(ir, id).options).toHaveLength(0);
    }
  });

  it("reads a grid whose one column says what to enter as a number per row", async () => {
    const ir = await parseDocx([
      "S4.\tHow many patients have you treated with each condition in the last 12 months?",
      { kind: "table", rows: [["", "RANDOMIZE", "# of Patients/Year"], ["1", "Condition A", ""], ["2", "Condition B", ""], ["3", "Condition C", ""]] },
      "F1.\tPlease allocate 100 points across the products below.",
      { kind: "table", rows: [["", "RANDOMIZE", "100-Points"], ["1", "Product A", ""], ["2", "Product B", ""], ["3", "Product C", ""]] },
      "G1.\tHow satisfied are you with each product?",
      { kind: "table", rows: [["", "Satisfied", "Not satisfied"], ["Product A", "", ""], ["Product B", "", ""]] },
    ]);
    for (const id of ["S4", "F1"]) {
      expect(byId(ir, id).type).toBe("numeric");
      expect(byId(ir, id).rows).toHaveLength(3);
    }
    expect(byId(ir, "G1").type).toBe("grid");
  });
});

describe("an entry field with special values coded beside it", () => {
  it("reads an entry and codes of a repeated high digit as a number, the special values kept and their routing kept", async () => {
    const { parseText } = await import("../testing/parse-text");
    const ir = await parseText(
      [
        "Q1. How many cups of tea did you drink yesterday?",
        "_ _ Number of cups",
        "88 None    Go to Q3",
        "77 Don't know",
        "99 Refused",
        "Q2. Did you add milk?",
        "1 Yes",
        "2 No",
        "Q3. How many days last week did you walk to work?",
        "1 _ _ Days per week",
        "777 Don't know",
        "999 Refused",
        "Q4. Which size do you order?",
        "11 Small",
        "22 Large",
      ].join("\n"),
    );
    const q1 = byId(ir, "Q1");
    expect(q1.type).toBe("numeric");
    expect(q1.options).toEqual([]);
    expect(q1.instructions).toContain("88 None");
    expect(q1.routes[0]?.when?.condition).toBe("{Q1} = 88");
    expect(byId(ir, "Q3").type).toBe("numeric");
    // Codes of a low repeated digit are answers like any other.
    expect(byId(ir, "Q4").type).toBe("single");
  });
});
