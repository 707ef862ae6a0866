import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx, type DocxBlock } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
/** A write-in's type (open or numeric) comes from its label's words, which are not this reader's concern. */
const kind = (question: IRQuestion) => (question.type === "open" || question.type === "numeric" ? "written" : question.type);
const summary = (ir: QuestionnaireIR) => questions(ir).map((question) => [question.id, question.text, kind(question), question.options.map((option) => option.label)]);

async function parse(blocks: DocxBlock[]): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(buildDocx({ blocks }), { filename: "form.docx" }));
}

describe("label | answer tables: a Word form whose rows are questions by their place", () => {
  it("reads each row as a question: the label cell asks, the boxed answers typed on one line are one answer each, an empty answer cell is written in", async () => {
    const ir = await parse([
      "Part one: Your allotment",
      {
        kind: "table",
        rows: [
          ["Plot size (square metres)", ""],
          ["Soil type", "☐ Clay     ☐ Loam     ☐ Sand"],
          ["Water butt on the plot", "☐ No          ☐ Yes, how many:"],
          ["Shared with a neighbour", "☐ No          ☐ Yes"],
          ["Main crop this season", ""],
        ],
      },
      "Part two: Your visits",
      {
        kind: "table",
        rows: [
          ["Visits in a usual week", ""],
          ["Travel to the plot", [{ runs: [{ text: "☐ On foot" }] }, { runs: [{ text: "☐ By bicycle" }] }, { runs: [{ text: "☐ By car" }] }]],
          ["Tools kept on site", "☐ No          ☐ Yes"],
        ],
      },
    ]);
    expect(summary(ir)).toEqual([
      ["Q1", "Plot size (square metres)", "written", []],
      ["Q2", "Soil type", "single", ["Clay", "Loam", "Sand"]],
      ["Q3", "Water butt on the plot", "single", ["No", "Yes, how many"]],
      ["Q4", "Shared with a neighbour", "single", ["No", "Yes"]],
      ["Q5", "Main crop this season", "written", []],
      ["Q6", "Visits in a usual week", "written", []],
      ["Q7", "Travel to the plot", "single", ["On foot", "By bicycle", "By car"]],
      ["Q8", "Tools kept on site", "single", ["No", "Yes"]],
    ]);
    // The part title after a last row whose answer cell is empty opens the next part; it is not that row's wording.
    const section = questions(ir).find((question) => question.id === "Q6")?.section;
    expect(ir.sections.find((entry) => entry.key === section)?.title).toBe("Your visits");
  });

  it("finds the label column second in a right-to-left form, the box typed after each answer's word", async () => {
    const ir = await parse([
      {
        kind: "table",
        rows: [
          ["", "Years at this address"],
          ["Rent ☐    Own ☐", "Home is"],
          ["No ☐    Yes ☐", "Garden at home"],
          ["No ☐    Yes ☐", "Pets at home"],
        ],
      },
    ]);
    expect(summary(ir)).toEqual([
      ["Q1", "Years at this address", "written", []],
      ["Q2", "Home is", "single", ["Rent", "Own"]],
      ["Q3", "Garden at home", "single", ["No", "Yes"]],
      ["Q4", "Pets at home", "single", ["No", "Yes"]],
    ]);
  });

  it("leaves a two-column table whose second column holds no boxes to the other table rules", async () => {
    const ir = await parse([
      "How often do you visit the plot?",
      {
        kind: "table",
        rows: [
          ["Daily", "1"],
          ["Weekly", "2"],
          ["Monthly", "3"],
        ],
      },
    ]);
    expect(questions(ir).map((question) => question.id)).not.toContain("Q3");
  });
});
