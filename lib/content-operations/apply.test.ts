import { describe, expect, it } from "vitest";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { screenerDocument } from "@/test/helpers/documents";
import { applyContentOperations, derivedId } from "./apply";
import { ContentOperationError } from "./errors";
import type { TContentOperationInput } from "./schemas";

/**
 * The screener (S1 screens out "2", Q1 number, end pages) plus a page with a multiple-choice question Q2
 * (shown when Q1 > 10; option 3 shown when S1 = '1') and a grid Q3 whose rule names row r1, column 5.
 */
function survey(): TSurveyDocument {
  const document = screenerDocument();
  document.pages[1].navigation_rules = [{ id: "rule-q1-q2", order: 0, target_page_id: "page-q2" }];
  document.pages.splice(2, 0, {
    id: "page-q2",
    name: "Q2",
    order: 2,
    blocks: [
      {
        id: "block-q2",
        order: 0,
        config: {
          type: "multiple_choice",
          content: "Which brands do you know?",
          content_type: "markdown",
          showIf: "{Q1} > 10",
          question: {
            variable: "Q2",
            required: true,
            options: [
              { value: "1", label: "Alpha" },
              { value: "2", label: "Beta" },
              { value: "3", label: "Gamma", showIf: "{S1} = '1'" },
              { value: "99", label: "None", exclusive: true },
            ],
          },
        },
      },
      {
        id: "block-q3",
        order: 1,
        config: {
          type: "matrix",
          content: "Rate each brand",
          content_type: "markdown",
          question: {
            variable: "Q3",
            required: true,
            rows: [
              { value: "r1", label: "Alpha" },
              { value: "r2", label: "Beta" },
            ],
            columns: [
              { value: "1", label: "Bad" },
              { value: "5", label: "Good" },
            ],
          },
        },
      },
    ],
    navigation_rules: [
      { id: "rule-q2-out", order: 0, condition: "{Q2} anyof ['2', '3'] and {Q3.r1} = '5'", target_page_id: "page-terminate" },
      { id: "rule-q2-end", order: 1, target_page_id: "page-end" },
    ],
  });
  document.pages.forEach((page, index) => (page.order = index));
  document.variables.push({ name: "Q2", type: "question", block_id: "block-q2" }, { name: "Q3", type: "question", block_id: "block-q3" }, { id: "var-panel", name: "PANEL", type: "hidden" });
  return document;
}

function apply(operations: TContentOperationInput[], document = survey()) {
  return applyContentOperations(document, operations, { actor: "user:u1", now: new Date("2026-11-24T10:00:00Z") });
}

function failure(operations: TContentOperationInput[], document = survey()): ContentOperationError {
  try {
    apply(operations, document);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentOperationError);
    return error as ContentOperationError;
  }
  throw new Error("expected the operations to fail");
}

const page = (document: TSurveyDocument, id: string) => document.pages.find((candidate) => candidate.id === id)!;
const block = (document: TSurveyDocument, id: string) => document.pages.flatMap((candidate) => candidate.blocks).find((candidate) => candidate.id === id)!;
const rule = (document: TSurveyDocument, id: string) => document.pages.flatMap((candidate) => candidate.navigation_rules).find((candidate) => candidate.id === id)!;
const pageNames = (document: TSurveyDocument) => [...document.pages].sort((a, b) => a.order - b.order).map((candidate) => candidate.name);

describe("applyContentOperations", () => {
  it("never modifies its input and applies nothing of a batch that fails", () => {
    const input = survey();
    const snapshot = structuredClone(input);
    apply([{ op: "update_page", page_id: "page-q1", name: "Mileage" }], input);
    expect(input).toEqual(snapshot);
    const error = failure([{ op: "update_page", page_id: "page-q1", name: "Mileage" }, { op: "delete_rule", rule_id: "nope" }], input);
    expect(error).toMatchObject({ status: 404, operation: 1 });
    expect(input).toEqual(snapshot);
  });

  it("refuses a malformed operation with 400 and the field's path", () => {
    const error = failure([{ op: "add_page" } as unknown as TContentOperationInput]);
    expect(error.status).toBe(400);
    expect(error.extra.details).toEqual([expect.objectContaining({ path: "operations[0].name" })]);
    expect(failure([{ op: "no_such_op" } as unknown as TContentOperationInput]).status).toBe(400);
  });

  describe("pages", () => {
    it("add_page appends a page (or puts it at a position) and returns its generated id", () => {
      const { document, changes, applied } = apply([
        { op: "add_page", name: "Demographics" },
        { op: "add_page", name: "Intro", position: 0, assign_response_status: "complete" },
      ]);
      expect(pageNames(document)).toEqual(["Intro", "S1", "Q1", "Q2", "Screened out", "End", "Demographics"]);
      const id = (applied[0] as { id: string }).id;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(page(document, id)).toMatchObject({ name: "Demographics", blocks: [], navigation_rules: [] });
      expect(changes.map((change) => change.summary)).toEqual(['Added page "Demographics"', 'Added page "Intro" (ends the response: complete)']);
      expect(document.first_page_id).toBe("page-s1");
    });

    it("add_page on an empty survey makes it the start page; a given id is kept and must be free", () => {
      const empty: TSurveyDocument = { version: 1, survey: { id: "s", slug: "s", name: "s" }, first_page_id: null, pages: [], variables: [] };
      const id = "0190a000-0000-7000-8000-000000000001";
      const { document } = apply([{ op: "add_page", id, name: "First" }], empty);
      expect(document.first_page_id).toBe(id);
      expect(failure([{ op: "add_page", id, name: "Again" }], document)).toMatchObject({ status: 409, code: "conflict" });
    });

    it("update_page renames and sets or clears the response status", () => {
      const { document, changes } = apply([
        { op: "update_page", page_id: "page-q1", name: "Mileage", assign_response_status: "complete" },
        { op: "update_page", page_id: "page-terminate", assign_response_status: null },
      ]);
      expect(page(document, "page-q1")).toMatchObject({ name: "Mileage", assign_response_status: "complete" });
      expect(page(document, "page-terminate").assign_response_status).toBeUndefined();
      expect(changes.map((change) => [change.field, change.before, change.after])).toEqual([
        ["name", "Q1", "Mileage"],
        ["assign_response_status", null, "complete"],
        ["assign_response_status", "disqualified", null],
      ]);
    });

    it("delete_page refuses while rules lead to it or conditions name its questions; force deletes it and leaves those rules flagged-to-be", () => {
      const ruled = failure([{ op: "delete_page", page_id: "page-terminate" }]);
      expect(ruled).toMatchObject({ status: 409, code: "conflict" });
      expect(ruled.extra.details).toEqual([
        expect.objectContaining({ rule_id: "rule-s1-terminate" }),
        expect.objectContaining({ rule_id: "rule-q2-out" }),
      ]);
      const named = failure([
        { op: "update_rule", rule_id: "rule-s1-next", target_page_id: "page-q2" },
        { op: "update_rule", rule_id: "rule-q1-q2", target_page_id: "page-q2" },
        { op: "delete_page", page_id: "page-q1" },
      ]);
      expect(named).toMatchObject({ status: 409, code: "variable_in_use", operation: 2 });
      expect(named.extra.details).toEqual([expect.objectContaining({ element_id: "block-q2", condition: "{Q1} > 10" })]);

      const { document, changes } = apply([{ op: "delete_page", page_id: "page-terminate", force: true }]);
      expect(document.pages.some((candidate) => candidate.id === "page-terminate")).toBe(false);
      expect(rule(document, "rule-s1-terminate").target_page_id).toBe("page-terminate");
      expect(pageNames(document)).toEqual(["S1", "Q1", "Q2", "End"]);
      expect(document.pages.map((candidate) => candidate.order)).toEqual([0, 1, 2, 3]);
      expect(changes[0].summary).toBe('Deleted page "Screened out" with 1 block and 0 rules');
    });

    it("delete_page removes its questions' variables and moves the start page on", () => {
      const { document } = apply([
        { op: "delete_rule", rule_id: "rule-s1-terminate" },
        { op: "delete_rule", rule_id: "rule-q2-out" },
        { op: "set_show_if", block_id: "block-q2", choice: { list: "options", value: "3" }, condition: null },
        { op: "delete_page", page_id: "page-s1" },
      ]);
      expect(document.first_page_id).toBe("page-q1");
      expect(document.variables.map((variable) => variable.name)).toEqual(["Q1", "Q2", "Q3", "PANEL"]);
    });

    it("move_page changes the list order only", () => {
      const { document, changes } = apply([{ op: "move_page", page_id: "page-end", position: 0 }]);
      expect(pageNames(document)).toEqual(["End", "S1", "Q1", "Q2", "Screened out"]);
      expect(document.first_page_id).toBe("page-s1");
      expect(changes[0]).toMatchObject({ field: "order", before: 4, after: 0 });
    });

    it("duplicate_page copies blocks with new variables and rules with the same targets, deterministically", () => {
      const id = "0190a000-0000-7000-8000-0000000000aa";
      const { document, applied } = apply([{ op: "duplicate_page", page_id: "page-q2", id }]);
      const copy = page(document, id);
      expect(pageNames(document)).toEqual(["S1", "Q1", "Q2", "Q2 (copy)", "Screened out", "End"]);
      expect(copy.blocks.map((candidate) => candidate.config.question?.variable)).toEqual(["Q2_2", "Q3_2"]);
      expect(copy.blocks[0].id).toBe(derivedId(id, "block-0"));
      expect(copy.navigation_rules.map((candidate) => [candidate.target_page_id, candidate.condition])).toEqual([
        ["page-terminate", "{Q2} anyof ['2', '3'] and {Q3.r1} = '5'"],
        ["page-end", undefined],
      ]);
      expect(document.variables.filter((variable) => variable.name.endsWith("_2")).map((variable) => variable.block_id)).toEqual(copy.blocks.map((candidate) => candidate.id));
      // Replaying the applied operation creates the very same elements.
      expect(apply(applied).document).toEqual(document);
    });

    it("set_first_page changes where respondents start", () => {
      const { document, changes } = apply([{ op: "set_first_page", page_id: "page-q1" }]);
      expect(document.first_page_id).toBe("page-q1");
      expect(changes[0].summary).toBe('Respondents now start on "Q1"');
      expect(failure([{ op: "set_first_page", page_id: "ghost" }])).toMatchObject({ status: 404, extra: { resource: "page" } });
    });
  });

  describe("blocks", () => {
    it("add_block adds a question with its variable, and refuses a duplicate variable or a question without one", () => {
      const { document, applied, changes } = apply([
        {
          op: "add_block",
          page_id: "page-q1",
          type: "single_choice",
          content: "Do you lease?",
          question: { variable: "Q1b", options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] },
          showIf: "{Q1}>0",
        },
      ]);
      const id = (applied[0] as { id: string }).id;
      expect(block(document, id)).toMatchObject({ order: 1, config: { type: "single_choice", showIf: "{Q1} > 0", question: { variable: "Q1b", required: true } } });
      expect(document.variables.at(-1)).toMatchObject({ id: derivedId(id, "variable"), name: "Q1b", type: "question", block_id: id, label: "Do you lease?" });
      expect(changes[0].summary).toBe('Added question Q1b (single_choice) on page "Q1"');
      expect(failure([{ op: "add_block", page_id: "page-q1", type: "number", content: "Again", question: { variable: "Q1" } }])).toMatchObject({ status: 409 });
      expect(failure([{ op: "add_block", page_id: "page-q1", type: "number", content: "No variable" }])).toMatchObject({ status: 400 });
      expect(failure([{ op: "add_block", page_id: "page-q1", type: "text", content: "x", question: { variable: "T" } }])).toMatchObject({ status: 400 });
    });

    it("add_block refuses an invalid condition with the parser's position", () => {
      const error = failure([{ op: "add_block", page_id: "page-q1", type: "text", content: "Note", showIf: "{Q1} == 3" }]);
      expect(error).toMatchObject({ status: 400, code: "validation_error" });
      expect(error.extra.details).toEqual([{ path: "operations[0].showIf", message: expect.stringContaining("at position 5"), position: 5 }]);
    });

    it("update_block changes wording, type, required, options and limits, with one change record each", () => {
      const { document, changes } = apply([
        {
          op: "update_block",
          block_id: "block-s1",
          content: "Do you own or lease a car?",
          type: "multiple_choice",
          required: false,
          options: [{ value: "1", label: "Own" }, { value: "2", label: "Lease" }, { value: "3", label: "Neither", exclusive: true }],
        },
        { op: "update_block", block_id: "block-q1", min: null, max: 500, randomize: true },
      ]);
      expect(block(document, "block-s1").config).toMatchObject({ type: "multiple_choice", content: "Do you own or lease a car?", question: { required: false } });
      expect(block(document, "block-s1").config.question!.options!.map((option) => option.value)).toEqual(["1", "2", "3"]);
      expect(block(document, "block-q1").config.question).toMatchObject({ max: 500, randomize: true });
      expect(block(document, "block-q1").config.question).not.toHaveProperty("min");
      expect(changes.map((change) => change.summary)).toEqual([
        "S1: wording changed",
        "S1: single_choice → multiple_choice",
        "S1: now optional",
        "S1: options 1, 2 → 1, 2, 3",
        "Q1: min 0 → none",
        "Q1: max 10000 → 500",
        "Q1: randomize none → true",
      ]);
      expect(failure([{ op: "update_block", block_id: "block-s1", options: [{ value: "1", label: "a" }, { value: "1", label: "b" }] }])).toMatchObject({ status: 400 });
    });

    it("update_block renames the variable with its conditions, and turns text into a question and back", () => {
      const renamed = apply([{ op: "update_block", block_id: "block-q1", variable: "KM" }]).document;
      expect(block(renamed, "block-q2").config.showIf).toBe("{KM} > 10");

      const { document } = apply([{ op: "update_block", block_id: "block-end", type: "open_text", variable: "FEEDBACK" }]);
      expect(block(document, "block-end").config).toMatchObject({ type: "open_text", question: { variable: "FEEDBACK", required: true } });
      expect(document.variables.some((variable) => variable.name === "FEEDBACK" && variable.block_id === "block-end")).toBe(true);
      expect(failure([{ op: "update_block", block_id: "block-end", type: "number" }])).toMatchObject({ status: 400 });

      expect(failure([{ op: "update_block", block_id: "block-q1", type: "text" }])).toMatchObject({ status: 409, code: "variable_in_use" });
      const text = apply([{ op: "update_block", block_id: "block-q1", type: "text", force: true }]).document;
      expect(block(text, "block-q1").config.question).toBeUndefined();
      expect(text.variables.some((variable) => variable.name === "Q1")).toBe(false);
    });

    it("delete_block refuses while conditions name its variable; force keeps them", () => {
      const error = failure([{ op: "delete_block", block_id: "block-s1" }]);
      expect(error).toMatchObject({ status: 409, code: "variable_in_use" });
      expect(error.extra.details).toHaveLength(2);
      expect(error.message).toContain("rule 1 of page \"S1\"");
      const { document } = apply([{ op: "delete_block", block_id: "block-s1", force: true }]);
      expect(page(document, "page-s1").blocks).toEqual([]);
      expect(rule(document, "rule-s1-terminate").condition).toBe("{S1} = '2'");
      expect(document.variables.some((variable) => variable.name === "S1")).toBe(false);
      const text = apply([{ op: "delete_block", block_id: "block-end" }]);
      expect(text.changes[0].summary).toBe('Deleted text block "Thank you for taking part." from page "End"');
    });

    it("move_block moves within a page and across pages, renumbering both", () => {
      const within = apply([{ op: "move_block", block_id: "block-q3", position: 0 }]).document;
      expect(page(within, "page-q2").blocks.map((candidate) => [candidate.id, candidate.order])).toEqual([["block-q3", 0], ["block-q2", 1]]);
      const { document, changes } = apply([{ op: "move_block", block_id: "block-q2", page_id: "page-q1" }]);
      expect(page(document, "page-q1").blocks.map((candidate) => [candidate.id, candidate.order])).toEqual([["block-q1", 0], ["block-q2", 1]]);
      expect(page(document, "page-q2").blocks.map((candidate) => [candidate.id, candidate.order])).toEqual([["block-q3", 0]]);
      expect(changes[0].summary).toBe('Moved Q2 from page "Q2" to "Q1"');
    });

    it("duplicate_block copies right after the original with a new variable", () => {
      const { document, applied } = apply([{ op: "duplicate_block", block_id: "block-q2" }, { op: "duplicate_block", block_id: "block-q2", variable: "Q2x" }]);
      const [first, second] = applied.map((operation) => (operation as { id: string }).id);
      expect(page(document, "page-q2").blocks.map((candidate) => candidate.config.question?.variable)).toEqual(["Q2", "Q2x", "Q2_2", "Q3"]);
      expect(block(document, first).config.question!.options).toHaveLength(4);
      expect(block(document, second).config.attentionRequired).toBeUndefined();
      expect(failure([{ op: "duplicate_block", block_id: "block-q2", variable: "Q3" }])).toMatchObject({ status: 409 });
    });
  });

  describe("options, rows and columns", () => {
    it("add_choice, move_choice and update_choice (label, exclusive, other)", () => {
      const { document, changes } = apply([
        { op: "add_choice", block_id: "block-q2", choice: { value: "4", label: "Delta" }, position: 3 },
        { op: "move_choice", block_id: "block-q2", value: "99", position: 0 },
        { op: "update_choice", block_id: "block-q2", value: "2", label: "Beta (new)", other: true },
        { op: "update_choice", block_id: "block-q2", value: "99", exclusive: false },
      ]);
      const options = block(document, "block-q2").config.question!.options!;
      expect(options.map((option) => option.value)).toEqual(["99", "1", "2", "3", "4"]);
      expect(options[2]).toEqual({ value: "2", label: "Beta (new)", other: true });
      expect(options[0]).toEqual({ value: "99", label: "None" });
      expect(changes.map((change) => change.summary)).toEqual([
        'Q2: added option 4 "Delta"',
        "Q2: moved option 99 to position 1",
        'Q2: option 2 relabelled "Beta (new)"',
        'Q2: option 2 is an "other (specify)"',
        "Q2: option 99 is no longer exclusive",
      ]);
      expect(failure([{ op: "add_choice", block_id: "block-q2", choice: { value: "1", label: "dup" } }])).toMatchObject({ status: 409 });
      expect(failure([{ op: "add_choice", block_id: "block-end", choice: { value: "1", label: "x" } }])).toMatchObject({ status: 409 });
    });

    it("update_choice with a new code rewrites the conditions that compare with it (options, grid rows and columns)", () => {
      const { document, changes } = apply([
        { op: "update_choice", block_id: "block-q2", value: "2", new_value: "20" },
        { op: "update_choice", block_id: "block-q3", list: "rows", value: "r1", new_value: "alpha" },
        { op: "update_choice", block_id: "block-q3", list: "columns", value: "5", new_value: "7" },
        { op: "update_choice", block_id: "block-s1", value: "2", new_value: "0" },
      ]);
      expect(rule(document, "rule-q2-out").condition).toBe("{Q2} anyof ['20', '3'] and {Q3.alpha} = '7'");
      expect(rule(document, "rule-s1-terminate").condition).toBe("{S1} = '0'");
      expect(changes[0].summary).toBe("Q2: option code 2 → 20 (1 condition updated)");
    });

    it("delete_choice refuses while a condition uses the code, unless forced", () => {
      const error = failure([{ op: "delete_choice", block_id: "block-q3", list: "columns", value: "5" }]);
      expect(error).toMatchObject({ status: 409, code: "variable_in_use" });
      const { document } = apply([
        { op: "delete_choice", block_id: "block-q2", value: "1" },
        { op: "delete_choice", block_id: "block-q2", value: "3", force: true },
      ]);
      expect(block(document, "block-q2").config.question!.options!.map((option) => option.value)).toEqual(["2", "99"]);
      expect(failure([{ op: "delete_choice", block_id: "block-q2", value: "42" }])).toMatchObject({ status: 404 });
    });
  });

  describe("navigation rules", () => {
    it("add_rule stores the condition canonically and checks the target", () => {
      const { document, applied, changes } = apply([{ op: "add_rule", page_id: "page-q1", target_page_id: "page-end", condition: "{Q1}>=100 and not({S1}='1')", position: 0 }]);
      const id = (applied[0] as { id: string }).id;
      expect(page(document, "page-q1").navigation_rules.map((candidate) => [candidate.id, candidate.order])).toEqual([[id, 0], ["rule-q1-q2", 1]]);
      expect(rule(document, id).condition).toBe("{Q1} >= 100 and not {S1} = '1'");
      expect(changes[0].summary).toBe("Added rule Q1 → End when {Q1} >= 100 and not {S1} = '1'");
      expect(failure([{ op: "add_rule", page_id: "page-q1", target_page_id: "ghost" }]).extra.details).toEqual([
        expect.objectContaining({ path: "operations[0].target_page_id" }),
      ]);
    });

    it("update_rule retargets and sets or removes the condition; delete_rule removes it", () => {
      const { document, changes } = apply([
        { op: "update_rule", rule_id: "rule-s1-terminate", target_page_id: "page-end", condition: null },
        { op: "delete_rule", rule_id: "rule-s1-next" },
      ]);
      expect(page(document, "page-s1").navigation_rules).toEqual([{ id: "rule-s1-terminate", order: 0, target_page_id: "page-end" }]);
      expect(changes.map((change) => change.summary)).toEqual([
        'Rule S1 → Screened out now goes to "End"',
        "Rule S1 → End: always applies (was {S1} = '2')",
        "Deleted rule S1 → Q1",
      ]);
      const invalid = failure([{ op: "update_rule", rule_id: "rule-s1-next", condition: "{S1} = " }]);
      expect(invalid.extra.details).toEqual([expect.objectContaining({ path: "operations[0].condition", position: 7 })]);
    });

    it("reorder_rules needs every rule of the page once", () => {
      const { document } = apply([{ op: "reorder_rules", page_id: "page-s1", rule_ids: ["rule-s1-next", "rule-s1-terminate"] }]);
      expect(page(document, "page-s1").navigation_rules.map((candidate) => [candidate.id, candidate.order])).toEqual([["rule-s1-next", 0], ["rule-s1-terminate", 1]]);
      expect(failure([{ op: "reorder_rules", page_id: "page-s1", rule_ids: ["rule-s1-next"] }])).toMatchObject({ status: 400 });
    });
  });

  describe("display conditions", () => {
    it("set_show_if sets or clears the condition of a block, an option, a row or a column", () => {
      const { document, changes } = apply([
        { op: "set_show_if", block_id: "block-q1", condition: "{S1} = '1'" },
        { op: "set_show_if", block_id: "block-q2", condition: null },
        { op: "set_show_if", block_id: "block-q3", choice: { list: "rows", value: "r2" }, condition: "{Q2} anyof ['2']" },
        { op: "set_show_if", block_id: "block-q2", choice: { list: "options", value: "3" }, condition: null },
      ]);
      expect(block(document, "block-q1").config.showIf).toBe("{S1} = '1'");
      expect(block(document, "block-q2").config.showIf).toBeUndefined();
      expect(block(document, "block-q3").config.question!.rows![1].showIf).toBe("{Q2} anyof ['2']");
      expect(block(document, "block-q2").config.question!.options![2]).not.toHaveProperty("showIf");
      expect(changes.map((change) => change.summary)).toEqual([
        "Q1: shown only when {S1} = '1'",
        "Q2: always shown",
        "row r2 of Q3: shown only when {Q2} anyof ['2']",
        "option 3 of Q2: always shown",
      ]);
    });
  });

  describe("variables", () => {
    it("rename_variable renames the question and every condition naming it, through the AST", () => {
      const document = survey();
      // A text that merely contains "S1" (in a string value and a longer name) must not change.
      page(document, "page-q2").navigation_rules[1].condition = "{S10} empty or {Q1} = 'S1'";
      document.variables.push({ name: "S10", type: "hidden" });
      const result = apply([{ op: "rename_variable", variable: "S1", new_name: "SCREEN" }], document);
      expect(block(result.document, "block-s1").config.question!.variable).toBe("SCREEN");
      expect(rule(result.document, "rule-s1-terminate").condition).toBe("{SCREEN} = '2'");
      expect(block(result.document, "block-q2").config.question!.options![2].showIf).toBe("{SCREEN} = '1'");
      expect(rule(result.document, "rule-q2-end").condition).toBe("{S10} empty or {Q1} = 'S1'");
      expect(result.document.variables.find((variable) => variable.block_id === "block-s1")!.name).toBe("SCREEN");
      expect(result.changes[0].summary).toBe("Renamed variable S1 → SCREEN (2 conditions updated)");
      expect(failure([{ op: "rename_variable", variable: "S1", new_name: "Q1" }])).toMatchObject({ status: 409 });
      expect(failure([{ op: "rename_variable", variable: "NOPE", new_name: "X" }])).toMatchObject({ status: 404 });
      expect(failure([{ op: "rename_variable", variable_id: "var-panel", variable: "PANEL", new_name: "X" }])).toMatchObject({ status: 400 });
    });

    it("add_variable declares a hidden variable; delete_variable refuses while conditions name it unless forced", () => {
      const added = apply([{ op: "add_variable", name: "SOURCE", label: "Sample source" }, { op: "set_show_if", block_id: "block-q1", condition: "{PANEL} = 'a'" }]);
      expect(added.document.variables.find((variable) => variable.name === "SOURCE")).toMatchObject({ type: "hidden", label: "Sample source" });
      const inUse = failure([{ op: "delete_variable", variable_id: "var-panel" }], added.document);
      expect(inUse).toMatchObject({ status: 409, code: "variable_in_use" });
      expect(inUse.extra.details).toEqual([{ element_id: "block-q1", where: "display condition of Q1", condition: "{PANEL} = 'a'" }]);
      const forced = apply([{ op: "delete_variable", variable_id: "var-panel", force: true }], added.document);
      expect(forced.document.variables.some((variable) => variable.name === "PANEL")).toBe(false);
      expect(forced.changes[0].summary).toBe("Deleted variable PANEL (1 condition still name it and are flagged)");
      expect(failure([{ op: "delete_variable", variable: "Q1" }])).toMatchObject({ status: 409, code: "conflict" });
      expect(failure([{ op: "delete_variable", variable_id: "missing" }])).toMatchObject({ status: 404 });
    });
  });

  describe("review flags", () => {
    it("flag_for_review adds a note; dismiss_flag dismisses open flags with who and when", () => {
      const flagged = apply([{ op: "flag_for_review", element_id: "block-q1", reason: "Check the upper limit with the client." }]).document;
      expect(block(flagged, "block-q1").config.attentionRequired).toEqual({
        reason: "Check the upper limit with the client.",
        dismissed: false,
        flags: [{ source: "note", reason: "Check the upper limit with the client.", dismissed: false }],
      });
      const { document, changes } = apply([{ op: "dismiss_flag", element_id: "block-q1" }], flagged);
      expect(block(document, "block-q1").config.attentionRequired).toEqual({
        reason: "Check the upper limit with the client.",
        dismissed: true,
        flags: [{ source: "note", reason: "Check the upper limit with the client.", dismissed: true, dismissed_by: "user:u1", dismissed_at: "2026-11-24T10:00:00.000Z" }],
      });
      expect(changes[0].summary).toBe('Q1: dismissed "Check the upper limit with the client."');
      expect(failure([{ op: "dismiss_flag", element_id: "block-q1" }], document)).toMatchObject({ status: 404 });
    });

    it("dismiss_flag reads a legacy { reason, dismissed } as one flag", () => {
      const document = survey();
      page(document, "page-q1").attention_required = { reason: "Routing after Q1 was not programmed.", dismissed: false };
      const result = apply([{ op: "dismiss_flag", element_id: "page-q1" }], document);
      expect(page(result.document, "page-q1").attention_required).toMatchObject({ dismissed: true, flags: [{ dismissed: true, dismissed_by: "user:u1" }] });
    });
  });
});

describe("derivedId", () => {
  it("is UUID-shaped, stable and different per purpose", () => {
    const id = derivedId("0190a000-0000-7000-8000-000000000001", "block-0");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedId("0190a000-0000-7000-8000-000000000001", "block-0")).toBe(id);
    expect(derivedId("0190a000-0000-7000-8000-000000000001", "block-1")).not.toBe(id);
  });
});
