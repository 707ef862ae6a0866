import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { DocumentBuilder, type ExtractedDocument } from "../extract/model";
import { parseText, questionsOf } from "../testing/parse-text";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { followNumberingSpine, printedNumber } from "./numbering-spine";

/**
 * The printed question numbering as the document's spine: pages printed out of reading order (a booklet's
 * imposed sheets) are put back in number order, and a numbered start the line rules miss is recovered.
 */

/** One question printed from (x, y) down: two lines of wording and its answers, one per line. */
function question(x: number, y: number, number: number, answers: string[], wording = "Which of these places have you visited"): PdfText[] {
  return [
    { text: `${number}. ${wording} in the last twelve months?`, x, y },
    { text: "Please think about every trip you made", x: x + 12, y: y - 14 },
    ...answers.map((answer, index) => ({ text: `o ${answer}`, x: x + 12, y: y - 30 - 14 * index })),
  ];
}

/** A booklet page: a heading and a few questions down one side of the sheet. */
function bookletPage(x: number, heading: string, numbers: number[]): PdfText[] {
  return [{ text: heading, x, y: 560, bold: true }, ...numbers.flatMap((number, index) => question(x, 530 - index * 110, number, ["The seaside", "The mountains", "A large city"]))];
}

describe("a booklet printed two pages per sheet (imposition)", () => {
  // Four booklet pages on two landscape sheets, as a folded booklet is printed: sheet 1 holds pages 4 | 1,
  // sheet 2 pages 2 | 3. The text layer runs sheet by sheet, left half then right half: 7 8 1 2 3 4 5 6.
  const sheet = (left: PdfText[], right: PdfText[]) => ({ width: 792, height: 612, texts: [...left, ...right] });
  const pdf = buildPdf([
    sheet(bookletPage(40, "Last part", [7, 8]), bookletPage(430, "First part", [1, 2])),
    sheet(bookletPage(40, "Second part", [3, 4]), bookletPage(430, "Third part", [5, 6])),
  ]);

  it("reads the question numbers in sequence", async () => {
    const ir = parseQuestionnaire(await extractDocument(pdf, { filename: "booklet.pdf" }));
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(questionsOf(ir).every((q) => q.options.length === 3)).toBe(true);
  });

  it("keeps each page's heading in front of its questions", async () => {
    const doc = await extractDocument(pdf, { filename: "booklet.pdf" });
    const order = doc.lines.filter((line) => /part$/.test(line.text)).map((line) => line.text);
    expect(order).toEqual(["First part", "Second part", "Third part", "Last part"]);
    // The text and every line's offsets are rebuilt for the new order.
    expect(doc.lines.every((line) => doc.text.slice(line.start, line.end) === line.text)).toBe(true);
  });

  it("reads two questions printed side by side on one booklet page as two", async () => {
    // Sheet 2's left page holds questions 3 and 4 side by side, under a heading that spans the page; question 4
    // opens in lower case (a small-capital font stores its capitals as lower-case letters).
    const small = (text: string, x: number, y: number): PdfText => ({ text, x, y, size: 8 });
    const narrow = (x: number, y: number, first: string, second: string) => [
      small(first, x, y),
      small(second, x + 10, y - 11),
      small("o Yes", x + 10, y - 24),
      small("o No", x + 10, y - 35),
    ];
    const sideBySide = [
      small("Second part: your travel over the last twelve months and the places you went to", 40, 560),
      ...narrow(40, 530, "3. Have you travelled abroad this year?", "Count each of your trips"),
      ...narrow(215, 530, "4. how often did you go by train?", "Count each of your trips"),
      small("Please answer the next question for all the trips you made in the last twelve months", 40, 470),
      ...narrow(40, 440, "5. Did you travel for work this year?", "Count each of your trips"),
    ];
    const booklet = buildPdf([
      sheet(bookletPage(40, "Last part", [8, 9]), bookletPage(430, "First part", [1, 2])),
      sheet(sideBySide, bookletPage(430, "Third part", [6, 7])),
    ]);
    const ir = parseQuestionnaire(await extractDocument(booklet, { filename: "booklet.pdf" }));
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    expect(questionsOf(ir).find((q) => q.id === "3")?.options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});

describe("when the numbering is no spine to reorder by", () => {
  function paged(pages: string[][]): ExtractedDocument {
    const builder = new DocumentBuilder(100_000);
    pages.forEach((lines, index) => lines.forEach((text) => builder.add(text, { page: index + 1 })));
    return builder.build("pdf");
  }
  const page = (numbers: number[]) => numbers.flatMap((number) => [`${number}. How often do you go to the cinema or the theatre?`, "o Often", "o Never"]);

  it("leaves numbering that already runs in order alone", () => {
    const doc = paged([page([1, 2, 3]), page([4, 5, 6]), page([7, 8])]);
    expect(followNumberingSpine(doc)).toBe(doc);
  });

  it("leaves parts that each number from 1 alone", () => {
    const doc = paged([page([1, 2, 3, 4]), page([1, 2, 3, 4]), page([5, 6])]);
    expect(followNumberingSpine(doc)).toBe(doc);
  });

  it("does not reorder on a couple of numbers", () => {
    const doc = paged([page([3]), page([1, 2])]);
    expect(followNumberingSpine(doc)).toBe(doc);
  });

  it("reorders pages whose numbers run out of order", () => {
    const doc = paged([page([5, 6]), page([1, 2]), page([3, 4])]);
    const after = followNumberingSpine(doc);
    expect(after.lines.filter((line) => printedNumber(line.text) !== null).map((line) => line.text.split(".")[0])).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(after.lines.map((line) => line.index)).toEqual(after.lines.map((_, index) => index));
  });

  it("does not take numbered answers for question numbers", () => {
    expect(printedNumber("1. Strongly agree")).toBeNull();
    expect(printedNumber("12. How often do you read a newspaper?")).toBe(12);
    expect(printedNumber("Q7 Please tell us about your last holiday trip")).toBe(7);
  });
});

describe("a numbered start the line rules miss", () => {
  const numbered = (number: number, wording: string, answers: string[]) => [`${number} ${wording}`, ...answers];

  it("is the question its number says, not an answer of the question before it", async () => {
    const ir = await parseText(
      [
        ...numbered(1, "How old are you?", ["o Under 30", "o 30 or older"]),
        ...numbered(2, "Your gender", ["o Female", "o Male"]),
        ...numbered(3, "Where do you live?", ["o In a city", "o In the country"]),
        ...numbered(4, "How many children do you have?", ["o None", "o One or more"]),
        ...numbered(5, "Your current job", ["o Employed", "o Not employed"]),
        ...numbered(6, "Do you own a car?", ["o Yes", "o No"]),
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(questionsOf(ir)[0].options.map((option) => option.label)).toEqual(["Under 30", "30 or older"]);
  });

  it("does not take the next of a run of answer codes for the missing question", async () => {
    const ir = await parseText(
      [
        ...numbered(1, "How old are you?", ["1 Under 30", "2 Thirty years or older", "3 Would rather not say"]),
        ...numbered(3, "Where do you live?", ["1 In a city", "2 In the country"]),
        ...numbered(4, "How many children do you have?", ["1 None", "2 One or more"]),
        ...numbered(5, "Do you work?", ["1 Yes", "2 No"]),
        ...numbered(6, "Do you own a car?", ["1 Yes", "2 No"]),
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "3", "4", "5", "6"]);
    expect(questionsOf(ir)[0].options).toHaveLength(3);
  });
});

describe("an item list whose statements number on from its questions", () => {
  // A survey tool's item export: "<number><TAB><wording>", profile questions first, then agreement statements
  // with no scale printed. The statements do not ask; their numbers go on from the questions'.
  const items = [
    "0\tI have been told what the study is about and I am happy to take part in it.",
    "1\tWhat is your year of study?",
    "2\tWhich faculty are you enrolled in?",
    "3\tHow far do you travel to campus?",
    "4\tWhich chat assistants do you use?",
    "5\tMy lectures keep me curious about the subject.",
    "6\tI find it hard to switch off after a long day of classes.",
    "7\tChat assistants help me understand difficult readings.",
    "8\tI would rather write my essays without any assistant.",
  ];

  it("reads every numbered statement as an item, not as answers of the last question", async () => {
    const ir = await parseText(items.join("\n"));
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(questionsOf(ir)[4].options).toHaveLength(0);
  });

  it("keeps answer codes that start again at 1 as the last question's answers", async () => {
    const ir = await parseText([...items.slice(1, 5), "5\tDo you live with your parents?", "1\tYes, all year", "2\tOnly during holidays", "3\tNo, never"].join("\n"));
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(questionsOf(ir)[4].options).toHaveLength(3);
  });
});

describe("a numbered question asked in lettered parts", () => {
  const filler = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => [`${from + k}. How many times did you visit a museum last year?`, "o None", "o Once", "o More often"]).flat();

  it("reads each part with answers of its own as a question (4a, 4b), the number repeated or not", async () => {
    const ir = await parseText(
      [
        ...filler(1, 3),
        "4. a) Have you ever worked abroad?",
        "o Yes o No",
        "b) If YES, in which countries did you work",
        "and for how long?",
        "__________________________________",
        ...filler(5, 6),
        "7. a) Do you speak a second language at home?",
        "o Yes",
        "o No",
        "7. b) Which language do you speak at home?",
        "__________________________________",
        ...filler(8, 9),
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4a", "4b", "5", "6", "7a", "7b", "8", "9"]);
    expect(questionsOf(ir).find((q) => q.id === "7a")?.options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("leaves the lettered rows of one question's scale to the grid rules", async () => {
    const ir = await parseText(
      [
        ...filler(1, 3),
        "4. Please answer the following about your employer:",
        "a) Does it offer training? o Yes o No",
        "b) Does it offer flexible hours? o Yes o No",
        ...filler(5, 6),
      ].join("\n"),
    );
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["1", "2", "3", "4", "5", "6"]);
  });
});

describe("item codes numbered by block (101 … 111, 201 …, 301 …)", () => {
  it("reads every item printed with a block code as a question, short field labels and nested answers included", async () => {
    const text = [
      "## Location",
      "",
      "101. Region",
      "102. District",
      "103. Village",
      "",
      "## Visit",
      "",
      "201. Date of visit",
      "202. Result of the visit",
      "    1. Completed",
      "    2. Refused",
      "",
      "## Dwelling",
      "",
      "301. Main roof material",
      "    1. Metal",
      "    2. Tiles",
      "302. Number of rooms",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "form.md" }));
    const found = questionsOf(ir);
    expect(found.map((question) => [question.id, question.options.length])).toEqual([
      ["101", 0],
      ["102", 0],
      ["103", 0],
      ["201", 0],
      ["202", 2],
      ["301", 2],
      ["302", 0],
    ]);
  });

  it("leaves three-digit numbers that do not run by block alone (a list of amounts, years)", async () => {
    const text = ["Q1. What did you pay?", "120 Less than a week's wage", "450 About a month's wage", "Q2. When did you move here?", "1. Before 2000", "2. After 2000"].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "form.txt" }));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
  });
});


describe("a numbered question asked in decimal parts (11.1, 11.2 … each with answers of its own)", () => {
  const form = [
    "1. How many pets live in your home? ____",
    "2. Which season do you prefer?",
    "( ) Spring ( ) Summer ( ) Winter",
    "3. How do you rate the following parts of the garden centre?",
    "3.1 Parking",
    "( ) Good ( ) Average ( ) Poor",
    "3.2 Plant choice",
    "( ) Good ( ) Average ( ) Poor",
    "3.3. Opening times",
    "( ) Good ( ) Average ( ) Poor ( ) No opinion",
    "4. How did you hear about us?",
    "( ) Friends ( ) Radio ( ) Online",
  ].join("\n");

  it("reads each part as a question, not as an answer of the numbered line", async () => {
    const questions = questionsOf(await parseText(form));
    expect(questions.map((q) => q.id)).toEqual(["1", "2", "3.1", "3.2", "3.3", "4"]);
    expect(questions.find((q) => q.id === "3.3")?.options).toHaveLength(4);
  });
});

describe("Roman-numbered fill-in items", () => {
  it("reads items numbered I, II, III … that each ask for an entry as questions with the numeral as id; Roman titles stay titles", async () => {
    const ir = await parseText(
      [
        "I. ABOUT THE VOLUNTEER",
        "",
        "I. Full name: ____________________",
        "II. Year you joined: ________",
        "III. Which branch do you help at? ____________________",
        "IV. Preferred shift: ____________________",
        "",
        "II. Your skills",
        "",
        "1. Do you hold a driving licence?",
        "   Yes",
        "   No",
      ].join("\n"),
      "volunteer.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.id).slice(0, 4)).toEqual(["I", "II", "III", "IV"]);
    expect(qs[3].text).toBe("Preferred shift:");
    expect(qs.map((q) => q.text)).not.toContain("Your skills");
  });
});
