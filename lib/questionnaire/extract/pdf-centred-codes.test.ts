import { describe, expect, it } from "vitest";
import { buildPdf, type PdfText } from "../testing/pdf-writer";
import { parsePdfPages, questionsOf } from "../testing/parse-text";
import { extractDocument } from "./index";

/**
 * A tracking sheet: each numbered item in a box, its dotted-leader codes right-aligned and centred on its one-line
 * wording, so the first code stands above the wording and the route sits after the last code.
 */
const SHEET: PdfText[] = [
  { text: "CONTACTS OF THE NEW SCHOOL", x: 40, y: 760, size: 8 },
  { text: "YES..1", x: 300, y: 741, size: 7 },
  { text: "NO...2", x: 300, y: 732, size: 7 },
  { text: ">>14", x: 330, y: 732, size: 7 },
  { text: "11. Do you know the school the children of this household go to?", x: 40, y: 728, size: 8 },
  { text: "12. NAME OF THE SCHOOL:", x: 40, y: 712, size: 8 },
  { text: "YES..1", x: 300, y: 700, size: 7 },
  { text: "13. HAS THE PHONE NUMBER BEEN CHECKED:", x: 40, y: 696, size: 8 },
  { text: "NO...2", x: 300, y: 691, size: 7 },
  { text: "14. Please describe the way to the new home.", x: 40, y: 670, size: 8 },
];

describe("codes centred beside a numbered item", () => {
  it("reads the codes after the item they straddle, not after the item above", async () => {
    const doc = await extractDocument(buildPdf([{ texts: SHEET }]), { filename: "sheet.pdf" });
    const texts = doc.lines.map((line) => line.text);
    expect(texts.indexOf("YES..1")).toBe(texts.findIndex((text) => text.startsWith("11.")) + 1);
    expect(texts.lastIndexOf("YES..1")).toBe(texts.findIndex((text) => text.startsWith("13.")) + 1);
    expect(texts.lastIndexOf("NO...2")).toBe(texts.lastIndexOf("YES..1") + 1);
  });

  it("gives each item its own codes and the route after the last code", async () => {
    const questions = questionsOf(await parsePdfPages([SHEET]));
    const gate = questions.find((question) => question.id === "11");
    expect(gate?.options?.map((option) => option.label)).toEqual(["YES", "NO"]);
    expect(gate?.options?.[1].route).toEqual({ kind: "question", ref: "14" });
    expect(questions.find((question) => question.id === "12")?.options ?? []).toEqual([]);
    expect(questions.find((question) => question.id === "13")?.options?.length).toBe(2);
  });

  it("leaves codes printed under their item where they are", async () => {
    const texts: PdfText[] = [
      { text: "5. Do you own the land you farm?", x: 40, y: 740, size: 8 },
      { text: "Yes ....... 1", x: 60, y: 728, size: 8 },
      { text: "No ........ 2", x: 60, y: 716, size: 8 },
      { text: "6. How many plots do you farm?", x: 40, y: 700, size: 8 },
    ];
    const doc = await extractDocument(buildPdf([{ texts }]), { filename: "under.pdf" });
    expect(doc.lines.map((line) => line.text)).toEqual(["5. Do you own the land you farm?", "Yes ....... 1", "No ........ 2", "6. How many plots do you farm?"]);
  });
});
