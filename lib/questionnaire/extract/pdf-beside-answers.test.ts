import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildPdf, type PdfPage, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/**
 * A paper form's numbered questions with their boxed, coded answers in a column to the right of the wording: the
 * wording wraps on the left while the answers run down two answer columns on the right.
 */
function besidePage(): PdfPage {
  const texts: PdfText[] = [];
  // Boxes typed in a symbol font ("£" is Wingdings 2's empty box).
  const box = (x: number, y: number) => texts.push({ text: "£", x, y, font: "Wingdings2" });
  // Full-width instructions above the questions: the page is no label | answer print.
  texts.push({ text: "Orchard visit record. The visiting officer completes this form after walking the whole orchard with the owner.", x: 40, y: 660 });
  texts.push({ text: "Tick one box for each question and follow the instruction printed next to an answer where there is one.", x: 40, y: 646 });
  texts.push({ text: "Questions for the owner of the orchard and for anyone who looks after the hives during the season.", x: 40, y: 632 });
  let y = 610;
  const question = (number: string, wording: string[], answers: [number, number, string][]) => {
    texts.push({ text: number, x: 40, y });
    wording.forEach((line, index) => texts.push({ text: line, x: 56, y: y - 14 * index }));
    for (const [column, row, label] of answers) {
      box(column, y - 14 * row);
      texts.push({ text: label, x: column + 12, y: y - 14 * row });
    }
    y -= 14 * Math.max(wording.length, ...answers.map(([, row]) => row + 1)) + 16;
  };
  question("1.", ["Has the gardener noticed fewer bees visiting the", "orchard this spring?"], [
    [330, 0, "0 No (STOP HERE)"],
    [330, 1, "1 Yes"],
    [420, 0, "8 Orchard was not"],
  ]);
  texts.push({ text: "visited", x: 432, y: 610 - 14 });
  question("2.", ["Were any hives moved away from the orchard", "during the flowering weeks?"], [
    [330, 0, "0 No (SKIP TO QUESTION 4)"],
    [330, 1, "1 Yes"],
  ]);
  question("3.", ["How many hives were moved?"], [
    [330, 0, "1 One or two"],
    [330, 1, "2 Three or more"],
  ]);
  question("4.", ["Is a spraying diary kept?"], [
    [330, 0, "0 No"],
    [330, 1, "1 Yes"],
  ]);
  return { texts };
}

describe("answers printed beside wrapped wording (PDF forms)", () => {
  it("reads the wording whole, then the answers column by column", async () => {
    const lines = (await extractDocument(buildPdf([besidePage()]), { filename: "orchard.pdf" })).lines.map((line) => line.text);
    const first = lines.findIndex((line) => line.includes("fewer bees"));
    expect(lines[first + 1]).toBe("orchard this spring?");
    expect(lines.slice(first + 2, first + 6).map((line) => line.replace(/^\S+\s+/, ""))).toEqual(["0 No (STOP HERE)", "1 Yes", "8 Orchard was not", "visited"]);
  });

  it("gives each question its coded answers and the routing written on them", async () => {
    const ir = parseQuestionnaire(await extractDocument(buildPdf([besidePage()]), { filename: "orchard.pdf" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["1", "single", 3],
      ["2", "single", 2],
      ["3", "single", 2],
      ["4", "single", 2],
    ]);
    expect(questions[0].text).toContain("orchard this spring?");
    expect(["end", "terminate"]).toContain(questions[0].options[0].route?.kind);
    expect(questions[1].options[0].route).toMatchObject({ kind: "question", ref: "4" });
  });
});

/**
 * A household-survey module: the wording set in small capitals (a full-size initial and a smaller run, the number's
 * full stop a run of its own) and the answers beside it as labels with dot leaders and codes, a skip arrow after a code.
 */
function leaderPage(): PdfPage {
  const texts: PdfText[] = [];
  texts.push({ text: "Livestock module. Ask the person who looks after the household's animals; record the code of each answer.", x: 40, y: 660 });
  texts.push({ text: "Follow the arrow printed after a code to the question it names; otherwise go on with the next question.", x: 40, y: 646 });
  let y = 610;
  const question = (number: string, first: string, rest: string[], answers: string[]) => {
    texts.push({ text: number, x: 40, y });
    texts.push({ text: ".", x: 46, y });
    texts.push({ text: first[0], x: 52, y });
    texts.push({ text: first.slice(1), x: 59, y, size: 7 });
    rest.forEach((line, index) => texts.push({ text: line, x: 56, y: y - 14 * (index + 1), size: 7 }));
    answers.forEach((answer, index) => texts.push({ text: answer, x: 340, y: y - 14 * index }));
    y -= 14 * Math.max(rest.length + 1, answers.length) + 16;
  };
  question("1", "DOES THE HOUSEHOLD OWN ANY GOATS, SHEEP", ["OR PIGS AT THE MOMENT?"], ["Yes .................... 1", "No ..................... 2>>5"]);
  question("2", "HAVE ANY OF THESE ANIMALS BEEN SOLD", ["DURING THE LAST TWELVE MONTHS?"], ["Yes .................... 1", "No ..................... 2"]);
  question("5", "DOES THE HOUSEHOLD KEEP ANY CHICKENS", ["OR DUCKS AT THE MOMENT?"], ["Yes .................... 1", "No ..................... 2"]);
  return { texts };
}

describe("answers with dot leaders and codes printed beside small-capital wording (PDF forms)", () => {
  it("gives each question both of its coded answers and the arrow's skip", async () => {
    const ir = parseQuestionnaire(await extractDocument(buildPdf([leaderPage()]), { filename: "livestock.pdf" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.options.map((option) => option.label)])).toEqual([
      ["1", ["Yes", "No"]],
      ["2", ["Yes", "No"]],
      ["5", ["Yes", "No"]],
    ]);
    expect(questions[0].text).toContain("PIGS AT THE MOMENT?");
    expect(questions[0].options[1].route).toMatchObject({ kind: "question", ref: "5" });
  });
});
