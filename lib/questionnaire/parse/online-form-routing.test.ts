import { describe, expect, it } from "vitest";
import { compileFile } from "../index";
import { parseText, questionById } from "../testing/parse-text";

/**
 * Conventions of online-form exports written in Chinese: the platform's running number before the author's own
 * label ("7. Q6:Wording"), a routing instruction after an ellipsis at the end of the wording ("……转Q8": turn to
 * the question the author labelled Q8, whatever its running number), and a fill-in asking for the respondent's
 * age ("您的年龄：[填空题]"), which takes a number.
 */
const TEXT = [
  "1. Q1:您的年龄[填空题]",
  "",
  "2. 您所在的城市*[单选题]",
  "南城",
  "北城",
  "",
  "3. Q2:您是否养宠物*[单选题]",
  "是",
  "否",
  "",
  "4. Q3:您养宠物的原因（可多选）……转Q5* 【多选题】[多选题]",
  "陪伴",
  "看家",
  "其他",
  "",
  "5. Q4:您不养宠物的原因*[单选题]",
  "没时间",
  "没空间",
  "",
  "6. Q5:您每月在宠物上的花费*[单选题]",
  "较少",
  "较多",
].join("\n");

describe("routing by the author's labels in an online-form export", () => {
  it("reads the author's label as another name of the question and the ellipsis instruction as its route", async () => {
    const ir = await parseText(TEXT);
    const reasons = questionById(ir, "4");
    expect(reasons.aliases).toContain("Q3");
    expect(reasons.text).not.toContain("转Q5");
    expect(reasons.routes.map((route) => route.target)).toEqual([{ kind: "question", ref: "Q5" }]);
    expect(reasons.type).toBe("multi");
  });

  it("sends the route to the question labelled Q5, not to the fifth in the running sequence", async () => {
    const compiled = await compileFile(new TextEncoder().encode(TEXT), { filename: "q.txt", survey: { id: "s", slug: "s", name: "s" }, questionnaireRevision: null, model: null });
    const pages = compiled.document.pages;
    const from = pages.find((page) => page.blocks.some((block) => "content" in block.config && String(block.config.content).includes("养宠物的原因")))!;
    const target = pages.find((page) => page.id === from.navigation_rules[0]?.target_page_id);
    expect(target?.blocks.some((block) => "content" in block.config && String(block.config.content).includes("花费"))).toBe(true);
  });

  it("reads an age fill-in as a number", async () => {
    const ir = await parseText(TEXT);
    expect(questionById(ir, "1").type).toBe("numeric");
  });
});
