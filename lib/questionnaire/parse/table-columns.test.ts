import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

async function parseMarkdown(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "plan.md" }));
}
const byId = (ir: QuestionnaireIR, id: string) => ir.items.find((item): item is IRQuestion => item.kind === "question" && item.id === id)!;
const labels = (question: IRQuestion) => question.options.map((option) => option.label);

describe("questions laid out as table rows with named columns", () => {
  it("reads the answers cell as the row's answers, the type column as how to answer (a scale type as its points), other columns as notes", async () => {
    const ir = await parseMarkdown(
      [
        "## Part 1 — Your garden",
        "",
        "| # | Question | Type | Options | Why we ask |",
        "|---|----------|------|---------|------------|",
        "| 1 | How large is your garden? | Multiple choice | Under 50 m² · 50–200 m² · Over 200 m² | Size drives watering needs. |",
        "| 2 | Which plants do you grow? | Checkboxes + \"Other\" | Vegetables · Herbs · Flowers · Fruit trees | Planting mix. |",
        "| 3 | How much do you enjoy gardening? | Scale 1–5 | 1 = Not at all, 5 = Very much | Motivation. |",
        "| 4 | Anything else about your garden? | Paragraph | — | Free comments. |",
      ].join("\n"),
    );
    const size = byId(ir, "1");
    expect(size.type).toBe("single");
    expect(labels(size)).toEqual(["Under 50 m²", "50–200 m²", "Over 200 m²"]);
    expect(size.notes.join(" ")).toMatch(/watering/);
    const plants = byId(ir, "2");
    expect(plants.type).toBe("multi");
    expect(labels(plants)).toEqual(["Vegetables", "Herbs", "Flowers", "Fruit trees", "Other"]);
    const enjoy = byId(ir, "3");
    expect(enjoy.type).toBe("single");
    expect(enjoy.options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "5"]);
    expect([enjoy.options[0].label, enjoy.options[4].label]).toEqual(["Not at all", "Very much"]);
    const comments = byId(ir, "4");
    expect(comments.type).toBe("open");
    expect(comments.options).toHaveLength(0);
  });
});
