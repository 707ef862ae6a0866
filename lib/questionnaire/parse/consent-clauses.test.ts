import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { isAgreement } from "./consent-clauses";

const ids = (ir: Awaited<ReturnType<typeof parseText>>) => questionsOf(ir).map((question) => question.id);

const questions = ["**A1.** How many hours do you sleep per night?", "", "______ hours", "", "**A2.** Do you nap during the day?", "", "- [ ] Yes", "- [ ] No", "", "**A3.** How rested do you feel?", "", "- [ ] Very", "- [ ] Somewhat", "- [ ] Not at all"];

describe("consent clauses: a consent paragraph with one 'I agree' box is text, consent with a screen-out a question", () => {
  it("reads a consent paragraph closed by one agreement box as text, before or after the questions and in other languages", async () => {
    const ir = await parseText(
      [
        "## Consent",
        "",
        "By continuing you confirm that you are over 18 and agree that your anonymous answers are used for research.",
        "",
        "- [ ] I agree",
        "",
        "## Part A",
        "",
        ...questions,
        "",
        "## Einwilligung",
        "",
        "Ich habe die Informationen gelesen und bin mit der Teilnahme einverstanden.",
        "",
        "☐ Ja, ich bin einverstanden",
        "",
        "Fecha: ____/____/______",
        "",
        "Versión del cuestionario: 3.0",
      ].join("\n"),
      "q.md",
    );
    expect(ids(ir)).toEqual(["A1", "A2", "A3"]);
  });

  it("keeps consent asked with yes and no, or with a route on the refusal, as a question", async () => {
    const ir = await parseText(["**C1.** Do you agree to take part in this study?", "", "- [ ] Yes", "- [ ] No → END", "", ...questions].join("\n"), "q.md");
    expect(ids(ir)).toEqual(["C1", "A1", "A2", "A3"]);
  });

  it("knows agreement in several languages, and only agreement", () => {
    for (const label of ["I agree", "I have read and agree to the terms", "Yes, I consent", "J'accepte", "Acepto participar", "Ja, ich bin einverstanden", "Concordo", "Accetto", "Ik ga akkoord"]) expect(isAgreement(label), label).toBe(true);
    for (const label of ["Strongly agree", "Agree", "Yes", "Ich stimme eher nicht zu", "De acuerdo"]) expect(isAgreement(label), label).toBe(false);
  });
});
