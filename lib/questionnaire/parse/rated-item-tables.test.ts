import { describe, expect, it } from "vitest";
import { parseDocx, questionsOf } from "../testing/parse-text";
import { buildDocx } from "../testing/docx-writer";

const SCALE = "☐ Essential ☐ Useful ☐ Not needed";
const LONG = "This describes at length what the item covers, how it is observed in practice and why it may matter to the people who judge it, so that every reader has the same understanding of it before rating.";

describe("rated-item tables", () => {
  it("reads a table of items with long descriptions and the same boxed answers in every row as one grid", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "1. How long have you worked in the field? ______ years",
          "Rating form for the proposed skills",
          {
            kind: "table",
            rows: [
              ["Skill", "Description", "Rating"],
              ["Planning (S1)", LONG, SCALE],
              ["Budgeting (S2)", LONG, SCALE],
              ["Reporting (S3)", LONG, SCALE],
            ],
          },
        ],
      }),
    );
    const grids = questionsOf(ir).filter((question) => question.type === "grid");
    expect(grids).toHaveLength(1);
    expect(grids[0].text).toBe("Rating form for the proposed skills");
    expect(grids[0].rows.map((row) => row.label)).toEqual(["Planning (S1)", "Budgeting (S2)", "Reporting (S3)"]);
    expect(grids[0].columns.map((column) => column.label)).toEqual(["Essential", "Useful", "Not needed"]);
    expect(questionsOf(ir)).toHaveLength(2);
  });
});

describe("answer tables with a box beside each code", () => {
  it("reads 'label | ☐ code' rows as coded answers, the first row included", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "1) How do you usually travel to work?",
          { kind: "table", rows: [["Car", "☐ 1"], ["Bus", "☐ 2"], ["Bicycle", "☐ 3"], ["Don't know", "☐ 9"]] },
          "2) Do you work from home?",
          { kind: "table", rows: [["Yes", "☐ 1"], ["No", "☐ 2"]] },
        ],
      }),
    );
    const [first, second] = questionsOf(ir);
    expect(first.options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Car"],
      ["2", "Bus"],
      ["3", "Bicycle"],
      ["9", "Don't know"],
    ]);
    expect(second.options).toHaveLength(2);
  });
});

describe("rated-item tables whose points to circle are drawn as text boxes", () => {
  const points = (count: number) => [{ runs: [{ canvas: Array.from({ length: count }, (_, index) => ({ text: String(index + 1), x: 0.4 * index })) }] }];
  const legend = { runs: [{ canvas: [{ text: "Not at all", x: 0 }, { text: "Very much", x: 2.4 }] }] };

  it("reads the statements as the rows of one grid with the drawn points as its columns, the drawn end labels as its scale", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "Please circle how much each sentence describes your week.",
          legend,
          {
            kind: "table",
            rows: [
              ["I slept well most nights.", points(5)],
              ["I found time to cook.", points(5)],
              [[{ runs: "I went outside every day." }, ...points(5)]],
              ["I felt rested at work.", points(5)],
            ],
          },
          "How many hours do you sleep on a work night?",
          "______",
        ],
      }),
    );
    const [grid] = questionsOf(ir);
    expect(grid.type).toBe("grid");
    expect(grid.text).toBe("Please circle how much each sentence describes your week.");
    expect(grid.rows.map((row) => row.label)).toEqual(["I slept well most nights.", "I found time to cook.", "I went outside every day.", "I felt rested at work."]);
    expect(grid.columns.map((column) => column.label)).toEqual(["1", "2", "3", "4", "5"]);
    expect(grid.instructions.join(" ")).toMatch(/Not at all\s+Very much/);
  });

  it("keeps a table whose numbers are not one run of points as it was", async () => {
    const ir = await parseDocx(
      buildDocx({
        blocks: [
          "Please circle how much each sentence describes your week.",
          { kind: "table", rows: [["I slept well most nights.", "1 3 5"], ["I found time to cook.", "1 3 5"]] },
        ],
      }),
    );
    expect(questionsOf(ir).some((question) => question.type === "grid" && question.columns.length === 3)).toBe(false);
  });
});
