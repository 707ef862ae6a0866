import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

/** A drop-down whose values are not printed holds a number: a bare comparison under it is about its value. */

describe("comparisons under a drop-down", () => {
  it("screens out on the drop-down's own value", async () => {
    const ir = await parseText(["S1. How old are you?", "SELECT FROM DROP DOWN", "TERMINATE IF <21", "", "S2. Do you own a bicycle?", "1. Yes", "2. No"].join("\n"));
    const route = questionById(ir, "S1").routes.find((entry) => entry.target.kind === "terminate");
    expect(route?.when?.condition).toBe("{S1} < 21");
  });
});
