import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { isCoverField } from "./cover-fields";

const ids = (ir: Awaited<ReturnType<typeof parseText>>) => questionsOf(ir).map((question) => question.id);

const questions = ["Q1. How old are you?", "____ years", "", "Q2. Are you male or female?", "1 Male", "2 Female", "", "Q3. Where do you live?", "1 City", "2 Village"];

describe("cover fields: fieldwork fields and consent text on a cover page are no survey questions", () => {
  it("reads the interviewer, the date of interview, the questionnaire number and the version as notes", async () => {
    const ir = await parseText(["Questionnaire No.: ______", "Version 2.1", "Interviewer: ____________________", "Date of interview: __/__/____", "Start time: __:__", "", ...questions, "", "Interviewer signature: ____________"].join("\n"));
    expect(ids(ir)).toEqual(["Q1", "Q2", "Q3"]);
  });

  it("reads them in Spanish, French and German", async () => {
    for (const cover of [
      ["Encuestador: ____________________", "Fecha de la entrevista: ____/____/____", "Número de cuestionario: ______"],
      ["Enquêteur : ________", "Date de l'entretien : __/__/____", "N° de questionnaire : ____"],
      ["Interviewer-Nr.: ____", "Datum des Interviews: __.__.____", "Fragebogennummer: ______"],
    ]) {
      const ir = await parseText([...cover, "", ...questions].join("\n"));
      expect(ids(ir), cover[0]).toEqual(["Q1", "Q2", "Q3"]);
    }
  });

  it("keeps consent with a screen-out as a question, and an 'I agree' box without one as text", async () => {
    const screened = await parseText(
      ["Interviewer: ____________________", "Date of interview: __/__/____", "", "Informed consent", "Participation is voluntary. You may stop at any time.", "☐ I agree to participate", "☐ I do not agree to participate → END", "", ...questions].join("\n"),
    );
    const consent = questionsOf(screened)[0];
    expect(consent.text).toContain("Participation is voluntary");
    expect(consent.options).toHaveLength(2);
    expect(consent.options[1].route?.kind).toMatch(/terminate|end/);
    expect(questionsOf(screened).slice(1).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);

    const agreed = await parseText(["CONSENT", "We are conducting a study about health. Your answers will be kept confidential.", "[ ] I agree to take part in this study", "", ...questions].join("\n"));
    expect(ids(agreed)).toEqual(["Q1", "Q2", "Q3"]);
  });

  it("keeps a numbered fieldwork item and an interviewer's instruction", async () => {
    const ir = await parseText(["Q0. Interviewer code: ____", "", ...questions].join("\n"));
    expect(questionById(ir, "Q0")).toBeDefined();
    expect(isCoverField("Interviewer: ____")).toBe(true);
    expect(isCoverField("INTERVIEWER: READ OUT THE LIST")).toBe(false);
    expect(isCoverField("Version 2.1")).toBe(true);
    expect(isCoverField("Version of the product you use most")).toBe(false);
    expect(isCoverField("Start time of your working day")).toBe(false);
  });
});
