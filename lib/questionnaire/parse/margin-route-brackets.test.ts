import { describe, expect, it } from "vitest";
import { parsePdfPage, questionById } from "../testing/parse-text";
import type { PdfText } from "../testing/pdf-writer";

/**
 * Convention: a paper questionnaire's routing printed as a bracket in the margin right of the answers' codes, its
 * words on lines of their own or level with an answer ("weiter mit" over "» Frage 11"; "go to" / ">> Question 9").
 * Synthetic prints written for this test.
 */
const answer = (label: string, code: string, y: number): PdfText[] => [
  { text: label, x: 60, y, size: 10 },
  { text: code, x: 300, y, size: 8 },
];
const margin = (text: string, y: number): PdfText => ({ text, x: 330, y, size: 9 });

describe("routing brackets in the margin", () => {
  it("writes each margin route into the answer level with its middle", async () => {
    const ir = await parsePdfPage([
      { text: "QUESTIONS ABOUT SCHOOL", x: 40, y: 800, size: 12 },
      { text: "07 Which school do you attend?", x: 40, y: 785, size: 11 },
      ...answer("grammar school", "1", 770),
      ...answer("comprehensive school", "2", 756),
      { text: "08 Haben Sie bereits eine Berufsausbildung abgeschlossen?", x: 40, y: 730, size: 11 },
      ...answer("ja, vor dem Abitur", "1", 712),
      margin("weiter mit", 699),
      ...answer("ja, parallel zum Abitur", "2", 686),
      margin(">> Frage 09", 686),
      margin("weiter mit", 673),
      ...answer("nein, weder noch", "3", 660),
      margin(">> Frage 11", 647),
      { text: "09 Um welche Art von Ausbildung handelt es sich?", x: 40, y: 630, size: 11 },
      ...answer("betrieblich", "1", 612),
      ...answer("schulisch", "2", 598),
      { text: "10 Bitte nennen Sie Ihren Ausbildungsberuf.", x: 40, y: 570, size: 11 },
      { text: "z. B. Tischler", x: 60, y: 556, size: 9 },
      { text: "11 Wie alt sind Sie?", x: 40, y: 520, size: 11 },
      ...answer("unter 18", "1", 502),
      ...answer("18 oder älter", "2", 488),
    ]);
    const routed = questionById(ir, "08");
    expect(routed.options.map((option) => option.label)).toEqual(["ja, vor dem Abitur", "ja, parallel zum Abitur", "nein, weder noch"]);
    expect(routed.options[1].route).toEqual({ kind: "question", ref: "09" });
    expect(routed.options[2].route).toEqual({ kind: "question", ref: "11" });
    expect(questionById(ir, "09").options).toHaveLength(2);
  });

  it("leaves a route written out in one piece beside an answer coded in front to that answer", async () => {
    const ir = await parsePdfPage([
      { text: "QUESTIONS ABOUT WORK", x: 40, y: 800, size: 12 },
      { text: "5. How interesting is this topic to you?", x: 40, y: 780, size: 11 },
      { text: "1", x: 60, y: 760, size: 10 },
      { text: "Skip to question 6", x: 90, y: 760, size: 10 },
      { text: "2", x: 60, y: 745, size: 10 },
      { text: "Skip to question 7", x: 90, y: 745, size: 10 },
      { text: "3", x: 60, y: 730, size: 10 },
      { text: "Skip to question 7", x: 90, y: 730, size: 10 },
      { text: "6. Which topics interest you?", x: 40, y: 700, size: 11 },
      { text: "7. How many years have you worked?", x: 40, y: 660, size: 11 },
    ]);
    expect(questionById(ir, "5").options.map((option) => option.route)).toEqual(["6", "7", "7"].map((ref) => ({ kind: "question", ref })));
  });
});
