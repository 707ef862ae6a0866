import { describe, expect, it } from "vitest";
import { evaluateCondition } from "../conditions";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { buildPdf } from "../testing/pdf-writer";
import { parseQuestionnaire } from "./index";
import { writtenRange } from "./interpret";
import { parseRouteTarget } from "./logic";
import { parseText } from "../testing/parse-text";

/**
 * Conventions found missing by the synthetic generalization corpus (test/fixtures/questionnaires/synthetic):
 * each test writes the convention in its own words, never the corpus's.
 */


function questions(ir: QuestionnaireIR): IRQuestion[] {
  return ir.items.filter((item): item is IRQuestion => item.kind === "question");
}

function byId(ir: QuestionnaireIR, id: string): IRQuestion {
  const found = questions(ir).find((question) => question.id === id);
  if (!found) throw new Error(`no question ${id} in ${questions(ir).map((question) => question.id).join(", ")}`);
  return found;
}

const labels = (question: IRQuestion) => question.options.map((option) => option.label);
const shown = (question: IRQuestion, answers: Record<string, unknown>) => evaluateCondition(question.askIf[0].condition!, answers);

describe("closing text, placeholders, headers and footers", () => {
  it("does not take a closing sentence after numbered answers as another answer", async () => {
    const ir = await parseText(["Q1. Which fruit do you eat most?", "1. Apples", "2. Pears", "", "Many thanks for helping us.", ""].join("\n"), "q.md");
    expect(labels(byId(ir, "Q1"))).toEqual(["Apples", "Pears"]);
    expect(ir.items.at(-1)).toMatchObject({ kind: "info", role: "end" });
  });

  it("drops a drop-down's placeholder option", async () => {
    const ir = await parseText("<p>1. Where do you live?</p><select><option>-- Please choose --</option><option>North</option><option>South</option><option>East</option></select>", "q.html");
    expect(labels(byId(ir, "1"))).toEqual(["North", "South", "East"]);
  });

  it("drops running headers and 'Page N of M' footers of a paged text export", async () => {
    const page = (n: number, body: string[]) => ["ACME STUDY          WAVE 3", "-----------", ...body, "-----------", `Acme study   Page ${n} of 2`, ""];
    const ir = await parseText([...page(1, ["Q1. Do you cycle?", "  [1] Yes", "  [2] No"]), ...page(2, ["Q2. Do you walk?", "  [1] Yes", "  [2] No"])].join("\n"));
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
    expect(ir.items.filter((item) => item.kind === "info")).toEqual([]);
  });
});

describe("answer codes set apart by spaces, and routing after them", () => {
  it("reads 'Label      1' lines of a text file with routing written after the code", async () => {
    const ir = await parseText(["S1. Do you drive?", "    Yes        1", "    No         2     THANK AND END", "    Not sure   3     GO TO S3", "S2. How often?", "S3. Age?"].join("\n"));
    const s1 = byId(ir, "S1");
    expect(s1.options.map((option) => [option.code, option.label, option.route])).toEqual([
      ["1", "Yes", undefined],
      ["2", "No", { kind: "terminate" }],
      ["3", "Not sure", { kind: "question", ref: "S3" }],
    ]);
  });

  it("reads routing in other languages", () => {
    expect(parseRouteTarget("PASAR A P5")).toEqual({ kind: "question", ref: "P5" });
    expect(parseRouteTarget("→ WEITER MIT Frage 7")).toEqual({ kind: "question", ref: "7" });
    expect(parseRouteTarget("Passer à la question 5")).toEqual({ kind: "question", ref: "5" });
    expect(parseRouteTarget("-> PULE PARA P6")).toEqual({ kind: "question", ref: "P6" });
    expect(parseRouteTarget("→問5へ")).toEqual({ kind: "question", ref: "問5" });
    expect(parseRouteTarget("FIN DE LA ENTREVISTA")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("终止访问")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("-> go to 2.1.")).toEqual({ kind: "question", ref: "2.1" });
    expect(parseRouteTarget("THANK AND END")).toEqual({ kind: "terminate" });
    expect(parseRouteTarget("→ END")).toEqual({ kind: "end" });
  });

  it("routes 'No - if no, go to question 4' and keeps the answer's label clean", async () => {
    const ir = await parseText(["1. Do you have a garden?", "   a) Yes", "   b) No - if no, go to question 3", "2. How big is it?", "   ____", "3. Do you have a balcony?", "   a) Yes", "   b) No"].join("\n"));
    expect(byId(ir, "1").options.map((option) => [option.label, option.route])).toEqual([
      ["Yes", undefined],
      ["No", { kind: "question", ref: "3" }],
    ]);
  });

  it("makes 'No → END' at the first (screening) question a screen-out, and a skip to the end later on", async () => {
    const ir = await parseText(["- ignore", "Q1. Do you live here?", "1. Yes", "2. No → END", "Q2. Will you stay?", "1. Yes", "2. No → END", "Q3. Why?", "____"].join("\n"), "q.md");
    expect(byId(ir, "Q1").options[1].route).toEqual({ kind: "terminate" });
    expect(byId(ir, "Q2").options[1].route).toEqual({ kind: "end" });
  });

  it("terminates on a comparison written against a number field ('TERMINATE IF UNDER 18')", async () => {
    const ir = await parseText(["S1. How old are you?", "RECORD AGE ____ (16-99)", "TERMINATE IF UNDER 18", "S2. Do you vote?", "1. Yes", "2. No"].join("\n"));
    const s1 = byId(ir, "S1");
    expect([s1.min, s1.max]).toEqual([16, 99]);
    const condition = s1.routes[0].when!.condition!;
    expect(s1.routes[0].target).toEqual({ kind: "terminate" });
    expect(evaluateCondition(condition, { S1: 17 })).toBe(true);
    expect(evaluateCondition(condition, { S1: 40 })).toBe(false);
  });

  it("reads an answer table whose third column holds instructions ('EXCLUSIVE. TERMINATE')", async () => {
    const bytes = buildDocx({
      blocks: [
        "Q1. Which of these do you own? MULTI CODE",
        { kind: "table", rows: [["Answer", "Code", "Instruction"], ["Bike", "1", ""], ["Car", "2", ""], ["Neither", "9", "EXCLUSIVE. TERMINATE"]] },
        "Q2. Why?",
        "____",
      ],
    });
    const q1 = byId(parseQuestionnaire(await extractDocument(bytes, { filename: "q.docx" })), "Q1");
    expect(q1.type).toBe("multi");
    expect(q1.options.map((option) => [option.code, option.exclusive ?? false, option.route?.kind])).toEqual([
      ["1", false, undefined],
      ["2", false, undefined],
      ["9", true, "terminate"],
    ]);
  });
});

describe("filters", () => {
  it("reads 'BASE: ALL WHO … (Q1=1)' as a filter and 'BASE: ALL RESPONDENTS' as none", async () => {
    const ir = await parseText(
      ["BASE: ALL RESPONDENTS", "Q1. Have you flown this year?", "1. Yes", "2. No", "BASE: ALL WHO FLEW (Q1=1)", "Q2. How often?", "____", "BASE: ALL RESPONDENTS", "Q3. Age?", "____"].join("\n"),
    );
    expect(byId(ir, "Q1").askIf).toEqual([]);
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} = '1'");
    expect(byId(ir, "Q3").askIf).toEqual([]);
  });

  it("reads 'IF Q1=1 ASK Q2, ELSE SKIP TO Q3' and 'ASK Q3 IF Q2 = 4 OR 5. OTHERS GO TO Q4.' as filters on the named question", async () => {
    const ir = await parseText(
      [
        "Q1. Do you rent?",
        "1. Yes",
        "2. No",
        "IF Q1=1 ASK Q2, ELSE SKIP TO Q3",
        "Q2. Monthly rent?",
        "____",
        "Q3. Rating?",
        "1. 1",
        "2. 2",
        "3. 3",
        "4. 4",
        "5. 5",
        "ASK Q4 IF Q3 = 4 OR 5. OTHERS GO TO Q5.",
        "Q4. Why so good?",
        "____",
        "Q5. Anything else?",
        "____",
      ].join("\n"),
    );
    expect(byId(ir, "Q2").askIf[0].condition).toBe("{Q1} = '1'");
    const q4 = byId(ir, "Q4");
    expect(shown(q4, { Q3: "5" })).toBe(true);
    expect(shown(q4, { Q3: "2" })).toBe(false);
  });

  it("keeps 'S3 = 1 OR 2' a list of values (2 is not question 2)", async () => {
    const ir = await parseText(["S3. Role?", "1. Owner", "2. Manager", "3. Staff", "Q2. Budget?", "____", "ASK IF S3 = 1 OR 2", "Q3. Plans?", "____"].join("\n"));
    expect(byId(ir, "Q3").askIf[0].condition).toBe("{S3} anyof ['1', '2']");
  });

  it("reads 'AND NOT' in a filter and screener ids that start with SC", async () => {
    const ir = await parseText(["SC1. Which do you own? Select all that apply.", "1. Bike", "2. E-bike", "ASK IF SC1 = 1 AND NOT SC1 = 2", "M1. Would you buy an e-bike?", "1. Yes", "2. No"].join("\n"));
    const m1 = byId(ir, "M1");
    expect(shown(m1, { SC1: ["1"] })).toBe(true);
    expect(shown(m1, { SC1: ["1", "2"] })).toBe(false);
  });

  it("screens out on '→ CLOSE' and on a Portuguese age comparison ('SE MENOS DE 16 ANOS -> ENCERRE')", async () => {
    const ir = await parseText(["P1. Idade?  ______ anos (10-99)", "   SE MENOS DE 16 ANOS -> ENCERRE", "P2. Tem carro?", "   Sim ........ 1", "   Não ........ 2   → CLOSE"].join("\n"));
    const p1 = byId(ir, "P1");
    expect([p1.type, p1.min, p1.max]).toEqual(["numeric", 10, 99]);
    expect(evaluateCondition(p1.routes[0].when!.condition!, { P1: 12 })).toBe(true);
    expect(evaluateCondition(p1.routes[0].when!.condition!, { P1: 30 })).toBe(false);
    expect(byId(ir, "P2").options[1].route).toEqual({ kind: "terminate" });
  });

  it("reads German and Spanish filters and question words ('FILTER: Nur wenn Frage 1 = 2 oder 3')", async () => {
    const ir = await parseText(["Frage 1: Wie zufrieden?", "1. Sehr", "2. Etwas", "3. Gar nicht", "FILTER: Nur wenn Frage 1 = 2 oder 3", "Frage 2: Warum?", "____"].join("\n"));
    const q2 = byId(ir, "Q2");
    expect(shown(q2, { Q1: "3" })).toBe(true);
    expect(shown(q2, { Q1: "1" })).toBe(false);
    expect(byId(ir, "Q1").aliases).toContain("F1");
  });

  it("does not read a question that starts with 'If you …' as a filter", async () => {
    const ir = await parseText(["Q1. If you have a partner, ask him or her how often you snore.", "[ ] Never", "[ ] Sometimes", "[ ] Often"].join("\n"));
    expect(byId(ir, "Q1").askIf).toEqual([]);
    expect(labels(byId(ir, "Q1"))).toEqual(["Never", "Sometimes", "Often"]);
  });
});

describe("number fields", () => {
  it("takes min and max from ranges written next to the field", () => {
    expect(writtenRange("Enter a number from 0 to 5000.")).toEqual([0, 5000]);
    expect(writtenRange("How many hours? (0–60)")).toEqual([0, 60]);
    expect(writtenRange("£ ____ (£1–£500)")).toEqual([1, 500]);
    expect(writtenRange("RECORD 4 DIGITS; 1900-2007")).toEqual([1900, 2007]);
    expect(writtenRange("______ ans (entre 12 et 99)")).toEqual([12, 99]);
    expect(writtenRange("______ 元（0-3000）")).toEqual([0, 3000]);
    expect(writtenRange("(0–100,000)")).toEqual([0, 100000]);
    expect(writtenRange("Describe it (1-2 sentences)")).toBeNull();
  });

  it("reads a labelled blank as a number field and ignores quota bands", async () => {
    const ir = await parseText(["Q1. How many staff work at your site?", "Number of staff: ________ (1-5000)", "QUOTA: 1-49 min 30%; 50-249 min 30%", "Q2. Next?", "____"].join("\n"));
    const q1 = byId(ir, "Q1");
    expect([q1.type, q1.min, q1.max, q1.options.length]).toEqual(["numeric", 1, 5000, 0]);
  });

  it("reads an open-text marker as an answer field, not as an answer", async () => {
    const ir = await parseText(["### Q1. Which classes would you add?", "_Open text_", "### Q2. Done?", "1. Yes", "2. No"].join("\n"), "q.md");
    expect(byId(ir, "Q1")).toMatchObject({ type: "open", options: [] });
  });
});

describe("answer types and flags", () => {
  it("reads 'Select up to 3', '(MA)', 'Mehrfachnennung möglich' and '(MULTI)' as multiple choice", async () => {
    const ir = await parseText(
      ["Q1. Select up to 3 reasons.", "1. A", "2. B", "3. C", "Q2. Welche? (Mehrfachnennung möglich)", "1. A", "2. B", "Q3. Which? (MULTI)", "1. A", "2. B", "Q4. Pick one (if you have more than one car, think of the newest).", "1. A", "2. B"].join("\n"),
    );
    expect(questions(ir).map((question) => question.type)).toEqual(["multi", "multi", "multi", "single"]);
  });

  it("flags other-specify and none answers in several languages", async () => {
    const ir = await parseText(
      ["Q1. ¿Cuáles? (RESPUESTA MÚLTIPLE)", "1. Uno", "2. Otro (especificar)", "3. Ninguno", "9. No sabe / No contesta", "Q2. Quels services ? (plusieurs réponses possibles)", "☐ Prêt", "☐ Autre (préciser) : ____", "Q3. Which pets? Select all that apply.", "[ ] Dog", "[ ] No pets"].join("\n"),
    );
    expect(byId(ir, "Q1").options.map((option) => [option.other ?? false, option.exclusive ?? false])).toEqual([
      [false, false],
      [true, false],
      [false, true],
      [false, true],
    ]);
    expect(byId(ir, "Q2").options.map((option) => option.other ?? false)).toEqual([false, true]);
    expect(byId(ir, "Q3").options.map((option) => option.exclusive ?? false)).toEqual([false, true]);
  });

  it("reads Japanese question numbers and SA/MA marks", async () => {
    const ir = await parseText(["問1 性別をお答えください。（SA）", "  1. 男性", "  2. 女性", "問2 目的は何でしたか。（MA）", "  1. 観光", "  2. その他（具体的に：　　）"].join("\n"));
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["Q1", "single", 2],
      ["Q2", "multi", 2],
    ]);
    expect(byId(ir, "Q2").options[1].other).toBe(true);
  });

  it("reads a 0–10 scale printed as a table of points over a row of circles", async () => {
    const ir = await parseText(["**Q1. How likely are you to recommend us?**", "", "| 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |", "|---|---|---|---|---|---|---|---|---|---|---|", "| ○ | ○ | ○ | ○ | ○ | ○ | ○ | ○ | ○ | ○ | ○ |"].join("\n"), "q.md");
    expect(byId(ir, "Q1").options.map((option) => option.label)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  });
});

describe("lists and forms", () => {
  it("reads box glyphs as single choice where the author writes 'tick all that apply' on the multiple-choice ones", async () => {
    const ir = await parseText(["1. Do you rent?", "☐ Yes", "☐ No", "2. Do you drive?", "( ) Yes", "( ) No", "3. Which pets? (Tick all that apply)", "☐ Dog", "☐ Cat"].join("\n"));
    expect(questions(ir).map((question) => question.type)).toEqual(["single", "single", "multi"]);
  });

  it("reads items printed with a blank for their rank as a ranking", async () => {
    const ir = await parseText(["Q1. Rank these drinks from 1 to 3, 1 being your favourite.", "- Tea ___", "- Coffee ___", "- Cocoa ___"].join("\n"), "q.md");
    expect(byId(ir, "Q1")).toMatchObject({ type: "ranking" });
    expect(labels(byId(ir, "Q1"))).toEqual(["Tea", "Coffee", "Cocoa"]);
  });

  it("reads a pull-down list printed one value per line without markers, in a document that marks its other answers", async () => {
    const ir = await parseText(["P1. Gender?", "  1  Male", "  2  Female", "P2. Which country?  PULL DOWN LIST", "    Chile", "    Peru", "    Uruguay", "P3. Age?", "  ____"].join("\n"));
    expect(byId(ir, "P2")).toMatchObject({ type: "dropdown", text: "Which country?" });
    expect(labels(byId(ir, "P2"))).toEqual(["Chile", "Peru", "Uruguay"]);
  });

  it("keeps an answer whose code is not aligned with the others' ('Refused 9')", async () => {
    const ir = await parseText(["Q1. Age group? SHOW CARD B.", "    18-34      1", "    35-54      2", "    Refused 9", "Q2. Done?", "____"].join("\n"));
    expect(byId(ir, "Q1").options.map((option) => [option.code, option.label])).toEqual([
      ["1", "18-34"],
      ["2", "35-54"],
      ["9", "Refused"],
    ]);
  });

  it("reads values listed on one line separated by '|' as the answers", async () => {
    const ir = await parseText(["Q1 [DROPDOWN]", "Which size do you wear?", "XS | S | M | L | XL", "Q2 [OE]", "Why?"].join("\n"));
    expect(labels(byId(ir, "Q1"))).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(byId(ir, "Q1").type).toBe("dropdown");
  });
});

describe("paper forms without question numbers", () => {
  const card = [
    "SEASIDE CAFE - FEEDBACK",
    "",
    "Thanks for dropping in! Tell us how we did.",
    "",
    "Visit date: ___________     Server name: _________",
    "",
    "Circle one number for each (1 = Bad, 4 = Great)",
    "Coffee          1   2   3   4",
    "Cakes           1   2   3   4",
    "Service speed   1   2   3   4",
    "",
    "Did you sit outside?      Yes / No",
    "",
    "What brought you in today?",
    "    Passing by",
    "    A friend's tip",
    "    Our website",
    "",
    "Will you visit again?    Surely    Maybe    Unlikely",
    "",
    "Other remarks: ____________________________",
    "",
    "-- Staff use only --",
    "Entered by: ______   Date entered: ______",
    "",
    "See you soon!",
  ].join("\n");

  it("reads labelled blanks, a circled rating block, answers after a wide gap and indented answers", async () => {
    const ir = await parseText(card);
    expect(questions(ir).map((question) => [question.id, question.type, question.options.length || question.rows.length])).toEqual([
      ["Visit date", "date", 0],
      ["Server name", "open", 0],
      ["QX1", "grid", 3],
      ["QX2", "single", 2],
      ["QX3", "single", 3],
      ["QX4", "single", 3],
      ["Other remarks", "open", 0],
    ]);
    const grid = byId(ir, "QX1");
    expect(grid.columns.map((column) => column.label)).toEqual(["Bad", "2", "3", "Great"]);
    expect(labels(byId(ir, "QX4"))).toEqual(["Surely", "Maybe", "Unlikely"]);
    expect(ir.notes.map((note) => note.text).join(" ")).toContain("Entered by");
    expect(ir.items.at(-1)).toMatchObject({ kind: "info", role: "end" });
  });

  it("keeps a blank with a label under an open question as that question's answer field", async () => {
    const ir = await parseText(["Q1. How many people work at your company? (1-5000)", "Number of staff: ______", "Q2. Next?", "1. Yes", "2. No"].join("\n"));
    expect(questions(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
    expect(byId(ir, "Q1")).toMatchObject({ type: "numeric", min: 1, max: 5000 });
  });
});

describe("grids", () => {
  it("reads a grid typed in a text file with '( )' columns under a heading line, the question ending in a note", async () => {
    const ir = await parseText(
      ["Q1. How do you rate each room? [RANDOMIZE ROWS]", "                      Poor     Fair     Good", "   Kitchen            ( )      ( )      ( )", "   Bathroom           ( )      ( )      ( )", "Q2. Comments?", "   ____"].join("\n"),
    );
    const q1 = byId(ir, "Q1");
    expect([q1.type, q1.randomize]).toEqual(["grid", true]);
    expect(q1.rows.map((row) => row.label)).toEqual(["Kitchen", "Bathroom"]);
    expect(q1.columns.map((column) => column.label)).toEqual(["Poor", "Fair", "Good"]);
  });

  it("reads a grid specified as 'ROWS: … | …' and 'COLUMNS: … | …'", async () => {
    const ir = await parseText(["Q4 [GRID]", "How good is each?", "ROWS: Speed | Price | Support", "COLUMNS: Poor | Fair | Good", "Q5 [OE]", "Why?"].join("\n"));
    const q4 = byId(ir, "Q4");
    expect(q4.type).toBe("grid");
    expect(q4.rows.map((row) => row.label)).toEqual(["Speed", "Price", "Support"]);
    expect(q4.columns.map((column) => column.label)).toEqual(["Poor", "Fair", "Good"]);
    expect(questions(ir).map((question) => question.id)).toEqual(["Q4", "Q5"]);
  });

  it("merges numbered statements under a 'Scale: 1 = …, 2 = …' legend into one grid", async () => {
    const ir = await parseText(["Scale: 1 = Never, 2 = Sometimes, 3 = Often, 4 = Always", "", "1. I sleep well.", "2. I wake up early.", "3. I nap in the day.", "", "4. Any comments?", "____"].join("\n"));
    const grid = questions(ir)[0];
    expect(grid).toMatchObject({ type: "grid" });
    expect(grid.rows).toHaveLength(3);
    expect(grid.columns.map((column) => column.label)).toEqual(["Never", "Sometimes", "Often", "Always"]);
  });
});

describe("two-column PDF pages", () => {
  it("reads the left column before the right one when their lines share baselines", async () => {
    const texts = [];
    const left = ["1. Do you study here?", "o Yes", "o No", "2. How often do you come in?", "o Daily", "o Weekly", "3. Which rooms do you use most?", "o Silent room", "o Group room"];
    const right = ["4. How do you rate the opening hours?", "o Good", "o Poor", "5. Any other comments or suggestions?", "________", "Thank you for filling in this form today."];
    left.forEach((text, index) => texts.push({ text, x: 54, y: 700 - index * 15, size: 10 }));
    right.forEach((text, index) => texts.push({ text, x: 318, y: 700 - index * 15, size: 10 }));
    texts.push({ text: "Library survey 2025 · page 1 of 1 · confidential", x: 200, y: 40, size: 8 });
    const ir = parseQuestionnaire(await extractDocument(buildPdf([{ texts }]), { filename: "two.pdf" }));
    expect(questions(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["1", 2],
      ["2", 2],
      ["3", 2],
      ["4", 2],
      ["5", 0],
    ]);
  });
});
