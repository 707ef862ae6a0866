import { describe, expect, it } from "vitest";
import { classifyLine, type LogicalLine } from "./lines";

function line(text: string): LogicalLine {
  const first = { index: 0, text, start: 0, end: text.length };
  return { text, start: 0, end: text.length, first, lines: [first] } as LogicalLine;
}

describe("a line's class is read once (classifyLine keeps it beside the line, read anew when the line changes)", () => {
  it("gives the same class for the same unchanged line", () => {
    const unit = line("Q7. How often do you water the ferns?");
    const once = classifyLine(unit);
    expect(once.kind).toBe("qid");
    expect(classifyLine(unit)).toBe(once);
  });

  it("reads a line again when its text, its formatting or its numbering changed", () => {
    const unit = line("Q7. How often do you water the ferns?");
    expect(classifyLine(unit).kind).toBe("qid");
    unit.text = "Every week";
    expect(classifyLine(unit).kind).toBe("text");
    unit.first.list = { label: "•", level: 0, ordered: false, listId: "bullets" } as LogicalLine["first"]["list"];
    expect(classifyLine(unit).kind).toBe("option");
    unit.spine = { id: "Q8", rest: "Every week", kind: "prefixed" } as LogicalLine["spine"];
    expect(classifyLine(unit)).toEqual({ kind: "qid", id: unit.spine });
  });

  it("a copy of a line with other text is read on its own", () => {
    const unit = line("Q7. How often do you water the ferns?");
    expect(classifyLine(unit).kind).toBe("qid");
    expect(classifyLine({ ...unit, text: "Every week" }).kind).toBe("text");
    expect(classifyLine(unit).kind).toBe("qid");
  });
});
