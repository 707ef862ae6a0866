import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../conditions";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import type { PdfText } from "../testing/pdf-writer";
import { parsePdfPage, parseText, questionById, questionsOf } from "../testing/parse-text";

/**
 * Interviewing-application specifications (Blaise style): a label column holds each item's name (and under a
 * question the variable that stores it), the wording and answers sit in a column to its right; check items route,
 * edits and declarations of outside variables are no questions.
 */



const shown = (question: IRQuestion, answers: Record<string, unknown>) => question.askIf.every((filter) => evaluateCondition(filter.condition!, answers));

/** Rows of the two-column layout: [label, body] from the top of the page down. */
function specPage(rows: [string, string][]): PdfText[] {
  return rows.flatMap(([label, body], index) => {
    const y = 760 - index * 16;
    return [...(label ? [{ text: label, x: 50, y, size: 10 }] : []), ...(body ? [{ text: body, x: 200, y, size: 10 }] : [])];
  });
}

async function parseSpec(rows: [string, string][]): Promise<QuestionnaireIR> {
  return parsePdfPage(specPage(rows));
}

const GARDEN: [string, string][] = [
  ["GDN_BEG", "External variables required:"],
  ["", "PLOTFLAG: (Whether the household has a plot (from the register))"],
  ["", "HH_SIZE: (Number of people in the household)"],
  ["GDN_C01", "If PLOTFLAG = 1, go to GDN_Q05."],
  ["", "Otherwise, go to GDN_END."],
  ["GDN_Q05", "Have you grown any vegetables on the plot this year?"],
  ["GDN_05", ""],
  ["", "1     Yes"],
  ["", "2     No"],
  ["GDN_C10", "If GDN_Q05 = 2, go to GDN_END."],
  ["", "Otherwise, go to GDN_Q10."],
  ["GDN_Q10", "How many kinds of vegetables did you"],
  ["GDN_10", "grow?"],
  ["", "|_|_| Number of kinds"],
  ["GDN_E10", "An unusual number has been entered. Please confirm."],
  ["GDN_Q15", "Did you sell part of the harvest at a market?"],
  ["GDN_15", ""],
  ["", "1     Yes"],
  ["", "2     No"],
  ["GDN_END", ""],
  ["PET_Q05", "Does anyone in the household keep a dog?"],
  ["PET_05", ""],
  ["", "1     Yes"],
  ["", "2     No"],
];

describe("specification items in a label column", () => {
  it("reads a name set apart in the label column as the question's id, and the variable printed under it as the same question", async () => {
    const ir = await parseSpec(GARDEN);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["GDN_Q05", "GDN_Q10", "GDN_Q15", "PET_Q05"]);
    expect(questionById(ir, "GDN_Q05").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(questionById(ir, "GDN_Q10").text).toContain("grow?");
  });

  it("keeps an edit's message and the declarations of outside variables out of the questions", async () => {
    const ir = await parseSpec(GARDEN);
    const ids = questionsOf(ir).map((question) => question.id);
    expect(ids).not.toContain("GDN_E10");
    expect(ids).not.toContain("PLOTFLAG");
    expect(ids).not.toContain("HH_SIZE");
  });

  it("reads a check item's branch that carries on as the condition of every question before its farther target", async () => {
    const ir = await parseSpec(GARDEN);
    const q05 = questionById(ir, "GDN_Q05");
    expect(shown(q05, { PLOTFLAG: "1" })).toBe(true);
    expect(shown(q05, { PLOTFLAG: "2" })).toBe(false);
    // "If GDN_Q05 = 2, go to GDN_END. Otherwise, go to GDN_Q10.": the Otherwise branch carries on.
    const q15 = questionById(ir, "GDN_Q15");
    expect(shown(q15, { PLOTFLAG: "1", GDN_Q05: "1" })).toBe(true);
    expect(shown(q15, { PLOTFLAG: "1", GDN_Q05: "2" })).toBe(false);
    expect(questionById(ir, "PET_Q05").askIf).toEqual([]);
  });
});

describe("check items in a typed specification", () => {
  it("reads the branch on one line or two, and leaves a branch whose target is printed nowhere as it was", async () => {
    const ir = await parseText(
      [
        "TRV_C01\tIf TRV_Q01 = 1, go to TRV_Q02. Otherwise, go to TRV_Q04.",
        "TRV_Q01\tDid you travel abroad last year?",
        "\t1\tYes",
        "\t2\tNo",
        "TRV_C02\tIf TRV_Q01 = 1, go to TRV_Q02.",
        "\tOtherwise, go to TRV_Q04.",
        "TRV_Q02\tWhich country did you visit first?",
        "\t____",
        "TRV_Q03\tHow many nights did you stay?",
        "\t____",
        "TRV_C03\tIf TRV_Q03 = 0, go to TRV_Q04. Otherwise, go to TRV_Q99.",
        "TRV_Q04\tWould you travel abroad again?",
        "\t1\tYes",
        "\t2\tNo",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["TRV_Q01", "TRV_Q02", "TRV_Q03", "TRV_Q04"]);
    for (const id of ["TRV_Q02", "TRV_Q03"]) {
      expect(shown(questionById(ir, id), { TRV_Q01: "1" })).toBe(true);
      expect(shown(questionById(ir, id), { TRV_Q01: "2" })).toBe(false);
    }
    expect(questionById(ir, "TRV_Q04").askIf).toEqual([]);
  });
});
