import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** Routing to "the next section" and sections named by their kind before the number ("Core Section 4: …"). */


describe("routing to the next section", () => {
  it("reads 'Go to next section' on an answer as the section printed after the question's own, named 'Core Section 4: …'", async () => {
    const ir = await parseText(
      [
        "Core Section 3: Gardening",
        "GD.01 Do you have a garden?",
        "1 Yes",
        "2 No    Go to next section",
        "GD.02 How large is it?",
        "1 Small",
        "2 Large",
        "Core Section 4: Pets",
        "PT.01 Do you keep a pet?",
        "1 Yes",
        "2 No    Go to next section",
      ].join("\n"),
    );
    expect(ir.sections.map((section) => section.title)).toEqual(["Gardening", "Pets"]);
    const no = questionById(ir, "GD.01").options[1];
    expect(no.label).toBe("No");
    expect(no.route).toEqual({ kind: "section", label: "Section 4: Pets" });
    // The last section has no next one: the routing is kept as written, unresolved.
    expect(questionById(ir, "PT.01").options[1].route).toBeUndefined();
  });

  it("reads 'GO TO NEXT SECTION' in capitals as the next section, not as a question called NEXT", async () => {
    const ir = await parseText(
      [
        "SECTION B: FISHING",
        "",
        "1. Did anyone in the household fish in the last 12 months?",
        "   YES ..... 1",
        "   NO ...... 2 (GO TO NEXT SECTION)",
        "",
        "2. How many days did they fish?  ____",
        "",
        "SECTION C: FORESTRY",
        "",
        "1. Did anyone collect firewood?",
        "   YES ..... 1",
        "   NO ...... 2",
        "",
      ].join("\n"),
      "fishing.txt",
    );
    expect(questionById(ir, "1").options[1].route).toEqual({ kind: "section", label: "Section C: FORESTRY" });
  });
});
