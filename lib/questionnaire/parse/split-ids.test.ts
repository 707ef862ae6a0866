import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

const ids = (ir: Awaited<ReturnType<typeof parseText>>) => questionsOf(ir).map((question) => question.id);

describe("wrapped ids: an id broken over a line end, or printed on its own line before the wording, starts the question", () => {
  it("joins an id's letters alone on a line to the number that opens the next line", async () => {
    const ir = await parseText(["Q11. Do you have children?", "1 Yes", "2 No", "", "Q", "12 How many children do you have?", "____", "", "Q13. Do you own a car?", "1 Yes", "2 No"].join("\n"));
    expect(ids(ir)).toEqual(["Q11", "Q12", "Q13"]);
    expect(questionById(ir, "Q12").text).toBe("How many children do you have?");
  });

  it("joins them in a German questionnaire numbered F1, F2 …", async () => {
    const ir = await parseText(["F1. Haben Sie ein Auto?", "1 Ja", "2 Nein", "", "F", "2. Wie oft fahren Sie Auto?", "1 Täglich", "2 Wöchentlich", "", "F3. Haben Sie ein Fahrrad?", "1 Ja", "2 Nein"].join("\n"));
    expect(ids(ir)).toEqual(["F1", "F2", "F3"]);
    expect(questionById(ir, "F2").options).toHaveLength(2);
  });

  it("reads an id printed on its own line before the wording ('P.2', 'P.3B')", async () => {
    const ir = await parseText(["P.1", "¿Cuántos años tiene usted?", "____ años", "", "P.2", "¿Trabaja usted actualmente?", "1 Sí", "2 No", "", "P.3B", "¿En qué sector trabaja?", "1 Público", "2 Privado"].join("\n"));
    expect(ids(ir)).toEqual(["P1", "P2", "P3B"]);
    expect(questionById(ir, "P3B").options).toHaveLength(2);
  });

  it("leaves a lone letter the document prints no ids with", async () => {
    const ir = await parseText(["1. Which grade did you get?", "A", "1 Excellent", "2 Good", "", "2. How old are you?", "____"].join("\n"));
    expect(ids(ir)).toEqual(["1", "2"]);
  });
});
