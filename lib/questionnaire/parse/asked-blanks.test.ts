import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { askedBeforeBlank } from "./asked-blanks";

describe("questions asked on the line before their blank", () => {
  it("reads each as an open question of its own after an answered question", async () => {
    const ir = await parseText(
      [
        "Do you own a bicycle?",
        "☐ Yes",
        "☐ No",
        "",
        "Which town do you work in ____________________",
        "",
        "What colour is your front door ______________",
      ].join("\n"),
    );
    const list = questionsOf(ir);
    expect(list.map((question) => question.text)).toEqual(["Do you own a bicycle?", "Which town do you work in", "What colour is your front door"]);
    expect(list[0].options).toHaveLength(2);
    expect(list[1].type).toBe("open");
  });

  it("leaves labelled fields and short wordings alone", () => {
    expect(askedBeforeBlank("Name of the school ____________")).toBeNull();
    expect(askedBeforeBlank("Which one ______")).toBeNull();
    expect(askedBeforeBlank("Welche Stadt liegt am nächsten ________")).toBe("Welche Stadt liegt am nächsten");
  });
});
