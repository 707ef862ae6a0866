import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import { buildDocx, LISTS } from "../testing/docx-writer";
import { parseText, questionsOf } from "../testing/parse-text";
import { parseQuestionnaire } from "./index";

const parseDocx = async (blocks: Parameters<typeof buildDocx>[0]["blocks"]) =>
  parseQuestionnaire(await extractDocument(buildDocx({ lists: [LISTS.decimal(1)], blocks }), { filename: "form.docx" }));
const q = (text: string) => ({ runs: [{ text }], num: { id: 1, level: 0 } });

describe("answers laid out in Word tables", () => {
  it("reads labels beside empty cells (the boxes the respondent marks) as the answers", async () => {
    const ir = await parseDocx([
      q("¿Dónde has visto o escuchado tales opiniones?"),
      { kind: "table", rows: [["En su círculo de amigos", ""], ["En la televisión", ""], ["En Internet", ""], ["N.C.", ""]] },
      q("Which of these parties is closest to your views?"),
      { kind: "table", rows: [["Left", ""], ["Centre", ""], ["Right", ""]] },
    ]);
    const found = questionsOf(ir);
    expect(found.map((question) => [question.type, question.options.length])).toEqual([
      ["single", 4],
      ["single", 3],
    ]);
    expect(found[0].text).not.toMatch(/círculo/);
  });

  it("keeps labels beside empty cells under a field label ('Vitals:') as fields to fill in, not answers", async () => {
    const ir = await parseDocx([
      "Vitals:",
      { kind: "table", rows: [["Temperature", ""], ["Blood pressure", ""], ["Pulse rate", ""]] },
      q("How many medications do you take daily?"),
      "Number: ______",
    ]);
    const found = questionsOf(ir);
    expect(found.some((question) => question.options.some((option) => option.label === "Temperature"))).toBe(false);
    expect(found.some((question) => /How many medications/.test(question.text))).toBe(true);
  });

  it("reads a rating table whose rows carry the item numbers of the question (2.1., 2.2.) as a grid of the scale's points", async () => {
    const ir = await parseDocx([
      q("Responde a las siguientes afirmaciones:"),
      {
        kind: "table",
        rows: [
          ["", "AFIRMACIONES", "1", "2", "3", "4", "5"],
          ["2.1.", "Los inmigrantes hacen los trabajos que otros no quieren.", "", "", "", "", ""],
          ["2.2.", "Se siguen necesitando trabajadores inmigrantes.", "", "", "", "", ""],
          ["2.3.", "Una sociedad sin inmigrantes es difícil que funcione.", "", "", "", "", ""],
        ],
      },
    ]);
    const [grid] = questionsOf(ir);
    expect(grid.type).toBe("grid");
    expect(grid.columns.map((column) => column.label)).toEqual(["1", "2", "3", "4", "5"]);
    expect(grid.rows).toHaveLength(3);
  });
});

describe("a scale's printed legend", () => {
  it("reads '1 = not at all; 7 = completely' as the legend of the points under it, not as their first answer", async () => {
    for (const legend of ["1 = muy negativa; 7 = muy positiva", "1 = not at all; 7 = completely", "0 = nunca; hasta 4 = siempre"]) {
      const low = Number(legend[0]);
      const points = Array.from({ length: legend.includes("hasta") ? 5 : 7 }, (_, index) => String(low + index));
      const ir = await parseText(["1. How positive is immigration for the country?", legend, ...points.map((point) => `○ ${point}`), "2. Your age? ____"].join("\n"));
      const [first] = questionsOf(ir);
      // One answer per point (the legend may name the end points), none made of the legend itself.
      expect(first.options).toHaveLength(points.length);
      expect(first.options.some((option) => option.label.includes("="))).toBe(false);
    }
  });
});
