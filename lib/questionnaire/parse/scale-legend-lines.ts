/**
 * A scale's end-point legend printed above its points: "1 = muy negativa; 7 = muy positiva", "1 = Not at all,
 * 5 = Very much", "1 = no nunca; hasta 7 = si siempre".
 *
 * Convention: a rating question prints its points as bare numbers (one per line, or as column headings) and
 * names the two ends once, in a legend line before them. Read line by line, the legend is one more answer (an
 * eighth point on a seven-point scale). A line made of two "number = label" pairs, whose numbers are the first
 * and the last of the bare numbers printed in the same question, is the scale's legend: an instruction, not an
 * answer.
 */
import type { BodyPart, Segmentation } from "./segment";

/** "1 = muy negativa; 7 = muy positiva": two numbered end labels on one line (the second may be led by "to"/"hasta"). */
export const SCALE_LEGEND_LINE = /^\(?\s*(\d{1,2})\s*[=:]\s*[^;,=/]{2,60}[;,/]\s*(?:\.{2,}\s*|…\s*)?(?:[a-zà-ÿ']{1,8}\s+)?(\d{1,2})\s*[=:]\s*[^=]{2,60}$/i;

const BARE_NUMBER = /^\d{1,2}$/;

export function readScaleLegendLines(segmentation: Segmentation): void {
  for (const item of segmentation.items) {
    if (item.kind !== "question") continue;
    const body = item.body;
    const texts = body.flatMap((part) => (part.kind === "table" ? part.table.rows.flat().map((cell) => cell?.text ?? "") : "text" in part ? [part.text] : [part.line.text]));
    const numbers = new Set(texts.map((text) => text.trim()).filter((text) => BARE_NUMBER.test(text)).map(Number));
    if (numbers.size < 2) continue;
    item.body = body.map((part): BodyPart => {
      if (part.kind !== "option") return part;
      const match = SCALE_LEGEND_LINE.exec(part.text.trim());
      if (!match || !numbers.has(Number(match[1])) || !numbers.has(Number(match[2])) || Number(match[1]) >= Number(match[2])) return part;
      return { kind: "instruction", line: part.line, text: part.text.trim() };
    });
  }
}
