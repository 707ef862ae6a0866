import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { buildPdf, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";

/**
 * Conventions of web surveys exported to Word or typeset again and printed to PDF: "Qn - wording" ids, Word's round
 * bullet printed as the letter "o" (several answers on one line), and the survey's matrices printed as tables whose
 * rows carry their ids and their markers (a Word table's cells centred or aligned at the top, a LaTeX table's circles).
 */

const gridQuestions = async (texts: PdfText[], shapes: PdfShape[]) =>
  parseQuestionnaire(await extractDocument(buildPdf([{ texts, shapes }]), { filename: "export.pdf" })).items.filter((item): item is IRQuestion => item.kind === "question");

describe("survey exports printed to PDF", () => {
  it("reads 'Q1 - wording' (a dash spaced on both sides) as the question's id and its wording", async () => {
    const ir = await parseText(
      [
        "Q1 - What is your citizenship?",
        "(Select from the drop-down list of countries)",
        "",
        "Q2 - What is your gender?",
        "  o Male",
        "  o Female",
        "",
        "Q3 - How old are you (in years)?",
        "(Min 18, max 100)",
        "",
        "Q4 - Please write the name of your school.",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => [question.id, question.text.split("\n")[0]])).toEqual([
      ["Q1", "What is your citizenship?"],
      ["Q2", "What is your gender?"],
      ["Q3", "How old are you (in years)?"],
      ["Q4", "Please write the name of your school."],
    ]);
    expect(questionById(ir, "Q2").options.map((option) => option.label)).toEqual(["Male", "Female"]);
  });

  it("splits a line of answers each opened by Word's 'o' bullet, but not a phrase joined by the word 'o'", async () => {
    const ir = await parseText(
      ["1. Have you used social media in the last six months?", "   o Yes o No", "", "2. Which country do you live in?", "   o India o Bangladesh", "   o United States of America", "   o Others", "", "3. ¿Con qué frecuencia?", "   o Una o dos veces", "   o Nunca"].join("\n"),
    );
    const labels = questionsOf(ir).map((question) => question.options.map((option) => option.label));
    expect(labels).toEqual([["Yes", "No"], ["India", "Bangladesh", "United States of America", "Others"], ["Una o dos veces", "Nunca"]]);
  });

  it("reads a matrix whose rows print their ids alone before the markers, with the labels wrapped around them", async () => {
    const columns = [330, 380, 430, 480, 530];
    const texts: PdfText[] = [{ text: "Q19 - How much do you agree with the following statements?", x: 40, y: 760 }];
    const shapes: PdfShape[] = [];
    texts.push({ text: "Strongly", x: 318, y: 730 }, { text: "Strongly", x: 518, y: 730 });
    texts.push({ text: "The tool can…", x: 70, y: 718 }, { text: "Disagree", x: 368, y: 718 }, { text: "Neutral", x: 420, y: 718 }, { text: "Agree", x: 472, y: 718 });
    texts.push({ text: "disagree", x: 318, y: 706 }, { text: "agree", x: 522, y: 706 });
    let y = 684;
    const rows: [string, string[]][] = [
      ["Q19a", ["answer questions."]],
      ["Q19b", ["summarise long and detailed reports for the readers", "who have little time."]],
      ["Q19c", ["explain complex ideas."]],
      ["Q19d", ["Translate texts written in one language into", "Another language."]],
    ];
    for (const [id, label] of rows) {
      if (label.length === 1) {
        texts.push({ text: id, x: 40, y }, { text: label[0], x: 70, y });
        for (const x of columns) shapes.push({ x, y: y - 1, size: 9 });
        y -= 18;
        continue;
      }
      texts.push({ text: label[0], x: 70, y: y + 6 }, { text: id, x: 40, y: y - 6 }, { text: label[1], x: 70, y: y - 18 });
      for (const x of columns) shapes.push({ x, y: y - 7, size: 9 });
      y -= 40;
    }
    texts.push({ text: "Thank you for completing the questions on this page of the questionnaire, please go on.", x: 40, y: 80 });
    const [grid] = await gridQuestions(texts, shapes);
    expect([grid.id, grid.type, grid.columns.length]).toEqual(["Q19", "grid", 5]);
    expect(grid.rows.map((row) => row.label)).toEqual([
      expect.stringContaining("answer questions."),
      expect.stringContaining("summarise long and detailed reports for the readers who have little time."),
      expect.stringContaining("explain complex ideas."),
      expect.stringContaining("Translate texts written in one language into Another language."),
    ]);
  });

  it("reads a typeset table's enclosing circles as markers and a label's line under its top-aligned row as its end", async () => {
    const columns = [200, 280, 360, 440, 520];
    const circle = (x: number, y: number): PdfText => ({ text: "o", x, y, font: "LMRoman10-Regular", unicode: "\u20DD" });
    const texts: PdfText[] = [{ text: "3. How frequently do you see the following ad formats?", x: 40, y: 760 }];
    ["Never", "Rarely", "Sometimes", "Often", "Always"].forEach((heading, index) => texts.push({ text: heading, x: columns[index] - 8, y: 730 }));
    let y = 706;
    for (const label of [["Video Ads"], ["Text or Image", "Ads"], ["Sponsored", "Posts"], ["Others (Please", "describe)"]]) {
      texts.push({ text: label[0], x: 40, y });
      for (const x of columns) texts.push(circle(x, y));
      if (label[1]) texts.push({ text: label[1], x: 40, y: y - 13 });
      y -= label[1] ? 32 : 19;
    }
    texts.push({ text: "Thank you for completing the questions on this page of the questionnaire, please go on.", x: 40, y: 80 });
    const [grid] = await gridQuestions(texts, []);
    expect([grid.type, grid.columns.length]).toEqual(["grid", 5]);
    expect(grid.rows.map((row) => row.label)).toEqual(["Video Ads", "Text or Image Ads", "Sponsored Posts", "Others (Please describe)"]);
  });
});
