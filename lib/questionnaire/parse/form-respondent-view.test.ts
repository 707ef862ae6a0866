import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseText, questionsOf as textQuestions } from "../testing/parse-text";
import { buildPdf, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";

/**
 * A web form's respondent view printed from the browser: no question numbers; each question is its title (marked
 * "*" when required), its help text, then its answer area — a "Your answer" box in the form's language, choices, or a
 * grid whose row labels the print sets twice (a label column over the rows) and wraps around the row's markers.
 */
describe("a web form's respondent view", () => {
  it("reads the title marked required over its help text as the question, the answer box in the form's language ending it", async () => {
    const ir = await parseText(
      [
        "Sailing club survey",
        "",
        "How many seasons have you sailed with us? *",
        "Count every season you paid the fee.",
        "Sua resposta",
        "",
        "Which other clubs do you know? If any, list them below:",
        "Separate them with commas.",
        "Sua resposta",
      ].join("\n"),
      "form.txt",
    );
    const questions = textQuestions(ir);
    expect(questions.map((question) => question.text)).toEqual(["How many seasons have you sailed with us?", "Which other clubs do you know? If any, list them below:"]);
    expect(questions.map((question) => question.type)).toEqual(["numeric", "open"]);
  });

  it("reads each grid under its title, row labels printed twice and wrapped around their markers read once", async () => {
    const texts: PdfText[] = [];
    const shapes: PdfShape[] = [];
    const columns = [300, 360, 420];
    let y = 740;
    const grid = (title: string, help: string | null, rows: string[][]) => {
      texts.push({ text: title, x: 40, y });
      y -= 16;
      if (help) {
        texts.push({ text: help, x: 40, y });
        y -= 16;
      }
      ["Poor", "Fair", "Good"].forEach((heading, index) => texts.push({ text: heading, x: columns[index] - 4, y }));
      y -= 20;
      for (const label of rows) {
        // Markers on the label's middle line (the first of two); every line printed twice, the copies just apart.
        const middle = Math.floor((label.length - 1) / 2);
        label.forEach((piece, index) => {
          texts.push({ text: piece, x: 46, y: y + 9 });
          texts.push({ text: piece, x: 48, y });
          if (index === middle) for (const x of columns) shapes.push({ x, y: y - 1, size: 9, round: true });
          y -= 22;
        });
        y -= 10;
      }
      y -= 24;
    };
    grid("How do you rate our facilities? *", "Think of the last season only.", [["Boat-", "house", "storage"], ["Slipway"], ["Changing", "rooms"]]);
    grid("Coaching - Juniors", null, [["Clarity"], ["Patience"]]);
    const questions = parseQuestionnaire(await extractDocument(buildPdf([{ texts, shapes }]), { filename: "form.pdf" })).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.type, question.text, question.rows.length, question.columns.length])).toEqual([
      ["grid", "How do you rate our facilities?", 3, 3],
      ["grid", "Coaching - Juniors", 2, 3],
    ]);
    expect(questions[0].rows.map((row) => row.label)).toEqual(["Boat-house storage", "Slipway", "Changing rooms"]);
  });

  it("leaves the next question's title after a grid's last row alone where labels are printed once", async () => {
    const texts: PdfText[] = [];
    const shapes: PdfShape[] = [];
    const columns = [300, 360, 420];
    let y = 740;
    for (const [title, rows] of [["1. How often do you use each app? *", ["Maps", "Mail"]], ["2. How much do you trust each app? *", ["Maps", "Mail"]]] as const) {
      texts.push({ text: title, x: 40, y });
      y -= 18;
      ["Never", "Sometimes", "Often"].forEach((heading, index) => texts.push({ text: heading, x: columns[index] - 10, y }));
      y -= 20;
      for (const label of rows) {
        texts.push({ text: label, x: 48, y });
        for (const x of columns) shapes.push({ x, y: y - 1, size: 9, round: true });
        y -= 20;
      }
    }
    const questions = parseQuestionnaire(await extractDocument(buildPdf([{ texts, shapes }]), { filename: "form.pdf" })).items.filter((item): item is IRQuestion => item.kind === "question");
    // (The last row keeps its own label: the next numbered title is not read as the rest of it.)
    expect(questions.map((question) => [question.id, question.type, question.rows.length, question.rows.at(-1)?.label])).toEqual([
      ["1", "grid", 2, "Mail"],
      ["2", "grid", 2, "Mail"],
    ]);
  });
});
