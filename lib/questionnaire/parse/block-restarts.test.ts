import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { parseText, questionsOf } from "../testing/parse-text";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";
import { SCALE_LEGEND_WORDS } from "./lines";

/**
 * Blocks whose numbering starts again at 1 with no heading over them: a paragraph of prose introduces each block
 * ("In this part we ask about …"), sometimes followed by a legend of the scale in words ("1 means … and 5 means …").
 */

const block = (wordings: string[]) => wordings.flatMap((wording, index) => [`${index + 1}. ${wording}`, "a. Rarely", "b. Sometimes", "c. Often"]);

describe("a block introduced by a paragraph, numbered from 1 again", () => {
  it("reads the block's questions as questions, not as answers of the last question before it", async () => {
    const ir = await parseText(
      [
        ...block(["How often do you visit the library?", "How often do you borrow a novel?", "How often do you read a newspaper?"]),
        "",
        "The next part of this form is about the way you travel to work each week.",
        "",
        "1 means never and 5 means every day.",
        "",
        "1. How often do you cycle to work?",
        "a. 1 b. 2 c. 3 d. 4 e. 5",
        "2. How often do you take the train to work?",
        "a. 1 b. 2 c. 3 d. 4 e. 5",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.text)).toEqual([
      "How often do you visit the library?",
      "How often do you borrow a novel?",
      "How often do you read a newspaper?",
      "How often do you cycle to work?",
      "How often do you take the train to work?",
    ]);
  });

  it("keeps a numbered answer list that starts at 1 under its question without a paragraph before it", async () => {
    const ir = await parseText([...block(["How often do you visit the library?", "How often do you borrow a novel?"]), "3. Which of these do you read?", "1. Novels", "2. Poems", "3. Comics"].join("\n"));
    expect(questionsOf(ir)).toHaveLength(3);
  });
});

describe("a block of numbered statements starting again at 1 under a title", () => {
  it("reads the statements as items of their own, not as answers of the last question before the title", async () => {
    const ir = await parseText(
      [
        "Screening",
        "",
        "1.) Do you keep a vegetable garden?",
        "2.) Would you lend tools to a neighbour?",
        "3.) Do you compost kitchen waste?",
        "",
        "Rating of the tool library",
        "",
        "1.) The opening hours suit my week.",
        "2.) The booking page is simple to use.",
        "3.) The tools come back clean and sharp.",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.text)).toEqual([
      "Do you keep a vegetable garden?",
      "Would you lend tools to a neighbour?",
      "Do you compost kitchen waste?",
      "The opening hours suit my week.",
      "The booking page is simple to use.",
      "The tools come back clean and sharp.",
    ]);
  });

  it("keeps short answer labels numbered from 1 under a title as the question's answers", async () => {
    const ir = await parseText(["1. Do you keep a vegetable garden?", "2. Which crop do you grow most?", "", "Crops", "", "1. Beans", "2. Potatoes", "3. Onions"].join("\n"));
    expect(questionsOf(ir)).toHaveLength(2);
  });
});

describe("a scale legend written in words", () => {
  it("names the end points with the verb of the questionnaire's language", () => {
    expect(SCALE_LEGEND_WORDS.test("1 means not at all and 5 means completely")).toBe(true);
    expect(SCALE_LEGEND_WORDS.test("1 bedeutet „nie“ und 7 bedeutet „immer“.")).toBe(true);
    expect(SCALE_LEGEND_WORDS.test("1 signifie « jamais » et 5 signifie « toujours »")).toBe(true);
    expect(SCALE_LEGEND_WORDS.test("1 Do you own a bicycle and 2 cars?")).toBe(false);
  });
});

describe("numbered part titles over questions named by their variables", () => {
  it("reads '2.<TAB>About your home:' as a part's title, not as a question", async () => {
    const ir = await parseText(
      ["1.\tAbout you:", "", "How old are you? (Q1)", "Under 40 (1)", "40 or older (2)", "", "2.\tAbout your home:", "", "Do you rent your home? (Q2)", "Yes (1)", "No (2)"].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["Q1", "Q2"]);
    expect(ir.sections.map((section) => section.title)).toEqual(["1.\tAbout you:", "2.\tAbout your home:"].map((title) => title.replace("\t", " ")));
  });
});

describe("a part whose Word numbering restarts at 1 as a list of its own", () => {
  it("reads every numbered item of the new list as the part's questions, ids qualified by the part", async () => {
    const item = (text: string, list: number, level = 0) => ({ runs: [{ text }], num: { id: list, level } });
    const levels = [{ format: "decimal", text: "%1." }, { format: "lowerLetter", text: "%2)" }];
    const bytes = buildDocx({
      lists: [
        { id: 1, levels },
        { id: 2, levels },
      ],
      blocks: [
        { runs: "PART A: THE KITCHEN", style: "Heading1" },
        item("How many cupboards are there?", 1),
        item("Is the oven gas or electric?", 1),
        item("Gas", 1, 1),
        item("Electric", 1, 1),
        { runs: "PART B: THE HALLWAY", style: "Heading1" },
        item("How long is the hallway in metres?", 2),
        item("Is there a coat rack?", 2),
        item("Yes", 2, 1),
        item("No", 2, 1),
        item("Is the floor tiled?", 2),
        item("Yes", 2, 1),
        item("No", 2, 1),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "house.docx" }));
    const rows = questionsOf(ir).map((question) => [question.id, question.text, question.options.length]);
    expect(rows.map(([, text, options]) => [text, options])).toEqual([
      ["How many cupboards are there?", 0],
      ["Is the oven gas or electric?", 2],
      ["How long is the hallway in metres?", 0],
      ["Is there a coat rack?", 2],
      ["Is the floor tiled?", 2],
    ]);
    expect(new Set(rows.map(([id]) => id)).size).toBe(5);
  });
});

describe("Word numbering counted on across list instances", () => {
  it("reads an item numbered one past the last question, in a list of its own, as the next question", async () => {
    const item = (text: string, list: number, level = 0) => ({ runs: [{ text }], num: { id: list, level } });
    const numbered = (start: number) => [{ format: "decimal", text: "%1.", start }, { format: "bullet", text: "o" }];
    const bytes = buildDocx({
      lists: [
        { id: 1, levels: numbered(1) },
        { id: 2, levels: numbered(3) },
        { id: 3, levels: numbered(4) },
      ],
      blocks: [
        { runs: "Your bakery visits", style: "Heading1" },
        item("How often do you buy bread?", 1),
        item("Daily", 1, 1),
        item("Weekly", 1, 1),
        item("Which loaf do you choose most?", 1),
        item("White", 1, 1),
        item("Rye", 1, 1),
        item("Do you order cakes for birthdays?", 2),
        item("Yes", 1, 1),
        item("No", 1, 1),
        item("Would you join a bread club?", 3),
        item("Yes", 1, 1),
        item("No", 1, 1),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "bakery.docx" }));
    expect(questionsOf(ir).map((question) => [question.text, question.options.length])).toEqual([
      ["How often do you buy bread?", 2],
      ["Which loaf do you choose most?", 2],
      ["Do you order cakes for birthdays?", 2],
      ["Would you join a bread club?", 2],
    ]);
  });
});
