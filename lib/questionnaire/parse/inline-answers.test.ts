import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";
import { answersAfterSeparator } from "./inline-answers";

describe("answers written after a separator on the question's line", () => {
  it("reads slash-separated alternatives after a dash or a colon", () => {
    expect(answersAfterSeparator("Age — Less than 18 / 18–25 / More than 35")).toEqual({
      question: "Age",
      answers: [
        { code: "1", label: "Less than 18" },
        { code: "2", label: "18–25" },
        { code: "3", label: "More than 35" },
      ],
    });
    expect(answersAfterSeparator("Do you favour gender-neutral language? — *Yes / No / Maybe*")?.answers.map((answer) => answer.label)).toEqual(["Yes", "No", "Maybe"]);
    expect(answersAfterSeparator("Typical study format: Individual / Group / Mixed")?.question).toBe("Typical study format");
  });

  it("reads a numeric scale with end labels", () => {
    expect(answersAfterSeparator("Sleep quality: 1 (very poor) to 5 (very good)")?.answers.map((answer) => answer.label)).toEqual(["1 (very poor)", "2", "3", "4", "5 (very good)"]);
    expect(answersAfterSeparator("Mental demand during the task: 1–5.")?.answers).toHaveLength(5);
  });

  it("leaves formats, wording with slashes and plain sentences alone", () => {
    expect(answersAfterSeparator("Date of birth: DD / MM / YYYY")).toBeNull();
    expect(answersAfterSeparator("Do you use Windows / Mac at work?")).toBeNull();
    expect(answersAfterSeparator("Note: answer every question.")).toBeNull();
  });

  it("programs them as the question's answers", async () => {
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(["1. **Gender** — Male / Female", "2. Do you think gender sensitisation is important? — *Yes / No / Maybe*"].join("\n")), { filename: "q.md" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.text, question.type, question.options.map((option) => option.label)])).toEqual([
      ["Gender", "single", ["Male", "Female"]],
      ["Do you think gender sensitisation is important?", "single", ["Yes", "No", "Maybe"]],
    ]);
  });
});
