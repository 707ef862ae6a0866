import { describe, expect, it } from "vitest";
import type { IROption } from "../ir";
import { parseText } from "../testing/parse-text";
import { answersNamedByWords } from "./answer-words";

const options = (...labels: string[]) => labels.map((label, index) => ({ code: String(index + 1), label }) as IROption);

describe("an answer named by its words inside a longer route clause", () => {
  it("binds the answer whose words the clause repeats, setting aside words that restate the question", () => {
    expect(answersNamedByWords("in the public sector", "Which sector was your first job in?", options("Private", "Public"))).toEqual(["2"]);
    expect(answersNamedByWords("you were born in Canada", "Where were you born?", options("In Canada, in a province", "In Canada, in a territory", "Abroad"))).toEqual(["1", "2"]);
    expect(answersNamedByWords("permanent or military", "When you started, you were:", options("Permanent (including trainees) or military", "Temporary staff", "Subsidised contract"))).toEqual(["1"]);
  });

  it("leaves a clause unbound when its words are not all accounted for", () => {
    expect(answersNamedByWords("no or if you have a full exemption", "Do you teach in a school?", options("Yes, partial exemption", "Yes, full exemption", "No"))).toBeNull();
    expect(answersNamedByWords("you own a boat", "Which sector was your first job in?", options("Private", "Public"))).toBeNull();
  });

  it("routes a French questionnaire's 'Si vous avez répondu …, passez à la question N' over the questions between", async () => {
    const ir = await parseText(
      [
        "4. Dans quel secteur se situait votre premier emploi ?",
        "Privé",
        "Public",
        "Si vous avez répondu dans le secteur public, passez à la question 6.",
        "5. Combien d'employeurs privés avez-vous eus ?",
        "6. En quelle année êtes-vous né ?",
      ].join("\n"),
    );
    const source = ir.items.find((item) => item.kind === "question" && item.id === "4");
    expect(source && "routes" in source ? source.routes[0].when?.condition : undefined).toBe("{Q4} = '2'");
  });
});
