import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";
import { asksForCount, saysNil } from "./nil-counts";

describe("a routing clause that says never or none under a question that counts", () => {
  it("knows count wording and nil clauses in several languages", () => {
    expect(asksForCount("How many times have you moved house?")).toBe(true);
    expect(asksForCount("Combien de fois avez-vous déménagé ?")).toBe(true);
    expect(asksForCount("In what year did you move?")).toBe(false);
    expect(saysNil("you have never moved")).toBe(true);
    expect(saysNil("vous n'avez jamais déménagé")).toBe(true);
    expect(saysNil("Sie keine Kinder haben")).toBe(true);
    expect(saysNil("you moved more than 3 times")).toBe(false);
    expect(saysNil("you moved abroad")).toBe(false);
  });

  it("reads the clause as a count of zero on the counting question", async () => {
    const ir = await parseText(
      [
        "1. Combien de fois avez-vous déménagé depuis 2010 ?",
        "|__|__| fois",
        "Si vous n'avez jamais déménagé, passez à la question 3.",
        "",
        "2. Combien de ces déménagements étaient choisis ?",
        "|__|__|",
        "",
        "3. Avez-vous des enfants ?",
        "1 Oui",
        "2 Non",
      ].join("\n"),
    );
    expect(questionById(ir, "1").routes.map((route) => [route.when?.condition, route.target])).toEqual([["{Q1} = 0", { kind: "question", ref: "3" }]]);
  });

  it("leaves a never under a question that asks for a year unread", async () => {
    const ir = await parseText(["1. En quelle année avez-vous déménagé ?", "|__|__|__|__|", "Si vous n'avez jamais déménagé, passez à la question 2.", "", "2. Avez-vous des enfants ?", "1 Oui", "2 Non"].join("\n"));
    expect(questionById(ir, "1").routes[0]?.when?.condition).toBeUndefined();
  });
});
