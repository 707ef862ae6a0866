import { describe, expect, it } from "vitest";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { proseLeadIn } from "./prose-conditions";
import { parseText as parseAs } from "../testing/parse-text";

const parseText = (text: string, filename = "q.md") => parseAs(text, filename);
const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;

describe("prose conditions in the wording", () => {
  it("detects a conditional lead-in, and tells filters from hypotheticals and question words", () => {
    expect(proseLeadIn("If you did use the ferry, how was it?")).toMatchObject({ clause: "you did use the ferry", kind: "if", hypothetical: false });
    expect(proseLeadIn("If you needed a loan, would you ask a bank?")).toMatchObject({ hypothetical: true });
    expect(proseLeadIn("If the vote were held today, whom would you choose?")).toMatchObject({ hypothetical: true });
    expect(proseLeadIn("For readers of the weekly edition only: what do you read first?")).toMatchObject({ kind: "group", clause: "readers of the weekly edition" });
    expect(proseLeadIn("For how many years have you cycled to work?")).toBeNull();
    expect(proseLeadIn("If yes, which one?")).toBeNull();
  });

  it("binds a clause that restates the yes/no question before it, with the clause's polarity", async () => {
    const ir = await parseText(
      [
        "1. Did you visit the museum shop?",
        "- Yes",
        "- No",
        "2. If you did visit the museum shop, what did you buy?",
        "3. Do you think the opening hours are convenient?",
        "- Yes",
        "- No",
        "4. If you think the opening hours are not convenient, which hours would suit you?",
      ].join("\n"),
    );
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '1'"]);
    expect(byId(ir, "4").askIf.map((condition) => condition.condition)).toEqual(["{Q3} = '2'"]);
  });

  it("binds a clause that repeats one answer of a recent question", async () => {
    const ir = await parseText(
      [
        "1. How did you pay for your ticket?",
        "- Paid in cash at the counter",
        "- Paid online by card",
        "- Did not pay for a ticket",
        "2. If you did not pay for a ticket, why not?",
      ].join("\n"),
    );
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '3'"]);
  });

  it("binds codes quoted after a verb of answering to every row of the grid before it", async () => {
    const ir = await parseText(
      [
        "1. How risky is each channel?",
        "",
        "| | 1 | 2 | 3 | 4 | 5 |",
        "|---|---|---|---|---|---|",
        "| Flyers | ○ | ○ | ○ | ○ | ○ |",
        "| Radio | ○ | ○ | ○ | ○ | ○ |",
        "",
        "2. For channels you rated 4 or 5, please explain why.",
      ].join("\n"),
    );
    const condition = byId(ir, "2").askIf[0]?.condition ?? "";
    expect(condition).toContain("{Q1.");
    expect(condition).toContain("'4', '5'");
  });

  it("puts a group named by the wording on a declared hidden variable", async () => {
    const ir = await parseText(["1. What is your age?", "- Under 30", "- 30 or over", "2. For members of the choir only: which voice do you sing?", "- Soprano", "- Alto"].join("\n"));
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'members of the choir'"]);
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
  });

  it("puts a clause about the respondent's own standing on the hidden variable when no question binds it", async () => {
    const ir = await parseText(
      [
        "1. How likely are you to vote in the next local election?", "", "- Likely", "- Unlikely", "",
        "2. If you do not hold a driving licence, how do you travel to work?", "", "- Bus", "- Bicycle", "",
        "3. If you were to move house, where would you go?", "", "- Town", "- Country", "",
        "4. Hvis du ikke har cykel, hvordan kommer du i skole?", "", "- Bus", "- Til fods", "",
        "5. Hvis du skulle flytte, hvor ville du bo?", "", "- By", "- Land", "",
      ].join("\n"),
    );
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'you do not hold a driving licence'"]);
    expect(byId(ir, "3").askIf).toEqual([]);
    expect(byId(ir, "4").askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'du ikke har cykel'"]);
    expect(byId(ir, "5").askIf).toEqual([]);
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
  });

  it("keeps a clause that binds nowhere as written, and drops neither it nor attaches it to the next question", async () => {
    const ir = await parseText(
      [
        "1. Do you cycle to work?",
        "- Yes",
        "- No",
        "2. If your employer offers a cycle scheme for cycling, how did you hear of it?",
        "3. What is your job title?",
      ].join("\n"),
    );
    expect(byId(ir, "2").askIf).toHaveLength(1);
    expect(byId(ir, "2").askIf[0]).toMatchObject({ text: "If your employer offers a cycle scheme for cycling" });
    expect(byId(ir, "2").askIf[0].unresolved).toBeDefined();
    expect(byId(ir, "3").askIf).toEqual([]);
  });

  it("reads a screen-out written in the wording as the answer that ends the survey", async () => {
    const ir = await parseText(
      [
        "1. Are you 16 years old or older? (Note: if you are less than 16 years old, thank you for your interest but you are not eligible for this study)",
        "- Yes",
        "- No",
        "2. Do you agree to take part? If you disagree, please exit the survey.",
        "- I agree",
        "- I disagree",
      ].join("\n"),
    );
    expect(byId(ir, "1").options.map((option) => option.route?.kind)).toEqual([undefined, "terminate"]);
    expect(byId(ir, "1").routes).toEqual([]);
    expect(byId(ir, "2").options.map((option) => option.route?.kind)).toEqual([undefined, "terminate"]);
  });

  it("assumes Yes/No answers for a yes/no question printed without answers that a later clause restates", async () => {
    const ir = await parseText(["1. Have you ever visited the old harbour?", "2. If you have visited the old harbour before, what did you see there?"].join("\n"));
    expect(byId(ir, "1").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(byId(ir, "1").warnings.join(" ")).toMatch(/assumed/);
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '1'"]);
  });

  it("makes a filter question quoted in a filter note a question, and the block's condition its answer", async () => {
    const ir = await parseText(
      [
        "## Section 1 — Garden",
        "",
        'Filter: *"Do you have a garden?"* Yes/No. If No → skip block.',
        "",
        "Scale: 1 = Never … 5 = Always.",
        "",
        "- **Q1.** I water the plants.",
        "- **Q2.** I mow the lawn.",
      ].join("\n"),
    );
    const filter = ir.items.find((item): item is IRQuestion => item.kind === "question" && item.text === "Do you have a garden?");
    expect(filter?.options.map((option) => option.label)).toEqual(["Yes", "No"]);
    const filtered = ir.items.filter((item): item is IRQuestion => item.kind === "question" && item !== filter);
    expect(filtered.length).toBeGreaterThan(0);
    for (const question of filtered) expect(question.askIf.map((condition) => condition.condition)).toEqual([`{${filter!.variable}} = '1'`]);
  });

  it("binds a bracketed group of respondents who chose an answer to that answer, wherever it was asked", async () => {
    const ir = await parseText(
      [
        "1. Which plan do you choose?",
        "- Option A: the basic plan with no extras",
        "- Option B: the premium plan with cloud storage",
        "- Option C: I do not want to take any plan",
        "2. How old are you?",
        "- Under 30",
        "- 30 or over",
        "3. Do you cycle?",
        "- Yes",
        "- No",
        "4. Do you drive?",
        "- Yes",
        "- No",
        "5. (Who chose the premium plan with cloud storage) How satisfied are you with your choice?",
        "- Satisfied",
        "- Not satisfied",
        "6. (Those who chose not to take any plan) Why not?",
      ].join("\n"),
    );
    expect(byId(ir, "5").text).toBe("How satisfied are you with your choice?");
    expect(byId(ir, "5").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '2'"]);
    expect(byId(ir, "6").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '3'"]);
  });

  it("binds a negated restatement of a question that is not yes/no to its 'None' answer", async () => {
    const ir = await parseText(
      ["1. How many of your neighbours have been vaccinated?", "- All", "- Some", "- None", "- Don't know", "2. If not vaccinated, what were the reasons?"].join("\n"),
    );
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '3'"]);
  });

  it("binds filters that name a group to the answer they restate, else puts a named base on GROUP", async () => {
    const base = ["Q1. Are you a member of the club?", "1 Yes", "2 No", "Q2. Do you own a boat?", "1 Yes", "2 No"];
    const conditionOf = async (lines: string[]) => {
      const ir = await parseText([...base, ...lines].join("\n"), "q.txt");
      return byId(ir, "Q3").askIf.map((condition) => condition.condition ?? `kept: ${condition.text}`);
    };
    expect(await conditionOf(["ASK BOAT OWNERS ONLY", "Q3. Where do you moor it?", "1 Harbour", "2 Elsewhere"])).toEqual(["{Q2} = '1'"]);
    expect(await conditionOf(["Base: those who own a boat", "Q3. Where do you moor it?", "1 Harbour", "2 Elsewhere"])).toEqual(["{Q2} = '1'"]);
    expect(await conditionOf(["Q3. (Ask if member of the club) How long have you been a member?", "1 Under a year", "2 Longer"])).toEqual(["{Q1} = '1'"]);
    expect(await conditionOf(["ASK RETIRED SAILORS", "Q3. When did you retire?", "1 Recently", "2 Long ago"])).toEqual(["{GROUP} = 'RETIRED SAILORS'"]);
    expect(await conditionOf(["Q3. [VISITORS ONLY] How did you find us?", "1 Online", "2 Friends"])).toEqual(["{GROUP} = 'VISITORS'"]);
    expect(await conditionOf(["Q3. What did it cost (if any)?", "1 Little", "2 A lot"])).not.toContain("{GROUP} = 'any'");
    expect(await conditionOf(["Q3. [SINGLE CODE ONLY] Which colour is it?", "1 White", "2 Blue"])).toEqual([]);
  });

  it("binds 'if not listed above' to the other answer, 'those who said no' to the No, and a named question's lettered option", async () => {
    const base = ["20. Which brand do you use most?", "A. Acme", "B. Bolt", "C. Other brand not listed", "21. Do you recommend it?", "1. Yes", "2. No"];
    const conditionOf = async (line: string) => byId(await parseText([...base, line].join("\n"), "q.txt"), "22").askIf.map((condition) => condition.condition ?? `kept: ${condition.text}`);
    expect(await conditionOf("22. If not listed above, please write the brand name:")).toEqual(["{Q20} = 'C'"]);
    expect(await conditionOf("22. Those who said no: why not?")).toEqual(["{Q21} = '2'"]);
    expect(await conditionOf("22. In case in question 20 you selected option A, how long have you used it?")).toEqual(["{Q20} = 'A'"]);
    expect(await conditionOf("22. If the respondent selects Bolt, ask: why Bolt?")).toEqual(["{Q20} = 'B'"]);
  });

  it("binds a clause quoting an answer in quote marks to that answer of the question before", async () => {
    const text = ["1. Do you walk or cycle to work?", "( ) walk", "( ) cycle", "( ) it varies", "2. If you picked 'it varies', tell us when.", "3. How far is it?"].join("\n");
    const ir = await parseText(text, "q.txt");
    expect(byId(ir, "2").askIf.map((condition) => condition.condition)).toEqual([`{${byId(ir, "1").variable}} = '3'`]);
  });
});
