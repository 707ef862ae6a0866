import { describe, expect, it } from "vitest";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { openFlagCount, reviewOf } from "./items";

const PAGE_B = "0190a1b2-0000-7000-8000-00000000000b";

function document(): TSurveyDocument {
  return {
    version: 1,
    survey: { id: "s", slug: "s", name: "S" },
    first_page_id: "p1",
    pages: [
      {
        id: PAGE_B,
        name: "Later",
        order: 1,
        attention_required: { reason: "No path reaches it.", dismissed: false, flags: [{ source: "validator", code: "unreachable_page", reason: 'No path through the survey reaches the page "Later".', dismissed: false }] },
        blocks: [{ id: "b2", order: 0, config: { type: "text", content: "Bye", content_type: "markdown", source: { questionnaire_revision: 1, start: 50, end: 53, excerpt: "Bye" } } }],
        navigation_rules: [],
      },
      {
        id: "p1",
        name: "Screener",
        order: 0,
        blocks: [
          {
            id: "b1",
            order: 0,
            config: {
              type: "single_choice",
              content: "Own a camera?",
              content_type: "markdown",
              source: { questionnaire_revision: 1, start: 0, end: 40, excerpt: "S1. Own a camera? 1 Yes 2 No" },
              question: { variable: "S1", required: true, options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] },
              attentionRequired: {
                reason: "x",
                dismissed: false,
                flags: [
                  { source: "compiler", reason: "Remaining CLASSIFY AS NONE and TERMINATE was not programmed.", dismissed: false, ...({ kind: "termination", excerpt: "Remaining CLASSIFY AS NONE and TERMINATE" } as object) },
                  { source: "note", reason: "Check wording", dismissed: true, dismissed_by: "user:u1", dismissed_at: "2026-11-24T08:00:00.000Z" },
                ],
              },
            },
          },
        ],
        navigation_rules: [
          { id: "r1", order: 0, condition: "{S1} = '2'", target_page_id: "gone-page", attention_required: { reason: "The rule goes to a page (0190a1b2-0000-7000-8000-00000000dead) that does not exist.", dismissed: false } },
        ],
      },
    ],
    variables: [],
  };
}

describe("reviewOf", () => {
  it("lists every flag by page in survey order, in plain words, with the questionnaire's words", () => {
    const review = reviewOf(document());
    expect(review.open).toBe(3);
    expect(review.dismissed).toBe(1);
    expect(openFlagCount(document())).toBe(3);
    expect(review.groups.map((group) => group.page?.name)).toEqual(["Screener", "Later"]);
    const [compiler, note, rule] = review.groups[0].items;
    expect(compiler).toMatchObject({ title: "A screen-out was not programmed", excerpt: "Remaining CLASSIFY AS NONE and TERMINATE", element: { kind: "block", label: "S1" }, dismiss: { element_id: "b1" } });
    expect(note).toMatchObject({ dismissed: true, dismissedBy: "user:u1", excerpt: "S1. Own a camera? 1 Yes 2 No" });
    // A legacy reason becomes one item; an id in it never reaches the reader.
    expect(rule.reason).toBe("The rule goes to a page that does not exist.");
    expect(rule.condition).toEqual({ text: "{S1} = '2'", words: "S1 is No", error: null });
    expect(rule.element.label).toBe("Rule 1 of “Screener” → a page that no longer exists");
    expect(review.groups[1].items[0]).toMatchObject({ title: "No respondent can reach this page", excerpt: "Bye", dismiss: { element_id: PAGE_B, code: "unreachable_page" } });
  });

  it("says so when the survey has no pages", () => {
    const empty = { ...document(), pages: [] };
    expect(reviewOf(empty)).toMatchObject({ open: 1, groups: [{ page: null, items: [{ code: "no_pages" }] }] });
    expect(openFlagCount(empty)).toBe(1);
  });
});
