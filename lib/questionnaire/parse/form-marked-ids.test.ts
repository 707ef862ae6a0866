import { describe, expect, it } from "vitest";
import { matchQuestionId, parseOption } from "./patterns";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

// A split-sample telephone script: each variable name carries the marker of the form(s) that ask it ("B" both,
// "FA"/"FB" one form), and volunteered answers are coded with long numbers in brackets.
const script = [
  "B PETS3. How many pets live in your home?",
  "(1) None [Skip to GARDEN2]   (2) One   (3) More than one",
  "(777777) [DO NOT READ] Don't know [Skip to GARDEN2]   (977777) [DO NOT READ] No answer [Skip to GARDEN2]",
  "FA PETS3KIND. Which kind of pet is the oldest?",
  "(1) Dog",
  "(2) Cat",
  "(3) Other",
  "(777777) [DO NOT READ] Don't know",
  "(977777) [DO NOT READ] No answer",
  "B GARDEN2. Does your home have a garden?",
  "(1) Yes   (2) No",
  "(777777) [DO NOT READ] Don't know",
].join("\n");

describe("form markers before variable names and long bracketed codes", () => {
  it("reads the variable name after a one- or two-capital form marker", () => {
    expect(matchQuestionId("B PETS3. How many pets live in your home?")).toMatchObject({ id: "PETS3" });
    expect(matchQuestionId("FA PETS3KIND. Which kind of pet is the oldest?")).toMatchObject({ id: "PETS3KIND" });
    // A capital word starting a sentence is no marker.
    expect(matchQuestionId("I Q2. live here")?.id).not.toBe("Q2");
  });

  it("reads six-digit codes in brackets as answer codes", () => {
    expect(parseOption("(777777) Don't know")).toMatchObject({ code: "777777", label: "Don't know" });
    expect(parseOption("(2021) Something")).toMatchObject({ code: "2021" });
  });

  it("finds every question with its volunteered codes and option skips", async () => {
    const ir = await parseText(script, "split-script.txt");
    expect(questionsOf(ir).map((q) => q.id)).toEqual(["PETS3", "PETS3KIND", "GARDEN2"]);
    expect(questionById(ir, "PETS3").options).toHaveLength(5);
    expect(questionById(ir, "PETS3KIND").options).toHaveLength(5);
    expect(questionById(ir, "GARDEN2").options).toHaveLength(3);
  });
});
