import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

describe("labelled programmer notes that route", () => {
  const text = [
    "K1. Do you keep bees?",
    "a. Yes [PN: Continue]",
    "b. No [PN: Thank and Terminate]",
    "",
    "K2. How many hives do you look after?",
    "____ hives",
    "[PN: Thank and terminate, if K2 < 3 or > 60 hives]",
    "",
    "K3. What share of your honey do you sell?",
    "_____ % of honey",
    "[PROG: Thank and terminate immediately, if K3 = 0]",
    "",
    "K4. How many colonies did you lose last winter?",
    "____ colonies",
    "[PN: Terminate if K4 < 1 or if K4 > 90.]",
    "",
    "K5. Which region do you work in?",
    "[PN: Randomize]",
    "a. Coast",
    "b. Hills",
  ].join("\n");

  it("reads a labelled screen-out beside an answer as that answer's route", async () => {
    const ir = await parseText(text);
    expect(questionById(ir, "K1").options.map((option) => option.route?.kind ?? null)).toEqual([null, "terminate"]);
    expect(questionById(ir, "K1").options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });

  it("reads 'thank and terminate, if …' as a screen-out on that condition, a bound without its subject given it", async () => {
    const ir = await parseText(text);
    expect(questionById(ir, "K2").routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{K2} < 3 or {K2} > 60", "terminate"]]);
    expect(questionById(ir, "K3").routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{K3} = '0'", "terminate"]]);
    expect(questionById(ir, "K4").routes.map((route) => [route.when?.condition, route.target.kind])).toEqual([["{K4} < 1 or {K4} > 90", "terminate"]]);
  });

  it("leaves other labelled notes alone", async () => {
    const ir = await parseText(text);
    expect(questionById(ir, "K5").routes).toEqual([]);
    expect(questionById(ir, "K5").options).toHaveLength(2);
  });
});
