import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

async function parseText(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
}
const conditions = (ir: QuestionnaireIR) =>
  Object.fromEntries(ir.items.filter((item): item is IRQuestion => item.kind === "question").map((question) => [question.id, question.askIf.map((condition) => condition.condition ?? condition.text)]));

describe("filter placement follows the document's convention", () => {
  it("where filters sit below the wording, a filter between a question and the next id is the question's own", async () => {
    const ir = await parseText(
      [
        "Q1. Do you own a boat?",
        "1 Yes",
        "2 No",
        "Q2. How often do you sail?",
        "ASK IF Q1 = 1",
        "1 Weekly",
        "2 Rarely",
        "Q3. Do you fish?",
        "1 Yes",
        "2 No",
        "Q4. What do you catch?",
        "ASK IF Q3 = 1",
        "Q5. What is your age?",
        "1 Under 30",
        "2 30 or over",
      ].join("\n"),
    );
    expect(conditions(ir)).toMatchObject({ Q2: ["{Q1} = '1'"], Q3: [], Q4: ["{Q3} = '1'"], Q5: [] });
  });

  it("where filters sit above the questions, the same line filters the question that follows it", async () => {
    const ir = await parseText(
      [
        "Q1. Do you own a boat?",
        "1 Yes",
        "2 No",
        "",
        "Section B",
        "ASK IF Q1 = 1",
        "Q2. How often do you sail?",
        "1 Weekly",
        "2 Rarely",
        "Q3. Do you fish?",
        "1 Yes",
        "2 No",
        "Q4. What else do you do on the water?",
        "ASK IF Q3 = 1",
        "Q5. What do you catch?",
        "1 Trout",
        "2 Salmon",
      ].join("\n"),
    );
    expect(conditions(ir)).toMatchObject({ Q2: ["{Q1} = '1'"], Q4: [], Q5: ["{Q3} = '1'"] });
  });

  it("an answer-format instruction between a filter and the answers keeps the filter inside its question", async () => {
    const ir = await parseText(
      [
        "Q1. Do you own a boat?",
        "Please select only one of the following answers:",
        "1 Yes",
        "2 No",
        "Q2. How often do you sail?",
        "ASK IF Q1 = 1",
        "Please select only one of the following answers:",
        "1 Weekly",
        "2 Rarely",
        "Q3. Where do you sail?",
        "ASK IF Q1 = 1",
        "Please select all that apply:",
        "1 Lakes",
        "2 Sea",
      ].join("\n"),
    );
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.options.length])).toEqual([["Q1", 2], ["Q2", 2], ["Q3", 2]]);
    expect(conditions(ir)).toMatchObject({ Q1: [], Q2: ["{Q1} = '1'"], Q3: ["{Q1} = '1'"] });
  });
});

describe("telephone scripts: a base between the last answers and the next id is above that id (cati8f)", () => {
  it.each([
    ["ASK IF OWN A BOAT (Q.1=1):", "ASK IF FISH (Q.3=1):"],
    ["ASK IF Q1 = 1", "ASK IF Q3 = 1"],
    ["[ASK IF Q.1=1]", "[ASK IF Q.3=1]"],
  ])("%s / %s", async (first, second) => {
    const ir = await parseText(
      [
        "Q.1 Do you own a boat?", "1 Yes", "2 No", "9 Don't know/Refused (VOL.)",
        first,
        "Q.2 How often do you sail?", "1 Weekly", "2 Rarely", "9 Don't know/Refused (VOL.)",
        "Q.3 Do you fish?", "1 Yes", "2 No",
        second,
        "Q.4 How often do you fish?", "1 Weekly", "2 Rarely",
        "Q.5 Which of these have you ever owned?",
        "ASK IF Q.1=1",
        "1 A sailing boat", "2 A motor boat",
        "Q.6 Which of these have you ever caught?",
        "ASK IF Q.3=1",
        "1 Trout", "2 Salmon",
      ].join("\n") + "\n",
    );
    const found = conditions(ir);
    expect(found.Q2).toEqual(["{Q1} = '1'"]);
    expect(found.Q4).toEqual(["{Q3} = '1'"]);
    expect(found.Q1).toEqual([]);
    expect(found.Q3).toEqual([]);
  });
});

describe("a filter written on the question's id line before its wording", () => {
  it("keeps the wording after the filter and the first answer as an answer", async () => {
    const ir = await parseText(
      ["S1. How often do you go hiking?", "1 Every week", "2 Every month", "3 Never", "S2. ASK IF S1 = 1,2: Which trails do you walk? (Multiple Code)", "1 Coastal path", "2 Hill loop", "3 Forest track"].join("\n"),
    );
    const second = ir.items.filter((item): item is IRQuestion => item.kind === "question")[1];
    expect(second.text).toMatch(/^Which trails do you walk\?/);
    expect(second.options.map((option) => option.label)).toEqual(["Coastal path", "Hill loop", "Forest track"]);
    expect(conditions(ir).S2.join(" ")).toMatch(/S1/);
  });

  it("leaves a filter whose colon introduces an instruction, not wording, as the filter alone", async () => {
    const ir = await parseText(["S1. Are you 18 or older?", "1 Yes", "2 No", "S2. ASK IF S1 = 1: SHOW CARD A", "Which region do you live in?", "1 North", "2 South"].join("\n"));
    const second = ir.items.filter((item): item is IRQuestion => item.kind === "question")[1];
    expect(second.text).toMatch(/Which region do you live in\?/);
  });
});
