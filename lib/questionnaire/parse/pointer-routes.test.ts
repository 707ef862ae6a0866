import { describe, expect, it } from "vitest";
import { normalizeLineText } from "../extract/model";
import { parseText, questionById } from "../testing/parse-text";

/**
 * Statistics offices' paper forms: capitals with a two-dot leader before the code ("YES..1") and the skip printed as
 * a double chevron or a pointer before the item number ("NO...2 >>57", "NO ... 2 ►4").
 */
describe("pointer and chevron routes before an item number", () => {
  it("reads >> and ► before a number as a routing arrow, and leaves one right after a code to the code's reader", () => {
    expect(normalizeLineText(">>57")).toBe("→ 57");
    expect(normalizeLineText("► 4")).toBe("→ 4");
    expect(normalizeLineText("▶ Q9")).toBe("→ Q9");
    // "2>>8" is the code's route, read with the code (printed-skip-arrows.ts).
    expect(normalizeLineText("NO...2 >>57")).toBe("NO...2 >>57");
    expect(normalizeLineText("NO ..2 (►7)")).toBe("NO ..2 (►7)");
  });

  it("leaves a pointer before words or a numbered answer alone", () => {
    expect(normalizeLineText("► If yes, how many?")).toBe("► If yes, how many?");
    expect(normalizeLineText("NO ... 2 ► NEXT ROW")).toBe("NO ... 2 ► NEXT ROW");
    expect(normalizeLineText("► 1. Yes")).toBe("► 1. Yes");
  });

  it("routes a capitals answer coded after a two-dot leader", async () => {
    const ir = await parseText(["21. Does the village have a health post?", "YES..1", "NO...2 >>23", "", "22. How far is it, in km?", "", "23. Is there a market in the village?", "YES..1", "NO...2"].join("\n"));
    const gate = questionById(ir, "21");
    expect(gate.options?.map((option) => [option.label, option.code])).toEqual([
      ["YES", "1"],
      ["NO", "2"],
    ]);
    expect(gate.options?.[1].route).toEqual({ kind: "question", ref: "23" });
  });
});
