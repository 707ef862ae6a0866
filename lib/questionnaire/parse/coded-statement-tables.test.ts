import { describe, expect, it } from "vitest";
import { parseDocx, questionsOf } from "../testing/parse-text";
import { buildDocx, type DocxTable } from "../testing/docx-writer";

const battery = (prefix: string, statements: string[]): DocxTable => ({
  kind: "table",
  rows: [["Code", "Statement", "1", "2", "3", "4"], ...statements.map((text, index) => [`${prefix}${index + 1}`, text, "☐", "☐", "☐", "☐"])],
});

describe("coded statement tables", () => {
  it("reads each table of coded statements over boxes as one grid under its heading, the codes as row values", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "Mark one box per row: 1 = Never, 2 = Sometimes, 3 = Often, 4 = Always.",
          { runs: "Part K - Garden habits", style: "Heading1" },
          battery("K", ["I water the plants before breakfast.", "The hedge is trimmed every spring.", "Compost is turned once a week."]),
          { runs: "Part L - Kitchen habits", style: "Heading1" },
          battery("L", ["Leftovers are frozen on the same day.", "I bake bread at the weekend."]),
        ],
      }),
    );
    const grids = questionsOf(ir).filter((question) => question.type === "grid");
    expect(grids).toHaveLength(2);
    expect(questionsOf(ir)).toHaveLength(2);
    expect(grids[0].text).toContain("Garden habits");
    expect(grids[0].rows.map((row) => row.code)).toEqual(["K1", "K2", "K3"]);
    expect(grids[0].rows[0].label).toBe("I water the plants before breakfast.");
    expect(grids[0].columns).toHaveLength(4);
    expect(grids[1].rows.map((row) => row.code)).toEqual(["L1", "L2"]);
  });

  it("keeps a table of coded questions with answers of their own as questions", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          {
            kind: "table",
            rows: [
              ["Code", "Question", "Answer"],
              ["M1", "How many rooms does the house have?", "____"],
              ["M2", "Which floor is the kitchen on?", "____"],
            ],
          },
        ],
      }),
    );
    expect(questionsOf(ir).some((question) => question.type === "grid")).toBe(false);
  });
});
