import type { LineSegment } from "../extract/model";
import { type LogicalLine, replaceWithTables, type TableBlock, type TableCell, type TableReading, type Unit } from "./lines";
import { matchQuestionId } from "./patterns";

/**
 * Semantic differentials in a paged layout (PDF): a row of scale points printed once ("-3 -2 -1 0 1 2 3",
 * "1 2 3 4 5 6 7") over the middle of the page, then one line per item holding two opposite words — one at the
 * left margin, left of the points, the other at the right margin, right of them ("difficult … easy"). A stem
 * may sit on a line of its own above a few pairs ("The staff were…"). Read line by line, the points look like
 * one answer and every pair like a line of wording; read as columns, they are one grid: the points are its
 * columns and each pair (with its stem) is a row.
 */

const POINT = /^[-−–]?\d{1,2}$/;
/** The poles stand clear of the points: each ends (or starts) this far outside them at most. */
const CLEARANCE = 0.02;

function pieces(line: LogicalLine): LineSegment[] {
  return (line.segments ?? []).filter((segment) => segment.text.trim());
}

function pointValue(text: string): number {
  return Number(text.trim().replace(/^[−–]/, "-"));
}

/** The scale points of a header line: three or more consecutive integers set apart in columns. */
function scalePoints(line: LogicalLine): LineSegment[] | null {
  const segments = pieces(line);
  if (segments.length < 3 || !segments.every((segment) => POINT.test(segment.text.trim()))) return null;
  const values = segments.map((segment) => pointValue(segment.text));
  return values.every((value, index) => index === 0 || value === values[index - 1] + 1) ? segments : null;
}

/** The two poles of an item: one piece left of the points, one right of them, and nothing else. */
function poles(line: LogicalLine, points: LineSegment[]): [string, string] | null {
  const segments = pieces(line);
  if (segments.length !== 2) return null;
  const [left, right] = segments;
  if (left.x1 > points[0].x + CLEARANCE || right.x < points[points.length - 1].x1 - CLEARANCE) return null;
  const words = [left.text.trim(), right.text.trim()];
  return words.some((word) => POINT.test(word) || /[?？]/.test(word)) ? null : (words as [string, string]);
}

/** A stem printed above its pairs: a short line of its own, neither a question nor a pair. */
function stem(line: LogicalLine): boolean {
  const text = line.text.trim();
  return pieces(line).length <= 1 && text.length <= 80 && !/[?？]/.test(text) && !matchQuestionId(text);
}

function cell(text: string, lines: LogicalLine[]): TableCell {
  return { text, start: lines[0].start, end: lines[lines.length - 1].end, lines };
}

/** Reads the differential whose scale header is units[index]; returns it and the number of units it covers. */
function readDifferential(units: Unit[], index: number, tableId: number): TableReading | null {
  const header = units[index];
  if (header.kind !== "line" || header.line.first.page === undefined) return null;
  const points = scalePoints(header.line);
  if (!points) return null;
  const rows: TableCell[] = [];
  let pendingStem: LogicalLine | null = null;
  let end = index + 1;
  for (; end < units.length; end++) {
    const unit = units[end];
    if (unit.kind !== "line") break;
    const pair = poles(unit.line, points);
    if (pair) {
      const label = `${pair[0]} – ${pair[1]}`;
      rows.push(pendingStem ? cell(`${pendingStem.text.trim()} ${label}`, [pendingStem, unit.line]) : cell(label, [unit.line]));
      pendingStem = null;
      continue;
    }
    // A stem belongs to the pairs under it; one not followed by a pair ends the grid.
    const next = units[end + 1];
    if (!pendingStem && rows.length > 0 && stem(unit.line) && next?.kind === "line" && poles(next.line, points)) {
      pendingStem = unit.line;
      continue;
    }
    break;
  }
  if (rows.length < 2) return null;
  const lines = units.slice(index, end).flatMap((unit) => (unit.kind === "line" ? [unit.line] : []));
  const table: TableBlock = {
    id: tableId,
    rows: [[undefined, ...points.map((point) => cell(String(pointValue(point.text)), [header.line]))], ...rows.map((row) => [row])],
    cols: points.length + 1,
    start: header.line.start,
    end: lines[lines.length - 1].end,
    lines,
  };
  return { table, length: end - index };
}

/** Replaces semantic differentials of a paged layout by tables (points as columns, pairs as rows). */
export function readSemanticDifferentials(units: Unit[]): Unit[] {
  return replaceWithTables(units, 2_000_000, readDifferential);
}
