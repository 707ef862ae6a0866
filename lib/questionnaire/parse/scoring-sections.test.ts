import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

const QUIZ = [
  "1. How often do you water your plants?",
  "A Daily",
  "B Weekly",
  "C Rarely",
  "2. How many plants do you keep indoors?",
  "A None",
  "B One to five",
  "C More than five",
  "3. Do you repot your plants every year?",
  "A Yes",
  "B No",
  "4. Where do you buy your seeds?",
  "A Garden centre",
  "B Online",
  "5. Which tool do you use most?",
  "A Trowel",
  "B Watering can",
];

describe("a scoring key or result report after a self-assessment is documentation, not questions", () => {
  it("stops at a scoring heading in capitals", async () => {
    const ir = await parseText(
      [...QUIZ, "SCORING KEY", "Part one: care (at most 9)", "Items: 1-3", "Scoring direction:", "more care -> more points", "Item\tA\tB\tC", "Q1\t3\t2\t1", "Q2\t3\t2\t1", "Q3\t2\t1\t0", "Meaning:", "more care -> a higher score", "Your gardener type:", "A Careful gardener", "B Casual gardener"].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("stops at a heading set apart by title brackets ('《评分标准》', '【测试报告】')", async () => {
    const ir = await parseText(
      [
        "1. 你多久给植物浇一次水？", "A 每天", "B 每周", "C 很少",
        "2. 你在室内养了几盆植物？", "A 没有", "B 一到五盆", "C 五盆以上",
        "3. 你每年都给植物换盆吗？", "A 是", "B 否",
        "4. 你在哪里买种子？", "A 园艺店", "B 网上",
        "5. 你最常用的工具是：", "A 小铲子", "B 喷壶",
        "《评分标准》",
        "一、细心程度（满分9）", "题目：1–3题", "评分方向：", "越细心 → 分数越高", "题号\tA\tB\tC", "Q1\t3\t2\t1", "Q2\t3\t2\t1", "Q3\t2\t1\t0", "解释：", "越细心 → 高分",
        "你的园艺类型：", "A 细心型", "B 随意型",
        "【测试报告】",
        "园艺习惯分析", "A 轴 ≥ 10 分：稳定型",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("keeps reading when the heading comes before five questions (a questionnaire about scoring)", async () => {
    const ir = await parseText(["SCORING RULES", ...QUIZ.slice(0, 8)].join("\n"));
    expect(questionsOf(ir)).toHaveLength(2);
  });
});
