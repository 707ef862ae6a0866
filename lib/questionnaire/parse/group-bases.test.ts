import { describe, expect, it } from "vitest";
import { compileQuestionnaire } from "../compile";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { parseQuestionnaire } from "./index";

async function parseText(text: string): Promise<QuestionnaireIR> {
  return parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.md" }));
}
const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

const part = (name: string, prefix: string) => [
  `## ${name}`,
  "",
  "### Section 1 — About you",
  "",
  `**${prefix}1.** How old are you?`,
  "",
  "- Under 30",
  "- 30 or older",
  "",
  "### Section 2 — Habits",
  "",
  `**${prefix}2.** Do you cycle?`,
  "",
  "- Yes",
  "- No",
  "",
];

describe("group bases from parallel parts", () => {
  it("asks each part that restarts its own sections only of its group, on a declared hidden variable", async () => {
    const ir = await parseText(["# Survey by audience", "", ...part("👩‍🏫 TEACHERS", "T"), ...part("🧑‍🎓 PUPILS", "P"), "## Closing", "", "Thank you!", ""].join("\n"));
    const list = questions(ir);
    expect(list).toHaveLength(4);
    expect(list[0].askIf[0].condition).toBe("{GROUP} = 'TEACHERS'");
    expect(list[3].askIf[0].condition).toBe("{GROUP} = 'PUPILS'");
    expect(ir.hiddenVariables.map((variable) => variable.name)).toContain("GROUP");
    const document = compileQuestionnaire(ir, { survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null });
    expect(document.variables.some((variable) => variable.name === "GROUP" && variable.type === "hidden")).toBe(true);
  });

  it("leaves an ordinary sectioned questionnaire alone", async () => {
    const ir = await parseText(["# Survey", "", ...part("Part A", "A").slice(2), ""].join("\n"));
    expect(questions(ir).every((question) => question.askIf.length === 0)).toBe(true);
  });

  it("finds the restart in any sub-section of a part, after a configuration sub-section", async () => {
    const withConfig = (name: string, prefix: string) => [`## ${name}`, "", "### Configuration", "", "Anonymous, 3 minutes.", "", ...part(name, prefix).slice(2).map((line) => line.replace("Section 1", "Section 0"))];
    const ir = await parseText(["# Two surveys", "", ...withConfig("SURVEY 1: Vendors", "V"), ...withConfig("SURVEY 2: Integrators", "S"), ""].join("\n"));
    expect(questions(ir).map((question) => question.askIf[0]?.condition)).toEqual([
      "{GROUP} = 'SURVEY 1: Vendors'",
      "{GROUP} = 'SURVEY 1: Vendors'",
      "{GROUP} = 'SURVEY 2: Integrators'",
      "{GROUP} = 'SURVEY 2: Integrators'",
    ]);
  });
});
