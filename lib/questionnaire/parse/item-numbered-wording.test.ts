import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

/**
 * Convention: an online form's plain-text export numbers every question in one running sequence and keeps the
 * author's own item number glued to the wording ("9. 2.Wording*[单选题]"), the item number restarting for each
 * scale. The running number is the question's id; the glued item number is part of the wording, not an answer
 * code ("9." is no option labelled "2.Wording").
 */
describe("a running number before an item number glued to the wording", () => {
  it("reads each line as a question with its options below", async () => {
    const ir = await parseText(
      [
        "1. 1.您最常去的公园*[单选题]",
        "东门公园",
        "西湖公园",
        "",
        "2. 请根据实际情况评价下列说法。*[单选题]",
        "我明白了",
        "",
        "3. 1.公园的座椅足够*[单选题]",
        "完全不符合",
        "2",
        "3",
        "4",
        "完全符合",
        "",
        "4. 2.公园的灯光明亮*[单选题]",
        "完全不符合",
        "2",
        "3",
        "4",
        "完全符合",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4"]);
    expect(questionById(ir, "1").options.map((option) => option.label)).toEqual(["东门公园", "西湖公园"]);
    expect(questionById(ir, "3").options).toHaveLength(5);
    expect(questionById(ir, "4").text).toContain("公园的灯光明亮");
  });

  it("keeps a numbered answer with a decimal quantity an answer", async () => {
    const ir = await parseText(["Q1. How long did the trip take?", "1. 1.5 hours", "2. 2.5 hours", "3. 3 hours or more"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1"]);
    expect(questionById(ir, "Q1").options).toHaveLength(3);
  });
});
