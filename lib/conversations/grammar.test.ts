import { describe, expect, it } from "vitest";
import { parseCondition } from "@/lib/questionnaire/conditions";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { conditionFromPhrase, interpretRequest, resolveQuestion, splitRequests } from "./grammar";
import { planRequests } from "./plan";

const choice = (values: string[]) => values.map((label, index) => ({ value: String(index + 1), label }));

function survey(): TSurveyDocument {
  const page = (id: string, order: number, blocks: TSurveyDocument["pages"][number]["blocks"], extra: Partial<TSurveyDocument["pages"][number]> = {}) => ({
    id,
    name: id,
    order,
    blocks,
    navigation_rules: [],
    ...extra,
  });
  const question = (id: string, type: TSurveyDocument["pages"][number]["blocks"][number]["config"]["type"], content: string, variable: string, options?: string[]) => ({
    id,
    order: 0,
    config: { type, content, content_type: "markdown" as const, question: { variable, required: true, ...(options ? { options: choice(options) } : {}) } },
  });
  return {
    version: 1,
    survey: { id: "s", slug: "s", name: "s" },
    first_page_id: "p1",
    pages: [
      page("p1", 0, [question("b1", "number", "How old are you?", "Q1")]),
      page("p2", 1, [question("b2", "single_choice", "Do you own a car?", "Q2", ["Yes", "No"])]),
      page("p3", 2, [question("b3", "single_choice", "Which brands do you know?", "Q3", ["Toyota", "Ford", "None of these"])]),
      page("p4", 3, [question("b4", "open_text", "Why did you choose it?", "Q4")]),
      page("p5", 4, [question("b5", "single_choice", "What is your gender?", "Q5", ["Female", "Male"])]),
      page("p10", 5, [question("b10", "single_choice", "Would you buy again?", "Q10", ["Yes", "No", "Maybe"])]),
      page("end", 6, [{ id: "bend", order: 0, config: { type: "text", content: "Thanks", content_type: "markdown" } }], { name: "End", assign_response_status: "complete" }),
    ],
    variables: [],
  };
}

const block = (document: TSurveyDocument, variable: string) => resolveQuestion(document, variable).config;

describe("the editing agent's deterministic grammar", () => {
  it("changes a question's type (make Q3 multiple choice)", () => {
    const plan = planRequests(survey(), "make Q3 multiple choice");
    expect(plan.requests[0]).toMatchObject({ status: "applied" });
    expect(block(plan.document, "Q3").type).toBe("multiple_choice");
    expect(plan.operations).toEqual([expect.objectContaining({ op: "update_block", block_id: "b3", type: "multiple_choice" })]);
    expect(block(planRequests(survey(), "Please change Q2 into a dropdown.").document, "Q2").type).toBe("dropdown");
    expect(block(planRequests(survey(), "turn the gender question into radio buttons").document, "Q5").type).toBe("single_choice");
  });

  it("makes every question optional, or one required again", () => {
    const plan = planRequests(survey(), "make every question optional\nmake Q2 required");
    expect(plan.requests.map((request) => request.status)).toEqual(["applied", "applied"]);
    expect(plan.document.pages.flatMap((page) => page.blocks).filter((b) => b.config.question).map((b) => [b.config.question!.variable, b.config.question!.required])).toEqual([
      ["Q1", false],
      ["Q2", true],
      ["Q3", false],
      ["Q4", false],
      ["Q5", false],
      ["Q10", false],
    ]);
  });

  it("adds a 'Prefer not to say' option with the next code, exclusive on a multiple-choice question", () => {
    const plan = planRequests(survey(), "add a 'Prefer not to say' option to Q5");
    expect(block(plan.document, "Q5").question!.options!.at(-1)).toEqual({ value: "3", label: "Prefer not to say" });
    const multiple = planRequests(survey(), "make Q3 multiple choice. Add “Prefer not to say” to Q3 with code 99");
    expect(block(multiple.document, "Q3").question!.options!.at(-1)).toEqual({ value: "99", label: "Prefer not to say", exclusive: true });
    const every = planRequests(survey(), "add a 'Prefer not to say' option to every question");
    expect(every.requests[0]).toMatchObject({ status: "applied" });
    expect(every.operations.map((operation) => (operation as { block_id: string }).block_id)).toEqual(["b2", "b3", "b5", "b10"]);
  });

  it("skips to Q10 if Q2 is No: a rule on Q2's page, evaluated first, comparing the option code", () => {
    const plan = planRequests(survey(), "skip to Q10 if Q2 is No");
    expect(plan.requests[0]).toMatchObject({ status: "applied" });
    const rules = plan.document.pages.find((page) => page.id === "p2")!.navigation_rules;
    expect(rules).toEqual([expect.objectContaining({ condition: "{Q2} = '2'", target_page_id: "p10", order: 0 })]);
  });

  it("screens out and ends the survey on a condition, creating the ending page when there is none", () => {
    const plan = planRequests(survey(), "screen out if Q1 is under 18; end the survey if Q10 is Yes or Maybe");
    const screened = plan.document.pages.find((page) => page.assign_response_status === "disqualified")!;
    expect(screened.blocks[0].config.type).toBe("text");
    expect(plan.document.pages.find((page) => page.id === "p1")!.navigation_rules[0]).toMatchObject({ condition: "{Q1} < 18", target_page_id: screened.id });
    expect(plan.document.pages.find((page) => page.id === "p10")!.navigation_rules[0]).toMatchObject({ condition: "{Q10} anyof ['1', '3']", target_page_id: "end" });
  });

  it("sets and clears display conditions", () => {
    const shown = planRequests(survey(), "show Q4 only if Q2 is Yes");
    expect(block(shown.document, "Q4").showIf).toBe("{Q2} = '1'");
    const hidden = planRequests(survey(), "hide Q4 if Q2 is No");
    expect(parseCondition(block(hidden.document, "Q4").showIf!)).toEqual(parseCondition("not ({Q2} = '2')"));
    const cleared = planRequests(shown.document, "always show Q4");
    expect(block(cleared.document, "Q4").showIf).toBeUndefined();
  });

  it("renames, deletes, moves and duplicates questions; a rename carries the conditions along", () => {
    const withRule = planRequests(survey(), "skip to Q10 if Q2 is No").document;
    const renamed = planRequests(withRule, "rename Q2 to CAR");
    expect(renamed.document.pages.find((page) => page.id === "p2")!.navigation_rules[0].condition).toBe("{CAR} = '2'");
    expect(planRequests(survey(), "delete Q4").document.pages.find((page) => page.id === "p4")!.blocks).toEqual([]);
    const refused = planRequests(withRule, "delete Q2");
    expect(refused.requests[0]).toMatchObject({ status: "not_applied", reason: expect.stringMatching(/condition/i) });
    const moved = planRequests(survey(), "move Q4 after Q5").document.pages.find((page) => page.id === "p5")!;
    expect(moved.blocks.map((b) => b.id)).toEqual(["b5", "b4"]);
    const duplicated = planRequests(survey(), "duplicate Q4").document.pages.find((page) => page.id === "p4")!;
    expect(duplicated.blocks.map((b) => b.config.question!.variable)).toEqual(["Q4", "Q4_2"]);
  });

  it("edits options: remove, rename, exclusive, move, randomize", () => {
    const plan = planRequests(
      survey(),
      ["make Q3 multiple choice", "remove option 'Ford' from Q3", "rename option 'Toyota' in Q3 to 'Toyota or Lexus'", "mark 'None of these' in Q3 as exclusive", "move option 'None of these' in Q3 to the top", "randomize the options of Q3"].join("\n"),
    );
    expect(plan.requests.every((request) => request.status === "applied")).toBe(true);
    expect(block(plan.document, "Q3").question).toMatchObject({
      options: [
        { value: "3", label: "None of these", exclusive: true },
        { value: "1", label: "Toyota or Lexus" },
      ],
      randomize: true,
    });
  });

  it("changes wording and adds pages and information screens", () => {
    const plan = planRequests(survey(), "change the wording of Q1 to 'What is your age?'\nadd an information screen 'Now some questions about cars.' after Q1\nadd a page called 'Extra'");
    expect(plan.requests.map((request) => request.status)).toEqual(["applied", "applied", "applied"]);
    expect(block(plan.document, "Q1").content).toBe("What is your age?");
    expect(plan.document.pages[0].blocks.map((b) => b.config.content)).toEqual(["What is your age?", "Now some questions about cars."]);
    expect(plan.document.pages.at(-1)!.name).toBe("Extra");
  });

  it("finds questions by position and by wording, and says when a reference is ambiguous or unknown", () => {
    expect(resolveQuestion(survey(), "the last question").id).toBe("b10");
    expect(resolveQuestion(survey(), "the 2nd question").id).toBe("b2");
    expect(resolveQuestion(survey(), "the gender question").id).toBe("b5");
    expect(() => resolveQuestion(survey(), "Q42")).toThrow(/could not find/);
    expect(interpretRequest(survey(), "make the you question optional")).toMatchObject({ kind: "not_understood", reason: expect.stringMatching(/could mean Q1, Q2/) });
  });

  it("reads conditions in words or in the condition language, and names the options when a value is unknown", () => {
    expect(conditionFromPhrase(survey(), "Q2 is not No and Q1 is at least 18")).toBe("{Q2} != '2' and {Q1} >= 18");
    expect(conditionFromPhrase(survey(), "{Q2} = '1'")).toBe("{Q2} = '1'");
    expect(() => conditionFromPhrase(survey(), "Q2 is Perhaps")).toThrow(/options are 1 “Yes”, 2 “No”/);
    const scale = survey();
    scale.pages[1].blocks[0].config.question!.options = [{ value: "1", label: "Not at all" }, { value: "2", label: "Very much" }];
    expect(conditionFromPhrase(scale, "Q2 is Not at all")).toBe("{Q2} = '1'");
    expect(conditionFromPhrase(scale, "Q2 is not Very much")).toBe("{Q2} != '2'");
  });

  it("never silently ignores a request: unknown ones are reported, undo is recognised", () => {
    const plan = planRequests(survey(), "make the survey friendlier\nundo");
    expect(plan.requests).toEqual([
      { request: "make the survey friendlier", status: "not_applied", reason: expect.any(String) },
      { request: "undo", status: "undo" },
    ]);
    expect(plan.operations).toEqual([]);
  });

  it("splits a message into requests at lines, semicolons and sentence ends, not inside quotes", () => {
    expect(splitRequests("1. make Q3 optional. Add 'Yes. Really' to Q2; - delete Q4\n\nundo")).toEqual(["make Q3 optional", "Add 'Yes. Really' to Q2", "delete Q4", "undo"]);
    expect(splitRequests("rename option 'Don't know' in Q2 to 'Unsure'")).toEqual(["rename option 'Don't know' in Q2 to 'Unsure'"]);
  });
});
