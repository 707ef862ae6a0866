import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { baseBeforeId, moveInstructionPrefix } from "./instruction-prefixes";
import { parseOption } from "./patterns";

describe("answer codes printed after an interviewer tag", () => {
  it("moves leading interviewer tags behind the coded answer", () => {
    expect(moveInstructionPrefix("[VOL. DO NOT READ] 9 Don't know")).toBe("9 Don't know [VOL. DO NOT READ]");
    expect(moveInstructionPrefix("(DO NOT READ) 98 Refused")).toBe("98 Refused (DO NOT READ)");
    expect(moveInstructionPrefix("[SPONTANEOUS] (DK/REF) 99. Not sure")).toBe("99. Not sure [SPONTANEOUS] (DK/REF)");
    expect(moveInstructionPrefix("[VOLUNTEERED] None of these")).toBe("None of these [VOLUNTEERED]");
  });

  it("leaves filters, programmer notes, wording and long lines alone", () => {
    expect(moveInstructionPrefix("[PROGRAMMER: RANDOMIZE] 1 Brand A")).toBeNull();
    expect(moveInstructionPrefix("(READ OUT) Which of these brands have you heard of?")).toBeNull();
    expect(moveInstructionPrefix("(DO NOT READ) Record the answer in the box below, then continue with the next section of the interview")).toBeNull();
    expect(moveInstructionPrefix("9 Don't know [VOL]")).toBeNull();
  });

  it("moves a filter in front of a short coded item behind it, and leaves a filter in front of wording", () => {
    expect(moveInstructionPrefix("[SHOW IF S11r1] a. Alpha")).toBe("a. Alpha [SHOW IF S11r1]");
    expect(moveInstructionPrefix("(ASK IF Q2 = 1) 3 Gamma")).toBe("3 Gamma (ASK IF Q2 = 1)");
    expect(moveInstructionPrefix("[ASK IF S1=1] 9 Don't know")).toBe("9 Don't know [ASK IF S1=1]");
    expect(moveInstructionPrefix("[ASK IF S1=1] 5. How old are you?")).toBeNull();
    expect(moveInstructionPrefix("[ASK IF S1=1] 5. Please tell us a little about your household and family")).toBeNull();
    expect(moveInstructionPrefix("[ASK IF S1=1] Q5. Age")).toBeNull();
  });
});

describe("a base printed in front of its question's id", () => {
  it("splits '[ASK IF …] Q2. …' into the base and the question, so the question is not lost", async () => {
    const text = [
      "Q1. Have you ever ridden a tandem bicycle?",
      "1 Yes",
      "2 No",
      "",
      "[ASK IF Q1=1] Q2. Who rode it with you the last time?",
      "1 A friend",
      "2 A relative",
      "",
      "[ASK IF Q1=2] Q3. Would you like to try one?",
      "1 Yes",
      "2 No",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found.map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    expect(found[1].askIf.map((base) => base.condition)).toEqual(["{Q1} = '1'"]);
    expect(found[2].askIf.map((base) => base.condition)).toEqual(["{Q1} = '2'"]);
    expect(found[0].options).toHaveLength(2);
  });

  it("leaves a filter in front of a short coded item to the item", () => {
    expect(baseBeforeId("[SHOW IF S11r1] a. Alpha")).toBe(-1);
    expect(baseBeforeId("[ASK IF Q1=1] 1. Yes")).toBe(-1);
    expect(baseBeforeId("[ASK IF Q4=2] Q5. Why did you stop going there?")).toBe(14);
  });
});

describe("letter codes of volunteered answers", () => {
  it("reads 'D (VOL) Don't know' / 'R Refused' as answers coded D and R, and a filter naming them binds", async () => {
    const text = [
      "Q1. Have you ever planted a tree?",
      "1 Yes",
      "2 No",
      "D (DO NOT READ) Don't know",
      "R Refused",
      "",
      "[ASK IF Q1=2,D,R] Q2. Would you plant one if the town gave it to you?",
      "1 Yes",
      "2 No",
    ].join("\n");
    const found = questionsOf(await parseText(text));
    expect(found[0].options.map((option) => option.code)).toEqual(["1", "2", "D", "R"]);
    expect(found[1].askIf.map((base) => base.condition)).toEqual(["{Q1} anyof ['2', 'D', 'R']"]);
    expect(moveInstructionPrefix("D (DO NOT READ) Don't know")).toBe("D Don't know (DO NOT READ)");
  });

  it("does not read an answer that starts with a capital word as a letter code", () => {
    expect(parseOption("I don't know").code).toBeUndefined();
    expect(parseOption("A lot").code).toBeUndefined();
  });
});
