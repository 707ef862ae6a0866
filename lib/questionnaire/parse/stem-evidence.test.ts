import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";
import { RECOVERED_WARNING } from "./stem-evidence";

describe("stems a text screen collapsed, recovered by the document's evidence of questions", () => {
  it("splits a text screen holding several asking lines, each over its answers, into flagged questions", async () => {
    const ir = await parseText(
      [
        "Have you bought a bicycle helmet in the last year?",
        "Yes",
        "No",
        "",
        "How old is your bicycle?",
        "Under 1 year",
        "1-3 years",
        "Over 3 years",
        "",
        "THE NEXT QUESTIONS ARE ABOUT PRICES. IMAGINE YOU ARE SHOPPING FOR A NEW HELMET:",
        "",
        "If the helmet cost $40 (please tick one)",
        "",
        "Would never buy      Might buy      Not sure      Would buy      Would surely buy",
        "",
        "If the helmet cost $60 (please tick one)",
        "",
        "Would never buy      Might buy      Not sure      Would buy      Would surely buy",
        "",
        "Which colour would you pick?",
        "Red",
        "Blue",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual([
      "Have you bought a bicycle helmet in the last year?",
      "How old is your bicycle?",
      "If the helmet cost $40",
      "If the helmet cost $60",
      "Which colour would you pick?",
    ]);
    expect(qs.map((q) => q.options.length)).toEqual([2, 3, 5, 5, 2]);
    expect(qs[2].warnings).toContain(RECOVERED_WARNING);
    expect(qs[0].warnings).not.toContain(RECOVERED_WARNING);
    // The lead-in stays text.
    expect(ir.items.some((item) => item.kind === "info" && /SHOPPING FOR A NEW HELMET/.test(item.text))).toBe(true);
  });

  it("reads answer codes printed under answers side by side, and keeps a lead-in line as text", async () => {
    const ir = await parseText(
      [
        "Do you own a tent?",
        "Yes",
        "No",
        "",
        "PLEASE READ THE FOLLOWING BEFORE YOU ANSWER:",
        "",
        "A trip to the coast this year (circle one)",
        "Not at all      Slightly      Quite      Very",
        "1      2      3      4",
        "",
        "A trip to the hills this year (circle one)",
        "Not at all      Slightly      Quite      Very",
        "1      2      3      4",
      ].join("\n"),
      "form.txt",
    );
    const recovered = questionsOf(ir).filter((q) => q.warnings.includes(RECOVERED_WARNING));
    // The whole form collapsed into one text screen: three stems, two of them asking for a pick.
    expect(recovered).toHaveLength(3);
    expect(recovered[0].options.map((option) => option.label)).toEqual(["Yes", "No"]);
    for (const question of recovered.slice(1)) expect(question.options.map((option) => option.code)).toEqual(["1", "2", "3", "4"]);
    // The line that introduces the next stems is text, not an answer of the stem above it.
    expect(ir.items.some((item) => item.kind === "info" && /PLEASE READ THE FOLLOWING/.test(item.text))).toBe(true);
  });

  it("needs three stems, or two that ask for a pick: two question marks over short lines may be notes", async () => {
    const ir = await parseText(["Minutes of the garden committee", "", "Why did the pump stop?", "Frost", "Worn seal", "", "Who orders the part?", "Chair", "Treasurer"].join("\n"), "notes.txt");
    expect(questionsOf(ir).some((q) => q.warnings.includes(RECOVERED_WARNING))).toBe(false);
  });

  it("reads asking lines with room to write between them as open questions", async () => {
    const ir = await parseText(
      [
        "The map is easy to read",
        "Strongly disagree                              Strongly agree",
        "Paying takes only a moment",
        "Strongly disagree                              Strongly agree",
        "",
        "Which screen did you use first?",
        "",
        "",
        "",
        "What surprised you while paying for a space?",
        "",
        "",
        "",
        "What would you change about the map?",
        "",
        "",
        "",
        "How does it compare with the meters on the street?",
        "",
      ].join("\n"),
      "form.txt",
    );
    const qs = questionsOf(ir);
    expect(qs.map((q) => [q.text, q.type])).toEqual([
      ["Which screen did you use first?", "open"],
      ["What surprised you while paying for a space?", "open"],
      ["What would you change about the map?", "open"],
      ["How does it compare with the meters on the street?", "open"],
    ]);
    expect(qs.every((q) => q.warnings.includes(RECOVERED_WARNING))).toBe(true);
  });

  it("keeps asking lines printed one under the other, with no room to write, as text", async () => {
    const ir = await parseText(["What the review looked at", "", "Who parks in the old town?", "How long do they stay?", "Where do they pay?", "Why do some not pay?"].join("\n"), "notes.txt");
    expect(questionsOf(ir).some((q) => q.warnings.includes(RECOVERED_WARNING))).toBe(false);
  });

  it("does not invent questions in a consent or objectives screen", async () => {
    const ir = await parseText(
      [
        "Do you cycle to work?",
        "Yes",
        "No",
        "",
        "ABOUT THIS STUDY: OUR OBJECTIVES AND YOUR CONSENT",
        "Why are we asking?",
        "To plan safer routes",
        "Who sees the answers?",
        "Only the research team",
        "",
        "How far do you ride each day?",
        "Under 5 km",
        "5 km or more",
      ].join("\n"),
      "form.txt",
    );
    expect(questionsOf(ir).some((q) => q.warnings.includes(RECOVERED_WARNING))).toBe(false);
  });
});

describe("a form whose answers are drawn: the text layer keeps only the labels", () => {
  it("recovers short labels ending in a colon, each followed by the gap its drawn answer filled, among asking lines", async () => {
    const ir = await parseText(
      [
        "Pond survey card",
        "",
        "Thank you for recording a pond for us.",
        "",
        "Name of the pond:",
        "",
        "",
        "Nearest village:",
        "",
        "",
        "Is there water all year round?",
        "",
        "",
        "What lives in the pond?",
        "",
      ].join("\n"),
      "card.txt",
    );
    expect(questionsOf(ir).map((q) => q.text)).toEqual(["Name of the pond:", "Nearest village:", "Is there water all year round?", "What lives in the pond?"]);
  });

  it("leaves a screen of colon lead-ins over prose alone", async () => {
    const ir = await parseText(
      [
        "Which pond did you visit?",
        "   North pond",
        "   South pond",
        "",
        "How the card is used:",
        "We read every card by hand and enter it into the county's records.",
        "",
        "Who to contact:",
        "The volunteer office answers questions on weekday mornings.",
        "",
        "What happens next:",
        "A summary of all cards is published every spring.",
      ].join("\n"),
      "card.txt",
    );
    expect(questionsOf(ir).map((q) => q.text)).toEqual(["Which pond did you visit?"]);
  });
});
