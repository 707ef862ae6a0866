import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openFlagCount, reviewOf } from "@/lib/review/items";
import { compileFile } from "./index";
import type { IRQuestion } from "./ir";
import { isProgrammerText, separateProgrammerText, unprogrammedNotes } from "./programmer-notes";

describe("separateProgrammerText", () => {
  it("takes bracketed programmer notes out of the wording and keeps them", () => {
    // Fixture 102 (CQ01a): a note in brackets never closed, with an instruction in capitals inside.
    const result = separateProgrammerText("Please click here to review the concept [SHOW HYPERLINK TO ProductA 1- Concept board 1 SELECT ONE OPTION FOR EACH ROW");
    expect(result.text).toBe("Please click here to review the concept");
    expect(result.notes).toEqual(["SHOW HYPERLINK TO ProductA 1- Concept board 1 SELECT ONE OPTION FOR EACH ROW"]);
  });

  it("drops a stray closing parenthesis and keeps the respondent's instruction", () => {
    // Fixture 102 (SQ08a): "(Please select all that apply) [Randomize List]" split so the brackets no longer pair.
    const result = separateProgrammerText("Please select all that apply) [Randomize List");
    expect(result.text).toBe("Please select all that apply");
    expect(result.notes).toEqual(["Randomize List"]);
  });

  it("leaves respondent text, answers in brackets and balanced parentheses alone", () => {
    expect(separateProgrammerText("How old are you (in years)?")).toEqual({ text: "How old are you (in years)?", notes: [] });
    expect(separateProgrammerText("Other [please write in]").text).toBe("Other [please write in]");
  });

  it("keeps a sentence readable where a piping placeholder was", () => {
    const result = separateProgrammerText("Of the [INSERT S8] alcoholic drinks you had in the past week, where did you drink them?");
    expect(result.text).toBe("Of the … alcoholic drinks you had in the past week, where did you drink them?");
    expect(result.notes).toEqual(["INSERT S8"]);
  });

  it("moves capitals with a programmer's word in parentheses or at the end of the text", () => {
    expect(separateProgrammerText("Which brands have you bought? (MULTIPLE CODE)")).toEqual({ text: "Which brands have you bought?", notes: ["MULTIPLE CODE"] });
    expect(separateProgrammerText("Rate each statement.  RANDOMIZE STATEMENTS")).toEqual({ text: "Rate each statement.", notes: ["RANDOMIZE STATEMENTS"] });
    expect(isProgrammerText("Please read carefully")).toBe(false);
  });
});

describe("unprogrammedNotes", () => {
  const question = (notes: string[], randomize?: boolean) => ({ kind: "question", notes, randomize }) as unknown as IRQuestion;

  it("flags every note that was not turned into structure, quoting it", () => {
    const reasons = unprogrammedNotes(question(["0-72", "ASK ALL", "CODE", "RANDOMIZE ORDER", "Remaining CLASSIFY AS NONE and TERMINATE ]", "SHOW THE NEXT HIGHEST ROW. REPEAT UNTIL RESPONSE <3", "Option groups: A, B"], true));
    expect(reasons).toEqual([
      'Screen-out instruction not programmed: "Remaining CLASSIFY AS NONE and TERMINATE"',
      'Adaptive (price-ladder) logic not programmed: "SHOW THE NEXT HIGHEST ROW. REPEAT UNTIL RESPONSE <3"',
    ]);
  });

  it("flags randomisation when the element was not randomised", () => {
    expect(unprogrammedNotes(question(["RANDOMIZE ORDER"]))).toEqual(['Randomisation not programmed: "RANDOMIZE ORDER"']);
  });
});

// Issue 17 acceptance on fixture 102 (camera questionnaire; kept in ../shared, not in the repository).
const camera = ["../shared", "../../shared"]
  .map((dir) => path.resolve(__dirname, "../..", dir, "fixtures/questionnaires/files/102-camera-price-elasticity-qnr.docx"))
  .find((file) => existsSync(file));

describe.skipIf(!camera)("fixture 102: nothing dropped silently", () => {
  const compiled = async () =>
    compileFile(new Uint8Array(readFileSync(camera!)), { filename: path.basename(camera!), survey: { id: "s", slug: "s", name: "camera" }, questionnaireRevision: null, model: null });

  it("shows respondents no bracketed programmer instruction and no unbalanced bracket", async () => {
    const { document } = await compiled();
    const texts = document.pages.flatMap((page) =>
      page.blocks.flatMap((block) => {
        const q = block.config.question;
        return [block.config.content, ...[...(q?.options ?? []), ...(q?.rows ?? []), ...(q?.columns ?? [])].map((choice) => choice.label)];
      }),
    );
    const count = (text: string, char: string) => text.split(char).length - 1;
    const offending = texts.filter(
      (text) => /\[[^\]]*(?:randomi[sz]e|hyperlink|insert|terminate|classify|exclusive)/i.test(text) || count(text, "[") !== count(text, "]") || count(text, "(") !== count(text, ")"),
    );
    expect(offending).toEqual([]);
  });

  it("keeps the special answers of the number questions", async () => {
    const { document } = await compiled();
    const blocks = document.pages.flatMap((page) => page.blocks);
    const bq07 = blocks.find((block) => block.config.question?.variable === "BQ07")!;
    expect(bq07.config.type).toBe("number");
    expect(bq07.config.question?.options?.map((option) => [option.label, option.exclusive])).toEqual([
      ["Will not consider buying Product_A", true],
      ["I’m not sure", true],
    ]);
  });

  it("flags the unprogrammed screen-out and price-ladder logic with the words as written", async () => {
    const { document } = await compiled();
    const blocks = document.pages.flatMap((page) => page.blocks);
    const flags = (variable: string) => blocks.find((block) => block.config.question?.variable === variable)?.config.attentionRequired?.flags?.map((flag) => flag.reason) ?? [];
    expect(flags("SQ05")).toContain('Screen-out instruction not programmed: "Remaining CLASSIFY AS NONE and TERMINATE"');
    expect(flags("CQ01a").filter((reason) => reason.startsWith("Adaptive (price-ladder) logic not programmed"))).toEqual([
      'Adaptive (price-ladder) logic not programmed: "SHOW THE NEXT HIGHEST ROW. REPEAT UNTIL RESPONSE <3"',
      'Adaptive (price-ladder) logic not programmed: "SHOW THE NEXT LOWEST ROW. REPEAT UNTIL RESPONSE >4"',
      'Adaptive (price-ladder) logic not programmed: "CAPTURE SEPARATE VARIABLE OF DOLLAR VALUE OF THE ROW NUMBER THAT IS THE HIGHEST FOR WHICH 4 OR 5 IS SELECTED"',
    ]);
    // Every flag carries the element's source excerpt.
    for (const block of blocks) if (block.config.attentionRequired) expect(block.config.source?.excerpt ?? block.config.content).toBeTruthy();
  });

  it("lists every flag the content carries in the review panel, each with its source excerpt", async () => {
    const { document } = await compiled();
    const review = reviewOf(document);
    const items = review.groups.flatMap((group) => group.items);
    expect(review.open).toBe(openFlagCount(document));
    expect(items.filter((item) => !item.dismissed)).toHaveLength(openFlagCount(document));
    expect(items.map((item) => item.reason)).toEqual(expect.arrayContaining(['Screen-out instruction not programmed: "Remaining CLASSIFY AS NONE and TERMINATE"']));
    const blockItems = items.filter((item) => item.element.kind === "block");
    expect(blockItems.length).toBeGreaterThan(0);
    for (const item of blockItems) expect(item.excerpt, item.reason).toBeTruthy();
  });
});
