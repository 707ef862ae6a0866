import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";
import { withPrintedSkipArrow } from "./printed-skip-arrows";

/** Convention: a household-survey form prints an answer's skip as ">>" or a pointer beside its code, touching it or in brackets. */

describe("skip arrows printed beside an answer's code", () => {
  it("spells a double angle or pointer after a code as a go-to, with or without a space or brackets", () => {
    expect(withPrintedSkipArrow("No ....... 2>>9")).toBe("No ....... 2 (GO TO 9)");
    expect(withPrintedSkipArrow("Not in union   3   >>2")).toBe("Not in union   3 (GO TO 2)");
    expect(withPrintedSkipArrow("Own ..1 (►B4)")).toBe("Own ..1 (GO TO B4)");
    expect(withPrintedSkipArrow("NO....2(► NEXT SECTION)")).toBe("NO....2 (GO TO NEXT SECTION)");
    expect(withPrintedSkipArrow("Rented ...... 4 ▶ 7A")).toBe("Rented ...... 4 (GO TO 7A)");
  });

  it("leaves an arrow that opens a line, follows a word, or leads to wording alone", () => {
    expect(withPrintedSkipArrow("► Probe for the main reason")).toBe("► Probe for the main reason");
    expect(withPrintedSkipArrow("Income >> expenses")).toBe("Income >> expenses");
    expect(withPrintedSkipArrow("Yes .... 1 >> ask about every plot the household farmed last season")).toBe(
      "Yes .... 1 >> ask about every plot the household farmed last season",
    );
    expect(withPrintedSkipArrow("Code1>>4")).toBe("Code1>>4");
  });

  it("routes the coded answers of a numbered form by their printed arrows", async () => {
    const ir = await parseText(
      [
        "1. Does the household own any goats?",
        "   Yes ..... 1",
        "   No ...... 2>>4",
        "",
        "2. How many goats does it own now?  ____",
        "",
        "3. Were any goats sold last year?",
        "   Yes ..... 1",
        "   No ...... 2 (►5)",
        "",
        "4. Does the household own any chickens?",
        "   Yes ..... 1 >>6",
        "   No ...... 2",
        "",
        "5. Why not?  ____",
        "",
        "6. Who looks after the animals?  ____",
        "",
      ].join("\n"),
      "animals.txt",
    );
    expect(questionById(ir, "1").options.map((option) => [option.code, option.label, option.route])).toEqual([
      ["1", "Yes", undefined],
      ["2", "No", { kind: "question", ref: "4" }],
    ]);
    expect(questionById(ir, "3").options[1].route).toEqual({ kind: "question", ref: "5" });
    expect(questionById(ir, "4").options[0].route).toEqual({ kind: "question", ref: "6" });
  });
});
