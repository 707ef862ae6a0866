import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { qualifyRestartedIds } from "./symbols";
import { parseText, questionsOf as questions } from "../testing/parse-text";


describe("ids of a numbering that restarts per part", () => {
  it("qualifies repeated printed ids by section and keeps the printed id as an alias", () => {
    const list = [
      { id: "1", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "2", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "1", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "2", printedId: true, section: "s2", aliases: [] as string[] },
    ];
    expect(qualifyRestartedIds(list, [{ key: "s1", label: "Part A" }, { key: "s2" }])).toBe(4);
    expect(list.map((question) => question.id)).toEqual(["SA.1", "SA.2", "S2.1", "S2.2"]);
    expect(list[2].aliases).toEqual(["1"]);
  });

  it("keeps ids that are unique in the document as printed", () => {
    const list = [
      { id: "Q1", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "A1", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "A2", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "A1", printedId: true, section: "s3", aliases: [] as string[] },
      { id: "A2", printedId: true, section: "s3", aliases: [] as string[] },
    ];
    qualifyRestartedIds(list, [{ key: "s1" }, { key: "s2" }, { key: "s3" }]);
    expect(list.map((question) => question.id)).toEqual(["Q1", "S2.A1", "S2.A2", "S3.A1", "S3.A2"]);
  });

  it("keeps a label id without a number (a grid named after its construct) as printed inside a restarting part", () => {
    const list = [
      { id: "1", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "2", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "1", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "2", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "Courtesy", printedId: true, section: "s2", aliases: [] as string[] },
    ];
    qualifyRestartedIds(list, [{ key: "s1" }, { key: "s2" }]);
    expect(list.map((question) => question.id)).toEqual(["S1.1", "S1.2", "S2.1", "S2.2", "Courtesy"]);
  });

  it("leaves ids alone when they repeat inside one section (a printing error, not a restart)", () => {
    const list = [
      { id: "1", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "1", printedId: true, section: "s1", aliases: [] as string[] },
      { id: "1", printedId: true, section: "s2", aliases: [] as string[] },
      { id: "2", printedId: true, section: "s2", aliases: [] as string[] },
    ];
    expect(qualifyRestartedIds(list, [{ key: "s1" }, { key: "s2" }])).toBe(0);
  });

  it("starts a part at a title line before '1.' instead of taking the part's questions as answers", async () => {
    const ir = await parseText(
      [
        "1. What is your participant code?",
        "2. Please read the consent form and continue.",
        "",
        "Part two",
        "1. Do you own a bicycle?",
        "○ Yes",
        "○ No",
        "2. (If Yes to #1) How often do you ride it?",
        "○ Daily",
        "○ Weekly",
        "○ Rarely",
        "",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.map((question) => question.text)).toEqual([
      "What is your participant code?",
      "Please read the consent form and continue.",
      "Do you own a bicycle?",
      "How often do you ride it?",
    ]);
    expect(list[2].id).toBe("S1.1");
    expect(list[3].askIf[0].condition).toBe(`{${list[2].variable}} = '1'`);
  });

  it("never binds a route backwards into another part", async () => {
    const ir = await parseText(
      [
        "Section 1: About you",
        "1. Gender",
        "Male ..... 1",
        "Female ..... 2",
        "2. Age (years): ______",
        "3. Town: ______",
        "Section 2: Other brands",
        "1. Have you owned another brand?",
        "No ..... 1 GO TO Q3",
        "Yes ..... 2",
        "2. Which brand was it? ______",
        "",
      ].join("\n"),
    );
    const list = questions(ir);
    expect(list.map((question) => question.id)).toEqual(["S1.1", "S1.2", "S1.3", "S2.1", "S2.2"]);
    const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
    const rules = document.pages.flatMap((page) => page.navigation_rules);
    const firstPart = document.pages.filter((page) => page.blocks.some((block) => ["S1_1", "S1_2", "S1_3"].includes(block.config.question?.variable ?? "")));
    expect(rules.some((rule) => firstPart.some((page) => page.id === rule.target_page_id))).toBe(false);
  });
});

describe("variables of repeated ids", () => {
  it("never gives a repeated id's suffixed variable to another question's own id", async () => {
    const ir = await parseText(
      ["Q1_2. Do you cycle?", "1 Yes", "2 No", "Q1. Do you walk?", "1 Yes", "2 No", "Q1. Do you drive?", "1 Yes", "2 No", "Q1. Do you fly?", "1 Yes", "2 No"].join("\n"),
    );
    const variables = questions(ir).map((question) => question.variable);
    expect(new Set(variables).size).toBe(variables.length);
    expect(variables[0]).toBe("Q1_2");
  });
});
