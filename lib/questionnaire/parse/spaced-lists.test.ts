import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx, type DocxList } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");
const numbered = (id: number, start = 1): DocxList => ({ id, levels: [{ format: "decimal", text: "%1.", start }] });
const item = (text: string, list: number) => ({ runs: [{ text }], num: { id: list, level: 0 } });

async function parse(blocks: Parameters<typeof buildDocx>[0]["blocks"], lists: DocxList[]) {
  return parseQuestionnaire(await extractDocument(buildDocx({ lists, blocks }), { filename: "form.docx" }));
}

describe("spaced Word lists: numbering that restarts or continues in each block", () => {
  it("reads each block's numbered items spaced by their answers as questions, qualifying repeated numbers by block", async () => {
    const ir = await parse(
      [
        "Estimates",
        "Give a lower and an upper bound for each of the following.",
        item("How many orchards were there in the region in 2017?", 1),
        "Lower bound: _______   Upper bound: _______",
        item("How many organic farms were there in the region in 2017?", 1),
        "Lower bound: _______   Upper bound: _______",
        item("How many tonnes of fertiliser were sold in 2019?", 1),
        "Lower bound: _______   Upper bound: _______",
        "True or false",
        "Tick whether each statement is true or false, and how sure you are.",
        item("Organic farms may not use any plant protection products.", 2),
        "□ True   □ False",
        item("The orchard area has grown since 2007.", 2),
        "□ True   □ False",
        item("Pesticide sales have fallen in the last ten years.", 2),
        "□ True   □ False",
      ],
      [numbered(1), numbered(2)],
    );
    const found = questions(ir);
    expect(found).toHaveLength(6);
    expect(new Set(found.map((question) => question.id)).size).toBe(6);
    expect(found.slice(3).map((question) => [question.type, question.options.length])).toEqual([
      ["single", 2],
      ["single", 2],
      ["single", 2],
    ]);
    expect(found[3].text).toMatch(/^Organic farms/);
  });

  it("reads a list numbered on from the block before (7, 8 …) and one restarting under a title line (Cuestionario 2)", async () => {
    const scale = ["1 = nada; 7 = mucho", "1   2   3   4   5   6   7"];
    const ir = await parse(
      [
        "CUESTIONARIO 1",
        item("¿Crees que la inmigración es positiva para el país?", 1),
        ...scale,
        item("¿Cuánto te preocupa el desempleo?", 1),
        ...scale,
        item("¿Con qué frecuencia lees la prensa?", 2),
        ...scale,
        item("¿A qué partido votaste en las últimas elecciones? ______________", 2),
        "Gracias por tu colaboración",
        "CUESTIONARIO 2",
        item("Lee la noticia. ¿Cuánto interés te ha suscitado?", 3),
        ...scale,
        item("¿Te ha parecido creíble la noticia?", 3),
        ...scale,
      ],
      [numbered(1), numbered(2, 3), numbered(3)],
    );
    const found = questions(ir);
    expect(found.map((question) => question.text.slice(0, 20))).toEqual([
      "¿Crees que la inmigr",
      "¿Cuánto te preocupa ",
      "¿Con qué frecuencia ",
      "¿A qué partido votas",
      "Lee la noticia. ¿Cuá",
      "¿Te ha parecido creí",
    ]);
    expect(new Set(found.map((question) => question.id)).size).toBe(6);
    expect(found[4].aliases).toContain("1");
  });

  it("keeps a numbered answer list of its own (items one after the other) as the answers of the question above it", async () => {
    const ir = await parse(
      [
        item("Which region do you live in?", 1),
        item("North", 2),
        item("South", 2),
        item("East", 2),
        item("How many people live in your household?", 1),
        "Number: ______",
      ],
      [numbered(1), numbered(2)],
    );
    const found = questions(ir);
    expect(found).toHaveLength(2);
    expect(found[0].options.map((option) => option.label)).toEqual(["North", "South", "East"]);
  });
});
