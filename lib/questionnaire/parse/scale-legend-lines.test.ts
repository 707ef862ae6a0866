import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { SCALE_LEGEND_LINE } from "./scale-legend-lines";

describe("a scale's end-point legend above its numbered points", () => {
  it("matches legends in several phrasings and languages", () => {
    for (const line of ["1 = muy negativa; 7 = muy positiva", "1 = no nunca; hasta 7 = si siempre", "1 = Not at all, 5 = Very much", "1 = pas du tout / 10 = tout à fait", "(1 = stimme gar nicht zu; 5 = stimme voll zu)", "0: never, 10: always"])
      expect(SCALE_LEGEND_LINE.test(line), line).toBe(true);
    for (const line of ["1 = yes", "Muy negativa", "1, 2, 3", "Between 1 and 7"]) expect(SCALE_LEGEND_LINE.test(line), line).toBe(false);
  });

  it("reads the legend as an instruction, not as one more answer", async () => {
    const ir = await parseText(
      [
        "1. How satisfied are you with the service?",
        "1 = Not at all, 5 = Very much",
        "",
        "| 1 | 2 | 3 | 4 | 5 |",
        "|---|---|---|---|---|",
        "",
        "2. ¿Crees que la inmigración es más bien positiva o más bien negativa?",
        "1 = muy negativa; 7 = muy positiva",
        "",
        "| 1 | 2 | 3 | 4 | 5 | 6 | 7 |",
        "|---|---|---|---|---|---|---|",
        "",
        "3. Why?",
        "____",
      ].join("\n"),
      "form.md",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.options.length)).toEqual([5, 7, 0]);
    expect(qs[0].options[0].label).toBe("Not at all");
    expect(qs[1].options[6].label).toBe("muy positiva");
  });

  it("keeps a 'number = label' answer when the question prints no bare scale points", async () => {
    const ir = await parseText(["1. Which applies?", "1 = yes, 2 = no", "3 = maybe later, 4 = never", "", "2. Why?", "______"].join("\n"), "form.txt");
    expect(questionsOf(ir)[0].options.length).toBeGreaterThan(0);
  });
});
