import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("a block heading with its name after a colon, in any language ('BLOQUE: …', 'Bloc : …')", () => {
  it.each([
    ["BLOQUE: DATOS DEL HOGAR", "DATOS DEL HOGAR"],
    ["Bloc : Habitudes de lecture", "Habitudes de lecture"],
    ["Block: Screener", "Screener"],
  ])("%s heads a section and is no question", async (heading, title) => {
    const ir = await parseText([heading, "1. ¿Cuántas personas viven en su hogar?", "1 Una", "2 Dos o más", "2. ¿Tiene usted jardín?", "1 Sí", "2 No"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["1", "2"]);
    expect(ir.sections.map((section) => section.title)).toContain(title);
  });
});
