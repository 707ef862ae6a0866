import { describe, expect, it } from "vitest";
import { validateSurveyDocument } from "@/lib/questionnaire/validate";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { screenerDocument } from "@/test/helpers/documents";
import { applyContentOperations } from "./apply";
import { nearestCode, planValidationFixes } from "./fix";

const codes = (document: TSurveyDocument) => validateSurveyDocument(document).issues.map((issue) => issue.code);
const page = (document: TSurveyDocument, id: string) => document.pages.find((candidate) => candidate.id === id);
const rules = (document: TSurveyDocument, id: string) => page(document, id)!.navigation_rules.map((rule) => [rule.target_page_id, rule.condition ?? null]);

describe("planValidationFixes", () => {
  it("leaves a clean survey alone", () => {
    const plan = planValidationFixes(screenerDocument());
    expect(plan).toMatchObject({ operations: [], fixed: [], remaining: [] });
  });

  it("removes a rule to a missing page and flags its page for review", () => {
    const document = screenerDocument();
    document.pages[0].navigation_rules[0].target_page_id = "page-deleted";
    expect(codes(document)).toEqual(["missing_target", "unreachable_page"]);
    const plan = planValidationFixes(document);
    expect(plan.fixed).toEqual([expect.objectContaining({ code: "missing_target", how: 'Removed the rule to the missing page and flagged page "S1" for review.' })]);
    expect(rules(plan.document, "page-s1")).toEqual([["page-q1", null]]);
    expect(page(plan.document, "page-s1")!.attention_required).toMatchObject({ flags: [{ source: "note", reason: expect.stringContaining("when {S1} = '2'") }] });
    // The screen-out page nothing leads to any more is an end page: which answers lead there is a person's call.
    expect(plan.remaining).toEqual([
      expect.objectContaining({ code: "unreachable_page", page_id: "page-terminate", reason: expect.stringContaining("add the rule that should send respondents there") }),
    ]);
    // Replaying the planned operations on the original gives the same survey (what commitContentChange does).
    expect(applyContentOperations(document, plan.operations).document).toEqual(plan.document);
  });

  it("replaces an unknown option code by the nearest one when exactly one is nearest, and says why not otherwise", () => {
    const document = screenerDocument();
    document.pages[0].navigation_rules[0].condition = "{S1} = 'no'";
    const plan = planValidationFixes(document);
    expect(plan.fixed).toEqual([expect.objectContaining({ code: "unknown_option", how: "Replaced 'no' → '2' in the condition on S1." })]);
    expect(rules(plan.document, "page-s1")[0]).toEqual(["page-terminate", "{S1} = '2'"]);

    const ambiguous = screenerDocument();
    ambiguous.pages[0].navigation_rules[0].condition = "{S1} = '7'";
    const unfixed = planValidationFixes(ambiguous);
    expect(unfixed.operations).toEqual([]);
    expect(unfixed.remaining).toEqual([expect.objectContaining({ code: "unknown_option", reason: "No single answer code of S1 is nearest to '7'; choose the code yourself." })]);
  });

  it("renames the later of two questions that share a variable, leaving the conditions on the first", () => {
    const document = screenerDocument();
    document.pages[1].blocks[0].config = { ...document.pages[1].blocks[0].config, type: "single_choice", question: { variable: "S1", required: true, options: [{ value: "1", label: "a" }] } };
    const plan = planValidationFixes(document);
    expect(plan.fixed.map((entry) => entry.how)).toEqual(["Renamed the later question S1 to S1_2."]);
    expect(page(plan.document, "page-q1")!.blocks[0].config.question!.variable).toBe("S1_2");
    expect(rules(plan.document, "page-s1")[0]).toEqual(["page-terminate", "{S1} = '2'"]);
  });

  it("lets a dead-end page continue to the only complete page", () => {
    const document = screenerDocument();
    // Q1 goes nowhere: its rule is gone and the end pages come before it.
    document.pages[1].navigation_rules = [];
    document.pages[1].order = 9;
    expect(codes(document)).toContain("dead_end");
    const plan = planValidationFixes(document);
    expect(plan.fixed).toEqual([expect.objectContaining({ code: "dead_end", how: 'Page "Q1" now continues to "End".' })]);
    expect(rules(plan.document, "page-q1")).toEqual([["page-end", null]]);
    expect(codes(plan.document)).toEqual([]);
  });

  it("links a page added after the end pages in before the complete page, and removes an empty unreachable page", () => {
    const base = screenerDocument();
    const { document } = applyContentOperations(base, [
      { op: "add_page", id: "0190a000-0000-7000-8000-000000000001", name: "Brand" },
      { op: "add_block", page_id: "0190a000-0000-7000-8000-000000000001", type: "open_text", content: "Which brand?", question: { variable: "Q2" } },
      { op: "add_page", id: "0190a000-0000-7000-8000-000000000002", name: "Empty" },
    ]);
    expect(codes(document)).toEqual(expect.arrayContaining(["unreachable_page", "dead_end", "empty_page"]));
    const plan = planValidationFixes(document);
    expect(plan.fixed.map((entry) => entry.how)).toEqual(
      expect.arrayContaining(['Removed the empty page "Empty" that no path reaches.', 'Page "Brand" now comes between "Q1" and the end page "End".']),
    );
    expect(rules(plan.document, "page-q1")).toEqual([["0190a000-0000-7000-8000-000000000001", null]]);
    expect(rules(plan.document, "0190a000-0000-7000-8000-000000000001")).toEqual([["page-end", null]]);
    expect(page(plan.document, "0190a000-0000-7000-8000-000000000002")).toBeUndefined();
    expect(codes(plan.document)).toEqual([]);
  });

  it("links a page added after the end pages in on the fall-through edge when a conditional skip also ends there", () => {
    const base = screenerDocument();
    const { document } = applyContentOperations(base, [
      { op: "add_rule", page_id: "page-s1", target_page_id: "page-end", condition: "{S1} = '3'", position: 0 },
      { op: "add_page", id: "0190a000-0000-7000-8000-000000000001", name: "Brand" },
      { op: "add_block", page_id: "0190a000-0000-7000-8000-000000000001", type: "open_text", content: "Which brand?", question: { variable: "Q2" } },
    ]);
    const plan = planValidationFixes(document);
    expect(plan.fixed.map((entry) => entry.how)).toContain('Page "Brand" now comes between "Q1" and the end page "End".');
    expect(rules(plan.document, "page-s1")).toContainEqual(["page-end", "{S1} = '3'"]);
    expect(codes(plan.document)).not.toContain("unreachable_page");
  });

  it("puts an unreachable page back on the path its predecessor jumps over", () => {
    const document = screenerDocument();
    // S1 → (always) End skips Q1.
    document.pages[0].navigation_rules[1].target_page_id = "page-end";
    expect(codes(document)).toContain("unreachable_page");
    const plan = planValidationFixes(document);
    expect(plan.fixed.map((entry) => entry.how)).toEqual(['Page "S1" now leads to "Q1", which continues to "End".']);
    expect(rules(plan.document, "page-s1")).toEqual([["page-terminate", "{S1} = '2'"], ["page-q1", null]]);
  });

  it("keeps what it cannot fix flagged, with the reason", () => {
    const document = screenerDocument();
    document.pages[1].navigation_rules[0].condition = "{Q1} > {S1}";
    const plan = planValidationFixes(document);
    expect(plan.remaining).toEqual([expect.objectContaining({ code: "invalid_condition", reason: "There is no automatic fix for this finding; a person has to decide." })]);
  });
});

describe("nearestCode", () => {
  const options = [
    { value: "1", label: "Yes" },
    { value: "2", label: "No" },
    { value: "10", label: "Maybe" },
  ];
  it("prefers a label, then the same code written differently, then one typo away — only when unique", () => {
    expect(nearestCode("yes", options)).toBe("1");
    expect(nearestCode("02", options)).toBe("2");
    expect(nearestCode("100", options)).toBe("10");
    expect(nearestCode("3", options)).toBeNull();
  });
});
