import { describe, expect, it } from "vitest";
import { buildDocx } from "../testing/docx-writer";
import { parseDocx, parseText, questionsOf } from "../testing/parse-text";

/**
 * Tick-column tables: one table per section, under the section's heading, whose header names the answers over
 * their own columns and whose rows hold one item each with room to tick. Each table is a grid titled by its heading.
 * A Word table may caption the answer columns with a merged cell ("Answer") over their labels; the labels are the
 * header.
 */

const table = (items: string[], labels = ["Yes", "No"]) =>
  [`| Statement | ${labels.join(" | ")} |`, `|---|${labels.map(() => "---").join("|")}|`, ...items.map((item) => `| ${item} | ${labels.map(() => "").join(" | ")} |`)].join("\n");

describe("tick-column tables under section headings", () => {
  it("reads each table as a grid of its own, titled by the heading over it", async () => {
    const text = [
      "# Business survey",
      "## Market orientation",
      table(["Do you watch what competitors do?", "Do you answer new demand quickly?", "Do you stock more than you expect to sell?"]),
      "## Business model",
      table(["Have you changed the product's quality?", "Have you tried a new sales channel?"]),
      "## Results",
      table(["The new product met its goals", "The new product made a profit", "The new product beats its rivals"], ["Agree", "Neutral", "Disagree"]),
    ].join("\n\n");
    const qs = questionsOf(await parseText(text, "form.md"));
    expect(qs.map((q) => [q.type, q.text, q.rows.length, q.columns.length])).toEqual([
      ["grid", "Market orientation", 3, 2],
      ["grid", "Business model", 2, 2],
      ["grid", "Results", 3, 3],
    ]);
  });

  it("splits the tables off an instruction item above them and reads a caption row over the labels as no answer", async () => {
    const bytes = buildDocx({
      blocks: [
        "1. Instructions",
        "a. Tick one answer for each statement.",
        "b. There are no wrong answers.",
        "A. Market orientation",
        { kind: "table", rows: [["Statement", "Answer", ""], ["", "Yes", "No"], ["Do you watch what competitors do?", "", ""], ["Do you answer new demand quickly?", "", ""]] },
        "B. Business model",
        { kind: "table", rows: [["Statement", "Answer", ""], ["", "Yes", "No"], ["Have you changed the product's quality?", "", ""], ["Have you tried a new sales channel?", "", ""], ["Have you changed how you price?", "", ""]] },
      ],
    });
    const grids = questionsOf(await parseDocx(bytes)).filter((q) => q.type === "grid");
    expect(grids.map((q) => [q.text, q.rows.length, q.columns.map((column) => column.label)])).toEqual([
      [expect.stringContaining("Market orientation"), 2, ["Yes", "No"]],
      [expect.stringContaining("Business model"), 3, ["Yes", "No"]],
    ]);
  });

  it("leaves a table whose rows carry answers in their cells", async () => {
    const text = ["# Form", "## Prices", "| Item | Shop | Market |", "|---|---|---|", "| Rice per kilo | 12 | 10 |", "| Oil per litre | 20 | 18 |"].join("\n\n");
    const qs = questionsOf(await parseText(text, "form.md"));
    expect(qs.some((q) => q.type === "grid" && q.text === "Prices")).toBe(false);
  });
});
