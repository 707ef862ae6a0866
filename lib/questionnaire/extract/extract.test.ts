import { describe, expect, it } from "vitest";
import { QuestionnaireError } from "../errors";
import { buildDocx, LISTS, writeZip } from "../testing/docx-writer";
import { buildPdf, flowPdf } from "../testing/pdf-writer";
import { mapPrivateUse } from "./pdf";
import { EXTRACTION_LIMITS, extractDocument } from "./index";

const encode = (text: string) => new TextEncoder().encode(text);

async function failure(promise: Promise<unknown>): Promise<QuestionnaireError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(QuestionnaireError);
    return error as QuestionnaireError;
  }
  throw new Error("expected the extraction to fail");
}

describe("docx extraction", () => {
  it("renders automatic numbering as Word shows it and keeps list levels", async () => {
    const bytes = buildDocx({
      lists: [LISTS.decimal(1), LISTS.symbolBullet(2)],
      blocks: [
        { runs: "How often do you travel?", num: { id: 1 } },
        { runs: "Daily", num: { id: 2 } },
        { runs: "Weekly", num: { id: 2 } },
        { runs: "Why?", num: { id: 1, level: 1 } },
        { runs: "Which airline do you use?", num: { id: 1 } },
      ],
    });
    const doc = await extractDocument(bytes, { filename: "q.docx" });
    expect(doc.format).toBe("docx");
    expect(doc.lines.map((line) => line.text)).toEqual(["1. How often do you travel?", "• Daily", "• Weekly", "a) Why?", "2. Which airline do you use?"]);
    expect(doc.lines[0].list).toMatchObject({ ordered: true, value: 1, level: 0 });
    expect(doc.lines[1].list).toMatchObject({ ordered: false, label: "•" });
    expect(doc.lines[3].list).toMatchObject({ level: 1, value: 1 });
    expect(doc.lines[4].list).toMatchObject({ value: 2 });
  });

  it("reads every body of a document written as a run of sibling bodies (one per block, the first empty)", async () => {
    const bytes = buildDocx({
      bodyPerBlock: true,
      blocks: ["Start of Block: Hobbies", "Q4 Which hobby do you spend most time on?", "Painting  (1)", "Hiking  (2)", { kind: "table", rows: [["Display This Question:"], ["If Q4 = Hiking"]] }, "Q5 How many trails did you walk last year?"],
    });
    const doc = await extractDocument(bytes, { filename: "export.docx" });
    expect(doc.lines.map((line) => line.text).filter(Boolean)).toEqual([
      "Start of Block: Hobbies",
      "Q4 Which hobby do you spend most time on?",
      "Painting (1)",
      "Hiking (2)",
      "Display This Question:",
      "If Q4 = Hiking",
      "Q5 How many trails did you walk last year?",
    ]);
  });

  it("reads a paragraph property switched off (w:val=\"0\") as off: no page break before every paragraph", async () => {
    const bytes = buildDocx({ blocks: [{ runs: "First", pageBreakBefore: "off" }, { runs: "Second", pageBreakBefore: true }, { runs: "Third", pageBreakBefore: "off" }] });
    const doc = await extractDocument(bytes, { filename: "q.docx" });
    expect(doc.lines.map((line) => Boolean(line.pageBreakBefore))).toEqual([false, true, false]);
  });

  it("keeps table cells with their row and column, and offsets that point into the text", async () => {
    const bytes = buildDocx({ blocks: [{ kind: "table", rows: [["", "Agree", "Disagree"], ["Prices are fair", "", ""], ["Staff are helpful", "", ""]] }] });
    const doc = await extractDocument(bytes, { filename: "grid.docx" });
    expect(doc.lines.map((line) => [line.text, line.cell?.row, line.cell?.col])).toEqual([
      ["Agree", 0, 1],
      ["Disagree", 0, 2],
      ["Prices are fair", 1, 0],
      ["Staff are helpful", 2, 0],
    ]);
    for (const line of doc.lines) expect(doc.text.slice(line.start, line.end)).toBe(line.text);
  });

  it("maps symbol-font boxes, checkbox fields and bullets to Unicode, drops hidden text and splits soft line breaks", async () => {
    const bytes = buildDocx({
      lists: [LISTS.box(3)],
      blocks: [
        { runs: [{ sym: { font: "Wingdings", char: "F06F" } }, { text: " Yes" }] },
        { runs: [{ checkbox: true }, { text: "No" }] },
        { runs: "Maybe", num: { id: 3 } },
        { runs: [{ text: "Visible" }, { text: " secret", hidden: true }, { br: true }, { text: "Second line" }] },
      ],
    });
    const doc = await extractDocument(bytes, { filename: "symbols.docx" });
    expect(doc.lines.map((line) => line.text)).toEqual(["☐ Yes", "☐ No", "☐ Maybe", "Visible", "Second line"]);
  });

  it("drops struck-through text (w:strike, w:dstrike) and tracked deletions, keeps tracked insertions and strikes switched off", async () => {
    const bytes = buildDocx({
      blocks: [
        { runs: [{ text: "ASK IF " }, { text: "A3 ", strike: true }, { text: "A1r7=5-7" }] },
        { runs: [{ text: "Q2. What is your " }, { text: "annual", tracked: "del" }, { text: "monthly", tracked: "ins" }, { text: " budget?" }] },
        { runs: [{ text: "1 Yes" }, { text: " (old code 3)", strike: "double" }, { text: " kept", strike: "off" }] },
        { runs: [{ text: "A deleted question", strike: true }] },
        "2 No",
      ],
    });
    const doc = await extractDocument(bytes, { filename: "edits.docx" });
    expect(doc.lines.map((line) => line.text)).toEqual(["ASK IF A1r7=5-7", "Q2. What is your monthly budget?", "1 Yes kept", "2 No"]);
  });

  it("marks headings from paragraph styles and bold from runs and styles", async () => {
    const bytes = buildDocx({
      blocks: [
        { runs: "Section A: Screener", style: "Heading1" },
        { runs: [{ text: "Q1.", bold: true }, { text: " What is your age?" }] },
        { runs: [{ text: "All bold line", bold: true }] },
      ],
      title: "Travel study",
    });
    const doc = await extractDocument(bytes, { filename: "styles.docx" });
    expect(doc.title).toBe("Travel study");
    expect(doc.lines[0]).toMatchObject({ heading: 1, bold: true });
    expect(doc.lines[1]).toMatchObject({ boldPrefix: "Q1." });
    expect(doc.lines[1].bold).toBeUndefined();
    expect(doc.lines[2].bold).toBe(true);
  });

  it("marks titles typed in clearly larger type than the body text as headings, the largest size first", async () => {
    const sized = (text: string, size: number) => ({ runs: [{ text, size, bold: size > 12 }] });
    const bytes = buildDocx({
      blocks: [
        sized("GARDEN CLUB QUESTIONNAIRE", 20),
        sized("PLOTS", 16),
        sized("How large is your plot?", 12),
        sized("Please give the size in square metres, as on your lease.", 12),
        ...["Under 50", "50 to 100", "Over 100"].map((answer) => sized(answer, 12)),
        sized("Note: the committee reads every answer.", 13),
        sized("TOOLS", 16),
        { runs: [{ text: "Which tools do you share?", size: 12 }, { text: " (tick all)", size: 16 }] },
        ...["Spades", "Forks", "Hoses", "Wheelbarrows", "Shears"].map((answer) => sized(answer, 12)),
      ],
    });
    const doc = await extractDocument(bytes, { filename: "club.docx" });
    const headings = doc.lines.filter((line) => line.heading).map((line) => [line.text, line.heading]);
    expect(headings).toEqual([
      ["GARDEN CLUB QUESTIONNAIRE", 1],
      ["PLOTS", 2],
      ["TOOLS", 2],
    ]);
  });

  it("does not take questions set larger than their answers for titles", async () => {
    const sized = (text: string, size: number) => ({ runs: [{ text, size }] });
    const bytes = buildDocx({
      blocks: [
        sized("Favourite season", 14),
        sized("Spring", 11),
        sized("Summer", 11),
        sized("Autumn and winter alike", 11),
        sized("Preferred holiday", 14),
        sized("By the sea", 11),
        sized("In the mountains", 11),
        sized("At home with a good book", 11),
      ],
    });
    const doc = await extractDocument(bytes, { filename: "seasons.docx" });
    expect(doc.lines.some((line) => line.heading)).toBe(false);
  });
});

describe("PDF extraction", () => {
  it("rebuilds lines in reading order and drops running headers and page numbers", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `${i + 1}. Question number ${i + 1} asks something?`);
    const bytes = flowPdf(lines, { header: () => "ACME Customer Study – Confidential", footer: (page, pages) => `Page ${page} of ${pages}` });
    const doc = await extractDocument(bytes, { filename: "flow.pdf" });
    expect(doc.pageCount).toBeGreaterThanOrEqual(3);
    const texts = doc.lines.map((line) => line.text);
    expect(texts).toEqual(lines);
    expect(texts.some((text) => /ACME|Page \d+ of/.test(text))).toBe(false);
  });

  it("keeps a last answer that ends many pages at different heights: a running footer repeats at the same height", async () => {
    // Each page ends with a question whose last answer is "Other", lower or higher on the page.
    const pages = Array.from({ length: 5 }, (_, page) => {
      const texts = [{ text: `Q${page + 1}. Which tools do you use at work number ${page + 1}?`, x: 50, y: 760 }];
      const answers = ["Spreadsheets", "Notebooks", "Other"];
      const first = 600 - page * 90;
      answers.forEach((answer, index) => texts.push({ text: answer, x: 70, y: first - index * 16 }));
      return { texts };
    });
    const doc = await extractDocument(buildPdf(pages), { filename: "answers.pdf" });
    expect(doc.lines.filter((line) => line.text === "Other")).toHaveLength(5);
  });

  it("keeps slanted (synthetic italic) runs as level text, and still leaves rotated ones out", async () => {
    const texts = [
      { text: "4. Which meals did you cook this week?", x: 50, y: 700 },
      { text: "Soup", x: 70, y: 680, oblique: true },
      { text: "Stew", x: 70, y: 664, oblique: true },
      { text: "Salad", x: 70, y: 648 },
      { text: "MARGIN STAMP", x: 20, y: 500, vertical: true },
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "slanted.pdf" });
    expect(doc.lines.map((line) => line.text)).toEqual(["4. Which meals did you cook this week?", "Soup", "Stew", "Salad"]);
  });

  it("reads a two-column page column by column", async () => {
    const left = Array.from({ length: 14 }, (_, i) => ({ text: `Left column sentence number ${i + 1} continues`, x: 50, y: 700 - i * 16 }));
    const right = Array.from({ length: 14 }, (_, i) => ({ text: `Right column sentence number ${i + 1} continues`, x: 330, y: 700 - i * 16 }));
    const doc = await extractDocument(buildPdf([{ texts: [...left, ...right] }]), { filename: "columns.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts.slice(0, 14).every((text) => text.startsWith("Left"))).toBe(true);
    expect(texts.slice(14).every((text) => text.startsWith("Right"))).toBe(true);
  });

  it("reads the two-column stretches of a page with full-width blocks column by column", async () => {
    const column = (x: number, first: number, top: number) => [
      { text: `${first} Which of these statements fits you best today?`, x, y: top },
      { text: "Answer one of the printed choices below here", x, y: top - 16 },
      { text: `${first + 1} How often do you read the local news?`, x, y: top - 32 },
      { text: "Answer one of the printed choices below here", x, y: top - 48 },
    ];
    const wide = { text: "A full-width heading that runs across both of the columns of this page", x: 50, y: 600 };
    const doc = await extractDocument(buildPdf([{ texts: [...column(50, 1, 700), ...column(330, 3, 700), wide, ...column(50, 5, 560), ...column(330, 7, 560)] }]), { filename: "bands.pdf" });
    const numbers = doc.lines.map((line) => /^\d+/.exec(line.text)?.[0]).filter(Boolean);
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(doc.lines.some((line) => line.text.startsWith("A full-width heading"))).toBe(true);
  });

  it("keeps a left-column line that runs past the gutter but stops short of the right column in the left column", async () => {
    // The right column's numbers hang left of its wording, so no gutter is free of text: the long left line crosses
    // the quietest x, but it ends before the edge the right column's lines share and spans nothing.
    const left = (first: number, top: number, long: boolean) => [
      { text: `${first}. ${long ? "Which of your habits fit you best on most weekdays?" : "Which of these fits you best?"}`, x: 50, y: top },
      { text: "A First printed choice here", x: 56, y: top - 16 },
      { text: "B Second printed choice", x: 56, y: top - 32 },
    ];
    const right = (first: number, top: number) => [
      { text: `${first}. How often do you read the local news?`, x: 300, y: top },
      { text: "A First printed choice here", x: 330, y: top - 16 },
      { text: "B Second printed choice", x: 330, y: top - 32 },
    ];
    const wide = { text: "A full-width heading that runs across both of the columns of this page, left to right", x: 50, y: 600 };
    const texts = [wide, ...left(1, 560, false), ...left(2, 500, true), ...left(3, 440, false), ...right(4, 560), ...right(5, 510), ...right(6, 460)];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "hanging.pdf" });
    const numbers = doc.lines.map((line) => /^(\d+)\./.exec(line.text)?.[1]).filter(Boolean);
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("reads a C1 control code from a symbol font as an answer bullet", () => {
    expect(mapPrivateUse("\u0085 Oui \u0085 Non")).toBe("• Oui • Non");
  });

  it("keeps widely spaced pieces of a line as segments with their positions", async () => {
    const doc = await extractDocument(
      buildPdf([
        {
          texts: [
            { text: "Yes", x: 300, y: 700 },
            { text: "No", x: 450, y: 700 },
            { text: "Coffee", x: 72, y: 680 },
            { text: "o", x: 305, y: 680 },
            { text: "o", x: 455, y: 680 },
          ],
        },
      ]),
      { filename: "grid.pdf" },
    );
    expect(doc.lines.map((line) => line.text)).toEqual(["Yes No", "Coffee o o"]);
    expect(doc.lines[1].segments?.map((segment) => segment.text)).toEqual(["Coffee", "o", "o"]);
    expect(doc.lines[1].segments![1].x).toBeGreaterThan(0.5);
  });
});

describe("text formats", () => {
  it("removes bold markers around a run whose trailing space Word kept inside them ('**[ASK IF …] **')", async () => {
    const markdown = ["> **\\[ASK M1 IF MOBILE SAMPLE\\] **", ">", "> M1. Are you driving?", ">", "> Yes **and** no ** stays"].join("\n");
    const doc = await extractDocument(encode(markdown), { filename: "survey.md" });
    expect(doc.lines.map((line) => line.text)).toEqual(["[ASK M1 IF MOBILE SAMPLE]", "M1. Are you driving?", "Yes and no ** stays"]);
    expect(doc.lines[0].bold).toBe(true);
  });

  it("reads Markdown structure and removes the markup from the text", async () => {
    const markdown = [
      "# Customer survey",
      "",
      "**1. How satisfied are you?** _(single choice)_",
      "- Very satisfied",
      "- Not satisfied",
      "",
      "| | Agree | Disagree |",
      "|---|---|---|",
      "| Fast delivery | | |",
      "",
      "2. Your e-mail: ________",
    ].join("\n");
    const doc = await extractDocument(encode(markdown), { filename: "survey.md" });
    expect(doc.format).toBe("markdown");
    expect(doc.lines.map((line) => line.text)).toEqual([
      "Customer survey",
      "1. How satisfied are you? (single choice)",
      "- Very satisfied",
      "- Not satisfied",
      "Agree",
      "Disagree",
      "Fast delivery",
      "2. Your e-mail: ________",
    ]);
    expect(doc.lines[0].heading).toBe(1);
    expect(doc.lines[1].boldPrefix).toBe("1. How satisfied are you?");
    expect(doc.lines[4].cell).toMatchObject({ row: 0, col: 1 });
    expect(doc.lines[6].cell).toMatchObject({ row: 1, col: 0 });
  });

  it("reads plain text line by line and HTML by blocks, lists, tables and form controls", async () => {
    const text = await extractDocument(encode("Q1. Do you smoke?\r\n\r\n  1  Yes\r\n  2  No\r\n"), { filename: "q.txt" });
    expect(text.format).toBe("text");
    expect(text.lines.map((line) => line.text)).toEqual(["Q1. Do you smoke?", "1 Yes", "2 No"]);
    expect(text.lines[1].blankBefore).toBe(true);

    const html = `<!doctype html><html><head><title>Poll</title><style>p{}</style><script>alert(1)</script></head><body>
      <h2>Section &amp; intro</h2><p>Q1. Which <b>fruit</b> do you like?</p>
      <ol><li>Apple</li><li>Pear</li></ol>
      <p><input type="radio"> Yes <br><input type="checkbox"> No</p>
      <table><tr><th></th><th>Good</th></tr><tr><td>Taste</td><td></td></tr></table></body></html>`;
    const doc = await extractDocument(encode(html), { filename: "poll.html" });
    expect(doc.format).toBe("html");
    expect(doc.title).toBe("Poll");
    expect(doc.lines.map((line) => line.text)).toEqual(["Section & intro", "Q1. Which fruit do you like?", "1. Apple", "2. Pear", "○ Yes", "☐ No", "Good", "Taste"]);
    expect(doc.lines[6].cell).toMatchObject({ row: 0, col: 1 });
  });

  it("decodes UTF-16 text with a byte-order mark and Windows-1252 text", async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from("Q1. Größe?").flatMap((char) => [char.charCodeAt(0), 0])]);
    expect((await extractDocument(utf16, { filename: "a.txt" })).lines[0].text).toBe("Q1. Größe?");
    const cp1252 = new Uint8Array([...encode("Caf"), 0xe9, 0x3f]);
    expect((await extractDocument(cp1252, { filename: "b.txt" })).lines[0].text).toBe("Café?");
  });
});

describe("bad input", () => {
  it("refuses an empty file and a file of whitespace", async () => {
    expect((await failure(extractDocument(new Uint8Array(0), { filename: "empty.docx" }))).code).toBe("empty_document");
    expect((await failure(extractDocument(encode("  \n\t\n"), { filename: "blank.txt" }))).code).toBe("empty_document");
  });

  it("refuses binary junk with a message saying it is not a text document", async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const error = await failure(extractDocument(junk, { filename: "mystery.bin" }));
    expect(error.code).toBe("unsupported_format");
    expect(error.message).toMatch(/binary data/);
  });

  it("refuses a truncated (corrupt) Word document", async () => {
    const bytes = buildDocx({ blocks: ["Q1. Hello?"] });
    const error = await failure(extractDocument(bytes.subarray(0, Math.floor(bytes.length / 2)), { filename: "broken.docx" }));
    expect(error.code).toBe("corrupt_document");
    expect(error.message).toMatch(/damaged/);
  });

  it("refuses a .docx that is not a Word package and a Word package without its document part", async () => {
    expect((await failure(extractDocument(encode("just text pretending"), { filename: "fake.docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" }))).code).toBe(
      "corrupt_document",
    );
    const noBody = writeZip([{ name: "[Content_Types].xml", data: "<Types/>" }]);
    expect((await failure(extractDocument(noBody, { filename: "nobody.docx" }))).code).toBe("corrupt_document");
  });

  it("recognises a password-protected Word document (an encrypted OLE package)", async () => {
    const bytes = new Uint8Array(8192);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const name = Array.from("EncryptedPackage").flatMap((char) => [char.charCodeAt(0), 0]);
    bytes.set(name, 1024);
    const error = await failure(extractDocument(bytes, { filename: "secret.docx" }));
    expect(error.code).toBe("encrypted_document");
    expect(error.message).toMatch(/password/);
  });

  it("refuses a package whose parts are encrypted", async () => {
    const bytes = writeZip([{ name: "word/document.xml", data: "<w:document/>", flagEncrypted: true }]);
    expect((await failure(extractDocument(bytes, { filename: "locked.docx" }))).code).toBe("encrypted_document");
  });

  it("says a scanned PDF has no text layer", async () => {
    const error = await failure(extractDocument(buildPdf([{ image: true }, { image: true }]), { filename: "scan.pdf" }));
    expect(error.code).toBe("no_text");
    expect(error.message).toMatch(/no text layer on any of its 2 pages/);
  });

  it("refuses a damaged PDF", async () => {
    const bytes = buildPdf([{ texts: [{ text: "Q1. Hello?", x: 72, y: 700 }] }]);
    const error = await failure(extractDocument(bytes.subarray(0, 60), { filename: "cut.pdf" }));
    expect(["corrupt_document", "no_text"]).toContain(error.code);
  });

  it("stops a zip bomb at the inflated-size limit instead of filling memory", async () => {
    const huge = new Uint8Array(EXTRACTION_LIMITS.maxPartBytes + 1024 * 1024).fill(0x20);
    const bytes = writeZip([{ name: "word/document.xml", data: huge, declaredSize: 1000 }]);
    const error = await failure(extractDocument(bytes, { filename: "bomb.docx" }));
    expect(error.code).toBe("too_large");
  });

  it("reads a 50 MB Word document whose size is images, and refuses a 50 MB text file", async () => {
    const media = new Uint8Array(50 * 1024 * 1024);
    for (let i = 0; i < media.length; i += 4096) media[i] = i & 0xff;
    const docx = buildDocx({ blocks: ["Q1. Do you like the picture above?", "Yes", "No"], extra: [{ name: "word/media/image1.png", data: media, store: true }] });
    expect(docx.length).toBeGreaterThan(50 * 1024 * 1024);
    const doc = await extractDocument(docx, { filename: "big.docx" });
    expect(doc.lines).toHaveLength(3);

    const text = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const error = await failure(extractDocument(text, { filename: "big.txt" }));
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/50\.0 MB/);
  });

  it("reads a 50 MB PDF whose size is not text", async () => {
    const pdf = buildPdf([{ texts: [{ text: "Q1. Do you like it?", x: 72, y: 700 }, { text: "Yes", x: 90, y: 680 }] }], { padding: 50 * 1024 * 1024 });
    expect(pdf.length).toBeGreaterThan(50 * 1024 * 1024);
    const doc = await extractDocument(pdf, { filename: "big.pdf" });
    expect(doc.lines.map((line) => line.text)).toEqual(["Q1. Do you like it?", "Yes"]);
  });

  it("refuses documents holding more text than the compiler reads", async () => {
    const paragraph = "This sentence is repeated to make a very long document. ".repeat(20);
    const blocks = Array.from({ length: Math.ceil(EXTRACTION_LIMITS.maxChars / paragraph.length) + 10 }, () => paragraph);
    const error = await failure(extractDocument(buildDocx({ blocks }), { filename: "long.docx" }));
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/characters of text/);
  });

  it.each([
    ["survey.qsf", JSON.stringify({ SurveyEntry: { SurveyID: "SV_1" }, SurveyElements: [] }), /Qualtrics survey export/],
    ["survey.lss", `<?xml version="1.0"?><document><LimeSurveyDocType>Survey</LimeSurveyDocType></document>`, /LimeSurvey survey structure/],
    ["questions.txt", "class\ttype/scale\tname\trelevance\ttext\nG\t1\tGroup\t1\tText\n", /LimeSurvey tab-separated/],
  ])("explains that %s is a form definition, not a questionnaire", async (filename, content, message) => {
    const error = await failure(extractDocument(encode(content), { filename }));
    expect(error.code).toBe("unsupported_format");
    expect(error.message).toMatch(message);
  });

  it("explains that an Excel workbook or an image is not a questionnaire document", async () => {
    const xlsx = writeZip([{ name: "xl/workbook.xml", data: "<workbook/>" }]);
    expect((await failure(extractDocument(xlsx, { filename: "form.xlsx" }))).message).toMatch(/Excel workbook/);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const error = await failure(extractDocument(png, { filename: "scan.png" }));
    expect(error.code).toBe("no_text");
    expect(error.message).toMatch(/PNG image/);
  });
});
