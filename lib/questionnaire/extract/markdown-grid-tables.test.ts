import { describe, expect, it } from "vitest";
import { readMarkdown } from "./markdown";

const read = (source: string) => readMarkdown(source, { maxChars: 1_000_000 });
const cells = (source: string) => read(source).lines.filter((line) => line.cell).map((line) => [line.cell!.row, line.cell!.col, line.text]);

describe("pandoc grid tables", () => {
  it("reads a grid table row by row, rejoining each cell's wrapped lines into its paragraphs", () => {
    const source = [
      "+-----+------------------------+---------------+",
      "| **I | **Wording**            | **Answers**   |",
      "| d** |                        |               |",
      "+=====+========================+===============+",
      "| tr  | How many trips did you | 1.  None      |",
      "| _01 | take by train last     |               |",
      "|     | year?                  | 2.  One or    |",
      "|     |                        |     more      |",
      "|     | *Read the answers      |               |",
      "|     | aloud.*                | -9 Don\\'t     |",
      "|     |                        | know          |",
      "+-----+------------------------+---------------+",
    ].join("\n");
    expect(cells(source)).toEqual([
      [0, 0, "Id"],
      [0, 1, "Wording"],
      [0, 2, "Answers"],
      [1, 0, "tr_01"],
      [1, 1, "How many trips did you take by train last year?"],
      [1, 1, "Read the answers aloud."],
      [1, 2, "1. None"],
      [1, 2, "2. One or more"],
      [1, 2, "-9 Don't know"],
    ]);
    expect(read(source).lines.filter((line) => line.cell?.row === 0).every((line) => line.bold)).toBe(true);
  });

  it("rejoins a word broken across a narrow column without spaces, down to one character per line", () => {
    const source = [
      "+-----+------+---+",
      "| bik | T    | A |",
      "| e_q | R_01 | N |",
      "| _07 | != 9 | Y |",
      "|     | AND  | T |",
      "|     | BI   | R |",
      "|     | KE_Q | _ |",
      "|     | 06_A | 1 |",
      "|     | = 2  |   |",
      "+-----+------+---+",
    ].join("\n");
    expect(cells(source).map((cell) => cell[2])).toEqual(["bike_q_07", "TR_01 != 9 AND BIKE_Q06_A = 2", "ANYTR_1"]);
  });

  it("keeps a list item whole across the blank lines pandoc sets around an outdented long word, and drops raw blocks", () => {
    const source = [
      "+----+----------------+",
      "| q1 | a.  Ferries,   |",
      "|    |     buses,     |",
      "|    |                |",
      "|    |  trolleybuses, |",
      "|    |     trams      |",
      "|    |                |",
      "|    | ```{=html}     |",
      "|    | <!-- -->       |",
      "|    | ```            |",
      "|    | x\\. Other      |",
      "+----+----------------+",
    ].join("\n");
    expect(cells(source).map((cell) => cell[2])).toEqual(["q1", "a. Ferries, buses, trolleybuses, trams", "x. Other"]);
  });

  it("leaves text that only starts with a plus sign alone", () => {
    const doc = read(["+ first bullet", "+ second bullet"].join("\n"));
    expect(doc.lines.some((line) => line.cell)).toBe(false);
  });
});
