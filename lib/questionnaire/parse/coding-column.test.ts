import { describe, expect, it } from "vitest";
import type { PdfText } from "../testing/pdf-writer";
import { parsePdfPage, parseText, questionById } from "../testing/parse-text";

// A hand-coded paper form: each question's number, a short variable name and blanks printed in a right-hand column.
const rows: [string, string | null][] = [
  ["1.Do you have a bicycle? __", "1 bike __"],
  ["(0)No → 3 (1)Yes (9)IGN", null],
  ["2.How many bicycles are there at home? __", "2 nbikes __ __"],
  ["(1)One (2)Two (3)Three or more (9)IGN", null],
  ["3.Do you walk to work? __", "3 walk __"],
  ["(0)No (1)Yes", null],
  ["4.Do you own a car? __", "4 car __"],
  ["(0)No (1)Yes (9)IGN", null],
  ["5.Do you take the bus? __", "5 bus __"],
  ["(0)Never (1)Sometimes (2)Often", null],
  ["6.Do you take the train? __", "6 train __"],
  ["(0)Never (1)Sometimes (2)Often", null],
];

function page(): PdfText[] {
  const texts: PdfText[] = [];
  rows.forEach(([left, right], k) => {
    const y = 780 - k * 14;
    texts.push({ text: left, x: 40, y, size: 10 });
    if (right) texts.push({ text: right, x: 430, y, size: 10 });
  });
  return texts;
}

describe("a coding column down the right margin", () => {
  it("takes the coder's boxes off the lines so each question keeps its answers (PDF)", async () => {
    const ir = await parsePdfPage(page());
    expect(questionById(ir, "1").options.map((option) => option.code)).toEqual(["0", "1", "9"]);
    expect(questionById(ir, "2").options).toHaveLength(4);
    expect(questionById(ir, "6").options).toHaveLength(3);
    expect(questionById(ir, "2").text).not.toMatch(/nbikes/);
  });

  it("keeps wording that ends in a blank after a number of its own ('1 to 4 years ___')", async () => {
    const ir = await parseText(
      rows
        .map(([left, right]) => (right ? `${left}          ${right}` : left))
        .concat(["7.How long have you cycled? b.1 to 4 years ___"])
        .join("\n"),
      "form.txt",
    );
    expect(questionById(ir, "3").text).not.toMatch(/walk __/);
    expect(questionById(ir, "7").text).toMatch(/4 years/);
  });
});
