import { describe, expect, it } from "vitest";
import type { LogicalLine } from "./lines";
import { helpFormat, isAnswerHelp, isNumbersOnlyHelp, readHelpColumns } from "./printed-help";
import { parsePdfPages, parseText, questionsOf as questions } from "../testing/parse-text";
import type { PdfText } from "../testing/pdf-writer";

/** A line of the text layer; `parts` are fragments with their left and right edges (fractions of the width). */
function line(text: string, parts: [string, number, number][] = []): LogicalLine {
  const first = { index: 0, text, start: 0, end: text.length };
  return { text, start: 0, end: text.length, first, lines: [first], ...(parts.length ? { segments: parts.map(([part, x, x1]) => ({ text: part, start: 0, end: part.length, x, x1 })) } : {}) } as LogicalLine;
}

const parse = (text: string, filename = "printable.txt") => parseText(text, filename);

// A survey tool's printable view (LimeSurvey-like) in German: no numbers, a '*' after required wordings, a help
// line under every question, and array answers flattened into column-header fragments.
const printable = [
  "Umfrage zum Stadtfest",
  "Zu Ihrer Person",
  "Wie alt sind Sie? *",
  "Bitte wählen Sie die zutreffende Antwort für jeden Punkt aus:",
  "unter 30 30-49 50 und",
  "Jahre Jahre älter",
  "Wohnort: *",
  "Bitte wählen Sie die zutreffende Antwort für jeden Punkt aus:",
  "Stadt Umland anderswo",
  "Das Fest: *",
  "Bitte wählen Sie die zutreffende Antwort für jeden Punkt aus:",
  "gar nicht eher sehr",
  "war gut organisiert",
  "war zu laut",
  "Was möchten Sie uns noch mitteilen?",
  "Bitte geben Sie Ihre Antwort hier ein:",
].join("\n");

describe("printed help lines (printable web surveys: the help line under each unnumbered question)", () => {
  it("recognises help lines in English and in the lexicon's languages, and the format they declare", () => {
    expect(isAnswerHelp("Please choose the appropriate response for each item:")).toBe(true);
    expect(isAnswerHelp("Bitte wählen Sie die zutreffende Antwort für jeden Punkt aus:")).toBe(true);
    expect(isAnswerHelp("Veuillez écrire votre réponse ici :")).toBe(true);
    expect(isAnswerHelp("Please choose a colour you like and tell us why it matters to you.")).toBe(false);
    expect(helpFormat("Please write your answer here:")).toBe("open");
    expect(helpFormat("Bitte wählen Sie alle zutreffenden Antworten aus:")).toBe("multi");
    expect(helpFormat("Please choose the appropriate response for each item:")).toBe("grid");
    expect(helpFormat("Please choose only one of the following:")).toBe("single");
  });

  it("starts a question at every line above a help line, without the required mark", async () => {
    const found = questions(await parse(printable));
    expect(found.map((q) => q.text.split("\n")[0])).toEqual(["Wie alt sind Sie?", "Wohnort:", "Das Fest:", "Was möchten Sie uns noch mitteilen?"]);
    expect(found.every((q) => !q.printedId)).toBe(true);
  });

  it("types a question whose answers the print lost by its help line", async () => {
    const found = questions(await parse(printable));
    expect(found[3].type).toBe("open");
  });

  it("rebuilds an array's wrapped column headings from the fragments' positions", () => {
    const help = "Please choose the appropriate response for each item:";
    const lines = [
      line("The workshop: *"),
      line(help),
      line("not at rather", [["not at", 0.3, 0.36], ["rather", 0.5, 0.56]]),
      line("all not neutral rather yes", [["all", 0.31, 0.35], ["not", 0.51, 0.55], ["neutral", 0.6, 0.68], ["rather yes", 0.75, 0.85]]),
      line("was useful"),
      line("was too long"),
      line("Your age group: *"),
      line(help),
      line("under 30 30-49 50+", [["under 30", 0.3, 0.4], ["30-49", 0.55, 0.62], ["50+", 0.8, 0.84]]),
      line("Anything else?"),
      line("Please write your answer here:"),
    ];
    const texts = readHelpColumns(lines).map((entry) => entry.text);
    expect(texts).toContain("| not at all | rather not | neutral | rather yes |");
    expect(texts).toContain("was useful");
    // A one-row array (the next question's wording follows): its columns are the answers.
    expect(texts.filter((text) => text.startsWith("○ "))).toEqual(["○ under 30", "○ 30-49", "○ 50+"]);
  });

  it("joins row labels that wrap in their narrow column into one row each, where each label's sentence ends", () => {
    const narrow = (text: string) => {
      const entry = line(text);
      return { ...entry, first: { ...entry.first, right: 0.17 } } as LogicalLine;
    };
    for (const [help, labels] of [
      ["Por favor, seleccione la respuesta apropiada para cada concepto:", [["Participa de las", "reuniones de su", "grupo religioso?"], ["Pide orientación", "o consejo a su", "guía espiritual?"], ["Reza, ora o", "medita en", "compañía?"]]],
      ["Please choose the appropriate response for each item:", [["Attends the", "weekly meetings."], ["Reads the", "material at home."]]],
    ] as [string, string[][]][]) {
      const lines = [
        line("How often …? *"),
        line(help),
        line("Never Sometimes Often", [["Never", 0.3, 0.38], ["Sometimes", 0.5, 0.62], ["Often", 0.75, 0.82]]),
        ...labels.flat().map(narrow),
        line("Anything else you would like to add about this survey and how it was organised?"),
        line(help.startsWith("Por") ? "Por favor, escriba su respuesta aquí:" : "Please write your answer here:"),
      ];
      const rows = readHelpColumns(lines).map((entry) => entry.text).filter((text) => text.startsWith("• "));
      expect(rows).toEqual(labels.map((label) => `• ${label.join(" ")}`));
    }
  });
});

// A printable view of a survey without question codes: "N []" glued to the wording, a help line per question in the
// survey's language (here Spanish), a numbers-only help line under a number field.
describe("printable view with empty question-code brackets", () => {
  const text = [
    "Encuesta de movilidad",
    "1 []Barrio donde vive",
    "Por favor, escriba su respuesta aquí:",
    "2 []Medio de transporte habitual *",
    "Por favor seleccione sólo una de las siguientes opciones:",
    "☐ Autobús",
    "☐ Bicicleta",
    "☐ A pie",
    "3 []Servicios que utiliza",
    "Por favor, marque las opciones que correspondan:",
    "☐ Biblioteca",
    "☐ Polideportivo",
    "☐ Centro de salud",
    "4 []Número de personas en el hogar *",
    "Sólo se pueden introducir números en este campo.",
    "Por favor, escriba su respuesta aquí:",
    "5 []",
    "Indique cuánto tiempo tarda en llegar al trabajo.",
    "*",
    "Por favor seleccione sólo una de las siguientes opciones:",
    "☐ Menos de media hora",
    "☐ Más de media hora",
  ].join("\n");

  it("numbers each question by the number before the empty brackets", async () => {
    const found = questions(await parse(text));
    expect(found.map((question) => question.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(found[1].options.map((option) => option.label)).toEqual(["Autobús", "Bicicleta", "A pie"]);
  });

  it("reads the type from the help lines, and a numbers-only help line as an instruction, not a filter", async () => {
    const found = questions(await parse(text));
    expect(found.map((question) => question.type)).toEqual(["open", "single", "multi", "numeric", "single"]);
    expect(found[3].askIf).toEqual([]);
    expect(found[4].askIf).toEqual([]);
  });

  it("tells a numbers-only help line from a filter", () => {
    expect(isNumbersOnlyHelp("Only numbers may be entered in this field.")).toBe(true);
    expect(isNumbersOnlyHelp("Sólo se pueden introducir números en este campo.")).toBe(true);
    expect(isNumbersOnlyHelp("Sólo si contestó Sí en la pregunta 3")).toBe(false);
  });
});

// An online-survey tool's own type tag after the wording ("[Single choice question]", "[Multiple choice question]"),
// with the same circle printed before every answer.
describe("bracketed survey-tool type tags", () => {
  it("reads '[Multiple choice question]' as many answers even under circles", async () => {
    const text = [
      "1. Which fruit do you buy? [Multiple choice question] *",
      "○Apples.",
      "○Pears.",
      "○Plums.",
      "2. Which shop do you use most? [Single choice question] *",
      "○The market.",
      "○The supermarket.",
    ].join("\n");
    const found = questions(await parse(text, "tags.txt"));
    expect(found.map((question) => question.type)).toEqual(["multi", "single"]);
  });

  it("reads a printable view's layout around its help lines: marks between wording and help, lower-case answers, a text box that ends its question, paragraphs and a legend before the help line", async () => {
    const rows: [string, number][] = [
      ["Which ferry do you usually take? *", 40],
      ["! Please choose one answer below", 40],
      ["Please choose only one of the following:", 40],
      ["morning boat", 80],
      ["evening boat", 80],
      ["We will ask you again next spring. To link both rounds, pick a nickname", 40],
      ["you will remember.", 40],
      ["Your nickname:", 40],
      ["*", 40],
      ["Please write your answer here:", 40],
      ["NOTE: we do not ask whether you could manage this once, but whether", 40],
      ["you manage it all through the season.", 40],
      ["0= not at all", 40],
      ["5= completely", 40],
      ["*", 40],
      ["Please choose only one of the following:", 40],
      ["0", 80],
      ["5", 80],
    ];
    const texts: PdfText[] = rows.map(([text, x], index) => ({ text, x, y: 770 - index * 16, size: 10 }));
    const ir = await parsePdfPages([texts]);
    const list = questions(ir);
    expect(list.map((question) => question.type)).toEqual(["single", "open", "single"]);
    expect(list[0].options.map((option) => option.label)).toEqual(["morning boat", "evening boat"]);
    expect(list[1].text).toMatch(/^We will ask you again next spring[\s\S]*Your nickname/);
    expect(list[2].text).toMatch(/^NOTE: we do not ask[\s\S]*0= not at all[\s\S]*5= completely/);
    expect(list[2].options.map((option) => option.label)).toEqual(["0", "5"]);
  });
});
