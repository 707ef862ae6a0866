import { describe, expect, it } from "vitest";
import type { LogicalLine } from "./lines";
import { helpFormat, isAnswerHelp, readHelpColumns } from "./printed-help";
import { parseText, questionsOf as questions } from "../testing/parse-text";

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
});
