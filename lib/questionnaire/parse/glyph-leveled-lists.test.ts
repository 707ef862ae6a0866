import { describe, expect, it } from "vitest";
import { parsePdfPage, parseText, questionsOf } from "../testing/parse-text";
import type { PdfText } from "../testing/pdf-writer";

/** Lines of a typeset list: questions with one bullet glyph at the margin, answers with another set further in. */
function page(lines: { text: string; deeper?: boolean; gap?: boolean }[]): PdfText[] {
  let y = 760;
  return lines.map((line) => {
    y -= line.gap ? 30 : 16;
    return { text: line.text, x: line.deeper ? 110 : 72, y, size: 10 };
  });
}

describe("questions and answers told apart by their bullet glyphs (no list levels)", () => {
  it("reads each outer-glyph line as a question and the inner-glyph lines under it as its answers", async () => {
    const ir = await parsePdfPage(
      page([
        { text: "Sign-up form for the tasting panel" },
        { text: "We will use your answers only to choose the panel. Would you like to take part?", gap: true },
        { text: "• Yes", gap: true },
        { text: "• No" },
        { text: "• Which age band are you in?", gap: true },
        { text: "– Under 30", deeper: true },
        { text: "– 30 to 59", deeper: true },
        { text: "– 60 or over", deeper: true },
        { text: "• How often do you drink tea?", gap: true },
        { text: "– Every day", deeper: true },
        { text: "– Every week", deeper: true },
        { text: "– Rarely", deeper: true },
        { text: "• What is your favourite biscuit?", gap: true },
        { text: "• Please provide a phone number we can call you on.", gap: true },
        { text: "• Which evening suits you best:", gap: true },
        { text: "– Monday", deeper: true },
        { text: "– Thursday", deeper: true },
      ]),
    );
    const list = questionsOf(ir);
    expect(list.map((question) => question.options.length)).toEqual([2, 3, 3, 0, 0, 2]);
    expect(list[1].text).toBe("Which age band are you in?");
    expect(list[0].options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(list[3].type).toBe("open");
    expect(list[4].type).toBe("open");
  });

  it("leaves a plain bulleted answer list alone", async () => {
    const list = questionsOf(await parseText(["1. Which fruit do you prefer?", "• Apples", "• Pears", "• Plums", "2. Do you cook?", "• Yes", "• No"].join("\n")));
    expect(list.map((question) => question.options.length)).toEqual([3, 2]);
  });
});
