import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

async function parse(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "form.md" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

// A web form copied into Markdown: every prompt bold, '- [ ]' boxes, the form's "[Your response]" field, and a
// rating grid as a pipe table under a heading that asks for it.
const form = [
  "# Cycling survey",
  "",
  "**Home town**  ",
  "* [Your response]",
  "",
  "**Do you own a bike?**  ",
  "- [ ] Yes  ",
  "- [ ] No  ",
  "",
  "**Tick the trips you make by bike:**  ",
  "- [ ] Commuting  ",
  "- [ ] Shopping  ",
  "- [ ] Leisure  ",
  "",
  "### Rate the following statements:",
  "| Statement | Disagree | Neutral | Agree |",
  "|-----------|----------|---------|-------|",
  "| Roads feel safe | [ ] | [ ] | [ ] |",
  "| Bike lanes are wide enough | [ ] | [ ] | [ ] |",
  "",
  "**Anything else you want to tell us?**  ",
  "* [Your response]",
].join("\n");

describe("web forms transcribed to Markdown", () => {
  it("reads a bold label over the form's '[Your response]' field as an open question of its own", async () => {
    const ir = await parse(form);
    const first = questions(ir)[0];
    expect([first.text, first.options.length, first.entry]).toEqual(["Home town", 0, true]);
    expect(questions(ir)[1].text).toBe("Do you own a bike?");
  });

  it("reads a bold command followed by answers, after another question's answers, as the next question", async () => {
    const ir = await parse(form);
    expect(questions(ir).map((question) => [question.text, question.options.length]).slice(1, 3)).toEqual([
      ["Do you own a bike?", 2],
      ["Tick the trips you make by bike:", 3],
    ]);
  });

  it("reads a table of answer boxes under a heading that asks for it as a grid with that heading as its wording", async () => {
    const ir = await parse(form);
    const grid = questions(ir).find((question) => question.type === "grid");
    expect([grid?.text, grid?.rows.length, grid?.columns.length]).toEqual(["Rate the following statements:", 2, 3]);
    expect(questions(ir).length).toBe(5);
  });
});
