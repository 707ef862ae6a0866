import { describe, expect, it } from "vitest";
import { buildDocx } from "../testing/docx-writer";
import { parseDocx, questionById, questionsOf } from "../testing/parse-text";

describe("one answer table headed by the ids of the questions it answers (brand funnel)", () => {
  it("gives each question named in the table's heading the table's answers, and makes no question of the headings", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "Q4. Which juice brand comes to mind first?",
          "[Open end with prompt list (SA)]",
          "Q5. Which juice brands have you ever bought?",
          "[Show aware brands (MA)]",
          "Q6. Which juice brand do you buy most often?",
          "[Show brands coded in Q5 (SA)]",
          {
            kind: "table",
            rows: [
              ["", "Q4", "Q5", "Q6"],
              ["BRAND", "FIRST", "EVER", "MOST"],
              ["Sunny Grove", "01", "01", "01"],
              ["Orchard Gold", "02", "02", "02"],
              ["Citrus Bay", "03", "03", "03"],
              ["Valley Fresh", "04", "04", "04"],
              ["Morning Press", "05", "05", "05"],
            ],
          },
          "Q7. How old are you?",
          "Under 30 (1)",
          "30 or older (2)",
        ],
      }),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q4", "Q5", "Q6", "Q7"]);
    for (const id of ["Q4", "Q5", "Q6"]) expect(questionById(ir, id).options.map((option) => option.label)).toEqual(["Sunny Grove", "Orchard Gold", "Citrus Bay", "Valley Fresh", "Morning Press"]);
  });
});
