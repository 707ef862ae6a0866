import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";
import { growth } from "../testing/regex-growth";

/**
 * Qualtrics display logic that names the referenced question by its id in parentheses before the quoted
 * wording (typeset prints of a Qualtrics survey): "If (QID3) <wording…> = 1", "And (QID4) … = 2",
 * "Count((QID7) <grid> = 5) > 0", "(QID7) <grid> [2] > 4". Synthetic questionnaires written for this test.
 */
async function questions(lines: string[]): Promise<Map<string, IRQuestion>> {
  const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(lines.join("\n") + "\n"), { filename: "q.txt" }));
  return new Map(ir.items.filter((item): item is IRQuestion => item.kind === "question").map((q) => [q.id, q]));
}

const SURVEY = [
  "QID1. Do you own a bicycle?",
  "• Yes (1)",
  "• No (0)",
  "QID2. How often do you ride it?",
  "• Daily (1)",
  "• Weekly (2)",
  "• Rarely (3)",
  "Display This Question:",
  "If (QID1) Do you own a bicycle? = 1",
  "And (QID2) How often do you ride ... = 2",
  "QID3. Where do you usually ride? ______",
  "Display This Question:",
  "If (QID2) How often do you ride it? = 1",
  "Or (QID2) How often do you ride it? = 2",
  "QID4. Do you wear a helmet?",
  "• Yes (1)",
  "• No (0)",
  "Display This Question:",
  "If (QID2) How often do you ride it? > 1",
  "QID5. Why not more often? ______",
  "Display This Question:",
  "If (OLD) Did you ride as a child? = 1",
  "QID6. Do you remember your first bicycle?",
  "• Yes (1)",
  "• No (0)",
];

describe("Qualtrics display logic with the question id in parentheses", () => {
  it("binds If/And chains to the ids, whatever the (truncated) wording", async () => {
    const q = await questions(SURVEY);
    expect(q.get("QID3")?.askIf[0]?.condition).toBe("{QID1} = '1' and {QID2} = '2'");
  });

  it("binds Or chains and numeric comparisons", async () => {
    const q = await questions(SURVEY);
    expect(q.get("QID4")?.askIf[0]?.condition).toBe("{QID2} = '1' or {QID2} = '2'");
    expect(q.get("QID5")?.askIf[0]?.condition).toBe("{QID2} > 1");
  });

  it("reads an id without a number as a question outside the questionnaire: a declared hidden variable", async () => {
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(SURVEY.join("\n") + "\n"), { filename: "q.txt" }));
    const q = new Map(ir.items.filter((item): item is IRQuestion => item.kind === "question").map((question) => [question.id, question]));
    expect(q.get("QID6")?.askIf[0]?.condition).toBe("{OLD_DID_YOU_RIDE_AS} = '1'");
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("OLD_DID_YOU_RIDE_AS");
  });

  it("keeps a numbered id the questionnaire does not hold flagged on its question", async () => {
    const q = await questions([...SURVEY.slice(0, 7), "Display This Question:", "If (QID9) Did you ride as a child? = 1", "QID3. Where do you usually ride? ______"]);
    const kept = q.get("QID3")?.askIf[0];
    expect(kept?.condition).toBeUndefined();
    expect(kept?.unresolved).toMatch(/QID9/);
  });

  it("reads '= k' as the k-th choice when k is not one of the printed recodes", async () => {
    const q = await questions([
      "QID1. Is the shop open on Sundays?",
      "• Yes (1)",
      "• I don't know (2)",
      "• No (0)",
      "Display This Question:",
      "If (QID1) Is the shop open on Sundays? = 3",
      "QID2. Why is it closed? ______",
    ]);
    expect(q.get("QID2")?.askIf[0]?.condition).toBe("{QID1} = '0'");
  });

  it("reads a one-row grid's [1] row test and a Count of grid answers", async () => {
    const q = await questions([
      "QID1. Rate the service",
      "• Poor (1)",
      "• Fair (2)",
      "• Good (3)",
      "Display This Question:",
      "If (QID1) Rate the service [1] > 2",
      "QID2. What was best? ______",
      "Display This Question:",
      "If Count((QID1) Rate the service = 3) > 0",
      "QID3. Would you recommend us? ______",
    ]);
    expect(q.get("QID2")?.askIf[0]?.condition).toBe("{QID1} > 2");
    expect(q.get("QID3")?.askIf[0]?.condition).toBe("{QID1} = '3'");
  });

  it("skips the instruction quoted after the wording in a Word export", async () => {
    const q = await questions([
      "Q1 Which fruits do you eat? (Select all that apply)",
      "▢ Apples (1)",
      "▢ Pears (2)",
      "▢ None of these (3)",
      "Display this question:",
      "If Which fruits do you eat? (Select all that apply) != None of these",
      "Q2 How many a week? ______",
    ]);
    expect(q.get("Q2")?.askIf[0]?.condition).toContain("{Q1} noneof ['3']");
  });

  it("its patterns grow linearly", () => {
    for (const pattern of [/^[\s?.:]*\([^()]{1,80}\)(?=\s*(?:[=!<>≠≥≤]|is\s))/i, /^(count\(\s*)?\(([A-Za-z][\w.-]{0,19})\)\s*/i, /\)\s*(>=|<=|!=|=|>|<)\s*(\d{1,4})\s*$/, /\[\s*([^\]]{1,40}?)\s*\]\s*$/, /\s(?:!?=|[<>]|is\s)/i]) {
      expect(growth(pattern).ratio).toBeLessThan(3);
    }
  });
});
