import { describe, expect, it } from "vitest";
import { inlineScalePoints } from "./scale-fields";
import { parseText as parseAs, questionsOf as questions } from "../testing/parse-text";

const parseText = (text: string, filename = "spec.md") => parseAs(text, filename);

describe("a rating of items listed earlier, specified with a scale field", () => {
  it("reads the points of an inline scale field", () => {
    expect(inlineScalePoints("* **Scale:** `1: Poor` | `2: Fair` | `3: Good` | `4: Very good`")).toEqual(["Poor", "Fair", "Good", "Very good"]);
    expect(inlineScalePoints("- Escala: 1 = Nada; 2 = Poco; 3 = Bastante; 4 = Mucho")).toEqual(["Nada", "Poco", "Bastante", "Mucho"]);
    expect(inlineScalePoints("Scale: see the appendix")).toBeNull();
  });

  it("programs the scale field and a reference to the items above as a grid over those items", async () => {
    const ir = await parseText(
      [
        "### Part 1 — Ranking",
        "*Instruction:* Rank the services from most important (1) to least important (3).",
        "",
        "1. **Delivery**",
        "2. **Returns**",
        "3. **Support**",
        "",
        "### Part 2 — Rating",
        "*Instruction:* For each of the 3 services above, rate how well we do (1 = Poor, 4 = Very good).",
        "",
        "* **Scale:** `1: Poor` | `2: Fair` | `3: Good` | `4: Very good`",
        "* **Items:** The same 3 services as in part 1.",
      ].join("\n"),
    );
    const [ranking, grid] = questions(ir);
    expect(ranking.type).toBe("ranking");
    expect([grid.type, grid.rows.map((row) => row.label), grid.columns.map((column) => column.label)]).toEqual([
      "grid",
      ["Delivery", "Returns", "Support"],
      ["Poor", "Fair", "Good", "Very good"],
    ]);
    expect(grid.text).toMatch(/^For each of the 3 services above/);
  });
});
