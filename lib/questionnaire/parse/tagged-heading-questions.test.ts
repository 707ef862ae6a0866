import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * Conventions of questionnaire drafts in Chinese Markdown: unnumbered "### wording【type tag】" headings are the
 * questions. A heading tagged with an answer type is a question even with nothing under it ("【开放题】" open text,
 * "【10分制单选】" a rating out of 10 whose ends a line describes). A "【矩阵题，10分制】" heading over a numbered list,
 * or a heading that asks to rate ("评价", "打分") out of N over one, is a grid: the list items are its rows and the N
 * points of the scale its columns.
 */
const TEXT = [
  "# 社区食堂体验问卷",
  "",
  "## 一、基本情况",
  "",
  "### 您多久来一次社区食堂？【单选】",
  "",
  "1.  每天",
  "2.  每周",
  "3.  偶尔",
  "",
  "### 您对食堂的整体满意程度如何？【10分制单选】",
  "",
  "1分表示“很差”，10分表示“很好”",
  "",
  "### 请对下列“用餐环境”各项打分【矩阵题，10分制】",
  "",
  "1.  座位是否充足",
  "2.  餐桌是否干净",
  "3.  通风是否良好",
  "",
  "#### 老年用户请评价以下两项（5分值）：",
  "",
  "1.  取餐是否方便",
  "2.  菜品是否软烂",
  "",
  "## 二、建议",
  "",
  "### 请写下您对食堂的其他建议。【开放题】",
  "",
  "---",
].join("\n");

describe("Chinese Markdown drafts with tagged heading questions", () => {
  it("reads every tagged heading as a question, with or without answers under it", async () => {
    const ir = await parseText(TEXT, "draft.md");
    const questions = questionsOf(ir);
    expect(questions).toHaveLength(5);
    expect(questions.map((question) => question.type)).toEqual(["single", "rating", "grid", "grid", "open"]);
  });

  it("takes the stated scale as a rating's points and a grid's columns", async () => {
    const ir = await parseText(TEXT, "draft.md");
    const [, rating, matrix, subgroup] = questionsOf(ir);
    expect(rating.options).toHaveLength(10);
    expect(matrix.rows.map((row) => row.label)).toEqual(["座位是否充足", "餐桌是否干净", "通风是否良好"]);
    expect(matrix.columns).toHaveLength(10);
    expect(subgroup.rows).toHaveLength(2);
    expect(subgroup.columns).toHaveLength(5);
  });
});
