import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { buildDocx, LISTS } from "../testing/docx-writer";
import { parseText, questionsOf } from "../testing/parse-text";
import { parseQuestionnaire } from "./index";

describe("programmer notes bracketed over several paragraphs", () => {
  it("reads a loop list inside one bracket as one note, not as questions, in a Word questionnaire", async () => {
    const q = (text: string) => ({ runs: [{ text }], num: { id: 1, level: 0 } });
    const a = (text: string) => ({ runs: [{ text }], num: { id: 1, level: 1 } });
    const bytes = buildDocx({
      lists: [LISTS.decimal(1)],
      blocks: [
        q("Have you seen the following story in the past few weeks? [insert headline]"),
        a("Yes"),
        a("No"),
        q("How accurate is the claim in the following headline? [insert headline]"),
        "[LOOP_A_Q2 - Pope Endorses Candidate, Releases Statement",
        "LOOP_B_Q2 - Candidate Sent His Own Plane to Transport Stranded Marines",
        "LOOP_C_Q2 - Director Put a Sign On His Front Lawn]",
        a("Very accurate"),
        a("Somewhat accurate"),
        a("Not very accurate"),
        q("How often do you share news content online?"),
        a("Daily"),
        a("Never"),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "loop.docx" }));
    const found = questionsOf(ir);
    expect(found.map((question) => question.id)).toEqual(["1", "2", "3"]);
    expect(found[1].options.map((option) => option.label)).toEqual(["Very accurate", "Somewhat accurate", "Not very accurate"]);
    expect(JSON.stringify(found[1])).toMatch(/LOOP_B_Q2/);
  });

  it("reads a bracketed list of piped texts in a plain-text script as one note", async () => {
    const ir = await parseText(
      [
        "Q1. Which of these brands have you heard of?",
        "[PIPE IN BRAND LIST:",
        "B1 - Acme Foods",
        "B2 - Brightside Dairy",
        "B3 - Crestview Farms]",
        "1. Yes",
        "2. No",
        "Q2. How old are you?",
        "______",
      ].join("\n"),
    );
    const found = questionsOf(ir);
    expect(found.map((question) => question.id)).toEqual(["Q1", "Q2"]);
    expect(found[0].options).toHaveLength(2);
  });

  it("keeps a bracket that states logic line by line, so its conditions are still read", async () => {
    const ir = await parseText(
      [
        "S1. How often do you stream live video?",
        "1. Never",
        "2. Weekly",
        "3. Daily",
        "[ IF S1 = 3, CLASSIFY AS STREAMERS",
        "Remaining CLASSIFY AS NONE and TERMINATE ]",
        "S2. [Show only if S1 = 2, 3]",
        "Which platforms do you stream on?",
        "1. Video site",
        "2. Social network",
      ].join("\n"),
    );
    const second = questionsOf(ir).find((question) => question.id === "S2")!;
    expect(second.askIf.length).toBeGreaterThan(0);
    expect(JSON.stringify(ir)).not.toMatch(/CLASSIFY AS STREAMERS \/ Remaining/);
  });
});

describe("a recruiter's screen-out note after an answer", () => {
  it("routes '[Remove]' to a screen-out and keeps the word 'remove' in wording as wording", async () => {
    const ir = await parseText(
      [
        "1. Which chore do you do most often?",
        "",
        "- Remove the weeds from the path",
        "- Sweep the yard [Remove]",
        "- Water the plants",
      ].join("\n"),
      "q.md",
    );
    const [question] = questionsOf(ir);
    expect(question.options.map((option) => option.label)).toEqual(["Remove the weeds from the path", "Sweep the yard", "Water the plants"]);
    expect(question.options.map((option) => option.route?.kind ?? null)).toEqual([null, "terminate", null]);
  });
});
