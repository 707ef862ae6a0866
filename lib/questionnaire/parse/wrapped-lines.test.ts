import { describe, expect, it } from "vitest";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

describe("a wrapped line that ends on an unfinished phrase", () => {
  it("continues on the next line even when that line starts with a capital, in the lexicon's languages", async () => {
    const cases: [string, [string, string][]][] = [
      ["¿Cuál se aproxima más a su creencia sobre el origen de la vida?", [["[ ] La vida en la tierra evolucionó a lo largo del tiempo en un proceso guiado por un", "Dios."], ["[ ] La vida en la tierra evolucionó a lo largo del tiempo como resultado de selección de", "Darwin y otros."]]],
      ["Laquelle de ces phrases décrit le mieux votre situation actuelle ?", [["[ ] Je travaille à temps plein depuis plus de deux ans dans une entreprise de la", "Région Occitanie."], ["[ ] Je travaille à temps partiel depuis moins de deux ans dans une entreprise de", "Paris ou sa banlieue."]]],
    ];
    for (const [question, options] of cases) {
      const texts: PdfText[] = [{ text: `1. ${question}`, x: 40, y: 780, size: 10 }];
      let y = 760;
      for (const [first, second] of options) {
        texts.push({ text: first, x: 60, y, size: 10 }, { text: second, x: 60, y: y - 12, size: 10 });
        y -= 28;
      }
      texts.push({ text: "2. ¿Y su edad? ______________________________________________________________________", x: 40, y, size: 10 });
      const [first] = questionsOf(await parsePdfPage(texts));
      expect(first.options.map((option) => option.label)).toEqual(options.map(([start, end]) => `${start.slice(4)} ${end}`));
    }
  });
});
