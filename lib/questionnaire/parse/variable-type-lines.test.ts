import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

describe("a data dictionary's questions", () => {
  it("reads a variable type printed over the values as an annotation, and a grade point average as a number", async () => {
    const ir = await parseText(
      ["Q1) Owns a bicycle:", "\tBinary", "\tYes", "\tNo", "Q2) Commute mode:", "\tNominal", "\tBus", "\tTrain", "\tWalking", "Q3) Final GPA:", "\t", "Q4) Shoe size:", "\tSmall", "\tLarge", ""].join("\n"),
    );
    expect(questionById(ir, "Q1").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(questionById(ir, "Q2").options).toHaveLength(3);
    expect(questionById(ir, "Q3").type).toBe("numeric");
  });
});

describe("an answer that names a variable type", () => {
  it("stays an answer where the wording asks about it", async () => {
    const ir = await parseText(["1. Is the switch binary or not? — *Binary / Non-binary / Unsure*", ""].join("\n"));
    expect(questionById(ir, "1").options).toHaveLength(3);
  });
});
