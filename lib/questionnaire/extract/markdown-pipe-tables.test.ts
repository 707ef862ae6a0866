import { describe, expect, it } from "vitest";
import { extractDocument } from "./index";

/**
 * Markdown pipe tables as people write them by hand: cells padded with tabs (so every row has as many tabs as a
 * spreadsheet export), and a blank line left between two groups of rows of the same table.
 */

const encode = (text: string) => new TextEncoder().encode(text);

describe("hand-written Markdown pipe tables", () => {
  it("reads a pipe table padded with tabs as a table, not as tab-separated values", async () => {
    const rows = ["|\t\t|\tQuestion\t|\tOptions\t|", "|---|---|---|", ...Array.from({ length: 12 }, (_, i) => `|\t${i + 1}\t|\tWording ${i + 1}\t|\t\t|`)];
    const doc = await extractDocument(encode(rows.join("\n")), { filename: "form.md" });
    expect(doc.lines.find((line) => line.text === "Wording 3")?.cell).toMatchObject({ col: 1 });
  });

  it("still refuses a tab-separated spreadsheet export", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `id${i}\tlabel ${i}\ttype\tchoices`);
    await expect(extractDocument(encode(rows.join("\n")), { filename: "sheet.txt" })).rejects.toThrow(/tab-separated values/);
  });

  it("carries a table on over a blank line when the next line is a row of as many cells", async () => {
    const text = ["| No | Question | Answer |", "|---|---|---|", "| 1 | Is there a well? | yes |", "", "| 2 | Is there a tap? | no |", "", "After the table."].join("\n");
    const doc = await extractDocument(encode(text), { filename: "form.md" });
    const tap = doc.lines.find((line) => line.text === "Is there a tap?");
    expect(tap?.cell).toMatchObject({ table: 0, row: 2, col: 1 });
    expect(doc.lines.find((line) => line.text === "After the table.")?.cell).toBeUndefined();
  });

  it("starts a new table at a row with its own header, and reads a row of another width after a gap as text", async () => {
    const text = ["| A | B |", "|---|---|", "| 1 | 2 |", "", "| C | D |", "|---|---|", "| 3 | 4 |", "", "| x | y | z |"].join("\n");
    const doc = await extractDocument(encode(text), { filename: "form.md" });
    expect(doc.lines.find((line) => line.text === "3")?.cell).toMatchObject({ table: 1, row: 1 });
    expect(doc.lines.find((line) => line.text.includes("x"))?.cell).toBeUndefined();
  });
});
