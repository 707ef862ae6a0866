import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";
import { currencyCaption } from "./numeric-cues";

/** A money field whose boxes are drawn, not written: only its caption and currency sign are printed ("Valor $"). */
describe("a money field's caption under the wording", () => {
  it("knows a caption and a currency sign, with or without a route after it", () => {
    expect(currencyCaption("Valor $")).toBe(true);
    expect(currencyCaption("Montant €")).toBe(true);
    expect(currencyCaption("Valor $   Pase a 13")).toBe(true);
    expect(currencyCaption("£")).toBe(true);
    expect(currencyCaption("Less than $100")).toBe(false);
    expect(currencyCaption("The price was fair")).toBe(false);
  });

  it("reads the question over it as asking for an amount", async () => {
    const ir = await parseText(["10. Si usted quisiera vender esta vivienda, ¿cuál sería el precio mínimo?", "Valor $", "", "11. ¿Tiene otra vivienda?", "a. Sí 1", "b. No 2"].join("\n"));
    expect(questionById(ir, "10").type).toBe("numeric");
  });

  it("reads a money caption printed as the question's one answer as its field, and a sub-question numbered '9A.'", async () => {
    const ir = await parseText(["9. ¿Tiene vivienda propia?", "a. Sí 1", "b. No 2", "", "9A. ¿Cuánto pagan mensualmente por la cuota?", "Valor $", "", "10. ¿Tiene otra vivienda?", "a. Sí 1", "b. No 2"].join("\n"));
    const question = questionById(ir, "9A");
    expect([question.type, question.options.length]).toEqual(["numeric", 0]);
  });

});
