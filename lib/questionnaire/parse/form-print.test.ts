import { describe, expect, it } from "vitest";
import type { IRInfo, IRQuestion, QuestionnaireIR } from "../ir";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { extractDocument } from "../extract";
import { parseQuestionnaire } from ".";
import { formHelper } from "./form-print";
import { parsePdfPages as parsePdf, parseText } from "../testing/parse-text";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
const byId = (ir: QuestionnaireIR, id: string) => questions(ir).find((question) => question.id === id)!;
const labels = (question: IRQuestion) => question.options.map((option) => option.label);

/** Lays out a printed form: question numbers at the margin, wording and helper lines indented, rows further in. */
function form(blocks: { number?: string; wording?: string; helper?: string; rows?: string[]; rowX?: number; left?: string }[], top = 760): PdfText[] {
  const texts: PdfText[] = [];
  let y = top;
  for (const block of blocks) {
    if (block.left) {
      texts.push({ text: block.left, x: 45, y, size: 12 });
      y -= 22;
    }
    if (block.number && block.wording) {
      texts.push({ text: block.number, x: 40, y, size: 11 }, { text: block.wording, x: 62, y, size: 11 });
      y -= 16;
    }
    if (block.helper) {
      texts.push({ text: block.helper, x: 62, y, size: 9 });
      y -= 16;
    }
    for (const row of block.rows ?? []) {
      texts.push({ text: row, x: block.rowX ?? 90, y, size: 10 });
      y -= 16;
    }
    y -= 10;
  }
  return texts;
}

describe("printed web forms", () => {
  it("reads the selection mode a form's helper line declares", () => {
    expect(formHelper("Mark only one oval.")).toBe("single");
    expect(formHelper("Tick all that apply.")).toBe("multi");
    expect(formHelper("Check all that apply.")).toBe("multi");
    expect(formHelper("Une seule réponse possible.")).toBe("single");
    expect(formHelper("Mark only one oval per row.")).toBe("grid");
    expect(formHelper("Please mark only one oval if you agree with the terms below.")).toBeNull();
  });

  it("reads the rows indented under a helper line as the answers, whatever their wording, until the wording's column returns", async () => {
    const ir = await parsePdf([
      form([
        { number: "1.", wording: "Which board game did you play last? *", helper: "Mark only one oval.", rows: ["Chess", "Go", "Who Is It?", "Other:"] },
        { left: "Your habits" },
        { number: "2.", wording: "Which snacks do you keep at your desk?", helper: "Tick all that apply.", rows: ["fruit", "nuts", "biscuits"] },
        { number: "3.", wording: "Anything else you would like to tell us?" },
      ]),
    ]);
    const first = byId(ir, "1");
    expect(first.type).toBe("single");
    expect(labels(first)).toHaveLength(4);
    expect(labels(first)[2]).toBe("Who Is It?");
    expect(first.text).not.toMatch(/Your habits/);
    const second = byId(ir, "2");
    expect(second.type).toBe("multi");
    expect(labels(second)).toEqual(["fruit", "nuts", "biscuits"]);
    expect(byId(ir, "3").type).toBe("open");
  });

  it("joins an answer row that wraps back beside the drawn oval to its row", async () => {
    const texts = form([
      { number: "1.", wording: "How do you travel to work?", helper: "Mark only one oval.", rows: ["By bicycle on most days, and by train when the weather is", "Only by car", "Other:"] },
      { number: "2.", wording: "Which seasons do you enjoy?", helper: "Tick all that apply.", rows: ["Spring", "Summer"] },
    ]);
    // The wrapped part of the first row, printed left of the rows' column (under where the oval is drawn).
    const first = texts.findIndex((piece) => piece.text.startsWith("By bicycle"));
    texts.splice(first + 1, 0, { text: "bad or the roads are icy", x: 72, y: texts[first].y - 12, size: 10 });
    for (const piece of texts.slice(first + 2)) piece.y -= 12;
    const ir = await parsePdf([texts]);
    expect(labels(byId(ir, "1"))).toEqual(["By bicycle on most days, and by train when the weather is bad or the roads are icy", "Only by car", "Other"]);
  });

  it("reads a linear scale printed as numbers between two end labels as one answer per number, the labels naming the ends", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 760, size: 11 },
      { text: "How tidy is your kitchen today? *", x: 62, y: 760, size: 11 },
      { text: "Mark only one oval.", x: 62, y: 744, size: 9 },
      { text: "Chaotic", x: 100, y: 728, size: 10 },
      ...["1", "2", "3", "4", "5", "6", "7"].map((point, index) => ({ text: point, x: 82, y: 712 - index * 16, size: 10 })),
      { text: "Spotless", x: 100, y: 600, size: 10 },
      { text: "2.", x: 40, y: 570, size: 11 },
      { text: "Did you cook this week?", x: 62, y: 570, size: 11 },
      { text: "Mark only one oval.", x: 62, y: 554, size: 9 },
      { text: "Yes", x: 90, y: 538, size: 10 },
      { text: "No", x: 90, y: 522, size: 10 },
    ];
    const ir = await parsePdf([texts]);
    const scale = byId(ir, "1");
    expect(scale.type).toBe("single");
    expect(scale.options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(scale.options[0].label).toBe("Chaotic");
    expect(scale.options[6].label).toBe("Spotless");
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
  });

  it("reads a row of scale points with the end labels printed under its ends as one scale", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 760, size: 11 },
      { text: "How much do you like rainy days?", x: 62, y: 760, size: 11 },
      { text: "Mark only one oval.", x: 62, y: 744, size: 9 },
      ...["1", "2", "3", "4", "5"].map((point, index) => ({ text: point, x: 100 + index * 30, y: 728, size: 10 })),
      { text: "Not at all", x: 70, y: 712, size: 10 },
      { text: "Very much", x: 240, y: 712, size: 10 },
      { text: "2.", x: 40, y: 680, size: 11 },
      { text: "Do you own an umbrella?", x: 62, y: 680, size: 11 },
      { text: "Mark only one oval.", x: 62, y: 664, size: 9 },
      { text: "Yes", x: 90, y: 648, size: 10 },
      { text: "No", x: 90, y: 632, size: 10 },
    ];
    const ir = await parsePdf([texts]);
    const scale = byId(ir, "1");
    expect(scale.options).toHaveLength(5);
    expect(scale.options[0].label).toBe("Not at all");
    expect(scale.options[4].label).toBe("Very much");
    expect(ir.items.some((item): item is IRInfo => item.kind === "info" && /Very much/.test(item.text))).toBe(false);
  });

  it("reads a grid's helper line ('one oval per row') as a grid: stacked column headers name the columns, the statements are its rows", async () => {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 760, size: 11 },
      { text: "How much do you agree with these statements about your street?", x: 62, y: 760, size: 11 },
      { text: "Mark only one oval per row.", x: 62, y: 744, size: 9 },
      // Two-word headings printed in two pieces, one above the other, over their columns.
      { text: "Fully", x: 300, y: 728, size: 9 },
      { text: "Fully", x: 480, y: 728, size: 9 },
      { text: "disagree", x: 296, y: 716, size: 9 },
      { text: "Unsure", x: 390, y: 716, size: 9 },
      { text: "agree", x: 480, y: 716, size: 9 },
      { text: "It is quiet at night.", x: 80, y: 700, size: 10 },
      { text: "It is clean.", x: 80, y: 684, size: 10 },
      { text: "It feels safe.", x: 80, y: 668, size: 10 },
      { text: "2.", x: 40, y: 640, size: 11 },
      { text: "Do you own a car?", x: 62, y: 640, size: 11 },
      { text: "Mark only one oval.", x: 62, y: 624, size: 9 },
      { text: "Yes", x: 90, y: 608, size: 10 },
      { text: "No", x: 90, y: 592, size: 10 },
      { text: "3.", x: 40, y: 564, size: 11 },
      { text: "Which of these do you use?", x: 62, y: 564, size: 11 },
      { text: "Tick all that apply.", x: 62, y: 548, size: 9 },
      { text: "Bus", x: 90, y: 532, size: 10 },
      { text: "Tram", x: 90, y: 516, size: 10 },
    ];
    const ir = await parsePdf([texts]);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["Fully disagree", "Unsure", "Fully agree"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["It is quiet at night.", "It is clean.", "It feels safe."]);
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
    expect(labels(byId(ir, "3"))).toEqual(["Bus", "Tram"]);
  });

  it("drops the page margins a browser prints around a form (date and title at the top, address and page count at the foot)", async () => {
    const page = (number: number, blocks: Parameters<typeof form>[0]): PdfText[] => [
      { text: "3/4/25, 9:15 AM", x: 20, y: 820, size: 8 },
      { text: "Neighbourhood form", x: 260, y: 820, size: 8 },
      ...form(blocks, 780),
      { text: "https://forms.example.org/d/abc123/edit", x: 20, y: 20, size: 8 },
      { text: `${number}/2`, x: 560, y: 20, size: 8 },
    ];
    const ir = await parsePdf([
      page(1, [{ number: "1.", wording: "Do you know your neighbours?", helper: "Mark only one oval.", rows: ["Yes", "No"] }]),
      page(2, [{ number: "2.", wording: "Which shared spaces do you use?", helper: "Tick all that apply.", rows: ["Garden", "Laundry"] }]),
    ]);
    expect(labels(byId(ir, "1"))).toEqual(["Yes", "No"]);
    expect(labels(byId(ir, "2"))).toEqual(["Garden", "Laundry"]);
    expect(JSON.stringify(ir.items)).not.toMatch(/forms\.example\.org|9:15 AM/);
  });

  it("reads a linear scale printed without a helper line (a respondent view: a row of points, the end labels under its ends) as one question per scale", async () => {
    const scale = (id: string, wording: string, y: number): PdfText[] => [
      { text: `${id}: ${wording}`, x: 60, y, size: 11 },
      ...["1", "2", "3", "4", "5"].map((point, index) => ({ text: point, x: 220 + index * 50, y: y - 18, size: 10 })),
      { text: "Hardly ever", x: 80, y: y - 34, size: 10 },
      { text: "Every day", x: 470, y: y - 34, size: 10 },
    ];
    // The form's buttons under the last scale are no second pair of labels.
    const buttons: PdfText[] = [
      { text: "Back", x: 60, y: 640, size: 10 },
      { text: "Submit", x: 140, y: 640, size: 10 },
      { text: "Clear form", x: 470, y: 640, size: 10 },
    ];
    const ir = await parsePdf([[...scale("TR1", "I take the tram to reach the harbour.", 760), ...scale("TR2", "I walk along the canal after work.", 700), ...buttons]]);
    for (const id of ["TR1", "TR2"]) {
      const question = byId(ir, id);
      expect(question.type).toBe("single");
      expect(question.options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "5"]);
      expect(question.options[0].label).toBe("Hardly ever");
      expect(question.options[4].label).toBe("Every day");
    }
    expect(ir.items.some((item) => item.kind === "info" && /Every day/.test(item.text))).toBe(false);
  });

  it("reads the end labels of a respondent-view scale whose circles are drawn between them as the scale's ends", async () => {
    const texts: PdfText[] = [
      { text: "K1: I read a printed newspaper.", x: 60, y: 760, size: 11 },
      ...["1", "2", "3", "4"].map((point, index) => ({ text: point, x: 222 + index * 60, y: 742, size: 10 })),
      { text: "Never", x: 80, y: 724, size: 10 },
      { text: "Always", x: 470, y: 724, size: 10 },
    ];
    const shapes = [0, 1, 2, 3].map((index) => ({ x: 220 + index * 60, y: 722, size: 10, round: true }));
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts, shapes }]), { filename: "form.pdf" }));
    const question = byId(ir, "K1");
    expect(question.type).toBe("single");
    expect(question.options.map((option) => option.code)).toEqual(["1", "2", "3", "4"]);
    expect([question.options[0].label, question.options[3].label]).toEqual(["Never", "Always"]);
  });
});

describe("a labelled row of points", () => {
  /** A stem, the labels in columns (each label's words stacked over its point), then the row of points. */
  const stacked = (stem: string, y: number, points: string[]): PdfText[] => {
    const columns = [
      ["Would surely", "not enrol"],
      ["Would rather", "not enrol"],
      ["Undecided"],
      ["Would rather", "enrol"],
      ["Would surely", "enrol"],
    ];
    return [
      { text: stem, x: 72, y, size: 11 },
      ...columns.flatMap((words, column) => words.map((word, line) => ({ text: word, x: [72, 188, 305, 385, 469][column], y: y - 24 - line * 12, size: 10 }))),
      ...points.map((point, column) => ({ text: point, x: [98, 206, 314, 403, 499][column], y: y - 50, size: 10 })),
    ];
  };

  it("reads a stem over a row of column labels over a row of points as one single-choice question, each point labelled by the label over it", async () => {
    const ir = await parsePdf([
      [
        { text: "Which evening suits you best?", x: 72, y: 760, size: 11 },
        { text: "Tuesday ___", x: 72, y: 744, size: 10 },
        { text: "Thursday ___", x: 72, y: 728, size: 10 },
        ...stacked("If the pottery course at the village hall cost 40 euros a term (circle one)", 700, ["1", "2", "3", "4", "5"]),
        ...stacked("If the pottery course at the village hall cost 55 euros a term (circle one)", 620, ["5", "4", "3", "2", "1"]),
      ].sort((upper, lower) => lower.y - upper.y || upper.x - lower.x),
    ]);
    const [evening, first, second] = questions(ir);
    expect(evening.text).toBe("Which evening suits you best?");
    expect(first.text).toMatch(/^If the pottery course at the village hall cost 40 euros/);
    expect(first.type).toBe("single");
    expect(first.options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Would surely not enrol"],
      ["2", "Would rather not enrol"],
      ["3", "Undecided"],
      ["4", "Would rather enrol"],
      ["5", "Would surely enrol"],
    ]);
    // Points printed from the top down keep their order and take the label printed over each.
    expect(second.text).toMatch(/^If the pottery course at the village hall cost 55 euros/);
    expect(second.options.map((option) => [option.code, option.label])).toEqual([
      ["5", "Would surely not enrol"],
      ["4", "Would rather not enrol"],
      ["3", "Undecided"],
      ["2", "Would rather enrol"],
      ["1", "Would surely enrol"],
    ]);
    expect(questions(ir)).toHaveLength(3);
  });

  it("labels only the points a label is printed over, and reads a row with one label under each point the same way", async () => {
    const ir = await parsePdf([
      [
        { text: "How tiring was the climb? (circle one)", x: 60, y: 760, size: 11 },
        { text: "Effortless", x: 62, y: 740, size: 10 },
        { text: "Exhausting", x: 455, y: 740, size: 10 },
        { text: "Somewhat", x: 262, y: 740, size: 10 },
        ...["1", "2", "3", "4", "5"].map((point, column) => ({ text: point, x: 85 + column * 100, y: 724, size: 10 })),
        { text: "How scenic was the route?", x: 60, y: 690, size: 11 },
        ...["1", "2", "3"].map((point, column) => ({ text: point, x: 120 + column * 150, y: 674, size: 10 })),
        ...["Dull", "Pleasant", "Breathtaking"].map((label, column) => ({ text: label, x: 110 + column * 150, y: 660, size: 10 })),
      ],
    ]);
    const [climb, route] = questions(ir);
    expect(climb.options.map((option) => option.label)).toEqual(["Effortless", "2", "Somewhat", "4", "Exhausting"]);
    expect(route.type).toBe("single");
    expect(route.options.map((option) => option.label)).toEqual(["Dull", "Pleasant", "Breathtaking"]);
  });

  it("leaves a row of labelled points over statements that carry their own points to the grid", async () => {
    const labels = ["Never", "Rarely", "Often", "Always"];
    const ir = await parsePdf([
      [
        { text: "How often do you do the following? (circle one per line)", x: 60, y: 760, size: 11 },
        ...labels.map((label, column) => ({ text: label, x: 300 + column * 60, y: 742, size: 10 })),
        ...["1", "2", "3", "4"].map((point, column) => ({ text: point, x: 310 + column * 60, y: 728, size: 10 })),
        ...["a. Water the plants", "b. Sweep the yard", "c. Feed the hens"].flatMap((item, row) => [
          { text: item, x: 60, y: 712 - row * 16, size: 10 },
          ...["1", "2", "3", "4"].map((point, column) => ({ text: point, x: 310 + column * 60, y: 712 - row * 16, size: 10 })),
        ]),
      ],
    ]);
    const all = questions(ir);
    expect(all.some((question) => question.options.some((option) => option.label === "Never") && question.type === "single" && question.rows.length === 0)).toBe(false);
  });
});

describe("the required marker of a form", () => {
  it("reads answers printed one per line under a question that ends with the required asterisk, and drops the marker's legend", async () => {
    const ir = await parseText(
      [
        "1. Your home town*",
        "2. How often do you cook at home?*",
        "Never",
        "Sometimes",
        "Every day",
        "3. How often do you eat out?*",
        "Never",
        "Sometimes",
        "Every day",
        "4. What is your favourite dish?*",
        "* Required fields",
      ].join("\n"),
    );
    expect(labels(byId(ir, "2"))).toEqual(["Never", "Sometimes", "Every day"]);
    expect(byId(ir, "3").type).toBe("single");
    expect(byId(ir, "4").type).toBe("open");
    expect(JSON.stringify(ir.items)).not.toMatch(/Required fields/);
  });
});

describe("printed web form grids whose headings and statements wrap", () => {
  /** A grid question: headings wrapped one word per line over their columns, statements wrapped and printed twice. */
  function wrappedGrid(helper: string, headings: string[][], statements: string[][], shadow: boolean): PdfText[] {
    const texts: PdfText[] = [
      { text: "1.", x: 40, y: 780, size: 11 },
      { text: "How worried would you be about each of these consequences? *", x: 62, y: 780, size: 11 },
      { text: helper, x: 62, y: 762, size: 9 },
    ];
    const xs = headings.map((_, index) => 250 + index * 90);
    let y = 740;
    const depth = Math.max(...headings.map((heading) => heading.length));
    for (let line = 0; line < depth; line++) {
      headings.forEach((heading, column) => {
        if (heading[line]) texts.push({ text: heading[line], x: xs[column], y, size: 9 });
      });
      y -= 11;
    }
    y -= 16;
    for (const statement of statements) {
      for (const piece of statement) {
        texts.push({ text: piece, x: 70, y, size: 10 });
        if (shadow) texts.push({ text: piece, x: 71, y, size: 10 });
        y -= 12;
      }
      y -= 22;
    }
    texts.push(
      { text: "2.", x: 40, y, size: 11 },
      { text: "Would you speak up in class?", x: 62, y, size: 11 },
      { text: helper.replace(/ (?:per row|por linha)/, ""), x: 62, y: y - 16, size: 9 },
      { text: "Yes", x: 90, y: y - 32, size: 10 },
      { text: "No", x: 90, y: y - 48, size: 10 },
    );
    return texts;
  }

  it("reads headings wrapped over several lines as one column each, and a statement wrapped over lines as one row", async () => {
    const ir = await parsePdf([
      wrappedGrid(
        "Mark only one oval per row.",
        [["Not", "at all", "worried"], ["A little", "worried"], ["Very", "worried"]],
        [["The teacher would", "give me a lower", "grade"], ["Other students", "would laugh"], ["My career would", "suffer"]],
        true,
      ),
    ]);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["Not at all worried", "A little worried", "Very worried"]);
    expect(grid.rows.map((row) => row.label)).toEqual(["The teacher would give me a lower grade", "Other students would laugh", "My career would suffer"]);
    expect(labels(byId(ir, "2"))).toEqual(["Yes", "No"]);
  });

  it("reads the same grid printed in Portuguese, with statements that ask and a helper line after wording that does not", async () => {
    const ir = await parsePdf([
      wrappedGrid(
        "Marcar apenas uma oval por linha.",
        [["Todo", "dia"], ["Uma vez", "por mês"], ["Poucas", "vezes", "por ano"], ["Nunca"]],
        [["Do seu GÊNERO?"], ["Da sua RAÇA/COR?"], ["Da sua CLASSE", "SOCIAL?"]],
        false,
      ),
    ]);
    const grid = byId(ir, "1");
    expect(grid.type).toBe("grid");
    expect(grid.columns).toHaveLength(4);
    expect(grid.rows.map((row) => row.label)).toEqual(["Do seu GÊNERO?", "Da sua RAÇA/COR?", "Da sua CLASSE SOCIAL?"]);
    expect(questions(ir)).toHaveLength(2);
  });

  it("drops a browser's page margins in any order: title and address at the top, page count and date at the foot", async () => {
    const page = (number: number, blocks: Parameters<typeof form>[0]): PdfText[] => [
      { text: "Pesquisa de clima", x: 20, y: 820, size: 8 },
      { text: "https://docs.google.com/forms/u/1/d/12IN-rjN1ON...", x: 300, y: 820, size: 8 },
      ...form(blocks, 780),
      { text: `${number} of 2`, x: 20, y: 20, size: 8 },
      { text: "12/20/21, 3:41 PM", x: 480, y: 20, size: 8 },
    ];
    const ir = await parsePdf([
      page(1, [{ number: "1.", wording: "Você mora perto da universidade?", helper: "Marcar apenas uma oval.", rows: ["Sim", "Não"] }]),
      page(2, [{ number: "2.", wording: "Quais espaços você usa?", helper: "Marque todas que se aplicam.", rows: ["Biblioteca", "Cantina"] }]),
    ]);
    expect(labels(byId(ir, "1"))).toEqual(["Sim", "Não"]);
    expect(labels(byId(ir, "2"))).toEqual(["Biblioteca", "Cantina"]);
    expect(JSON.stringify(ir.items)).not.toMatch(/docs\.google|3:41 PM|of 2/);
  });

  it("drops a print date before a page title cut off with an ellipsis at a page's top, even on one page only", async () => {
    const ir = await parsePdf([
      form([{ number: "1.", wording: "¿Cuál es su facultad?", helper: "Marca solo un óvalo.", rows: ["Ciencias", "Artes"] }]),
      [
        { text: "19/2/2017 Servidor de Encuestas de la Universidad ENCUESTA SOBRE RELIGIOSIDAD EN INVESTIGADORES DE LA UNI…", x: 20, y: 820, size: 8 },
        ...form([{ number: "2.", wording: "¿Cree usted en Dios?", helper: "Marca solo un óvalo.", rows: ["Sí", "No"] }], 780),
      ],
    ]);
    expect(labels(byId(ir, "2"))).toEqual(["Sí", "No"]);
    expect(JSON.stringify(ir.items)).not.toMatch(/Servidor/);
  });
});
