import { describe, expect, it } from "vitest";
import { relativeSkipCount } from "./relative-skips";
import { parseText, questionsOf } from "../testing/parse-text";

describe("answers that skip a number of following questions", () => {
  it("reads the count in several languages", () => {
    expect(relativeSkipCount("Only outdoors (SKIP NEXT TWO)")).toBe(2);
    expect(relativeSkipCount("Solo en casa (SALTA DOS SIGUIENTES)")).toBe(2);
    expect(relativeSkipCount("Só em casa (pule as 3 próximas perguntas)")).toBe(3);
    expect(relativeSkipCount("Jamais (passez les deux questions suivantes)")).toBe(2);
    expect(relativeSkipCount("Sometimes (GO TO NEXT QUESTION)")).toBeNull();
    expect(relativeSkipCount("Skip the rest")).toBeNull();
  });

  it("routes the answer past that many questions of an unnumbered form", async () => {
    const ir = await parseText(
      [
        "¿Dónde guarda su bicicleta?",
        "o En la calle (SALTA DOS SIGUIENTES)",
        "o En un garaje (VA A SIGUIENTE PREGUNTA)",
        "",
        "¿Cuánto paga por el garaje cada mes?",
        "o Nada",
        "o Menos de 20",
        "o Más de 20",
        "",
        "¿El garaje tiene vigilancia?",
        "o Sí",
        "o No",
        "",
        "¿Cuántas bicicletas tiene en total?",
        "o Una",
        "o Dos o más",
      ].join("\n"),
      "formulario.txt",
    );
    const [first, , , last] = questionsOf(ir);
    expect(first.options[0].route).toEqual({ kind: "question", ref: last.id });
    expect(first.options[1].route).toBeUndefined();
  });
});
