import type { LogicalLine, TableBlock, TableCell } from "./lines";
import type { BodyPart, RawQuestion, Segmentation } from "./segment";

/**
 * A rating of items listed earlier, specified with fields. Survey specifications write a rating question as an
 * instruction ("For each of the 8 factors above, rate …"), a scale field whose value lists the points inline
 * ("**Scale:** `1: Poor` | `2: Fair` | … | `5: Excellent`") and an items field that points back to an earlier
 * list ("**Items:** the same 8 factors as in section 1"). Segmented line by line, the two fields look like two
 * answers. Read as written, it is a grid: the scale's points are its columns and the earlier list's items its
 * rows.
 */

/** "Scale:", "Scala:", "Escala:", "Skala:", "Échelle:", "Rating scale:" with the points after the colon. */
const SCALE_FIELD = /^(?:[-*•]\s+)?(?:\*\*|__)?(?:(?:rating|response|likert|answer)\s+)?(?:scale|scala|escala|skala|échelle|echelle)(?:\s+likert)?\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.+)$/i;

/** The points of an inline scale: "`1: Poor` | `2: Fair` | `3: Good`", "1 = Poor; 2 = Fair; 3 = Good". */
export function inlineScalePoints(text: string): string[] | null {
  const match = SCALE_FIELD.exec(text.trim());
  if (!match) return null;
  const points = match[1]
    // (Split on the separator alone and trim after: "\s*" on both sides of it backtracks on runs of spaces.)
    .split(/[|;]|\s\/\s/)
    .map((point) => point.replace(/[`*_]/g, "").trim().replace(/^\d{1,2}\s*[:=.)-]\s*/, "").trim())
    .filter(Boolean);
  return points.length >= 3 && points.every((point) => point.length <= 40) ? points : null;
}

/** The wording refers back to items listed before ("the 8 factors above", "stessi 8 fattori", "mismos"). */
const REFERS_BACK = /\b(?:above|previous|preceding|earlier|same|listed before|precedent[ie]|sopra|stess[ie]|anterior(?:es)?|mism[oa]s|précédent[se]?|ci-dessus|mêmes|oben|vorherigen|gleichen)\b/i;

function textOf(part: BodyPart): string {
  return part.kind === "option" ? part.text : "text" in part ? part.text : "";
}

export function readScaleFields(segmentation: Segmentation): void {
  const { items } = segmentation;
  items.forEach((item, index) => {
    if (item.kind !== "question") return;
    const scalePart = item.body.find((part) => part.kind !== "table" && part.kind !== "entry" && inlineScalePoints(textOf(part)));
    if (!scalePart || scalePart.kind === "table") return;
    const points = inlineScalePoints(textOf(scalePart))!;
    // The rows: the items of the nearest earlier list the question points back to, with the count it names.
    const others = item.body.filter((part) => part !== scalePart);
    const said = others.map(textOf).join(" ");
    if (!REFERS_BACK.test(said)) return;
    const count = Number(/\b(\d{1,2})\b/.exec(said.replace(/\b\d{1,2}\s*[:=]\s*\S+/g, ""))?.[1] ?? NaN);
    const earlier = items
      .slice(0, index)
      .reverse()
      .find((candidate): candidate is RawQuestion => {
        if (candidate.kind !== "question") return false;
        const options = candidate.body.filter((part) => part.kind === "option");
        return options.length >= 2 && (Number.isNaN(count) || options.length === count);
      });
    if (!earlier) return;
    const rowParts = earlier.body.filter((part): part is Extract<BodyPart, { kind: "option" }> => part.kind === "option");
    const scaleLine = scalePart.line as LogicalLine;
    const cell = (text: string, line: LogicalLine): TableCell => ({ text, start: line.start, end: line.end, lines: [line] });
    const table: TableBlock = {
      id: 70000 + index,
      rows: [[undefined, ...points.map((point) => cell(point, scaleLine))], ...rowParts.map((part) => [cell(part.option.label, part.line), ...points.map(() => undefined)])],
      cols: points.length + 1,
      start: scaleLine.start,
      end: scaleLine.end,
      lines: [scaleLine],
    };
    // The fields become the grid: the wording stays, the field lines are kept as notes for the record.
    // ("Instruction: For each …" printed as a field: the label is not part of the wording.)
    const kept = item.body
      .filter((part): part is Extract<BodyPart, { kind: "wording" }> => part.kind === "wording")
      .map((part) => ({ ...part, text: part.text.replace(/^(?:instructions?|istruzion[ei]|instrucci[oó]n(?:es)?|instruç(?:ão|ões)|consignes?|anweisung(?:en)?)\s*[:：]\s*/i, "") }));
    const fields = item.body.filter((part) => part.kind === "option" || part.kind === "instruction" || part.kind === "note");
    item.notes.push(...fields.map((part) => ({ text: textOf(part).replace(/^[-*•]\s+/, ""), span: { start: (part.line as LogicalLine).start, end: (part.line as LogicalLine).end } })));
    item.body = [...kept, { kind: "table", table }];
  });
}
