import { describe, expect, it } from "vitest";
import type { TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { validateSurveyDocument } from "./validate";

function question(id: string, variable: string, type: TDocumentBlock["config"]["type"], extra: Partial<NonNullable<TDocumentBlock["config"]["question"]>> = {}, showIf?: string): TDocumentBlock {
  const options = type === "single_choice" || type === "multiple_choice" || type === "dropdown" ? [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] : undefined;
  return {
    id,
    order: 0,
    config: { type, content: variable, content_type: "markdown", ...(showIf ? { showIf } : {}), question: { variable, required: true, ...(options ? { options } : {}), ...extra } },
  };
}

function page(id: string, blocks: TDocumentBlock[], rules: TDocumentPage["navigation_rules"] = [], status?: string): TDocumentPage {
  return { id, name: id, order: 0, blocks: blocks.map((block, order) => ({ ...block, order })), navigation_rules: rules, ...(status ? { assign_response_status: status } : {}) };
}

function survey(pages: TDocumentPage[], variables: TSurveyDocument["variables"] = []): TSurveyDocument {
  return { version: 1, survey: { id: "s", slug: "s", name: "S" }, first_page_id: pages[0]?.id ?? null, pages: pages.map((entry, order) => ({ ...entry, order })), variables };
}

const end = () => page("end", [{ id: "bend", order: 0, config: { type: "text", content: "Thanks", content_type: "markdown" } }], [], "complete");

describe("validateSurveyDocument", () => {
  it("finds nothing to flag in a sound survey and leaves the input untouched", () => {
    const input = survey([page("p1", [question("b1", "Q1", "single_choice")], [{ id: "r1", order: 0, condition: "{Q1} = '2'", target_page_id: "end" }]), page("p2", [question("b2", "Q2", "open_text", {}, "{Q1} = '1'")]), end()]);
    const before = structuredClone(input);
    const { document, issues } = validateSurveyDocument(input);
    expect(issues).toEqual([]);
    expect(document).toEqual(before);
    expect(input).toEqual(before);
  });

  it("flags unknown variables, later questions and unknown answer codes in conditions", () => {
    const { document, issues } = validateSurveyDocument(
      survey([
        page("p1", [question("b1", "Q1", "single_choice", {}, "{Q2} = '1'")]),
        page("p2", [question("b2", "Q2", "single_choice", {}, "{Q1} = '7' or {QX} = '1'")]),
        end(),
      ]),
    );
    expect(issues.map((issue) => [issue.code, issue.block_id, issue.variable])).toEqual([
      ["forward_reference", "b1", "Q2"],
      ["unknown_option", "b2", "Q1"],
      ["unknown_variable", "b2", "QX"],
    ]);
    const b2 = document.pages[1].blocks[0].config.attentionRequired;
    expect(b2?.reason).toBe("The condition uses '7', which is not an answer code of Q1. The condition refers to QX, which is not a question of this survey.");
    expect(document.pages[0].blocks[0].config.attentionRequired?.reason).toBe("The condition refers to Q2, which is asked later in the survey.");
  });

  it("accepts hidden variables declared in the document", () => {
    const { issues } = validateSurveyDocument(survey([page("p1", [question("b1", "Q1", "open_text", {}, "{CELL} = 'A'")]), end()], [{ name: "CELL", type: "hidden" }]));
    expect(issues).toEqual([]);
  });

  it("flags invalid conditions with the syntax problem and rules that point nowhere", () => {
    const { document, issues } = validateSurveyDocument(survey([page("p1", [question("b1", "Q1", "single_choice")], [{ id: "r1", order: 0, condition: "{Q1} = ", target_page_id: "nowhere" }]), end()]));
    expect(issues.map((issue) => [issue.code, issue.rule_id])).toEqual([
      ["missing_target", "r1"],
      ["invalid_condition", "r1"],
    ]);
    expect(document.pages[0].navigation_rules[0].attention_required?.reason).toMatch(/does not exist.*not valid: Expected a value at position 7/);
  });

  it("flags type mismatches: ordering a choice with text codes, comparing a whole grid, a row of a question without rows", () => {
    const choice = question("b1", "Q1", "single_choice", { options: [{ value: "a", label: "A" }, { value: "b", label: "B" }] });
    const grid = question("b2", "G1", "matrix", { rows: [{ value: "1", label: "Row" }], columns: [{ value: "1", label: "Col" }] });
    const { issues } = validateSurveyDocument(survey([page("p1", [choice, grid]), page("p2", [question("b3", "Q3", "open_text", {}, "{Q1} > 2 or {G1} = '1' or {Q1.1} = 'a' or {G1.9} = '1'")]), end()]));
    expect(issues.map((issue) => issue.code)).toEqual(["type_mismatch", "type_mismatch", "type_mismatch", "unknown_row"]);
  });

  it("flags questions without options, grids without rows or columns, and duplicate variables", () => {
    const { issues } = validateSurveyDocument(
      survey([
        page("p1", [question("b1", "Q1", "single_choice", { options: [] }), question("b2", "G", "matrix", { rows: [], columns: [] })]),
        page("p2", [question("b3", "Q1", "open_text")]),
        end(),
      ]),
    );
    expect(issues.map((issue) => [issue.code, issue.block_id])).toEqual([
      ["duplicate_variable", "b3"],
      ["missing_options", "b1"],
      ["missing_rows", "b2"],
      ["missing_columns", "b2"],
    ]);
  });

  it("flags unreachable pages, loops, dead ends and paths that never end", () => {
    const { document, issues } = validateSurveyDocument(
      survey([
        page("p1", [question("b1", "Q1", "single_choice")], [{ id: "r1", order: 0, target_page_id: "p3" }]),
        page("p2", [question("b2", "Q2", "single_choice")]),
        page("p3", [question("b3", "Q3", "single_choice")], [{ id: "r3", order: 0, condition: "{Q3} = '1'", target_page_id: "p1" }, { id: "r4", order: 1, target_page_id: "p3" }]),
        end(),
      ]),
    );
    expect(issues.map((issue) => [issue.code, issue.page_id ?? "", issue.rule_id ?? ""])).toEqual([
      ["unreachable_page", "p2", ""],
      ["unreachable_page", "end", ""],
      ["no_path_to_end", "p1", ""],
      ["no_path_to_end", "p3", ""],
      ["navigation_cycle", "p3", "r3"],
      ["navigation_cycle", "p3", "r4"],
    ]);
    expect(document.pages[1].attention_required?.reason).toBe('No path through the survey reaches the page "p2".');
    const withoutEnd = validateSurveyDocument(survey([page("p1", [question("b1", "Q1", "open_text")])]));
    expect(withoutEnd.issues.map((issue) => issue.code)).toEqual(["dead_end"]);
  });

  it("adds to an attention flag a human has not dismissed and does not repeat a reason", () => {
    const block = question("b1", "Q1", "single_choice", {}, "{Q9} = '1'");
    block.config.attentionRequired = { reason: "Check the wording.", dismissed: false };
    const once = validateSurveyDocument(survey([page("p1", [block]), end()])).document;
    expect(once.pages[0].blocks[0].config.attentionRequired?.reason).toBe("Check the wording. The condition refers to Q9, which is not a question of this survey.");
    const twice = validateSurveyDocument(once).document;
    expect(twice.pages[0].blocks[0].config.attentionRequired?.reason).toBe(once.pages[0].blocks[0].config.attentionRequired?.reason);
  });
});
