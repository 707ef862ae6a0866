import { describe, expect, it } from "vitest";
import type { IRInfo, QuestionnaireIR } from "../ir";
import { firstModeVariant, scriptHeader } from "./script-export";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const byId = (ir: QuestionnaireIR, id: string) => questions(ir).find((question) => question.id === id)!;

/** A small export in the shape agency scripting tools print: header, properties, wording, coded answers with flags. */
const EXPORT = [
  "Q001 - Intro_Text Text",
  "Not back",
  "This survey is about your use of public transport.",
  "",
  "Q002 - Use_Bus Single coded",
  "Not back",
  "Have you used a bus in the last month?",
  "Normal",
  "1 Yes *Fixed",
  "2 No *Fixed",
  "3 Not sure *Fixed",
  "",
  "Ask only if Q002 - Use_Bus,1",
  "Q003 - Bus_Why Multi coded",
  "Not back | Min = 1 | Max = 2",
  "Why did you use the bus? Please select all that apply.",
  "Random",
  "1 It is cheap",
  "2 It is quick",
  "3 Something else (please specify) *Open *Fixed",
  "4 None of these *Fixed *Exclusive",
  "",
  "Ask if Q002,2,3",
  "Q004 - Bus_Not Open",
  "Not back",
  "Why not?",
  "",
  "Q005 - Rail Single coded",
  "Not back",
  "Have you used a train in the last month?",
  "Normal",
  "1 [CAWI: I have][CATI: You have] used a train *Fixed",
  "2 [CAWI: I have][CATI: You have] not used a train *Fixed",
].join("\n");

describe("script export layout", () => {
  it("reads a header as id, mnemonic and screen type, and nothing else as a header", () => {
    expect(scriptHeader("Q011 - Aware_MP Single coded")).toMatchObject({ id: "Q011", mnemonic: "Aware_MP", role: "question", format: "single choice" });
    expect(scriptHeader("Q162 – Intro_Text_2 Text")).toMatchObject({ id: "Q162", role: "screen" });
    expect(scriptHeader("B006 - Face_Recog Begin block")).toMatchObject({ role: "block-start" });
    expect(scriptHeader("Q005 - Techself_Slider Left-right slider")).toMatchObject({ format: "slider" });
    expect(scriptHeader("Q12 - Gender What is your gender")).toBeNull();
    expect(scriptHeader("Q1_Direction - In general, things are going well")).toBeNull();
  });

  it("keeps the first interview mode's words and drops the other variants", () => {
    expect(firstModeVariant("[CAWI: I][CATI: You] have never witnessed it")).toBe("I have never witnessed it");
    expect(firstModeVariant("No modes [here]")).toBe("No modes [here]");
  });

  it("compiles each header into a question with its mnemonic as an alias and its declared type", async () => {
    const ir = await parseText(EXPORT);
    expect(questions(ir).map((question) => question.id)).toEqual(["Q002", "Q003", "Q004", "Q005"]);
    expect(byId(ir, "Q002")).toMatchObject({ type: "single", text: "Have you used a bus in the last month?" });
    expect(byId(ir, "Q002").aliases).toContain("Use_Bus");
    expect(byId(ir, "Q003").type).toBe("multi");
    expect(byId(ir, "Q004").type).toBe("open");
    // The text screen is an information screen, not a question.
    expect(ir.items.find((item): item is IRInfo => item.kind === "info" && /public transport/.test(item.text))).toBeDefined();
  });

  it("keeps property lines and answer flags out of the wording and the answers", async () => {
    const ir = await parseText(EXPORT);
    const q2 = byId(ir, "Q002");
    expect(q2.options.map((option) => option.label)).toEqual(["Yes", "No", "Not sure"]);
    expect(q2.text).not.toMatch(/Normal|Not back/);
    const q3 = byId(ir, "Q003");
    expect(q3.options.map((option) => option.label)).toEqual(["It is cheap", "It is quick", "Something else (please specify)", "None of these"]);
    expect(q3.options[2].other).toBe(true);
    expect(q3.options[3].exclusive).toBe(true);
    expect(q3.randomize).toBe(true);
    expect(byId(ir, "Q005").options.map((option) => option.label)).toEqual(["I have used a train", "I have not used a train"]);
  });

  it("binds 'Ask only if <id> - <mnemonic>,<codes>' filters to the question that follows them", async () => {
    const ir = await parseText(EXPORT);
    expect(byId(ir, "Q003").askIf.map((condition) => condition.condition)).toEqual(["{Q002} = '1'"]);
    expect(byId(ir, "Q004").askIf[0].condition).toBe("{Q002} anyof ['2', '3']");
    expect(byId(ir, "Q004").askIf[0].unresolved).toBeUndefined();
    // A filter scopes one question: the next one is asked of everyone.
    expect(byId(ir, "Q005").askIf).toEqual([]);
  });

  it("reads a header-shaped line as wording when the document has fewer than three headers", async () => {
    const ir = await parseText(["Q1 - Sex Single coded", "What is your sex?", "1 Male", "2 Female"].join("\n"));
    expect(questions(ir).some((question) => question.aliases.includes("Sex"))).toBe(false);
  });

  it("reads a slider screen's rows ('left 1 2 … 10 right') as a grid of the points", async () => {
    const ir = await parseText(
      [
        EXPORT,
        "",
        "Q006 - Views_Slider Left-right slider",
        "Not back | Number of rows: 2",
        "Where do you stand between the two statements?",
        "Normal",
        "Buses are too slow 1 2 3 4 5 6 7 8 9 10 Buses are fast enough",
        "Fares are too high 1 2 3 4 5 6 7 8 9 10 Fares are fair",
        "for what you get",
      ].join("\n"),
    );
    const slider = byId(ir, "Q006");
    expect(slider.type).toBe("grid");
    expect(slider.columns).toHaveLength(10);
    expect(slider.rows.map((row) => row.label)).toEqual(["Buses are too slow — Buses are fast enough", "Fares are too high — Fares are fair for what you get"]);
  });

  it("reads '<id> : <variable> : <title>   <screen type>' headers, with the wording under them and the codes before the boxes", async () => {
    expect(scriptHeader("Q4 : HHSIZE : Household size   Numeric")).toMatchObject({ id: "Q4", mnemonic: "HHSIZE", format: "numeric" });
    expect(scriptHeader("Q7 : TRV XX 2 : Travel modes   Multi coded")).toMatchObject({ id: "Q7", mnemonic: "TRV_XX_2", format: "checkboxes" });
    expect(scriptHeader("Q2 : NAME : What is your name")).toBeNull();
    const ir = await parseText(
      [
        "Q1 : PET : Pet ownership      Single coded",
        "Your pets:",
        "2 ○ None",
        "1 ○ At least one",
        "",
        "Q2 : PETAGE : Age of the pet      Numeric",
        "Min 0 | Max 40",
        "How old is your oldest pet?",
        "If you are not sure, guess.",
        "",
        "Q3 : PETNAME : Name      Open",
        "What is your pet called?",
        "Please write it in:",
        "",
        "Q4 : FOOD XX : Food      Multi coded",
        "What do you feed your pet?",
        "Tick every answer that applies.",
        "11 ☐ Dry food",
        "21 ☐ Wet food",
        "31 ☐ Leftovers",
      ].join("\n"),
    );
    expect(questions(ir).map((question) => [question.id, question.type, question.text, question.options.map((option) => `${option.code} ${option.label}`)])).toEqual([
      ["Q1", "single", "Your pets:", ["2 None", "1 At least one"]],
      ["Q2", "numeric", "How old is your oldest pet?", []],
      ["Q3", "open", "What is your pet called?", []],
      ["Q4", "multi", "What do you feed your pet?", ["11 Dry food", "21 Wet food", "31 Leftovers"]],
    ]);
  });
});
