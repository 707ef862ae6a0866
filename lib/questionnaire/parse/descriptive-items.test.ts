import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { describesOnly, invitesComment } from "./descriptive-items";

const ids = (ir: Awaited<ReturnType<typeof parseText>>) => questionsOf(ir).map((question) => question.id);

describe("descriptive items: a numbered item with wording and no answer space is text, not an open question", () => {
  it("reads requests to read, introductions, a vignette and thanks as text, in several languages", async () => {
    const ir = await parseText(
      [
        "Q1. Are you currently employed?",
        "1 Yes",
        "2 No",
        "",
        "Q2. Please read the following carefully. In this part we will show you a short story about a family.",
        "",
        "Q3. The Smith family has three children and both parents work full time. Their eldest son wants to study abroad.",
        "",
        "Q4. Should the family pay for his studies?",
        "1 Yes",
        "2 No",
        "",
        "Q5. The following statements are about your neighbourhood.",
        "",
        "Q6. Please describe your neighbourhood in your own words.",
        "",
        "Q7. Les questions suivantes portent sur votre logement.",
        "",
        "Q8. Combien de pièces compte votre logement ?",
        "",
        "P9. Lea atentamente el siguiente texto antes de responder.",
        "",
        "P10. ¿Cuál es su edad?",
        "",
        "Q11. Bitte lesen Sie den folgenden Text aufmerksam durch.",
        "",
        "Q12. What is your occupation",
        "",
        "Q13. Now I would like to ask you some questions about your health.",
        "",
        "Q14. INTERVIEWER: READ OUT THE FOLLOWING TEXT TO THE RESPONDENT.",
        "",
        "Q15. Any other comments about this survey",
        "",
        "Q16. Thank you for your participation.",
      ].join("\n"),
    );
    expect(ids(ir)).toEqual(["Q1", "Q4", "Q6", "Q8", "P10", "Q12", "Q15"]);
    for (const id of ["Q6", "Q12", "Q15"]) expect(questionById(ir, id).type, id).toBe("open");
    expect(ir.items.filter((item) => item.kind === "info").map((item) => item.text.slice(0, 12))).toEqual(
      expect.arrayContaining(["Please read ", "The Smith fa", "Lea atentame", "Bitte lesen ", "Now I would "]),
    );
  });

  it("keeps real open questions: an explicit write-in line, a question mark, a request to describe", async () => {
    const ir = await parseText(
      ["B1. Please read the list below and describe which one fits you best.", "", "B2. The following questions are about your job. What is your job title?", "", "B3. Your main occupation.", "_____________________", "", "B4. Describa su trabajo. Indique el sector en el que trabaja."].join("\n"),
    );
    expect(ids(ir)).toEqual(["B1", "B2", "B3", "B4"]);
  });

  it("needs the wording to ask nothing, and a story to run to two full sentences", () => {
    expect(describesOnly("Please read the following carefully.")).toBe(true);
    expect(describesOnly("Lisez attentivement le texte suivant.")).toBe(true);
    expect(describesOnly("Leia atentamente as frases abaixo.")).toBe(true);
    expect(describesOnly("Occupation of the head of household.")).toBe(false);
    expect(describesOnly("Anna is 30 years old and lives alone in a large city. She has just lost her job and has no savings.")).toBe(true);
    expect(describesOnly("Anna is 30 years old and lives alone. Would you help her?")).toBe(false);
    expect(describesOnly("Please read the statements below and indicate how much you agree.")).toBe(false);
    expect(describesOnly("Total income last month ______")).toBe(false);
    expect(describesOnly("Now I would like to ask about your household. How many people live here")).toBe(false);
    expect(invitesComment("Weitere Anmerkungen")).toBe(true);
    expect(invitesComment("Comentarios adicionales")).toBe(true);
    expect(invitesComment("Household size")).toBe(false);
  });
});
