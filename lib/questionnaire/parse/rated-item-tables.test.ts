import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

async function parseDocx(bytes: Uint8Array): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(bytes, { filename: "form.docx" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

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
    const grids = questions(ir).filter((question) => question.type === "grid");
    expect(grids).toHaveLength(1);
    expect(grids[0].text).toBe("Rating form for the proposed skills");
    expect(grids[0].rows.map((row) => row.label)).toEqual(["Planning (S1)", "Budgeting (S2)", "Reporting (S3)"]);
    expect(grids[0].columns.map((column) => column.label)).toEqual(["Essential", "Useful", "Not needed"]);
    expect(questions(ir)).toHaveLength(2);
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
    const [first, second] = questions(ir);
    expect(first.options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Car"],
      ["2", "Bus"],
      ["3", "Bicycle"],
      ["9", "Don't know"],
    ]);
    expect(second.options).toHaveLength(2);
  });
});
