import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/**
 * Conventions: Markdown ordered lists numbered by the renderer ("1." written on every item; a list counts on from
 * its first item's number) and question numbering that starts again at 1 under each part title, including a
 * title printed as a bullet ("• Part name:").
 */

describe("Markdown lists numbered by the renderer", () => {
  it("numbers '1.' items the way a renderer does, across blank lines, restarting after a heading", async () => {
    const doc = await extractDocument(
      new TextEncoder().encode(["## Part one", "", "1. First item", "", "1. Second item", "1. Third item", "", "## Part two", "", "1. Again first", "1. Again second"].join("\n")),
      { filename: "list.md" },
    );
    expect(doc.lines.filter((line) => line.list).map((line) => line.text)).toEqual([
      "1. First item",
      "2. Second item",
      "3. Third item",
      "1. Again first",
      "2. Again second",
    ]);
  });

  it("starts a new list after a line at the margin, keeps the written start, and counts nested lists apart", async () => {
    const doc = await extractDocument(
      new TextEncoder().encode(["3. Starts at three", "1. Counts on", "   1. Nested one", "   1. Nested two", "1. Back to the outer list", "", "A paragraph.", "", "1. New list", "ASK IF Q1=1", "1. Another new list"].join("\n")),
      { filename: "list.md" },
    );
    expect(doc.lines.filter((line) => line.list).map((line) => line.text)).toEqual([
      "3. Starts at three",
      "4. Counts on",
      "1. Nested one",
      "2. Nested two",
      "5. Back to the outer list",
      "1. New list",
      "1. Another new list",
    ]);
  });

  it("reads a Markdown questionnaire whose every question is written '1.' as one open question per item", async () => {
    const ir = await parseText(
      [
        "# Water use inventory",
        "",
        "Answers are open; write as much as you know.",
        "",
        "## Governance",
        "",
        "1. Which agencies publish water statistics? List the contact person of each.",
        "",
        "1. Is there a law that sets water quality targets? If so, name it and its year.",
        "",
        "1. What obstacles stop the data from being shared between agencies?",
        "",
        "## Data sources",
        "",
        "1. Are river flows measured every day? If so, by whom?",
        "",
        "1. Which surveys record irrigation by crop?",
      ].join("\n"),
      "inventory.md",
    );
    const list = questions(ir);
    expect(list.map((question) => question.text.slice(0, 20))).toEqual([
      "Which agencies publis",
      "Is there a law that s",
      "What obstacles stop t",
      "Are river flows measu",
      "Which surveys record ",
    ].map((text) => text.slice(0, 20)));
    expect(list.every((question) => question.type === "open")).toBe(true);
    expect(new Set(list.map((question) => question.id)).size).toBe(5);
  });
});

describe("numbering that restarts under a part title printed as a bullet", () => {
  it("opens a part at '• Title:' when the numbering starts again at 1 under it", async () => {
    const ir = await parseText(
      [
        "Household panel",
        "",
        "About you:",
        "1. How old are you?",
        "a) Under 30",
        "b) 30 or over",
        "",
        "2. Do you rent or own your home?",
        "a) Rent",
        "b) Own",
        "",
        "• Shopping habits:",
        "",
        "1. How often do you shop online?",
        "a) Weekly",
        "b) Monthly",
        "c) Rarely",
        "",
        "2. Where do you shop most?",
        "a) Supermarket",
        "b) Local shop",
      ].join("\n"),
      "panel.txt",
    );
    const list = questions(ir);
    expect(list.map((question) => question.options?.length ?? 0)).toEqual([2, 2, 3, 2]);
    expect(list[2].text).toBe("How often do you shop online?");
    expect(new Set(list.map((question) => question.id)).size).toBe(4);
  });
});

describe("numbered Markdown headings between numbered questions", () => {
  it("reads a numbered heading behind the questions' numbering as a part title, never as an answer of the question above", async () => {
    const text = [
      "### 1. Formats",
      "",
      "1. Do you read every week? (Yes/No)",
      "2. Which formats do you read? (several answers possible):",
      "   - Paper books",
      "   - E-books",
      "   - Audiobooks",
      "",
      "### 2. Your library",
      "",
      "3. How far away is your library? (Open question)",
      "4. Which services do you use there?",
      "   - Lending",
      "   - Reading room",
      "",
      "### 3. Last words",
      "",
      "5. Anything else to tell us? (Open question)",
    ].join("\n");
    const list = questions(await parseText(text, "survey.md"));
    expect(list.map((question) => [question.id, question.options?.map((option) => option.label) ?? []])).toEqual([
      ["1", ["Yes", "No"]],
      ["2", ["Paper books", "E-books", "Audiobooks"]],
      ["3", []],
      ["4", ["Lending", "Reading room"]],
      ["5", []],
    ]);
  });
});
