import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { SELECTION_ONLY_LINE } from "./selection-instruction-lines";

describe("a line that only declares the selection mode, among the answers", () => {
  it("matches selection lines in several languages", () => {
    for (const line of ["Une seule réponse possible.", "Plusieurs réponses possibles", "(Mehrfachnennungen möglich)", "Select all that apply", "Marque todas que se aplicam.", "Please select one answer", "Respuesta única"])
      expect(SELECTION_ONLY_LINE.test(line), line).toBe(true);
    for (const line of ["Heterosexual", "Selection of wines and beers from the region", "One of my friends", "Todas las anteriores"]) expect(SELECTION_ONLY_LINE.test(line), line).toBe(false);
  });

  it("reads the helper line of a printed form as an instruction, not as the first answer", async () => {
    const ir = await parseText(
      [
        "33. Qual é a sua orientação sexual? *",
        "* Marcar apenas uma oval.",
        "* Heterosexual",
        "* Homosexual",
        "* Bisexual",
        "* Não sei",
        "",
        "34. Quelles langues parlez-vous ?",
        "* Plusieurs réponses possibles",
        "* Français",
        "* Anglais",
        "* Allemand",
      ].join("\n"),
      "form.md",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.options.length)).toEqual([4, 3]);
    expect(qs[1].type).toBe("multi");
  });
});
