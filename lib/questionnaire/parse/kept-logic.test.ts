import { describe, expect, it } from "vitest";
import { parseRouteTarget } from "./logic";
import { parseText, questionsOf as questions } from "../testing/parse-text";

/** Logic written inside option labels and brackets is kept as a rule (or a flagged condition), never stripped. */

describe("logic inside labels and brackets", () => {
  it("binds a bracketed condition in front of the wording to the answer it quotes", async () => {
    const ir = await parseText(
      ["1. Which pet do you have?", "   - Dog", "   - Cat", "   - Other", "", '2. [If "Other" selected] Which pet is it?', "   ____", ""].join("\n"),
    );
    const [q1, q2] = questions(ir);
    expect(q2.text).toBe("Which pet is it?");
    expect(q2.askIf[0].condition).toBe(`{${q1.variable}} = '3'`);
  });

  it("keeps an unbindable bracketed condition as a flagged condition", async () => {
    const ir = await parseText(["1. How old are you? ____", "", "2. [If the panel flag is set] Which city? ____", ""].join("\n"));
    const q2 = questions(ir)[1];
    expect(q2.askIf).toHaveLength(1);
    expect(q2.askIf[0].unresolved).toBeTruthy();
  });

  it("reads a skip written inside an option label in Chinese", async () => {
    expect(parseRouteTarget("请跳过第 3 题，直接进入第 4 题")).toEqual({ kind: "question", ref: "4" });
    const ir = await parseText(["1. 你多久运动一次：", "A.从不（请跳过第 2 题，直接进入第 3 题）", "B.每周一次", "2. 你喜欢什么运动？", "A.跑步", "B.游泳", "3. 你的年龄：", "A.18岁以下", "B.18岁及以上", ""].join("\n"));
    const [q1] = questions(ir);
    expect(q1.options.map((option) => option.label)).toEqual(["从不", "每周一次"]);
    expect(q1.options[0].route).toEqual({ kind: "question", ref: "3" });
  });

  it("splits several lettered answers printed on one line", async () => {
    const ir = await parseText(["1. Which fruit do you like? (select all)", "A. Apples B. Pears C. Plums", "D. Figs", ""].join("\n"));
    expect(questions(ir)[0].options.map((option) => option.label)).toEqual(["Apples", "Pears", "Plums", "Figs"]);
  });

  it("reads comparisons in parentheses before the wording as one display condition, and a scale legend as no condition", async () => {
    const ir = await parseText(
      [
        "Q1. Do you rent your home?",
        "1 Yes",
        "2 No",
        "Q2. Do you plan to buy?",
        "1 Yes",
        "2 No",
        "Q3. (Q1 == 2) or (Q2 == 1) How long have you lived there?",
        "1 Under a year",
        "2 A year or more",
        "Q4. How satisfied are you with it? (1 = poor, 5 = great)",
        "1",
        "2",
        "3",
        "4",
        "5",
      ].join("\n"),
    );
    const [, , q3, q4] = questions(ir);
    expect(q3.text).toBe("How long have you lived there?");
    expect(q3.askIf.map((condition) => condition.condition)).toEqual(["{Q1} = '2' or {Q2} = '1'"]);
    expect(q4.askIf).toEqual([]);
  });

  it("leaves the colon after a bracketed condition out of the wording", async () => {
    const ir = await parseText(["1. Which region do you live in?", "a. North", "b. South", "", "2. [If participant selects North above]: Which town is nearest to you?", "a. Alpha", "b. Beta"].join("\n"));
    const q2 = questions(ir)[1];
    expect(q2.text).toBe("Which town is nearest to you?");
    expect(q2.askIf.length).toBe(1);
  });
});
