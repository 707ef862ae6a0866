import { describe, expect, it } from "vitest";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

/** "9A. ¿Cuánto …?": a sub-question numbered with a capital letter after its number and a full stop. */
describe("sub-questions numbered with a capital letter after the number", () => {
  it("starts the sub-question '9A. ¿…?' printed right under a long answer line of a PDF, not as the rest of that answer", async () => {
    const ir = await parsePdfPage([
      { text: "9. La vivienda ocupada por este hogar es:", x: 72, y: 700 },
      { text: "a. Propia, totalmente pagada por las personas del hogar desde hace muchos años  1", x: 80, y: 686 },
      { text: "b. En arriendo o subarriendo pagado cada mes por alguna de las personas del hogar  2", x: 80, y: 672 },
      { text: "9A. ¿Cuánto pagan mensualmente por cuota de amortización?", x: 72, y: 658 },
      { text: "Valor $", x: 80, y: 644 },
    ]);
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["9", "9A"]);
  });
});
