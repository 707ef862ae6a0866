import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";
import { listLevelGridSplit, nestedAnswerGrid } from "./list-level-grids";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("list level grids: rows one Word list level below the answer scale", () => {
  it("reads auto-lettered answers followed by deeper roman-numbered items as a grid's columns and rows", async () => {
    const item = (text: string, level: number) => ({ runs: [{ text }], num: { id: 1, level } });
    const bytes = buildDocx({
      lists: [{ id: 1, levels: [{ format: "decimal", text: "%1." }, { format: "lowerLetter", text: "%2." }, { format: "lowerRoman", text: "%3." }] }],
      blocks: [
        "Reading habits",
        item("Which of these do you own?", 0),
        item("A bicycle", 1),
        item("A car", 1),
        item("Neither", 1),
        item("How often do you read each of the following?", 0),
        item("Every day", 1),
        item("Every week", 1),
        item("Less often", 1),
        item("Never", 1),
        item("Local newspapers", 2),
        item("Magazines", 2),
        item("Library books", 2),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "habits.docx" }));
    const found = questions(ir);
    expect(found.map((question) => [question.type, question.options.length, question.rows.length, question.columns.length])).toEqual([
      ["single", 3, 0, 0],
      ["grid", 0, 3, 4],
    ]);
    expect(found[1].rows.map((row) => row.label)).toEqual(["Local newspapers", "Magazines", "Library books"]);
  });

  it("needs the deeper items to come after the scale, all of them one level deeper in the same list", () => {
    expect(listLevelGridSplit([{ level: 1, listId: "a" }, { level: 1, listId: "a" }, { level: 2, listId: "a" }, { level: 2, listId: "a" }])).toBe(2);
    expect(listLevelGridSplit([{ level: 1, listId: "a" }, { level: 2, listId: "a" }, { level: 1, listId: "a" }, { level: 2, listId: "a" }])).toBe(-1);
    expect(listLevelGridSplit([{ level: 1, listId: "a" }, { level: 1, listId: "a" }, { level: 2, listId: "b" }, { level: 2, listId: "b" }])).toBe(-1);
    expect(listLevelGridSplit([{ level: 1, listId: "a" }, { level: 1, listId: "a" }, undefined, { level: 2, listId: "a" }])).toBe(-1);
  });
});

describe("nested answer grids: the same answers nested under each row item", () => {
  it("reads row items each followed by the same deeper answers as a grid, one row with a misspelt answer included", async () => {
    const text = [
      "Q1. Which of these services did your household use last year?",
      "    1. Bus",
      "        1. Yes",
      "        2. No",
      "    2. Ferry",
      "        1. Yes",
      "        2. No",
      "    3. Taxi",
      "        1. Yess",
      "        2. No",
      "",
      "Q2. Do you own a car?",
      "1. Yes",
      "2. No",
    ].join("\n");
    const found = questions(parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.md" })));
    expect(found.map((question) => [question.id, question.type, question.rows.map((row) => row.label), question.columns.map((column) => column.label)])).toEqual([
      ["Q1", "grid", ["Bus", "Ferry", "Taxi"], ["Yes", "No"]],
      ["Q2", "single", [], []],
    ]);
  });

  it("leaves answers with follow-up sub-answers under only some of them alone", () => {
    const place = (level: number) => ({ level, listId: "a" });
    expect(nestedAnswerGrid([place(0), place(1), place(1), place(0), place(0), place(0)], ["Yes", "Often", "Rarely", "No", "Unsure", "Refused"])).toBeNull();
    expect(nestedAnswerGrid([place(0), place(1), place(1), place(0), place(1), place(1)], ["Bus", "Yes", "No", "Ferry", "Daily", "Weekly"])).toBeNull();
  });
});

