import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { applyArmsAndBlockFilters, armOf, blockFilterIn, blockFilterOf, mergedHeadingIn, sectionGroupOf, sentencesOf, withinSection } from "./group-bases";
import { parseQuestionnaire } from "./index";

async function parseText(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.md" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

const part = (name: string, prefix: string) => [
  `## ${name}`,
  "",
  "### Section 1 — About you",
  "",
  `**${prefix}1.** How old are you?`,
  "",
  "- Under 30",
  "- 30 or older",
  "",
  "### Section 2 — Habits",
  "",
  `**${prefix}2.** Do you cycle?`,
  "",
  "- Yes",
  "- No",
  "",
];

describe("group bases from parallel parts", () => {
  it("asks each part that restarts its own sections only of its group, on a declared hidden variable", async () => {
    const ir = await parseText(["# Survey by audience", "", ...part("👩‍🏫 TEACHERS", "T"), ...part("🧑‍🎓 PUPILS", "P"), "## Closing", "", "Thank you!", ""].join("\n"));
    const list = questions(ir);
    expect(list).toHaveLength(4);
    expect(list[0].askIf[0].condition).toBe("{GROUP} = 'TEACHERS'");
    expect(list[3].askIf[0].condition).toBe("{GROUP} = 'PUPILS'");
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
    const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
    expect(document.variables.some((variable) => variable.name === "GROUP" && variable.type === "hidden")).toBe(true);
  });

  it("leaves an ordinary sectioned questionnaire alone", async () => {
    const ir = await parseText(["# Survey", "", ...part("Part A", "A").slice(2), ""].join("\n"));
    expect(questions(ir).every((question) => question.askIf.length === 0)).toBe(true);
  });

  it("finds the restart in any sub-section of a part, after a configuration sub-section", async () => {
    const withConfig = (name: string, prefix: string) => [`## ${name}`, "", "### Configuration", "", "Anonymous, 3 minutes.", "", ...part(name, prefix).slice(2).map((line) => line.replace("Section 1", "Section 0"))];
    const ir = await parseText(["# Two surveys", "", ...withConfig("SURVEY 1: Vendors", "V"), ...withConfig("SURVEY 2: Integrators", "S"), ""].join("\n"));
    expect(questions(ir).map((question) => question.askIf[0]?.condition)).toEqual([
      "{GROUP} = 'SURVEY 1: Vendors'",
      "{GROUP} = 'SURVEY 1: Vendors'",
      "{GROUP} = 'SURVEY 2: Integrators'",
      "{GROUP} = 'SURVEY 2: Integrators'",
    ]);
  });
});

describe("treatment arms, split samples and block filters", () => {
  const asked = (ir: QuestionnaireIR) => Object.fromEntries(ir.items.map((item) => [item.kind === "question" ? item.id : item.text.slice(0, 12), item.askIf.map((condition) => condition.condition ?? condition.text)]));

  it("reads arm headings and group notes by their shape", () => {
    expect(armOf("--- Group 2: Plain text ---")).toBe("Group 2: Plain text");
    expect(armOf("Control group")).toBe("Control group");
    expect(armOf("Split sample B")).toBe("Split sample B");
    expect(armOf("Group discussion of results")).toBeNull();
    expect(armOf("Treatment")).toBeNull();
    expect(blockFilterOf("The following questions are only for those who rent their home.")).toBe("those who rent their home");
    expect(blockFilterOf("This section is for teachers only")).toBe("teachers");
    expect(blockFilterOf("The following questions are about your home.")).toBeNull();
  });

  it("reads applicability notes ('the following questions only apply if …') as block filters", () => {
    expect(blockFilterOf("The following questions only apply if you keep a garden.")).toBe("those who keep a garden");
    expect(blockFilterOf("The next 3 questions apply only to drivers.")).toBe("drivers");
    expect(blockFilterOf("This section applies to part-time staff")).toBe("part-time staff");
    expect(blockFilterOf("Please answer the following questions only if you rent your home.")).toBe("those who rent your home");
    expect(blockFilterOf("Skip this section if you do not own a bicycle.")).toBe("those who own a bicycle");
    expect(blockFilterOf("The following questions apply to everyone who took part.")).toBeNull();
    expect(blockFilterOf("The following questions are about gardening.")).toBeNull();
    // A heading printed above the note, and a second sentence after it.
    const text = "Gardening\nThe following questions only apply if you keep a garden. You may skip\nthis part otherwise.";
    expect(sentencesOf(text)).toEqual(["Gardening", "The following questions only apply if you keep a garden.", "You may skip this part otherwise."]);
    expect(blockFilterIn(text)).toBe("those who keep a garden");
    expect(blockFilterIn("Gardening\nPlease tell us about your garden.")).toBeNull();
  });

  it("asks each arm's items only of that arm, on a declared hidden variable, and the rest of everyone", async () => {
    const ir = await parseText(
      [
        "1. How old are you?", "- Under 30", "- 30 or over", "",
        "## Treatment group", "", "Please read the note about the new tram line.", "",
        "2. How useful is the new tram line?", "- Very", "- Not very", "",
        "## Control group", "",
        "3. How useful is public transport?", "- Very", "- Not very", "",
        "## About you", "",
        "4. Do you own a bike?", "- Yes", "- No", "",
      ].join("\n"),
    );
    expect(asked(ir)).toMatchObject({ "1": [], "2": ["{GROUP} = 'Treatment group'"], "3": ["{GROUP} = 'Control group'"], "4": [] });
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
  });

  it("reads bracketed arm lead-ins as the arm's condition, out of the wording", async () => {
    const ir = await parseText(["1. [Version A only] How much did you spend?", "- Little", "- A lot", "2. [Version B only] How much will you spend?", "- Little", "- A lot"].join("\n"));
    expect(questions(ir).map((question) => [question.text, question.askIf[0]?.condition])).toEqual([
      ["How much did you spend?", "{GROUP} = 'Version A'"],
      ["How much will you spend?", "{GROUP} = 'Version B'"],
    ]);
  });

  it("limits the questions after a block filter note to its group until the section ends", async () => {
    const ir = await parseText(
      [
        "1. Do you rent your home?", "- Yes", "- No", "",
        "## Housing", "", "The following questions are only for those who rent their home.", "",
        "2. How much is the rent?", "- Under 500", "- 500 or more", "",
        "3. Who is the landlord?", "- A person", "- A company", "",
        "## Work", "",
        "4. Do you work?", "- Yes", "- No", "",
        "The next questions are only for respondents working night shifts.", "",
        "5. How many night shifts a month?", "- Under 5", "- 5 or more", "",
      ].join("\n"),
    );
    expect(asked(ir)).toMatchObject({ "2": ["{Q1} = '1'"], "3": ["{Q1} = '1'"], "4": [], "5": ["{GROUP} = 'respondents working night shifts'"] });
  });

  it("limits a section whose heading names its group to that group", async () => {
    expect(sectionGroupOf("Part B - for current smokers only")).toBe("current smokers");
    expect(sectionGroupOf("Section 4 (teachers only)")).toBe("teachers");
    expect(sectionGroupOf("For office use only")).toBeNull();
    expect(sectionGroupOf("Questions asked only in Round 2")).toBe("Round 2");
    expect(sectionGroupOf("Items shown only to new members")).toBe("new members");
    // "Only … group" in the heading's tail, after its own title.
    expect(sectionGroupOf("Your garden (asked only in wave 2)")).toBe("wave 2");
    expect(sectionGroupOf("Commuting: shown only to commuters")).toBe("commuters");
    // A telephone script's base line: the verb is not part of the group's name.
    expect(sectionGroupOf("ASK TOURERS ONLY")).toBe("TOURERS");
    const ir = await parseText(
      ["1. Do you smoke?", "- Yes", "- No", "", "## Part B: for smokers only", "", "2. How many a day?", "- Few", "- Many", "", "## Part C (teachers only)", "", "3. Which grade?", "- Primary", "- Secondary", "", "## Part D", "", "4. Your age?", "- Young", "- Old"].join("\n"),
    );
    expect(asked(ir)).toMatchObject({ "2": ["{Q1} = '1'"], "3": ["{GROUP} = 'teachers'"], "4": [] });
  });
});


describe("a heading with 'only' before its group ('Questions asked only in Round 2')", () => {
  it("asks its section's questions of that group only, and a later 'asked of everyone' section of all", async () => {
    const ir = await parseText(
      ["## Questions asked only in Round 2", "", "1. Which town do you live in?", "- North", "- South", "", "## Questions asked in every round", "", "2. How is your mood today?", "- Good", "- Bad"].join("\n"),
    );
    expect(questions(ir).map((question) => question.askIf.map((condition) => condition.condition))).toEqual([["{GROUP} = 'Round 2'"], []]);
  });
});

describe("a section filter stops at its section's end (section scope)", () => {
  it("runs on through a deeper subsection and stops at the next heading of the same level", async () => {
    const ir = await parseText(
      ["# Part A: Gardening", "", "The following questions only apply if you keep a garden.", "", "1. How large is your garden?", "", "- Small", "- Large", "", "## Vegetables", "", "2. Which vegetables do you grow?", "", "- Beans", "- Peas", "", "# Part B: About you", "", "3. Where do you live?", "", "- North", "- South", ""].join("\n"),
    );
    const [first, second, third] = questions(ir);
    expect(first.askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'those who keep a garden'"]);
    expect(second.askIf.map((condition) => condition.condition)).toEqual(["{GROUP} = 'those who keep a garden'"]);
    expect(third.askIf).toEqual([]);
  });

  it("knows a section by the levels of the headings", () => {
    const sections = [
      { key: "a", title: "Part A", level: 1 },
      { key: "a1", title: "Sub A1", level: 2 },
      { key: "b", title: "Part B", level: 1 },
      { key: "b1", title: "Sub B1", level: 2 },
    ];
    expect(withinSection("a1", "a", sections)).toBe(true);
    expect(withinSection("b", "a", sections)).toBe(false);
    expect(withinSection("b1", "a", sections)).toBe(false);
    expect(withinSection("b1", "a1", sections)).toBe(false);
    expect(withinSection("a", undefined, sections)).toBe(false);
  });

  it("reads the next section's heading merged into the last question of the section (headings printed as plain lines)", () => {
    expect(mergedHeadingIn("What went wrong in your last trip?\nTravel Habits")).toBe(true);
    expect(mergedHeadingIn("What went wrong in your last trip?\nBudget\nIn this section, tell us about money.")).toBe(true);
    // A wrapped wording, a note with a stop, a lone first line: no heading.
    expect(mergedHeadingIn("Which of these do you use for\nWork Trips")).toBe(false);
    expect(mergedHeadingIn("How many trips did you take?\nCount every trip.")).toBe(false);
    expect(mergedHeadingIn("Travel Habits")).toBe(false);
  });

  it("ends a filter that opens with its section's heading after the question that carries the next heading", () => {
    const span = { start: 0, end: 1 };
    const question = (key: string, text: string, section?: string): IRQuestion => ({ kind: "question", key, id: key, variable: key.toUpperCase(), aliases: [], text, type: "open", options: [], rows: [], columns: [], askIf: [], notes: [], routes: [], span, ...(section ? { section } : {}) }) as unknown as IRQuestion;
    const items = [
      { kind: "info", key: "i1", id: "INFO1", role: "text", text: "Trips\nThe following questions only apply if you travel for work. Feel free to skip this section if you do not travel for work.", askIf: [], notes: [], span },
      question("q1", "How often do you travel for work?"),
      question("q2", "What went wrong in your last trip?\nAbout You"),
      question("q3", "Where do you live?"),
    ] as unknown as Parameters<typeof applyArmsAndBlockFilters>[0];
    applyArmsAndBlockFilters(items, [], () => null);
    expect(items[1].askIf).toHaveLength(1);
    expect(items[2].askIf).toHaveLength(1);
    expect(items[3].askIf).toEqual([]);
  });
});

describe("split-form blocks in a script that prints each question's base", () => {
  it("ends a form's block where a later question prints a base naming another group", async () => {
    const text = [
      "ASK ALL",
      "Q1. Do you cook dinner at home most evenings?",
      "1 Yes",
      "2 No",
      "",
      "ASK FORM 1:",
      "Q2. Would you try a meal kit if it were free?",
      "1 Yes",
      "2 No",
      "",
      "Q3. Would you pay for one afterwards?",
      "1 Yes",
      "2 No",
      "",
      "ASK IF RETIRED:",
      "Q4. Do you cook more since you retired?",
      "1 Yes",
      "2 No",
      "",
      "Q5. How many evenings a week do you eat out?",
      "1 None",
      "2 One or two",
      "3 Three or more",
    ].join("\n");
    const found = questions(await parseText(text));
    const conditions = (id: string) => found.find((question) => question.id === id)!.askIf.map((base) => base.condition);
    expect(conditions("Q2")).toEqual(["{GROUP} = 'FORM 1'"]);
    expect(conditions("Q3")).toEqual(["{GROUP} = 'FORM 1'"]);
    expect(conditions("Q4")).toEqual(["{GROUP} = 'RETIRED'"]);
    expect(conditions("Q5")).toEqual([]);
  });
});
