import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { parseText, questionById } from "../testing/parse-text";

const text = [
  "Q1. Do you own a car?",
  "1 Yes",
  "2 No → go to question XX",
  "",
  "Q2. How many cars do you own?",
  "____",
  "",
  "Q3. Do you own a bike?",
  "1 Yes",
  "2 No (skip to Q__)",
  "",
  "Q4. How often do you cycle?",
  "1 Daily",
  "2 Weekly",
  "",
  "Q5. Do you own a boat?",
  "1 Yes → ???",
  "2 No",
  "",
  "Q6. Is your boat a sailing boat?",
  "1 Yes",
  "2 No",
  "",
  "Q7. ¿Fuma usted?",
  "1 Sí",
  "2 No → pase a la pregunta ##",
  "",
  "Q8. ¿Cuántos cigarrillos fuma al día?",
  "____",
].join("\n");

describe("placeholder routes: a skip to an unfilled target (XX, Q__, ???) is kept flagged, never routed to a question", () => {
  it("keeps each placeholder route on its question with a reason", async () => {
    const ir = await parseText(text);
    expect(questionById(ir, "Q1").warnings.join(" ")).toContain("go to question XX");
    expect(questionById(ir, "Q3").options[1].route).toEqual({ kind: "question", ref: "Q__" });
    expect(questionById(ir, "Q5").warnings.join(" ")).toContain("???");
    // The go-to verb after the arrow is no target: the route is left unread and flagged.
    expect(questionById(ir, "Q7").options[1].route).toBeUndefined();
    expect(questionById(ir, "Q7").warnings.join(" ")).toContain("pase a la pregunta ##");
  });

  it("programs no navigation to any question of the survey and flags every placeholder for review", async () => {
    const ir = await parseText(text);
    const pages = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null }).pages;
    expect(pages.flatMap((page) => page.navigation_rules ?? []).filter((rule) => rule.condition)).toEqual([]);
    const reasons = pages.flatMap((page) => [page.attention_required?.reason ?? "", ...page.blocks.map((block) => block.config.attentionRequired?.reason ?? "")]).filter(Boolean);
    expect(reasons.some((reason) => reason.includes("Q1") || reason.includes("XX"))).toBe(true);
    expect(reasons.some((reason) => reason.includes("Q__"))).toBe(true);
    expect(reasons.some((reason) => reason.includes("???"))).toBe(true);
    expect(reasons.some((reason) => reason.includes("##"))).toBe(true);
  });
});
