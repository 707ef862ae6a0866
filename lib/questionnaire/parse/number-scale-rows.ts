import type { LineSegment } from "../extract/model";
import type { LogicalLine, Unit } from "./lines";

/**
 * A rating scale printed as a row of numbers spread across the page ("1   2   3   4   5"), with the labels of its
 * points printed under them, wrapped ("(not at all" / "confident)" under the 1, "(extremely" / "confident)" under
 * the 5) and the circles between (a web survey's slider-like scale in its print preview). The points are the
 * answers, each with the label printed under it: the row and its label lines become one answer line per point.
 */

const MARKER = /^[•○◯●☐□▢◻❑⚪]$/;
/** How many lines the points' labels may wrap over. */
const LABEL_LINES = 3;

const centerOf = (segment: Pick<LineSegment, "x" | "x1">) => (segment.x + Math.max(segment.x, segment.x1)) / 2;

/** The centres of a row of consecutive numbers from 0 or 1 (three to eleven of them), or null. */
function numberRow(line: LogicalLine): number[] | null {
  if (line.lines.length !== 1 || !line.segments || line.segments.length < 3 || line.segments.length > 11) return null;
  const values = line.segments.map((segment) => (/^\d{1,2}$/.test(segment.text.trim()) ? Number(segment.text.trim()) : NaN));
  if (values[0] > 1 || values.some((value, k) => !(value === values[0] + k))) return null;
  return line.segments.map(centerOf);
}

/** The labels a line prints under the points (pieces nearest each point), or null when a piece sits under none. */
function labelsUnder(line: LogicalLine, centers: number[]): Map<number, string> | null {
  if (line.lines.length !== 1) return null;
  const pieces = line.segments ?? [{ text: line.text, x: line.first.indent ?? 0, x1: line.first.right ?? line.first.indent ?? 0 }];
  const spacing = (centers[centers.length - 1] - centers[0]) / (centers.length - 1);
  const labels = new Map<number, string>();
  for (const piece of pieces) {
    const text = piece.text.trim();
    if (MARKER.test(text)) continue;
    if (!/\p{L}/u.test(text)) return null;
    const center = centerOf(piece);
    let nearest = 0;
    for (let k = 1; k < centers.length; k++) if (Math.abs(centers[k] - center) < Math.abs(centers[nearest] - center)) nearest = k;
    // Under its point: no further off than half the points' spacing, and not reaching over the points beside it.
    if (Math.abs(centers[nearest] - center) > spacing / 2) return null;
    if ((nearest > 0 && piece.x < centers[nearest - 1]) || (nearest + 1 < centers.length && piece.x1 > centers[nearest + 1])) return null;
    labels.set(nearest, labels.has(nearest) ? `${labels.get(nearest)} ${text}` : text);
  }
  return labels.size ? labels : null;
}

/** Replaces each number row with point labels under it by one answer line per point. */
export function readNumberScaleRows(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index];
    const centers = unit.kind === "line" && unit.line.first.page !== undefined ? numberRow(unit.line) : null;
    if (!centers || unit.kind !== "line") {
      out.push(unit);
      continue;
    }
    const labels = new Map<number, string>();
    let firstPoints = new Set<number>();
    let end = index + 1;
    for (; end < units.length && end <= index + LABEL_LINES; end++) {
      const next = units[end];
      const found = next.kind === "line" ? labelsUnder(next.line, centers) : null;
      // A label wraps under its own point: a line that labels another point than the first line did is no part.
      if (!found || (end > index + 1 && [...found.keys()].some((point) => !firstPoints.has(point)))) break;
      if (end === index + 1) firstPoints = new Set(found.keys());
      for (const [point, text] of found) labels.set(point, labels.has(point) ? `${labels.get(point)} ${text}` : text);
    }
    // Labels under the two ends at least: a row of numbers alone is read where it stands (a scale's codes).
    if (!labels.has(0) || !labels.has(centers.length - 1)) {
      out.push(unit);
      continue;
    }
    const values = unit.line.segments!.map((segment) => segment.text.trim());
    for (const [point, value] of values.entries()) {
      const label = labels.get(point);
      out.push({ kind: "line", line: { ...unit.line, text: `○ ${value}${label ? ` ${label}` : ""}`, segments: undefined } });
    }
    index = end - 1;
  }
  return out;
}
