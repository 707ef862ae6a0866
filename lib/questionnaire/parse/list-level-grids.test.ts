import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";
import { listLevelGridSplit } from "./list-level-grids";

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
