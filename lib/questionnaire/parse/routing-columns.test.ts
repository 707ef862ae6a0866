import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

/** Convention: the routing column of an answer table is read by what its cells hold (question ids, end words), whatever its header. */

const table = (header: string, rows: string[][]) => [`| Code | Answer | ${header} |`, "|---|---|---|", ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");

describe("routing columns read by their cells", () => {
  it("routes each answer to the id in its row's last cell, under a header the lexicon does not know", async () => {
    const ir = await parseText(
      [
        "**M1. Do you keep bees?**",
        "",
        table("Onward", [["1", "Yes", "M2"], ["2", "No", "M4"]]),
        "",
        "**M2. How many hives?** ____",
        "",
        "**M3. Since when?** ____",
        "",
        "**M4. Would you like a course?**",
        "",
        table("Onward", [["1", "Yes", "M5"], ["2", "No", "END"]]),
        "",
        "**M5. Which month suits you?** ____",
        "",
      ].join("\n"),
      "bees.md",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["M1", "M2", "M3", "M4", "M5"]);
    expect(questionById(ir, "M1").options.map((option) => option.route)).toEqual([{ kind: "question", ref: "M2" }, { kind: "question", ref: "M4" }]);
    expect(questionById(ir, "M4").options[1].route).toEqual({ kind: "end" });
  });

  it("leaves a last column that names a different variable on every one of many rows alone", async () => {
    const ir = await parseText(
      ["**M1. Which of these do you own?**", "", table("Variable", [["1", "Bicycle", "M1A"], ["2", "Car", "M1B"], ["3", "Boat", "M1C"], ["4", "Horse", "M1D"]]), ""].join("\n"),
      "own.md",
    );
    expect(questionById(ir, "M1").options.every((option) => !option.route)).toBe(true);
  });
});
