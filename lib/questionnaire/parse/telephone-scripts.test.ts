import { describe, expect, it } from "vitest";
import { matchQuestionId } from "./patterns";
import { isNumberingGapNote } from "./numbering-gaps";
import { splitFormOf } from "./split-forms";
import { moveInstructionPrefix } from "./instruction-prefixes";

/**
 * Telephone (CATI) questionnaires print split-sample questions with a form suffix after the number: "Q.14F2" is
 * asked of form 2 only, "Q.70F1a" is a follow-up on form 1, "Q36bF1" an item of form 1. The suffix is part of the id.
 */
describe("split-form question ids (telephone scripts)", () => {
  it.each([
    ["Q.14F2 Do you approve or disapprove of the way the Speaker is handling her job?", "Q14F2", "Do you approve"],
    ["Q.10F1 Do you approve or disapprove of the job the Congress is doing?", "Q10F1", "Do you approve"],
    ["Q.70F1a What is the main reason you feel that way?", "Q70F1a", "What is the main"],
    ["Q48F1. How much respect do you think the president has for the country's institutions?", "Q48F1", "How much respect"],
    ["Q.36bF1 And do you favor or oppose allowing them to enter into legal agreements?", "Q36bF1", "And do you favor"],
  ])("%s", (line, id, rest) => {
    const found = matchQuestionId(line);
    expect(found?.id).toBe(id);
    expect(found?.rest.startsWith(rest)).toBe(true);
  });

  it("keeps plain ids and does not read a word as a form suffix", () => {
    expect(matchQuestionId("Q.14 Do you follow politics?")?.id).toBe("Q14");
    expect(matchQuestionId("Q14a Do you follow politics?")?.id).toBe("Q14a");
    expect(matchQuestionId("Q14F Do you follow politics?")?.id).not.toBe("Q14F2");
  });
});


describe("numbering-gap notes", () => {
  it.each(["NO QUESTIONS 3-9", "NO QUESTION 59", "NO QUESTIONS6-8", "NO ITEM c", "NO ITEM e.", "NO QUESTIONS 21-24", "NO QUESTIONS 15, 16 AND 18", "(NO QUESTIONS 11 THRU 13)"])("%s is a gap note", (line) => {
    expect(isNumberingGapNote(line)).toBe(true);
  });
  it.each(["No questions asked", "NO ITEMS", "No, I have no questions", "NO QUESTIONS WERE ASKED ABOUT THIS", "1 No"])("%s is not", (line) => {
    expect(isNumberingGapNote(line)).toBe(false);
  });
});

describe("split-sample form bases", () => {
  it.each([
    ["ASK FORM 1:", "FORM 1"],
    ["ASK FORM 2 ONLY:", "FORM 2"],
    ["ASK FORM 1a ONLY", "FORM 1a"],
    ["FORM B ONLY", "FORM B"],
    ["[ASK VERSION A]", "VERSION A"],
    ["Ask split sample 2 only:", "SPLIT SAMPLE 2"],
  ])("%s → %s", (line, group) => {
    expect(splitFormOf(line)).toBe(group);
  });
  it.each(["Form 1", "ASK ALL:", "ASK IF FORM 2 AND Q17b=2", "Version 3.2 of the questionnaire"])("%s is not a form base", (line) => {
    expect(splitFormOf(line)).toBeNull();
  });
});

describe("interviewer tag between the code and the label", () => {
  it.each([
    ["9 [VOL. DO NOT READ] Don’t know/Refused", "9 Don’t know/Refused [VOL. DO NOT READ]"],
    ["8 [VOL. DO NOT READ] Other/Depends", "8 Other/Depends [VOL. DO NOT READ]"],
    ["5 (DO NOT READ) Other (SPECIFY: ______)", "5 Other (SPECIFY: ______) (DO NOT READ)"],
    ["98 [DK] Don't know", "98 Don't know [DK]"],
  ])("%s", (line, moved) => {
    expect(moveInstructionPrefix(line)).toBe(moved);
  });
  it("leaves other brackets after a code alone", () => {
    expect(moveInstructionPrefix("1 [INSERT ITEM] is doing a good job")).toBeNull();
    expect(moveInstructionPrefix("3 (Q.5=1) Do you agree?")).toBeNull();
  });
});

/**
 * Panel questionnaires print a variable name, a tab and the wording ("PETS<TAB>Do you have any pets?"); a Word
 * paragraph's tab reaches the parser as one space. The name is an id when the wording asks (a question mark, then
 * at most bracketed programming notes) or leads into its answers with an ellipsis; other capitalised words are not.
 */
describe("variable names set apart by one space (a tab read as a space)", () => {
  it.each([
    ["CAR Do you own a car?", "CAR"],
    ["PETCHOICE Which best describes you? [RANDOMIZE OPTIONS]", "PETCHOICE"],
    ["PARKSAFE How safe, if at all, is the park near you? Would you say it is…", "PARKSAFE"],
    ["CLUBS Are you currently a member of…", "CLUBS"],
  ])("%s", (line, id) => {
    expect(matchQuestionId(line)?.id).toBe(id);
  });

  it.each(["NEW Members receive a welcome pack.", "USA Facts and figures are listed below", "ASK Do you own a car?"])("not: %s", (line) => {
    expect(matchQuestionId(line)?.kind).not.toBe("variable");
  });
});

describe("a variable name set apart by a wide gap, its wording wrapping on", () => {
  it("reads the name as the question's id though the first line does not ask yet", async () => {
    const { extractDocument } = await import("../extract");
    const { parseQuestionnaire } = await import("./index");
    const text = [
      "ASK ALL:",
      "WALKS       How many walks have you taken this week . . . none, one or two,",
      "            or more than two?",
      "       1    None",
      "       2    One or two",
      "       3    More than two",
      "ASK ALL:",
      "PARKS       Which park near you do you visit most often, the one by the river",
      "            or the one in town?",
      "       1    By the river",
      "       2    In town",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "script.txt" }));
    const ids = ir.items.filter((item) => item.kind === "question").map((item) => item.id);
    expect(ids).toEqual(["WALKS", "PARKS"]);
  });
});

describe("a battery's lettered items followed by its coded scale", () => {
  it("reads the letters as rows and the codes as the scale", async () => {
    const { extractDocument } = await import("../extract");
    const { parseQuestionnaire } = await import("./index");
    const text = [
      "ASK ALL:",
      "Q.1 How often, if ever, do you do each of the following?",
      "a. Cook a meal from scratch",
      "b. Eat at a restaurant",
      "c. Order a takeaway",
      "1 Often",
      "2 Sometimes",
      "3 Never",
      "ASK ALL:",
      "Q.2 Which town do you live in?",
      "1 North",
      "2 South",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "script.txt" }));
    const [battery, town] = ir.items.filter((item) => item.kind === "question");
    expect(battery.kind === "question" && [battery.type, battery.rows.length, battery.columns.map((column) => column.label)]).toEqual(["grid", 3, ["Often", "Sometimes", "Never"]]);
    expect(town.kind === "question" && town.options.length).toBe(2);
  });
});
