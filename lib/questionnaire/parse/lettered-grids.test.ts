import { describe, expect, it } from "vitest";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage as parsePdf, questionsOf } from "../testing/parse-text";

/** An optical-mark observation form: numbered rows under column headings, each row ending in the sheet's letters. */
function letteredTable(texts: PdfText[], top: number, headings: string[][], rows: [string, string][], letterX = 300): number {
  headings.forEach((lines, column) => lines.forEach((line, index) => texts.push({ text: line, x: letterX - 6 + column * 60, y: top - index * 11, size: 9 })));
  let y = top - headings.reduce((n, lines) => Math.max(n, lines.length), 0) * 11 - 14;
  for (const [number, label] of rows) {
    texts.push({ text: `${number}.`, x: 30, y, size: 10 }, { text: label, x: 50, y, size: 10 });
    headings.forEach((_, column) => texts.push({ text: String.fromCharCode(65 + column), x: letterX + column * 60, y, size: 10 }));
    y -= 22;
  }
  return y;
}

describe("lettered grids of an optical-mark form", () => {
  it("reads numbered rows that end in the answer sheet's letters as one grid per heading, worded by the lines over it", async () => {
    const texts: PdfText[] = [
      { text: "RATE THE CONDITION OF THE FOLLOWING PARTS OF THE DEPOT:", x: 90, y: 760, size: 10 },
      { text: "(GOOD = NO REPAIR NEEDED; FAIR = SMALL REPAIR; POOR = LARGE REPAIR)", x: 60, y: 747, size: 9 },
    ];
    let y = letteredTable(texts, 725, [["Good."], ["Fair."], ["Poor."], ["Missing."]], [["7", "Gates."], ["8", "Fences."], ["9", "Loading ramp."]]);
    texts.push({ text: "HOW MANY OF THE BAYS MEET THESE RULES:", x: 90, y: y - 6, size: 10 });
    y = letteredTable(texts, y - 24, [["All."], ["More than", "half."], ["Less than", "half."], ["None."]], [["10", "They are well lit."], ["11", "They are well aired."]]);
    letteredTable(texts, y - 10, [["Yes."], ["No."]], [["12", "Is the yard fenced on every side?"], ["13", "Are the keys kept in a locked box?"]], 440);
    const grids = questionsOf(await parsePdf(texts));
    expect(grids.map((grid) => [grid.type, grid.rows.length, grid.columns.length])).toEqual([
      ["grid", 3, 4],
      ["grid", 2, 4],
      ["grid", 2, 2],
    ]);
    expect(grids[0].text).toMatch(/^RATE THE CONDITION/);
    expect(grids[1].text).toMatch(/^HOW MANY OF THE BAYS/);
    expect(grids[1].columns.map((column) => column.label)).toEqual(["All.", "More than half.", "Less than half.", "None."]);
    expect(grids[2].text).toContain("Is the yard fenced on every side?");
  });

  it("reads bracketed letters under a heading of counts, and a heading printed as one piece, and numbers on after the grids", async () => {
    const texts: PdfText[] = [{ text: "5. Which of these do you own?", x: 30, y: 760, size: 10 }, { text: "(A) A bicycle.", x: 30, y: 746, size: 10 }, { text: "(B) A scooter.", x: 30, y: 732, size: 10 }];
    texts.push({ text: "How many of these are in your flat? (One answer per line.)", x: 30, y: 712, size: 10 });
    ["1", "2", "3 or more", "None"].forEach((label, column) => texts.push({ text: label, x: 170 + column * 50, y: 698, size: 9 }));
    const items = ["Lamp", "Kettle", "Heater"];
    items.forEach((item, row) => {
      const y = 684 - row * 14;
      texts.push({ text: `${6 + row}. ${item}`, x: 30, y, size: 10 });
      ["(A)", "(B)", "(C)", "(D)"].forEach((letter, column) => texts.push({ text: letter, x: 168 + column * 50, y, size: 10 }));
    });
    texts.push({ text: "Is your flat:", x: 30, y: 636, size: 10 }, { text: "Yes No", x: 190, y: 622, size: 9 });
    ["Rented.", "On the ground floor."].forEach((item, row) => {
      const y = 608 - row * 14;
      texts.push({ text: `${9 + row}. ${item}`, x: 30, y, size: 10 }, { text: "(A)", x: 188, y, size: 10 }, { text: "(B)", x: 212, y, size: 10 });
    });
    texts.push({ text: "11. Why do you take part in the study?", x: 30, y: 570, size: 10 }, { text: "(A) To learn.", x: 30, y: 556, size: 10 }, { text: "(B) To help.", x: 30, y: 542, size: 10 });
    const found = questionsOf(await parsePdf(texts));
    expect(found.map((question) => [question.id === "5" || question.id === "11" ? question.id : question.type, question.rows.length, question.columns.length || question.options.length])).toEqual([
      ["5", 0, 2],
      ["grid", 3, 4],
      ["grid", 2, 2],
      ["11", 0, 2],
    ]);
    expect(found[1].columns.map((column) => column.label)).toEqual(["1", "2", "3 or more", "None"]);
    expect(found[2].columns.map((column) => column.label)).toEqual(["Yes", "No"]);
  });
});

describe("a lettered grid across a page of two question columns", () => {
  /** A numbered question with lettered answers at x, from y down; returns the y under it. */
  function question(texts: PdfText[], x: number, y: number, number: string, wording: string[], answers: string[]): number {
    wording.forEach((line, index) => texts.push({ text: index === 0 ? `${number}. ${line}` : line, x: index === 0 ? x : x + 14, y: y - index * 12, size: 9 }));
    let at = y - wording.length * 12 - 6;
    answers.forEach((answer, index) => {
      texts.push({ text: String.fromCharCode(65 + index), x: x + 4, y: at, size: 9 }, { text: answer, x: x + 18, y: at, size: 9 });
      at -= 12;
    });
    return at - 14;
  }

  it("reads the rows of a table printed across both columns (numbered statements, the sheet's letters at the right) as one grid, its heading's words stacked over their letters", async () => {
    const texts: PdfText[] = [];
    let left = question(texts, 30, 770, "1", ["HOW OFTEN DID YOU VISIT THE TOWN LIBRARY", "DURING THE LAST SCHOOL YEAR?"], ["Never.", "Once or twice.", "Every month.", "Every week."]);
    let right = question(texts, 320, 770, "3", ["DID YOU BORROW ANY BOOKS FROM THE MOBILE", "LIBRARY VAN LAST SUMMER?"], ["No.", "Yes, one or two.", "Yes, more than two."]);
    left = question(texts, 30, left, "2", ["WOULD YOU LIKE THE LIBRARY TO OPEN ON", "SUNDAY MORNINGS AS WELL?"], ["No.", "Yes."]);
    right = question(texts, 320, right, "4", ["DID ANY OF THESE REASONS KEEP YOU FROM", "VISITING THE LIBRARY MORE OFTEN?"], ["No.", "Yes."]);
    let y = Math.min(left, right) - 6;
    texts.push({ text: "IF YOU WOULD HAVE LIKED TO GO MORE OFTEN, DID THESE REASONS KEEP YOU FROM THE LIBRARY?", x: 40, y, size: 9 });
    y -= 18;
    texts.push({ text: "Would not have", x: 400, y, size: 8 });
    texts.push({ text: "liked to go.", x: 400, y: y - 10, size: 8 }, { text: "No.", x: 470, y: y - 10, size: 8 }, { text: "Yes.", x: 530, y: y - 10, size: 8 });
    y -= 28;
    ["The opening hours did not suit me.", "The library was too far from home.", "I had no time to read.", "The books I wanted were not there."].forEach((statement, index) => {
      texts.push({ text: `${5 + index}. ${statement}`, x: 40, y, size: 9 }, { text: "A", x: 420, y, size: 9 }, { text: "B", x: 475, y, size: 9 }, { text: "C", x: 535, y, size: 9 });
      y -= 18;
    });
    left = question(texts, 30, y - 10, "9", ["HAVE YOU EVER TAKEN PART IN A READING", "CIRCLE AT THE LIBRARY?"], ["No.", "Yes."]);
    question(texts, 320, y - 10, "10", ["WOULD YOU RECOMMEND THE LIBRARY TO A", "FRIEND OR A NEIGHBOUR?"], ["No.", "Maybe.", "Yes."]);
    const found = questionsOf(await parsePdf(texts.sort((upper, lower) => lower.y - upper.y || upper.x - lower.x)));
    const grid = found.find((question) => question.type === "grid");
    expect(grid?.text).toMatch(/^IF YOU WOULD HAVE LIKED TO GO MORE OFTEN/);
    expect(grid?.rows.map((row) => row.label)).toEqual(["The opening hours did not suit me.", "The library was too far from home.", "I had no time to read.", "The books I wanted were not there."]);
    expect(grid?.columns.map((column) => column.label)).toEqual(["Would not have liked to go.", "No.", "Yes."]);
    const byNumber = (id: string) => found.find((question) => question.id === id);
    expect(["1", "2", "3", "4", "9", "10"].map((id) => byNumber(id)?.options.length)).toEqual([4, 2, 3, 2, 2, 3]);
  });
});
