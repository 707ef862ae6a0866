import { describe, expect, it } from "vitest";
import { answerFormat, isFormatPlaceholder, specField } from "./spec-fields";
import { parseText, questionsOf as questions } from "../testing/parse-text";


describe("specification fields", () => {
  it("reads field labels by shape, with or without a bullet or bold", () => {
    expect(specField("- Type: Check boxes with icons")).toEqual({ kind: "type", value: "Check boxes with icons" });
    expect(specField("**Answer choices:**")).toEqual({ kind: "list", value: "" });
    expect(specField("* Items: as above")).toEqual({ kind: "list", value: "as above" });
    expect(specField("- Hint: one per line")).toMatchObject({ kind: "property", label: "Hint" });
    expect(specField("- Other: please write in")).toBeNull();
    expect(specField("Strongly agree")).toBeNull();
  });

  it("maps a declared format by its head words", () => {
    expect(answerFormat("Radio buttons with pictures")).toBe("one");
    expect(answerFormat("Slider (1–7)")).toBe("number");
    expect(answerFormat("Drag and drop rank order")).toBe("rank");
    expect(answerFormat("Text input, two lines")).toBe("text");
    expect(answerFormat("Something custom")).toBeNull();
    expect(isFormatPlaceholder("- Long answer")).toBe(true);
    expect(isFormatPlaceholder("- Short stories")).toBe(false);
  });

  it("keeps format, list label and properties out of the answers", async () => {
    const ir = await parseText(
      [
        "1. Which drink do you prefer?",
        "   - Type: Radio buttons with pictures",
        "   - Options:",
        "     * Tea",
        "     * Coffee",
        "     * Water",
        "",
        "2. Which drink would your partner choose?",
        "   - Type: Radio buttons",
        "   - Options: Same as above",
        "",
        "3. How many cups a day?",
        "   - Type: Slider (0–12)",
        "   - Default: 2",
        "",
        "4. Anything else?",
        "   - Short answer",
        "",
      ].join("\n"),
    );
    const [q1, q2, q3, q4] = questions(ir);
    expect(q1).toMatchObject({ type: "single" });
    expect(q1.options.map((option) => option.label)).toEqual(["Tea", "Coffee", "Water"]);
    expect(q2.options.map((option) => option.label)).toEqual(["Tea", "Coffee", "Water"]);
    expect(q3).toMatchObject({ type: "numeric", options: [] });
    expect(q4).toMatchObject({ type: "open", options: [] });
  });

  it("takes a heading as the question when an answer-list label follows it", async () => {
    const ir = await parseText(["# Drinks", "", "### Which drink do you prefer?", "", "**Possible answers:**", "", "- Tea", "", "- Coffee", ""].join("\n"), "q.md");
    const [q1] = questions(ir);
    expect(q1.text).toBe("Which drink do you prefer?");
    expect(q1.options.map((option) => option.label)).toEqual(["Tea", "Coffee"]);
  });
});

describe("the wording given as a specification field", () => {
  it("reads 'Question:' fields in several languages, quotes removed", () => {
    expect(specField('* **Domanda:** "Quale servizio usi di più?"')).toEqual({ kind: "wording", value: "Quale servizio usi di più?" });
    expect(specField("- Question: How did you hear about us?")).toEqual({ kind: "wording", value: "How did you hear about us?" });
    expect(specField("- Tipo: Testo libero (Paragrafo)")).toEqual({ kind: "type", value: "Testo libero (Paragrafo)" });
    expect(answerFormat("Testo libero (Paragrafo)")).toBe("text");
  });

  it("starts a question at the wording field; the format and option fields after it describe its answers", async () => {
    const ir = await parseText(
      [
        "### Part 1",
        '* **Pregunta:** "¿Cuántos empleados tiene su empresa?"',
        "* **Opciones:**",
        "  * `1-9`",
        "  * `10-49`",
        "  * `50 o más`",
        "",
        "### Part 2",
        '* **Question:** "Is there anything else you would like to tell us?"',
        "* **Type:** Free text (paragraph)",
      ].join("\n"),
      "spec.md",
    );
    expect(questions(ir).map((question) => [question.text, question.type, question.options.length])).toEqual([
      ["¿Cuántos empleados tiene su empresa?", "single", 3],
      ["Is there anything else you would like to tell us?", "open", 0],
    ]);
  });
});
