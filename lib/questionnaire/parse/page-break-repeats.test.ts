import { describe, expect, it } from "vitest";
import { parsePdfPages, questionById } from "../testing/parse-text";

describe("a line a page break cut through, printed on both pages", () => {
  it("reads the repeated line once", async () => {
    const ir = await parsePdfPages([
      [
        { text: "1. How would you like to track your reading?", x: 50, y: 700 },
        { text: "a) A list of the chapters I have already finished reading", x: 60, y: 680 },
        { text: "b) A progress bar that shows how many pages of the book", x: 60, y: 60 },
      ],
      [
        { text: "b) A progress bar that shows how many pages of the book", x: 60, y: 760 },
        { text: "that I have already read", x: 76, y: 744 },
        { text: "c) No tracking at all", x: 60, y: 728 },
        { text: "2. Do you read every day?", x: 50, y: 700 },
        { text: "a) Yes", x: 60, y: 680 },
        { text: "b) No", x: 60, y: 664 },
      ],
    ]);
    expect(questionById(ir, "1").options).toHaveLength(3);
    expect(questionById(ir, "2").options).toHaveLength(2);
  });
});
