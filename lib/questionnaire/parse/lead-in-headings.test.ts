import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { parseQuestionnaire } from "./index";

/**
 * Convention: a numbered question whose answers come under an unnumbered heading that ends in a colon
 * ("#### 2. Considering these terms:*", definitions, then "#### Have you already:" over the answer table). The
 * heading leads in to the question's answers; it starts no section (segment.ts, "section" case).
 */
async function parse(lines: string[]) {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(lines.join("\n") + "\n"), { filename: "q.md" }));
}

describe("lead-in heading under a numbered question", () => {
  const table = ["|                        | Yes | No | Not sure |", "| ---------------------- | --- | -- | -------- |", "| Done the first thing.  |     |    |          |", "| Done the second thing. |     |    |          |"];

  it("keeps the heading and its table on the numbered question without answers", async () => {
    const ir = await parse([
      "#### 1. How old are you? *",
      "",
      "- [ ] Under 40",
      "- [ ] 40 or over",
      "",
      "#### 2. Considering these terms:*",
      "",
      "**Term A** (first): the first meaning.",
      "",
      "#### Have you already:",
      "",
      "*Select only one option per line.*",
      "",
      ...table,
    ]);
    const second = ir.items.find((item) => item.kind === "question" && item.id === "2");
    expect(second?.kind === "question" && second.type).toBe("grid");
    expect(second?.kind === "question" && second.columns.length).toBe(3);
    expect(ir.sections.map((section) => section.title)).not.toContain("Have you already:");
  });

  it("still starts a section after a question that has its answers", async () => {
    const ir = await parse(["#### 1. How old are you? *", "", "- [ ] Under 40", "- [ ] 40 or over", "", "#### About your work:", "", "#### 2. Do you work? *", "", "- [ ] Yes", "- [ ] No"]);
    expect(ir.sections.map((section) => section.title)).toContain("About your work:");
  });
});
