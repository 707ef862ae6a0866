import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { anchoredScaleOnLine } from "./inline-answer-lines";

/**
 * Convention: an unnumbered questionnaire of one-line questions, "wording: answers" — boxes typed as "[ ]" (escaped
 * "\[ ]" in Markdown) or glyphs after the wording, or a slider printed as anchored points joined by dashes
 * ("1 (…) --- 4 (…) --- 7 (…)"). Each such line is a question; the slider's answers are all its whole points.
 */
describe("unnumbered one-line questions with their answers on the line", () => {
  const text = [
    "你的起床时间： 1 (早起派：六点前) --- 4 (看心情) --- 7 (睡到中午)",
    "",
    "你喜欢的饮料（可多选）： \\[ ] 咖啡 \\[ ] 茶 \\[ ] 果汁",
    "",
    "你的通勤方式： \\[ ] 步行 \\[ ] 骑车 \\[ ] 公交",
    "",
    "How tidy is your desk: 1 (spotless) --- 3 (it depends) --- 5 (buried)",
  ].join("\n");

  it("reads each line as a question with its answers", async () => {
    const ir = await parseText(text, "lines.md");
    const questions = questionsOf(ir);
    expect(questions.map((question) => question.type)).toEqual(["single", "multi", "single", "single"]);
    expect(questions.map((question) => question.options.length)).toEqual([7, 3, 3, 5]);
    expect(questions[2].options.map((option) => option.label)).toEqual(["步行", "骑车", "公交"]);
    expect(questions[0].text).toBe("你的起床时间：");
  });

  it("takes every point of an anchored slider, labelled by its anchor where it has one", () => {
    const scale = anchoredScaleOnLine("Mood today: 1 (low) --- 3 (fine) --- 5 (great)");
    expect(scale?.points).toEqual([
      { code: "1", label: "low" },
      { code: "2", label: "2" },
      { code: "3", label: "fine" },
      { code: "4", label: "4" },
      { code: "5", label: "great" },
    ]);
    expect(anchoredScaleOnLine("Score: 5 (high) --- 1 (low)")).toBeNull();
  });

  it("leaves numbered questionnaires to the usual reading", async () => {
    const ir = await parseText(["1. Gender: [ ] Male [ ] Female", "2. Season: [ ] Spring [ ] Summer [ ] Autumn", "3. Cook: [ ] Daily [ ] Never"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(questionsOf(ir).map((question) => question.options.length)).toEqual([2, 3, 2]);
  });
});
