import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

describe("a routing arrow set under the last of a dot-leader code list", () => {
  it("routes the last answer", async () => {
    const ir = await parseText(["3. Is there a bus stop in this village?", "YES.......1", "NO........2", "► 5", "", "4. How many buses stop here each day?", "", "5. What does a ticket cost?"].join("\n"));
    const gate = questionById(ir, "3");
    expect(gate.options?.map((option) => option.code)).toEqual(["1", "2"]);
    expect(gate.options?.[1].route).toEqual({ kind: "question", ref: "5" });
    expect(gate.options?.[0].route).toBeUndefined();
  });
});
