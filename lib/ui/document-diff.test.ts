import { describe, expect, it } from "vitest";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { diffDocuments } from "./document-diff";

function document(overrides: (doc: TSurveyDocument) => void = () => {}): TSurveyDocument {
  const doc: TSurveyDocument = {
    version: 1,
    survey: { id: "s", slug: "s", name: "S" },
    first_page_id: "p1",
    variables: [],
    pages: [
      {
        id: "p1",
        name: "Screener",
        order: 0,
        blocks: [
          { id: "b1", order: 0, config: { type: "single_choice", content: "Age?", content_type: "markdown", question: { variable: "S1", required: true, options: [{ value: "1", label: "Under 18" }, { value: "2", label: "18+" }] } } },
        ],
        navigation_rules: [{ id: "r1", order: 0, condition: "{S1} = '1'", target_page_id: "p3" }],
      },
      { id: "p2", name: "Main", order: 1, blocks: [{ id: "b2", order: 0, config: { type: "open_text", content: "Why?", content_type: "markdown", question: { variable: "Q1", required: true } } }], navigation_rules: [] },
      { id: "p3", name: "Terminate", order: 2, assign_response_status: "disqualified", blocks: [], navigation_rules: [] },
    ],
  };
  overrides(doc);
  return doc;
}

describe("diffDocuments", () => {
  it("finds nothing between identical documents", () => {
    expect(diffDocuments(document(), document()).identical).toBe(true);
  });

  it("reports added, removed and changed pages, blocks and rules", () => {
    const after = document((doc) => {
      doc.pages[0].blocks[0].config.content = "What is your age?";
      doc.pages[0].navigation_rules[0].condition = "{S1} anyof ['1']";
      doc.pages[1].blocks.push({ id: "b3", order: 1, config: { type: "number", content: "How many?", content_type: "markdown", question: { variable: "Q2", required: true } } });
      doc.pages.splice(2, 1, { id: "p4", name: "Screen-out", order: 2, assign_response_status: "disqualified", blocks: [], navigation_rules: [] });
      doc.pages[0].navigation_rules[0].target_page_id = "p4";
    });
    const diff = diffDocuments(document(), after);
    expect(diff.identical).toBe(false);
    expect(diff.pages.added.map((page) => page.name)).toEqual(["Screen-out"]);
    expect(diff.pages.removed.map((page) => page.name)).toEqual(["Terminate"]);
    expect(diff.blocks.added.map((item) => item.block.config.question?.variable)).toEqual(["Q2"]);
    expect(diff.blocks.changed).toHaveLength(1);
    expect(diff.blocks.changed[0].fields).toEqual(["content"]);
    expect(diff.rules.changed[0].fields.sort()).toEqual(["condition", "target"]);
  });

  it("matches elements by meaning when a survey was programmed again with new ids", () => {
    const reprogrammed = document((doc) => {
      for (const page of doc.pages) {
        page.id = `new-${page.id}`;
        for (const block of page.blocks) block.id = `new-${block.id}`;
        for (const rule of page.navigation_rules) {
          rule.id = `new-${rule.id}`;
          rule.target_page_id = `new-${rule.target_page_id}`;
        }
      }
      doc.first_page_id = "new-p1";
    });
    expect(diffDocuments(document(), reprogrammed).identical).toBe(true);
  });
});
