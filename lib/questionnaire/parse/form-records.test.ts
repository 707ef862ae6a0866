import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { withFieldReferences } from "./form-records";

// A codebook generated from a form definition, one record per field (invented wording).
const CODEBOOK = [
  "# Codebook for the garden visit form",
  "",
  "### visit_start",
  "",
  "- **Label**: nan",
  "- **Type**: start",
  "",
  "### welcome",
  "",
  "- **Label**: Garden survey, spring round",
  "  Please read to the owner",
  "- **Type**: note",
  "",
  "### has_garden",
  "",
  "- **Label**: 1.1. Does the household keep a garden?",
  "- **Type**: select_one yes_no",
  "- **Choices**:",
  "  - 1: Yes",
  "  - 0: No",
  "",
  "### plot_kind",
  "",
  "- **Label**: 1.2. Kind of plot",
  "- **Type**: select_one plot_kind",
  "- **Relevant**: has_garden=1",
  "- **Choices**:",
  "  - 1000: Allotment",
  "  - 2: Backyard",
  "  - 777000: Other",
  "",
  "### plot_other",
  "",
  "- **Label**: Specify",
  "- **Type**: text",
  "- **Relevant**: plot_kind=777000",
  "",
  "### plot_share",
  "",
  "- **Label**: nan",
  "- **Type**: calculate",
  "- **Calculate**: if(plot_kind=2, 1, 0)",
  "",
  "<details open>",
  "<summary><h2>Section 2: Crops (group)</h2></summary>",
  "",
  "- **Type**: begin group",
  "- **Relevant**: has_garden=1 or plot_kind=2",
  "",
  "### crops",
  "",
  "- **Label**: 2.1. Crops grown this year",
  "- **Type**: select_multiple crops",
  "- **Choices**:",
  "  - 1: Beans",
  "  - 2: Squash",
  "  - 777: Other",
  "",
  "### crops_other",
  "",
  "- **Label**: Specify",
  "- **Type**: text",
  "- **Relevant**: selected(crops,'777')",
  "",
  "### tool_code",
  "",
  "- **Label**: 2.2. Enter the tool code if the tag cannot be read",
  "- **Type**: text",
  "- **Relevant**: crops != null and plot_kind = null",
  "",
  "</details>",
  "",
  "### remarks",
  "",
  "- **Label**: Anything else?",
  "- **Type**: text",
].join("\n");

describe("form definitions printed as records (a codebook generated from a form: heading, Label / Type / Relevant / Choices)", () => {
  it("reads each field record as one question named by the field, leaving out metadata, calculations and notes", async () => {
    const questions = questionsOf(await parseText(CODEBOOK, "codebook.md"));
    expect(questions.map((question) => [question.id, question.type, question.text])).toEqual([
      ["has_garden", "single", "Does the household keep a garden?"],
      ["plot_kind", "single", "Kind of plot"],
      ["plot_other", "open", "Specify"],
      ["crops", "multi", "Crops grown this year"],
      ["crops_other", "open", "Specify"],
      ["tool_code", "open", "Enter the tool code if the tag cannot be read"],
      ["remarks", "open", "Anything else?"],
    ]);
  });

  it("takes the codes listed under Choices as the answers, whatever their size", async () => {
    const questions = questionsOf(await parseText(CODEBOOK, "codebook.md"));
    const plot = questions.find((question) => question.id === "plot_kind")!;
    expect(plot.options.map((option) => [option.code, option.label])).toEqual([["1000", "Allotment"], ["2", "Backyard"], ["777000", "Other"]]);
  });

  it("binds each relevance to the fields it names and adds the group's relevance to every field of the group until the block that wraps it closes", async () => {
    const questions = questionsOf(await parseText(CODEBOOK, "codebook.md"));
    const conditions = Object.fromEntries(questions.map((question) => [question.id, question.askIf.map((condition) => condition.condition)]));
    expect(conditions).toEqual({
      has_garden: [],
      plot_kind: ["{has_garden} = '1'"],
      plot_other: ["{plot_kind} = '777000'"],
      crops: ["{has_garden} = '1' or {plot_kind} = '2'"],
      crops_other: ["({has_garden} = '1' or {plot_kind} = '2') and {crops} anyof ['777']"],
      tool_code: ["({has_garden} = '1' or {plot_kind} = '2') and {crops} notempty and {plot_kind} empty"],
      remarks: [],
    });
  });

  it("writes bare field names of a condition as the tool's references, leaving quoted values and other words alone", () => {
    const names = new Set(["age", "pets"]);
    expect(withFieldReferences("age>=18 and selected(pets,'age') or other=1", names)).toBe("${age}>=18 and selected(${pets},'age') or other=1");
  });

  it("leaves documents with fewer than three field records alone", async () => {
    const questions = questionsOf(await parseText(["### Q1", "", "- Type: a survey about gardens", "", "Q2. Do you keep a garden?", "1. Yes", "2. No"].join("\n"), "q.md"));
    expect(questions.map((question) => question.id)).toContain("Q2");
  });
});
