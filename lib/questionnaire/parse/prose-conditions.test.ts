import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";
import { proseLeadIn } from "./prose-conditions";

async function parseText(text: string, filename = "q.md"): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename }));
}
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
});

