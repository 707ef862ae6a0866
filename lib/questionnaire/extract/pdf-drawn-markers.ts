/**
 * Answer markers drawn as graphics. Many printed web surveys and form generators draw their checkboxes and radio
 * buttons as small vector shapes (a square, a circle made of Bézier curves) next to each answer, with no glyph in
 * the text layer, so the answers read as plain lines and the question's kind is lost. The page's drawing operators
 * give every path with its bounding box; a small, near-square path with an answer's text starting just right of it
 * on the same line is that answer's marker, and "☐" (a square, or a rounded square) or "○" (a circle) is put in
 * front of the text, as if it had been printed as a character. The checkbox fields of a fillable form are drawn the
 * same way (their appearances come with the page's operators) and are read alike.
 *
 * Kept out: bullets (smaller than a marker, or filled solid in a dark colour), shapes that overlap text (highlights, glyphs drawn over a box), a lone
 * shape (an icon), shapes with no text right of them (the answer cells of a grid), runs of shapes with no text between
 * them (boxes for writing one digit each, a scale's row of circles), wide ovals, and shapes inside a table drawn with
 * long rules (a grid's cells are not markers).
 */

import { leaderEndBoxes } from "./pdf-leader-end-boxes";

export interface MarkerText {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

export interface DrawnShape {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  round: boolean;
  /**
   * Stroked or filled. A path that is only used to clip (ended with no painting) is not seen; a browser clips each
   * radio button to its square box before drawing the circle, so the box must not stand for the circle.
   */
  painted?: boolean;
}

interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Operator codes of pdf.js (its OPS table), the few read here. */
export interface PathOps {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  beginAnnotation: number;
  endAnnotation: number;
  fill: number;
  eoFill: number;
  endPath: number;
  setFillRGBColor: number;
}

const MIN_SIDE = 6;
const MAX_SIDE = 20;
/** Path segment codes in a constructPath's data (pdf.js DrawOPS) and the numbers each takes. */
const SEGMENT_ARGS: Record<number, number> = { 0: 2, 1: 2, 2: 6, 3: 4, 4: 0 };

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: number[]): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** A "#rrggbb" colour darker than mid-grey. */
function isDark(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return true;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/**
 * Counts a path's straight and curved segments and its subpaths, and the length of its straight segments (in the
 * path's own units); null when the data does not parse.
 */
function segments(data: ArrayLike<number> | undefined): { lines: number; curves: number; moves: number; straight: number } | null {
  if (!data) return null;
  let lines = 0;
  let curves = 0;
  let moves = 0;
  let straight = 0;
  let [x, y] = [0, 0];
  for (let at = 0; at < data.length; ) {
    const code = data[at];
    const take = SEGMENT_ARGS[code];
    if (take === undefined) return null;
    if (code === 0) moves++;
    if (code === 1) {
      lines++;
      straight += Math.hypot(data[at + 1] - x, data[at + 2] - y);
    } else if (code === 2 || code === 3) curves++;
    // The segment's end point is its last pair of numbers.
    if (take > 0) [x, y] = [data[at + take - 1], data[at + take]];
    at += 1 + take;
  }
  return { lines, curves, moves, straight };
}

/**
 * The small near-square paths of a page (in page coordinates) and its long rules, from pdf.js's operator list.
 */
export function pageShapes(operators: { fnArray: number[]; argsArray: unknown[] }, ops: PathOps): { shapes: DrawnShape[]; rules: Rule[] } {
  const shapes: DrawnShape[] = [];
  const rules: Rule[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  // Whether the current fill colour is dark, kept with the graphics state.
  let dark = true;
  const darkStack: boolean[] = [];
  for (let index = 0; index < operators.fnArray.length; index++) {
    const fn = operators.fnArray[index];
    const args = operators.argsArray[index] as unknown[] | null;
    if (fn === ops.save) {
      stack.push(matrix);
      darkStack.push(dark);
    } else if (fn === ops.restore) {
      matrix = stack.pop() ?? matrix;
      dark = darkStack.pop() ?? dark;
    } else if (fn === ops.setFillRGBColor && Array.isArray(args) && typeof args[0] === "string") dark = isDark(args[0]);
    else if (fn === ops.transform && Array.isArray(args) && args.length === 6) matrix = multiply(matrix, args as number[]);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(matrix);
      const form = Array.isArray(args) ? (args[0] as number[] | null) : null;
      if (form && form.length === 6) matrix = multiply(matrix, form);
    } else if (fn === ops.paintFormXObjectEnd) matrix = stack.pop() ?? matrix;
    else if (fn === ops.beginAnnotation) {
      // A form field's appearance (a fillable form's checkbox): drawn in its own space, placed by the
      // annotation's transform and the appearance's matrix, from the page's own coordinates.
      stack.push(matrix);
      const [transform, form] = Array.isArray(args) ? [args[2] as number[] | null, args[3] as number[] | null] : [null, null];
      matrix = [1, 0, 0, 1, 0, 0];
      if (transform && transform.length === 6) matrix = multiply(matrix, transform);
      if (form && form.length === 6) matrix = multiply(matrix, form);
    } else if (fn === ops.endAnnotation) matrix = stack.pop() ?? matrix;
    else if (fn === ops.constructPath && Array.isArray(args)) {
      const box = args[2] as ArrayLike<number> | null;
      if (!box || box.length < 4) continue;
      const corners = [
        [box[0], box[1]],
        [box[2], box[1]],
        [box[0], box[3]],
        [box[2], box[3]],
      ];
      const xs = corners.map(([x, y]) => matrix[0] * x + matrix[2] * y + matrix[4]);
      const ys = corners.map(([x, y]) => matrix[1] * x + matrix[3] * y + matrix[5]);
      const x0 = Math.min(...xs);
      const x1 = Math.max(...xs);
      const y0 = Math.min(...ys);
      const y1 = Math.max(...ys);
      const width = x1 - x0;
      const height = y1 - y0;
      if (Math.max(width, height) >= 60 && Math.min(width, height) <= 2.5) {
        rules.push({ x0, y0, x1, y1 });
        continue;
      }
      if (width < MIN_SIDE || height < MIN_SIDE || width > MAX_SIDE || height > MAX_SIDE) continue;
      // Near-square: a wide oval is a text field's frame or a button, not a marker.
      if (Math.abs(width - height) > 0.12 * Math.max(width, height)) continue;
      const data = Array.isArray(args[1]) ? (args[1][0] as ArrayLike<number> | undefined) : undefined;
      const counted = segments(data);
      if (!counted) continue;
      // Filled in a dark colour and not outlined: a solid bullet (a box is outlined, or filled white inside a frame).
      // A ring filled even-odd (an outer and an inner outline: how Safari prints a radio button) is an outline.
      const ring = args[0] === ops.eoFill && counted.moves >= 2;
      if ((args[0] === ops.fill || args[0] === ops.eoFill) && dark && !ring) continue;
      // A circle is curves only (a closing line, or slivers of straight line where a browser joins its arcs, at most);
      // a rounded square has straight sides between its corners.
      const span = Math.max(box[2] - box[0], box[3] - box[1]);
      const round = counted.curves >= 4 && (counted.lines <= 1 || counted.straight <= 0.1 * span);
      shapes.push({ x0, y0, x1, y1, round, painted: args[0] !== ops.endPath });
    }
  }
  return { shapes: dedupe(shapes), rules };
}

/**
 * A box is often drawn twice (its fill, then its border): one shape per place. A painted shape stands for its place
 * rather than a clipping path around it (the clip is the circle's square box, drawn first).
 */
function dedupe(shapes: DrawnShape[]): DrawnShape[] {
  const kept: DrawnShape[] = [];
  for (const shape of shapes) {
    const same = kept.findIndex((other) => Math.abs((other.x0 + other.x1) / 2 - (shape.x0 + shape.x1) / 2) <= 2 && Math.abs((other.y0 + other.y1) / 2 - (shape.y0 + shape.y1) / 2) <= 2);
    if (same < 0) kept.push(shape);
    else if (kept[same].painted === false && shape.painted !== false) kept[same] = shape;
  }
  return kept;
}

/** Text that opens with an answer marker glyph (printed, or put in front of an answer for a drawn shape). */
export const MARKER_START = /^[○◯●◉☐□▢◻❑❒❏❐■☑☒✓✔]/;

/**
 * The page's text with a marker item in front of each answer that a drawn shape marks. Items are not changed;
 * marker items are added.
 */
export function withDrawnMarkers<T extends MarkerText>(items: T[], shapes: DrawnShape[], rules: Rule[], make: (text: string, shape: DrawnShape, next: T) => T): T[] {
  if (shapes.length < 2) return items;
  const marked: { shape: DrawnShape; next: T }[] = [];
  // Boxes at the end of a labelled dot leader mark the label on their left (pdf-leader-end-boxes.ts): the marker is
  // drawn in front of the label, where a typed "☐ Yes" has it.
  const leaderEnds = leaderEndBoxes(items, shapes);
  const atLeaderEnd = new Set(leaderEnds.map(({ shape }) => shape));
  for (const { shape, label } of leaderEnds) {
    // Narrow, just left of the label: the answer keeps its indent (the wording's), as a typed "☐ Yes" does.
    marked.push({ shape: { ...shape, x0: label.x0 - label.size * 0.9, x1: label.x0 - label.size * 0.3 }, next: label });
  }
  for (const shape of shapes) {
    if (atLeaderEnd.has(shape)) continue;
    const side = shape.x1 - shape.x0;
    // A run of shapes on a row with no text between them: boxes for writing one character each, or the answer
    // circles of a scale ("1 2 3 4 5" over a row of circles) whose end labels are not answers.
    const inRun = shapes.some((other) => {
      if (other === shape || Math.abs(other.y0 - shape.y0) > 2 || Math.abs(other.x1 - other.x0 - side) > 2) return false;
      const [left, right] = other.x0 < shape.x0 ? [other.x1, shape.x0] : [shape.x1, other.x0];
      if (right - left > side * 3) return false;
      return !items.some((item) => item.x0 < right && item.x1 > left && item.y > shape.y0 - item.size * 0.4 && item.y < shape.y1);
    });
    if (inRun) continue;
    // A table drawn with long rules: a rule above and a rule below the shape, both spanning it, close by.
    const ruled = (above: boolean) =>
      rules.some((rule) => rule.x0 <= shape.x0 && rule.x1 >= shape.x1 && rule.x1 - rule.x0 >= 60 && (above ? rule.y0 >= shape.y1 && rule.y0 - shape.y1 <= side : rule.y1 <= shape.y0 && shape.y0 - rule.y1 <= side));
    if (ruled(true) && ruled(false)) continue;
    const overlapsText = items.some((item) => item.x0 < shape.x1 - 0.5 && item.x1 > shape.x0 + 0.5 && item.y > shape.y0 - item.size * 0.25 && item.y < shape.y1);
    if (overlapsText) continue;
    // The answer: text starting just right of the shape, its baseline within the shape's height.
    let next: T | null = null;
    for (const item of items) {
      if (item.x0 < shape.x1 - 0.5 || item.x0 > shape.x1 + Math.max(side * 2.5, item.size * 2)) continue;
      if (item.y < shape.y0 - item.size * 0.4 || item.y > shape.y1) continue;
      if (!next || item.x0 < next.x0) next = item;
    }
    if (!next || MARKER_START.test(next.text.trim())) continue;
    marked.push({ shape, next });
  }
  marked.push(...besideEntryFields(items, shapes.filter((shape) => !atLeaderEnd.has(shape)), marked));
  // Answer markers come in lists: a lone shape beside a line of text is an icon or a logo, not a marker.
  const side = (shape: DrawnShape) => shape.x1 - shape.x0;
  const added = marked
    .filter(({ shape }) => marked.some((other) => other.shape !== shape && Math.abs(side(other.shape) - side(shape)) <= 1 && other.shape.round === shape.round))
    .map(({ shape, next }) => make(shape.round ? "○" : "☐", shape, next));
  const taken = new Set([...marked.map(({ shape }) => shape), ...atLeaderEnd]);
  const cells = gridCells(items, shapes.filter((shape) => !taken.has(shape))).map(({ shape, label }) => make(shape.round ? "○" : "☐", shape, label));
  // A scale point's marker goes just left of its label, as if printed "○ Agree", so that the label line reads as the answers.
  const points = labelledScalePoints(items, shapes.filter((shape) => !taken.has(shape))).map(({ shape, label }) => {
    const side = shape.x1 - shape.x0;
    return make(shape.round ? "○" : "☐", { ...shape, x0: label.x0 - side * 1.5, x1: label.x0 - side * 0.5 }, label);
  });
  return added.length || cells.length || points.length ? [...items, ...added, ...cells, ...points] : items;
}

/**
 * A rating scale drawn as a row of like shapes (often strung on a line: a web form's "likert" widget) with each
 * point's label centred under its shape ("Very dissatisfied  Dissatisfied  Neutral ..."): each label is an answer.
 * A row labelled only at its ends, or numbered above its shapes, is not read here (its end labels are no answers).
 */
function labelledScalePoints<T extends MarkerText>(items: T[], shapes: DrawnShape[]): { shape: DrawnShape; label: T }[] {
  const side = (shape: DrawnShape) => shape.x1 - shape.x0;
  const rows: DrawnShape[][] = [];
  for (const shape of [...shapes].sort((p, q) => q.y0 - p.y0 || p.x0 - q.x0)) {
    const row = rows.find((candidate) => Math.abs(candidate[0].y0 - shape.y0) <= 2 && Math.abs(side(candidate[0]) - side(shape)) <= 1 && candidate[0].round === shape.round);
    if (row) row.push(shape);
    else rows.push([shape]);
  }
  const found: { shape: DrawnShape; label: T }[] = [];
  for (const row of rows) {
    if (row.length < 3) continue;
    const gaps = row.slice(1).map((shape, index) => shape.x0 - row[index].x0);
    // Evenly spread points, set well apart (boxes for one character each touch).
    if (Math.min(...gaps) < side(row[0]) * 3 || Math.max(...gaps) > Math.min(...gaps) * 1.2) continue;
    const half = Math.min(...gaps) / 2;
    const top = Math.max(...row.map((shape) => shape.y1));
    const bottom = Math.min(...row.map((shape) => shape.y0));
    // Nothing written between the points on their own row: a list's answers or a grid's row would be.
    if (items.some((item) => item.text.trim() && item.y > bottom - item.size * 0.4 && item.y < top && item.x1 > row[0].x0 && item.x0 < row[row.length - 1].x1)) continue;
    const labels = row.map((shape) => {
      const centre = (shape.x0 + shape.x1) / 2;
      const under = items.filter((item) => item.text.trim() && item.y < bottom - item.size * 0.4 && item.y > bottom - side(shape) - item.size * 2 && Math.abs((item.x0 + item.x1) / 2 - centre) < half);
      return under.sort((p, q) => q.y - p.y)[0];
    });
    if (labels.some((label) => !label || MARKER_START.test(label.text.trim())) || new Set(labels).size !== labels.length) continue;
    row.forEach((shape, index) => found.push({ shape, label: labels[index] }));
  }
  return found;
}

/**
 * An "Other" answer with a text box: a printed web survey (Qualtrics' print preview) draws the answer's radio button
 * or checkbox in the list's column, then the box to write in, then the answer's label right of the box ("○ [______]
 * Other (self-describe)"). Nothing starts just right of the shape, so it reads as unmarked and the label as a stray
 * line. A shape in the column of the list's marked shapes (same place, size and form) whose row holds no other
 * shape and some text further right marks that text.
 */
function besideEntryFields<T extends MarkerText>(items: T[], shapes: DrawnShape[], marked: { shape: DrawnShape; next: T }[]): { shape: DrawnShape; next: T }[] {
  const taken = new Set(marked.map(({ shape }) => shape));
  const found: { shape: DrawnShape; next: T }[] = [];
  for (const shape of shapes) {
    if (taken.has(shape)) continue;
    const side = shape.x1 - shape.x0;
    const inColumn = marked.some(({ shape: other }) => other.round === shape.round && Math.abs(other.x0 - shape.x0) <= 1.5 && Math.abs(other.x1 - other.x0 - side) <= 1 && Math.abs(other.y0 - shape.y0) <= side * 8);
    if (!inColumn) continue;
    const onRow = (y0: number, y1: number) => y1 > shape.y0 - side * 0.5 && y0 < shape.y1 + side * 0.5;
    if (shapes.some((other) => other !== shape && other.x0 > shape.x1 && onRow(other.y0, other.y1))) continue;
    // The label's baseline within the shape's height or the box's first line (the label sits at the box's top).
    let next: T | null = null;
    for (const item of items) {
      if (item.x0 < shape.x1 || item.y < shape.y0 - item.size * 0.6 || item.y > shape.y1 + item.size * 0.2 || !item.text.trim()) continue;
      if (!next || item.x0 < next.x0) next = item;
    }
    if (!next || next.x0 - shape.x1 < side * 2.5 || MARKER_START.test(next.text.trim())) continue;
    found.push({ shape, next });
  }
  return found;
}

/**
 * The cells of a grid drawn as shapes with no text of their own (a web form's printed checkbox or radio grid): rows
 * of two or more like shapes set apart from each other, a row label left of them on the same row, and the same
 * columns (shape positions) on at least two rows. Touching boxes (one character each) and lone shapes are not cells.
 */
function gridCells<T extends MarkerText>(items: T[], shapes: DrawnShape[]): { shape: DrawnShape; label: T }[] {
  const side = (shape: DrawnShape) => shape.x1 - shape.x0;
  const rows: DrawnShape[][] = [];
  for (const shape of [...shapes].sort((p, q) => q.y0 - p.y0 || p.x0 - q.x0)) {
    if (items.some((item) => item.x0 < shape.x1 - 0.5 && item.x1 > shape.x0 + 0.5 && item.y > shape.y0 - item.size * 0.25 && item.y < shape.y1)) continue;
    const row = rows.find((candidate) => Math.abs(candidate[0].y0 - shape.y0) <= 2 && Math.abs(side(candidate[0]) - side(shape)) <= 1 && candidate[0].round === shape.round);
    if (row) row.push(shape);
    else rows.push([shape]);
  }
  const labelled = rows
    .filter((row) => row.length >= 2 && row.every((shape, index) => index === 0 || shape.x0 - row[index - 1].x1 >= side(shape)))
    .map((row) => {
      const top = Math.max(...row.map((shape) => shape.y1));
      const bottom = Math.min(...row.map((shape) => shape.y0));
      const inBand = (item: T) => item.y > bottom - item.size * 0.6 && item.y < top + item.size * 0.3 && item.text.trim() !== "";
      // No text between the cells of a row: a scale's labels or an answer list's wording would sit there.
      if (items.some((item) => inBand(item) && item.x1 > row[0].x0 && item.x0 < row[row.length - 1].x1)) return null;
      const centre = (bottom + top) / 2;
      const label = items.filter((item) => inBand(item) && item.x1 <= row[0].x0).sort((p, q) => Math.abs(p.y - centre) - Math.abs(q.y - centre) || q.x1 - p.x1)[0];
      return label ? { row, label } : null;
    })
    .filter((entry): entry is { row: DrawnShape[]; label: T } => entry !== null);
  const sameColumns = (a: DrawnShape[], b: DrawnShape[]) => a.length === b.length && a.every((shape, index) => Math.abs(shape.x0 - b[index].x0) <= 2);
  return labelled
    .filter((entry) => labelled.some((other) => other !== entry && sameColumns(other.row, entry.row)))
    .flatMap(({ row, label }) => row.map((shape) => ({ shape, label })));
}
