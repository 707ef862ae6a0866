import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";
import { isMostlyRawHtml } from "./markdown-html";

/**
 * Convention: a static-site post holds the questionnaire as raw HTML inside Markdown — one block per question,
 * a heading element for the wording and a table of codes and labels under a header row — wrapped in template tags
 * ("{% raw %}" … "{% endraw %}"). The post reads as the page it renders; the header row ("Value | Label",
 * "选项值 | 选项标签") is no answer.
 */
const block = (n: number, wording: string, answers: string[]) => [
  "{% raw %}",
  '<div class="item">',
  `<h4>第${n}题:${wording}*[单选题]</h4>`,
  "",
  '<table class="table">',
  "<thead>",
  "<tr><td>选项值</td><td>选项标签</td></tr>",
  "</thead>",
  "<tbody>",
  ...answers.map((answer, i) => `<tr><td>${i + 1}</td><td>${answer}</td></tr>`),
  "</tbody>",
  "</table>",
  "</div>",
  "{% endraw %}",
  "",
];

describe("Markdown made of raw HTML question blocks", () => {
  const post = [
    "---",
    "title: 社区图书馆使用情况",
    "---",
    "",
    "### 调查说明",
    "",
    "感谢您抽时间填写本问卷。",
    "",
    ...block(1, "您多久去一次社区图书馆？", ["每周", "每月", "很少", "从不"]),
    ...block(2, "您对借阅服务是否满意？", ["满意", "一般", "不满意"]),
    "{% raw %}",
    '<div class="item">',
    "<h4>第3题:您最希望增加哪类图书？",
    "请简单说明。*[填空题]</h4>",
    "</div>",
    "{% endraw %}",
  ].join("\n");

  it("is recognised by its share of HTML block lines", () => {
    expect(isMostlyRawHtml(post)).toBe(true);
    expect(isMostlyRawHtml("# Survey\n\n1. How often do you read?\n- Daily\n- Weekly\n\n<p>Thanks</p>")).toBe(false);
  });

  it("reads the heading elements as questions and the table rows as coded answers without the header row", async () => {
    const ir = await parseText(post, "post.md");
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2", "Q3"]);
    expect(questionById(ir, "Q1").options.map((option) => option.label)).toEqual(["每周", "每月", "很少", "从不"]);
    expect(questionById(ir, "Q2").options).toHaveLength(3);
    expect(questionById(ir, "Q3").options).toHaveLength(0);
  });

  it("drops an English code column heading too", async () => {
    const english = block(1, "How often do you visit?", ["Weekly", "Monthly"])
      .concat(block(2, "Are you satisfied?", ["Yes", "No"]))
      .join("\n")
      .replace(/选项值/g, "Value")
      .replace(/选项标签/g, "Label");
    const ir = await parseText(english, "post.md");
    expect(questionsOf(ir).map((question) => question.options.length)).toEqual([2, 2]);
  });
});
