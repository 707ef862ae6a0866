import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { YES_NO_ANSWER_LINE } from "./answer-word-lines";

describe("a line of bare yes/no answer words under a question", () => {
  it("matches yes/no lines in several languages, with an optional don't-know answer", () => {
    for (const line of ["Yes No", "Yes                No", "Oui / Non", "Sí No No sabe", "Ja Nein", "Sim Não Não sei", "☐ Yes ☐ No", "Yes No Don't know", "Ja Nee"]) expect(YES_NO_ANSWER_LINE.test(line), line).toBe(true);
    for (const line of ["Yes, I do", "No one else", "Yes No Maybe later please", "Nothing else", "Sim, muito"]) expect(YES_NO_ANSWER_LINE.test(line), line).toBe(false);
  });

  it("reads the line as the question's answers", async () => {
    const ir = await parseText(
      [
        "1. Do you get the kind of support from family and friends you need?",
        "Yes No",
        "",
        "2. Avez-vous assez d'argent pour vos besoins ?",
        "Oui Non",
        "",
        "3. ¿Fuma usted actualmente?",
        "Sí No No sabe",
        "",
        "4. What do you think of the service?",
        "__________",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.type)).toEqual(["single", "single", "single", "open"]);
    expect(qs.map((q) => q.options.length)).toEqual([2, 2, 3, 0]);
    expect(qs[0].text).not.toMatch(/Yes No/);
  });

  it("leaves wording that only mentions yes and no alone", async () => {
    const ir = await parseText(["1. Please tell us about your smoking.", "Yes or no questions follow below", "", "2. Comments?", "___"].join("\n"), "form.txt");
    expect(questionsOf(ir)[0].options).toHaveLength(0);
  });
});

describe("a line of short labels set apart by wide gaps", () => {
  it("reads each label as an answer", async () => {
    const ir = await parseText(
      [
        "9. Overall, how would you rate the service?",
        "Very poor   Poor   Fair   Good   Very good",
        "",
        "10. ¿Cómo valora la atención recibida?",
        "Mala\tRegular\tBuena",
        "",
        "11. Please tell us why.",
        "____________",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.options.map((o) => o.label))).toEqual([["Very poor", "Poor", "Fair", "Good", "Very good"], ["Mala", "Regular", "Buena"], []]);
  });
});
