import { describe, expect, it } from "vitest";
import { programmerCondition } from "./programmer-conditions";
import { matchQuestionId } from "./patterns";
import { parseText, questionById } from "../testing/parse-text";

describe("a programmer's bracket holding only a condition (CAPI scripts)", () => {
  it("reads the comparison after the label, not the answer's limits", () => {
    expect(programmerCondition("PROGRAMMER: REGION==4")).toBe("IF REGION = 4");
    expect(programmerCondition("PROGRAMMER: REGION != 2")).toBe("IF REGION != 2");
    expect(programmerCondition("PROGRAMMER: IF Q3005==999")).toBe("IF Q3005 = 999");
    expect(programmerCondition("PROGRAMMER: Q3005B == 9999; MIN==16, MAX==99")).toBe("IF Q3005B = 9999");
    expect(programmerCondition("PROGRAMMER: REGION == 3, 6")).toBe("IF REGION = 3 OR REGION = 6");
    expect(programmerCondition("PROGRAMMER: MIN==16, MAX==99")).toBeNull();
    expect(programmerCondition("PROGRAMMER: RANDOMIZE ROWS")).toBeNull();
    expect(programmerCondition("REGION==4")).toBeNull();
  });

  it("reads four-digit variable names with capital suffixes as ids", () => {
    expect(matchQuestionId("Q3005 How many rooms does your home have?")).toMatchObject({ id: "Q3005" });
    expect(matchQuestionId("Q3005B [PROGRAMMER: IF Q3005==999] Roughly how many?")).toMatchObject({ id: "Q3005B" });
    expect(matchQuestionId("Q7A_NORTH Which river is nearest?")).toMatchObject({ id: "Q7A_NORTH" });
  });

  it("makes the condition the question's own, under its wording or between id and wording", async () => {
    const ir = await parseText(
      [
        "Q2 Type of home",
        "[PROGRAMMER: REGION != 2]",
        "   1. House",
        "   2. Flat",
        "   3. Boat [PROGRAMMER: REGION == 3, 6]",
        "",
        "Q3005 How many rooms does your home have? [PROGRAMMER: MIN==1, MAX==40]",
        "__________________",
        "999. Refused to answer",
        "",
        "Q3005B [PROGRAMMER: IF Q3005==999] Roughly how many rooms would you say?",
        "__________________",
      ].join("\n"),
      "capi-script.txt",
    );
    expect(questionById(ir, "Q2").askIf[0]?.condition).toBe("{REGION} != '2'");
    expect(questionById(ir, "Q2").options).toHaveLength(3);
    expect(questionById(ir, "Q3005").askIf).toHaveLength(0);
    expect(questionById(ir, "Q3005B").askIf[0]?.condition).toContain("{Q3005}");
  });
});
