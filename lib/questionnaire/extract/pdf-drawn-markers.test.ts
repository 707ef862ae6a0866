import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "../parse";
import { buildPdf, type PdfPage, type PdfShape, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "./index";

/** A question, then its answers one per line, each after a drawn square (or circle) at the margin. */
function drawnList(question: string, answers: string[], round: boolean, top: number): PdfPage {
  const texts: PdfText[] = [{ text: question, x: 72, y: top }];
  const shapes: PdfShape[] = [];
  answers.forEach((answer, index) => {
    const y = top - 20 * (index + 1);
    shapes.push({ x: 90, y: y - 2, size: 10, round });
    texts.push({ text: answer, x: 106, y });
  });
  return { texts, shapes };
}

const merge = (pages: PdfPage[]): PdfPage => ({ texts: pages.flatMap((page) => page.texts ?? []), shapes: pages.flatMap((page) => page.shapes ?? []), rules: pages.flatMap((page) => page.rules ?? []) });
const linesOf = async (page: PdfPage) => (await extractDocument(buildPdf([page]), { filename: "drawn.pdf" })).lines.map((line) => line.text);

describe("answer markers drawn as graphics", () => {
  it("puts a box before an answer after a drawn square and a circle before one after a drawn circle", async () => {
    const lines = await linesOf(merge([drawnList("Which fruits do you eat?", ["Apples", "Pears"], false, 700), drawnList("Which is your favourite?", ["Plums", "Cherries"], true, 600)]));
    expect(lines).toEqual(["Which fruits do you eat?", "☐ Apples", "☐ Pears", "Which is your favourite?", "○ Plums", "○ Cherries"]);
  });

  it("reads a circle drawn inside a clip to its square box (a browser's radio button) as a circle", async () => {
    const clipped = (page: PdfPage): PdfPage => ({ ...page, shapes: (page.shapes ?? []).map((shape) => ({ ...shape, clipped: true })) });
    const lines = await linesOf(merge([clipped(drawnList("Which fruits do you eat?", ["Apples", "Pears"], false, 700)), clipped(drawnList("Which is your favourite?", ["Plums", "Cherries"], true, 600))]));
    expect(lines).toEqual(["Which fruits do you eat?", "☐ Apples", "☐ Pears", "Which is your favourite?", "○ Plums", "○ Cherries"]);
  });

  it("reads a circle whose arcs are joined by slivers of straight line as a circle, not a rounded square", async () => {
    const slivered = (page: PdfPage): PdfPage => ({ ...page, shapes: (page.shapes ?? []).map((shape) => ({ ...shape, slivers: true })) });
    const lines = await linesOf(slivered(drawnList("Which is your favourite?", ["Plums", "Cherries"], true, 700)));
    expect(lines).toEqual(["Which is your favourite?", "○ Plums", "○ Cherries"]);
  });

  it("reads a scale drawn as a row of circles with each point's label centred under it as one answer per point, and the next question after it", async () => {
    const labels = ["Very dissatisfied", "Dissatisfied", "Neutral", "Satisfied", "Very satisfied", "Not applicable"];
    const texts: PdfText[] = [];
    const shapes: PdfShape[] = [];
    let y = 740;
    const scale = (question: string) => {
      texts.push({ text: question, x: 72, y });
      y -= 22;
      labels.forEach((label, index) => {
        const centre = 120 + index * 95;
        shapes.push({ x: centre - 6, y, size: 12, round: true });
        texts.push({ text: label, x: centre - label.length * 2.6, y: y - 14 });
      });
      y -= 34;
    };
    const boxes = (question: string, answers: string[]) => {
      texts.push({ text: question, x: 72, y });
      y -= 20;
      for (const answer of answers) {
        shapes.push({ x: 80, y: y - 2, size: 10 });
        texts.push({ text: answer, x: 96, y });
        y -= 18;
      }
      y -= 10;
    };
    scale("How satisfied are you with the library?");
    boxes("Which of these statements do you agree with?", ["The staff are friendly", "The rooms are clean"]);
    scale("How satisfied are you with the canteen?");
    boxes("Which of these statements do you agree with?", ["The food is good", "The prices are fair"]);
    const extracted = await extractDocument(buildPdf([{ texts, shapes }]), { filename: "drawn.pdf" });
    expect(extracted.lines[1].text).toMatch(/^○ Very dissatisfied ○ Dissatisfied ○ Neutral ○ Satisfied ○ Very satisfied ○ Not applica/);
    const questions = parseQuestionnaire(extracted).items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.text, question.type, question.options.length])).toEqual([
      ["How satisfied are you with the library?", "single", 6],
      ["Which of these statements do you agree with?", "multi", 2],
      ["How satisfied are you with the canteen?", "single", 6],
      ["Which of these statements do you agree with?", "multi", 2],
    ]);
  });

  it("types questions by their drawn markers: squares multiple choice, circles single choice", async () => {
    const page = merge([drawnList("Q1. Which fruits do you eat?", ["Apples", "Pears", "Plums"], false, 700), drawnList("Q2. Which is your favourite?", ["Apples", "Pears", "Plums"], true, 600)]);
    const ir = parseQuestionnaire(await extractDocument(buildPdf([page]), { filename: "drawn.pdf" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "multi", 3],
      ["Q2", "single", 3],
    ]);
  });

  it("adds no marker for shapes with no answer beside them, boxes for one letter each, or cells of a ruled table", async () => {
    const texts: PdfText[] = [
      { text: "Age", x: 72, y: 700 },
      { text: "years", x: 184, y: 700 },
      { text: "Name", x: 72, y: 600 },
      { text: "Weekday", x: 140, y: 600 },
    ];
    // Boxes for one digit each, touching, before "years"; a lone square with nothing right of it.
    const shapes: PdfShape[] = [0, 1, 2, 3].map((index) => ({ x: 130 + index * 12, y: 698, size: 12 }));
    shapes.push({ x: 300, y: 648, size: 10 });
    // A square in a table row between two long rules, its cell's text right of it.
    shapes.push({ x: 124, y: 598, size: 10 });
    const rules = [
      { x0: 60, y0: 614, x1: 400, y1: 614 },
      { x0: 60, y0: 592, x1: 400, y1: 592 },
    ];
    const lines = await linesOf({ texts, shapes, rules });
    expect(lines.join("\n")).not.toMatch(/[☐○]/);
  });

  it("reads the checkbox fields of a fillable form as boxes", async () => {
    const texts: PdfText[] = [{ text: "Which fruits do you eat?", x: 72, y: 700 }, { text: "Apples", x: 106, y: 680 }, { text: "Pears", x: 106, y: 660 }];
    const lines = await linesOf({ texts, checkboxes: [{ x: 90, y: 678, size: 10 }, { x: 90, y: 658, size: 10 }] });
    expect(lines).toEqual(["Which fruits do you eat?", "☐ Apples", "☐ Pears"]);
  });

  it("adds no marker for a lone shape beside a line (an icon before a heading)", async () => {
    const lines = await linesOf({ texts: [{ text: "Contact details", x: 106, y: 700 }, { text: "Which fruits do you eat?", x: 72, y: 680 }], shapes: [{ x: 90, y: 698, size: 10 }] });
    expect(lines).toEqual(["Contact details", "Which fruits do you eat?"]);
  });

  it("adds no marker for solid squares (bullets) before lines", async () => {
    const texts: PdfText[] = [{ text: "Your household", x: 106, y: 700 }, { text: "Your work", x: 106, y: 600 }];
    const lines = await linesOf({ texts, shapes: [{ x: 90, y: 698, size: 8, solid: true }, { x: 90, y: 598, size: 8, solid: true }] });
    expect(lines).toEqual(["Your household", "Your work"]);
  });

  it("adds no marker for the row of circles of a scale labelled at its ends", async () => {
    const texts: PdfText[] = [
      { text: "How interested are you?", x: 72, y: 700 },
      ...[1, 2, 3, 4, 5].map((point, index) => ({ text: String(point), x: 153 + index * 20, y: 680 })),
      { text: "Not at all", x: 72, y: 660 },
      { text: "Very much", x: 250, y: 660 },
    ];
    const shapes: PdfShape[] = [0, 1, 2, 3, 4].map((index) => ({ x: 150 + index * 20, y: 658, size: 10, round: true }));
    const lines = await linesOf({ texts, shapes });
    expect(lines.join("\n")).not.toMatch(/[☐○]/);
  });

  it("leaves a glyph marker that a drawn box frames as it is", async () => {
    const lines = await linesOf({ texts: [{ text: "Which fruits?", x: 72, y: 700 }, { text: "o", x: 91, y: 680 }, { text: "Apples", x: 106, y: 680 }], shapes: [{ x: 89, y: 678, size: 10 }] });
    expect(lines).toEqual(["Which fruits?", "o Apples"]);
  });
});
