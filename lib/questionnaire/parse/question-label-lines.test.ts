import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("question label lines (a form prints 'Question N' on a line of its own above each question)", () => {
  it("reads each label line as the next question's id, not as the last answer of the question before", async () => {
    const ir = await parseText(
      [
        "General part",
        "First we ask a few general questions.",
        "Frage 1",
        "Which colour do you like?",
        "☐ red",
        "☐ blue",
        "☐ green",
        "Frage 2",
        "How old is your car?",
        "☐ 1-5 years",
        "☐ 6-10 years",
        "☐ 11 years and older",
        "Frage 3",
        "Trains are faster than cars.",
        "☐ agree",
        "☐ somewhat agree",
        "☐ disagree",
        ". . . . . . . . . .",
        "☐ no answer",
        "Frage 4",
        "Buses are cheaper than trains.",
        "☐ agree",
        "☐ somewhat agree",
        "☐ disagree",
        ". . . . . . . . . .",
        "☐ no answer",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.id)).toEqual(["Q1", "Q2", "Q3", "Q4"]);
    expect(qs[0].options.map((o) => o.label)).toEqual(["red", "blue", "green"]);
    expect(qs[1].options.map((o) => o.label)).toEqual(["1-5 years", "6-10 years", "11 years and older"]);
    expect(qs[2].options.map((o) => o.label)).toEqual(["agree", "somewhat agree", "disagree", "no answer"]);
    expect(qs[3].options).toHaveLength(4);
  });
});
