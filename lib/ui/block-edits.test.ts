import { describe, expect, it } from "vitest";
import { applyContentOperations } from "@/lib/content-operations/apply";
import type { TDocumentBlock, TSurveyDocument } from "@/lib/survey-document/schemas";
import { type BlockDraft, blockOperations, describeBlockEdit, draftOf, draftProblems, nextVariableName } from "./block-edits";

function documentWith(block: TDocumentBlock, rules: TSurveyDocument["pages"][number]["navigation_rules"] = []): TSurveyDocument {
  return {
    version: 1,
    survey: { id: "s", slug: "s", name: "S" },
    first_page_id: "p1",
    pages: [
      { id: "p1", name: "P1", order: 0, blocks: [block], navigation_rules: rules },
      { id: "p2", name: "End", order: 1, assign_response_status: "complete", blocks: [{ id: "t", order: 0, config: { type: "text", content: "Thanks", content_type: "markdown" } }], navigation_rules: [] },
    ],
    variables: [{ name: "Q1", type: "question", block_id: "b1" }],
  };
}

const block: TDocumentBlock = {
  id: "b1",
  order: 0,
  config: {
    type: "single_choice",
    content: "Do you own a camera?",
    content_type: "markdown",
    question: { variable: "Q1", required: true, options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }, { value: "3", label: "Not sure" }] },
  },
};

/** Applies the editor's operations with the real module and returns the stored block. */
function save(draft: BlockDraft, rules: TSurveyDocument["pages"][number]["navigation_rules"] = []) {
  const document = documentWith(structuredClone(block), rules);
  const operations = blockOperations(document.pages[0].blocks[0], draft);
  const result = applyContentOperations(document, operations);
  return { operations, block: result.document.pages[0].blocks[0], changes: result.changes, document: result.document };
}

describe("blockOperations", () => {
  it("changes nothing for an untouched draft", () => {
    expect(blockOperations(block, draftOf(block))).toEqual([]);
  });

  it("edits options one by one: relabel, recode (conditions follow), add, remove, reorder, exclusive", () => {
    const draft = draftOf(block);
    draft.options = [
      { original: null, value: "9", label: "Prefer not to say", exclusive: true, other: false },
      { original: "2", value: "20", label: "No", exclusive: false, other: false },
      { original: "1", value: "1", label: "Yes, I do", exclusive: false, other: false },
    ];
    const { operations, block: saved, changes, document } = save(draft, [{ id: "r1", order: 0, condition: "{Q1} = '2'", target_page_id: "p2" }]);
    expect(operations.map((operation) => operation.op)).toEqual(["delete_choice", "update_choice", "update_choice", "add_choice", "move_choice"]);
    expect(saved.config.question!.options).toEqual([
      { value: "9", label: "Prefer not to say", exclusive: true },
      { value: "20", label: "No" },
      { value: "1", label: "Yes, I do" },
    ]);
    expect(document.pages[0].navigation_rules[0].condition).toBe("{Q1} = '20'");
    expect(changes.find((change) => change.field === "label")).toMatchObject({ before: "Yes", after: "Yes, I do" });
    expect(changes.find((change) => change.field === "value")).toMatchObject({ before: "2", after: "20" });
  });

  it("replaces the whole list when codes are swapped", () => {
    const draft = draftOf(block);
    draft.options = [
      { original: "1", value: "2", label: "Yes", exclusive: false, other: false },
      { original: "2", value: "1", label: "No", exclusive: false, other: false },
      { original: "3", value: "3", label: "Not sure", exclusive: false, other: false },
    ];
    const { operations, block: saved } = save(draft);
    expect(operations).toHaveLength(1);
    expect(saved.config.question!.options!.map((option) => `${option.value}=${option.label}`)).toEqual(["2=Yes", "1=No", "3=Not sure"]);
  });

  it("changes the type, wording, requirement, range and display condition in one update", () => {
    const draft = { ...draftOf(block), type: "multiple_choice" as const, content: "Which cameras do you own?", required: false, showIf: "{Q1} notempty" };
    const { block: saved, changes } = save(draft);
    expect(saved.config).toMatchObject({ type: "multiple_choice", content: "Which cameras do you own?", question: { required: false } });
    expect(changes.find((change) => change.field === "type")).toMatchObject({ before: "single_choice", after: "multiple_choice" });
    const number = { ...draftOf(block), type: "number" as const, min: "0", max: "5000", options: [] };
    const saved2 = save(number).block;
    expect(saved2.config.question).toMatchObject({ min: 0, max: 5000, options: [] });
  });

  it("turns a text block into a question with its variable", () => {
    const text: TDocumentBlock = { id: "b1", order: 0, config: { type: "text", content: "Intro", content_type: "markdown" } };
    const document = documentWith(text);
    document.variables = [];
    const draft: BlockDraft = { ...draftOf(text), type: "open_text", variable: "Q2", content: "Why?" };
    const result = applyContentOperations(document, blockOperations(text, draft));
    expect(result.document.pages[0].blocks[0].config).toMatchObject({ type: "open_text", question: { variable: "Q2", required: true } });
  });
});

describe("draftProblems", () => {
  it("asks for codes, unique codes, a variable and a sane range", () => {
    const draft = draftOf(block);
    draft.options = [...draft.options, { original: null, value: "1", label: "Again", exclusive: false, other: false }, { original: null, value: " ", label: "", exclusive: false, other: false }];
    draft.variable = "Q 1";
    expect(draftProblems(draft).map((problem) => problem.field)).toEqual(["variable", "options.3.value", "options.4.value"]);
    expect(draftProblems({ ...draftOf(block), type: "number", min: "10", max: "2", options: [] })).toEqual([{ field: "max", message: "The maximum is below the minimum." }]);
  });
});

describe("nextVariableName", () => {
  it("continues the survey's numbering", () => {
    expect(nextVariableName(new Set(["Q1", "Q2", "Q10", "S1"]))).toBe("Q11");
    expect(nextVariableName(new Set())).toBe("Q1");
  });
});

describe("describeBlockEdit", () => {
  it("says what a save changed in words, conditions included", () => {
    const words = (condition: string) => (condition === "{S1} = '1'" ? "S1 is Yes" : condition);
    const draft = { ...draftOf(block), type: "dropdown" as const, showIf: "{S1} = '1'" };
    draft.options = draft.options.map((option) => (option.value === "3" ? { ...option, label: "Not sure yet" } : option));
    expect(describeBlockEdit(block, draft, words)).toBe("Q1: single choice → dropdown; options; shown only when S1 is Yes");
    expect(describeBlockEdit(null, { ...draftOf(block), variable: "Q9" }, words)).toBe("Added question Q9 (single choice)");
  });
});
