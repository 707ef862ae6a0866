import type { TSurveyDocument } from "@/lib/survey-document/schemas";

/** A small screener survey: S1 screens out "No", then Q1, then the end. Ids are compiler-style, not database ids. */
export function screenerDocument(): TSurveyDocument {
  return {
    version: 1,
    survey: { id: "ignored", slug: "ignored", name: "ignored" },
    first_page_id: "page-s1",
    pages: [
      {
        id: "page-s1",
        name: "S1",
        order: 0,
        blocks: [
          {
            id: "block-s1",
            order: 0,
            config: {
              type: "single_choice",
              content: "Do you own a car?",
              content_type: "markdown",
              question: { variable: "S1", required: true, options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] },
            },
          },
        ],
        navigation_rules: [
          { id: "rule-s1-terminate", order: 0, condition: "{S1} = '2'", target_page_id: "page-terminate" },
          { id: "rule-s1-next", order: 1, target_page_id: "page-q1" },
        ],
      },
      {
        id: "page-q1",
        name: "Q1",
        order: 1,
        blocks: [
          {
            id: "block-q1",
            order: 0,
            config: { type: "number", content: "How many kilometres do you drive a week?", content_type: "markdown", question: { variable: "Q1", required: true, min: 0, max: 10000 } },
          },
        ],
        navigation_rules: [{ id: "rule-q1-end", order: 0, target_page_id: "page-end" }],
      },
      {
        id: "page-terminate",
        name: "Screened out",
        order: 2,
        assign_response_status: "disqualified",
        blocks: [{ id: "block-terminate", order: 0, config: { type: "text", content: "Thank you, that is all.", content_type: "markdown" } }],
        navigation_rules: [],
      },
      {
        id: "page-end",
        name: "End",
        order: 3,
        assign_response_status: "complete",
        blocks: [{ id: "block-end", order: 0, config: { type: "text", content: "Thank you for taking part.", content_type: "markdown" } }],
        navigation_rules: [],
      },
    ],
    variables: [
      { name: "S1", type: "question", block_id: "block-s1" },
      { name: "Q1", type: "question", block_id: "block-q1" },
    ],
  };
}
