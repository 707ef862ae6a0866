import { describe, expect, it } from "vitest";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/**
 * Conventions: a questionnaire written as Markdown task lists ("- [ ] …") with no selection instructions offers
 * boxes to tick (many answers) except where an answer is a yes/no reply; a heading with boxes right under it is their
 * question; a plain item over deeper boxes labels a group of answers; such grouped lists under an asking heading
 * are not a bulleted list of questions.
 */

const GARDEN = [
  "# Allotment survey",
  "",
  "## Your plot",
  "",
  "### Soil / Water",
  "",
  "  - [ ] Clay",
  "  - [ ] Sand",
  "  - [ ] Loam",
  "  - [ ] Our plot needs irrigation",
  "",
  "### Which tools do you keep in the shed?",
  "",
  "  - [ ] Spade",
  "  - [ ] Rake",
  "  - [ ] Hoe",
  "",
  "### Which seeds do you sow?",
  "",
  "* vegetables",
  "  * [ ] Carrot",
  "  * [ ] Bean",
  "* flowers",
  "  * [ ] Tulip",
  "  * [ ] Daisy",
  "",
  "### Which seeds do you harvest for next year?",
  "",
  "* vegetables",
  "  * [ ] Carrot",
  "  * [ ] Bean",
  "* flowers",
  "  * [ ] Tulip",
  "  * [ ] Daisy",
  "",
  "### Would a shared compost heap bother you?",
  "",
  "  - [ ] Not really",
  "  - [ ] Yes, because `__________`",
  "",
].join("\n");

describe("Markdown task lists", () => {
  it("reads unqualified task lists as many answers, a yes/no reply list as one", async () => {
    const qs = questions(await parseText(GARDEN, "garden.md"));
    const tools = qs.find((q) => q.text.startsWith("Which tools"));
    expect(tools?.type).toBe("multi");
    const compost = qs.find((q) => q.text.startsWith("Would a shared compost"));
    expect(compost?.type).toBe("single");
  });

  it("takes a heading with boxes right under it as their question", async () => {
    const qs = questions(await parseText(GARDEN, "garden.md"));
    expect(qs[0].text).toBe("Soil / Water");
    expect(qs[0].options.map((o) => o.label)).toEqual(["Clay", "Sand", "Loam", "Our plot needs irrigation"]);
  });

  it("keeps a numbered section title over boxes a section, not a question", async () => {
    const text = ["SECTION 2: TOOLS", "", "- [ ] Spade", "- [ ] Rake", "", "Which tools do you keep in the shed?", "", "- [ ] Spade", "- [ ] Rake", ""].join("\n");
    const qs = questions(await parseText(text, "shed.txt"));
    expect(qs.some((q) => /SECTION 2/.test(q.text))).toBe(false);
  });

  it("keeps plain items over deeper boxes as group labels, not answers and not questions", async () => {
    const qs = questions(await parseText(GARDEN, "garden.md"));
    expect(qs.map((q) => q.text)).toEqual([
      "Soil / Water",
      "Which tools do you keep in the shed?",
      "Which seeds do you sow?",
      "Which seeds do you harvest for next year?",
      "Would a shared compost heap bother you?",
    ]);
    expect(qs[2].options.map((o) => o.label)).toEqual(["Carrot", "Bean", "Tulip", "Daisy"]);
  });

  it("leaves task lists to the document's own instructions when a box question states its mode", async () => {
    const stated = GARDEN.replace("### Which tools do you keep in the shed?", "### Which tools do you keep in the shed? (mark only one)");
    const qs = questions(await parseText(stated, "garden.md"));
    expect(qs.find((q) => q.text.startsWith("Which seeds do you sow"))?.type).toBe("single");
  });
});
