import { describe, expect, it } from "vitest";
import { ANSWER_SPACE_LINE } from "./patterns";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * The label of the space to write in, alone on its line under a question ("Answer:", "→Yanıt:", "Jawaban:",
 * "Respuesta: ____"): the question's write-in field in any language, even after an arrow drawn to point at it.
 */

describe("answer-space labels under open questions", () => {
  it.each(["→Yanıt:", "Yanıt:", "Cevap:", "Jawaban:", "Respuesta:", "Antwort: ______", "→ Answer:", "Réponse : ……"])("reads %s as the question's write-in field", async (label) => {
    const text = `Title\n\n1) Which software do you use at work?\n\n   ${label}\n\n2) What is missing from it?\n\n   ${label}\n\n3) How do you reach suppliers?\n   A) Telephone\n   B) E-mail\n`;
    const qs = questionsOf(await parseText(text));
    expect(qs.map((q) => [q.id, q.type, q.options.length])).toEqual([
      ["1", "open", 0],
      ["2", "open", 0],
      ["3", "single", 2],
    ]);
  });

  it("keeps a labelled answer with words after the colon, and the word inside wording", () => {
    expect(ANSWER_SPACE_LINE.test("Answer: Yes")).toBe(false);
    expect(ANSWER_SPACE_LINE.test("Your answer to the last question:")).toBe(false);
    expect(ANSWER_SPACE_LINE.test("Jawaban anda:")).toBe(true);
  });
});
