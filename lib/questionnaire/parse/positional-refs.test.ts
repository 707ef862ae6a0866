import { describe, expect, it } from "vitest";
import { namesPreviousQuestion, withPositionalRefs } from "./positional-refs";

const previous = { id: "9", variable: "Q9" };

describe("questions named by position (positional-refs)", () => {
  it.each([
    ["[shown if answered 'No' to previous question]", "[shown if answered 'No' to Q9]"],
    ["if you answered yes to the previous question", "if you answered yes to Q9"],
    ["ask if the question above was answered", "ask if Q9 was answered"],
    ["(si vous avez répondu oui à la question précédente)", "(si vous avez répondu oui à Q9)"],
    ["Si respondió 'No' en la pregunta anterior", "Si respondió 'No' en Q9"],
    ["nur wenn Sie die vorherige Frage mit nein beantwortet haben", "nur wenn Sie Q9 mit nein beantwortet haben"],
    ["se respondeu sim na pergunta anterior", "se respondeu sim na Q9"],
  ])("the previous question: %s", (text, named) => expect(withPositionalRefs(text, previous)).toBe(named));

  it.each([
    ["(si la réponse précédente est non)", "(si la réponse est non à la question Q9)"],
    ["[Si la respuesta anterior fue 'No']", "[Si la respuesta fue 'No' en la pregunta Q9]"],
    ["if the previous answer was No", "if the answer was No to question Q9"],
  ])("the previous answer: %s", (text, named) => expect(withPositionalRefs(text, previous)).toBe(named));

  it("leaves text without a positional reference, or without a previous question, unchanged", () => {
    expect(withPositionalRefs("ask if Q3 = 1", previous)).toBe("ask if Q3 = 1");
    expect(withPositionalRefs("[shown if answered 'No' to previous question]", undefined)).toBe("[shown if answered 'No' to previous question]");
    expect(namesPreviousQuestion("In the previous questions we asked about food")).toBe(false);
    expect(namesPreviousQuestion("[shown if answered 'No' to previous question]")).toBe(true);
  });
});
