import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("cross-reference tables after the questions", () => {
  const questions = ["## Q1. Do you cook at home?", "- Yes", "- No", "", "## Q2. How often do you cook?", "- Daily", "- Weekly", "", "## Q3. Which cuisine do you prefer?", "- Local", "- Foreign", ""];
  it("leaves out a table whose first column only names printed questions", async () => {
    const ir = await parseText(
      [...questions, "# Analysis plan", "", "| Question | Topic | Method |", "|---|---|---|", "| Q1 | Home cooking | Frequencies |", "| Q2–Q3 | Habits | Cross-tabs |", "| Q1 + Q3 | Preference by cooking | Chi-square |"].join("\n"),
      "plan.md",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
  });

  it("keeps a table whose first column holds question ids of questions not printed before it", async () => {
    const ir = await parseText(["# Diary", "", "| Item | Question | Answer |", "|---|---|---|", "| Q7 | Did you walk today? | Yes / No |", "| Q8 | Did you cycle today? | Yes / No |", "| Q9 | Did you swim today? | Yes / No |"].join("\n"), "diary.md");
    expect(questionsOf(ir).length).toBeGreaterThan(0);
  });
});
