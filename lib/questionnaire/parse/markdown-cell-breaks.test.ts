import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

describe("a Markdown table whose answer cells list the answers with line breaks", () => {
  it("reads each part of a '<br>'-separated cell as an answer", async () => {
    const ir = await parseText(
      [
        "| No | Question | Options |",
        "|----|----------|---------|",
        "| 1 | How often do you water the plants? | Daily<br>Weekly<br/>Monthly<br>Never |",
        "| 2 | Which tools do you own? (select all) | Rake; Spade; Hose |",
        "| 3 | What would you grow next year? | Open text |",
      ].join("\n"),
      "plants.md",
    );
    const first = questionById(ir, "1");
    expect(first.type).toBe("single");
    expect(first.options.map((option) => option.label)).toEqual(["Daily", "Weekly", "Monthly", "Never"]);
    expect(first.text).toBe("How often do you water the plants?");
    expect(questionById(ir, "2").options).toHaveLength(3);
  });
});
