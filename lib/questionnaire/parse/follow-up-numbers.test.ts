import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * Follow-up questions numbered under the question they follow ("7." then "7.1", "7.2", then "8."), with wording
 * that may open with an inverted question mark (Spanish) or an accented capital.
 */
describe("follow-ups numbered N.1, N.2 under question N", () => {
  it("reads '7.1' after '7.' as a question of its own, not as an answer of 7", async () => {
    const ir = await parseText(
      [
        "7. ¿PRACTICÓ ALGÚN DEPORTE EL MES PASADO?",
        "SI                                     1",
        "NO                                     0",
        "",
        "7.1 ¿CUÁL FUE EL MOTIVO PRINCIPAL?",
        "FALTA DE TIEMPO                        1",
        "FALTA DE INTERÉS                       2",
        "NS/NC                                  99",
        "",
        "7.2 ÚLTIMAMENTE, ¿CAMINA MÁS DE MEDIA HORA POR DÍA?",
        "SI                                     1",
        "NO                                     0",
        "",
        "8. ¿TIENE BICICLETA?",
        "SI                                     1",
        "NO                                     0",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => [question.id, question.options.length])).toEqual([
      ["7", 2],
      ["7.1", 3],
      ["7.2", 2],
      ["8", 2],
    ]);
  });

  it("keeps a decimal answer code under a question as an answer when it does not ask", async () => {
    const ir = await parseText(["3. How many hours did you sleep last night?", "3.1 Less than six", "3.2 Six or more", "4. Did you nap today?", "1 Yes", "2 No"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["3", "4"]);
  });
});
