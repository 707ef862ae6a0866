import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

describe("export tags before the wording (a survey tool's Word export)", () => {
  it("reads each 'tag Wording?' line as a question named by its export tag, plain-word tags included", async () => {
    const ir = await parseText(
      [
        "Garden Club Spring Survey",
        "visit_freq How often do you visit the community garden?",
        "Every week (1)",
        "Every month (2)",
        "Less often (3)",
        "plots How many plots do you tend this season? Please enter a whole number.",
        "tool_share Would you share your tools with other members, if a shed were built",
        "for the club?",
        "Yes (1)",
        "No (0)",
        "seed_pref Which seeds would you like the club to order? Select all that apply.",
        "Tomatoes (1)",
        "Beans (2)",
        "Herbs (3)",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["visit_freq", "plots", "tool_share", "seed_pref"]);
    expect(questionById(ir, "visit_freq").text).toBe("How often do you visit the community garden?");
    expect(questionById(ir, "visit_freq").options.map((option) => option.label)).toEqual(["Every week", "Every month", "Less often"]);
  });

  it("leaves a wrapped line that starts with a lower-case word, and documents with fewer than three data names, alone", async () => {
    const ir = await parseText(
      [
        "1. How often do you visit the community garden? If you visit with a friend, please",
        "count Each visit once.",
        "1 Every week",
        "2 Less often",
        "2. Would you share your tools with other members?",
        "1 Yes",
        "2 No",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2"]);
  });
});

describe("translated repeats under one id (bilingual codebooks)", () => {
  it("keeps the first printing of an item printed again under the same export tag in the other language", async () => {
    const ir = await parseText(
      [
        "visit_freq How often do you visit the community garden?",
        "• Every week (1)",
        "• Less often (2)",
        "",
        "visit_freq À quelle fréquence visitez-vous le jardin communautaire?",
        "• Chaque semaine (1)",
        "• Moins souvent (2)",
        "",
        "tool_share Would you share your tools with the other members?",
        "• Yes (1)",
        "• No (2)",
        "",
        "tool_share Est-ce que vous partageriez vos outils avec les autres membres?",
        "• Oui (1)",
        "• Non (2)",
        "",
        "seed_pref Which seeds would you like the club to order?",
        "• Tomatoes (1)",
        "• Beans (2)",
        "",
        "seed_pref Quelles semences voulez-vous que le club commande?",
        "• Tomates (1)",
        "• Haricots (2)",
      ].join("\n"),
      "codebook.md",
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["visit_freq", "tool_share", "seed_pref"]);
    expect(questionById(ir, "tool_share").options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("keeps a repeated id whose wording is in the same language (two questions, one misprinted id)", async () => {
    const ir = await parseText(
      [
        "Q1. How often do you visit the community garden?",
        "1 Every week",
        "2 Less often",
        "Q2. Would you share your tools with other members?",
        "1 Yes",
        "2 No",
        "Q2. Which seeds would you like the club to order?",
        "1 Tomatoes",
        "2 Beans",
      ].join("\n"),
    );
    expect(questionsOf(ir)).toHaveLength(3);
  });
});
