import type { LineSegment } from "../extract/model";
import { CUES } from "./cue-lexicon";
import type { LogicalLine } from "./lines";
import { GOTO_VERB, matchQuestionId } from "./patterns";

/**
 * Routing printed as a bracket in the margin right of a group of answers, its words set apart from the answers'
 * lines ("weiter mit" over "» Frage 11", "continue with" / ">> Question 9"), level with the answers it spans
 * (a paper questionnaire's routing arrows). Read line by line, the route's pieces interleave with the answers'
 * wording and the route is lost. Each route is taken out of the lines and written into the answer whose code line
 * is nearest its middle, in brackets before the code, as a route written after an answer reads.
 */

/** A route's pieces are short: a go-to phrase, a target, or both. */
const PIECE_LENGTH = 40;
/** How many lines a route's two pieces ("weiter mit" / "» Frage 11") may stand apart. */
const PIECE_GAP = 2;
const ARROWS = new Set([">", "»", "→", "►", "▶", "➔", "-", "–"]);
const GOTO_ONLY = new RegExp(String.raw`^(?:${GOTO_VERB})$`, "i");
const NOUN_TARGET = new RegExp(String.raw`^(?:(?:${GOTO_VERB})\s+)?(?:${CUES.questionNoun})\s+(\d{1,3}[a-z]?)$`, "i");
const VERB_TARGET = new RegExp(String.raw`^(?:${GOTO_VERB})\s+(\d{1,3}[a-z]?)$`, "i");
const CODE = /^\d{1,2}$/;

interface Piece {
  unit: number;
  /** Whether the piece is the line's whole text (else its last segment). */
  whole: boolean;
  target?: string;
  /** The piece opens with an arrow ("» Frage 11"): a bracket's pointer. */
  arrow?: boolean;
}

/** The piece's words without the arrows printed before them ("» Frage 11" → "Frage 11"), on one space. */
function words(text: string): string {
  let start = 0;
  while (start < text.length && (ARROWS.has(text[start]) || /\s/.test(text[start]))) start++;
  return text.slice(start).trim().split(/\s+/).join(" ");
}

function segmentsOf(line: LogicalLine): LineSegment[] {
  return (line.segments ?? []).filter((segment) => segment.text.trim());
}

/** A line that is only a route's piece ("weiter mit", "» Frage 11"): a margin note, never a wrapped line's part. */
export function isRoutePiece(text: string): boolean {
  if (text.length > PIECE_LENGTH) return false;
  const piece = words(text);
  return GOTO_ONLY.test(piece) || NOUN_TARGET.test(piece) || VERB_TARGET.test(piece);
}

/** A route piece closing the line (its last segment, right of other pieces) or making up the whole line. */
function pieceOf(line: LogicalLine, unit: number): Piece | null {
  if (line.lines.length !== 1 || line.first.page === undefined) return null;
  const segments = segmentsOf(line);
  const whole = segments.length <= 1;
  const raw = whole ? line.text : segments[segments.length - 1].text;
  if (raw.length > PIECE_LENGTH) return null;
  const text = words(raw);
  const target = (NOUN_TARGET.exec(text) ?? VERB_TARGET.exec(text))?.[1];
  if (target) return { unit, whole, target, arrow: ARROWS.has(raw.trim()[0]) };
  return isRoutePiece(raw) ? { unit, whole } : null;
}

/** The line's code: its last segment when that is a one- or two-digit number set apart from the label. */
function codeLine(line: LogicalLine | undefined): boolean {
  if (!line || line.lines.length !== 1) return false;
  const segments = segmentsOf(line);
  return segments.length >= 2 && CODE.test(segments[segments.length - 1].text.trim());
}

/** The line without its last segment (the route's piece); a label and its code left are set apart by a dot leader, as answers are. */
function withoutPiece(line: LogicalLine): LogicalLine {
  const segments = segmentsOf(line).slice(0, -1);
  const texts = segments.map((segment) => segment.text.trim());
  const coded = texts.length >= 2 && CODE.test(texts[texts.length - 1]) && !CODE.test(texts[texts.length - 2]);
  const text = coded ? `${texts.slice(0, -1).join(" ")} ..... ${texts[texts.length - 1]}` : texts.join(" ");
  return { ...line, text, segments };
}

/** The answer's line with the route in brackets after its label, before its code (the code stays where it was). */
function withRoute(line: LogicalLine, route: string): LogicalLine {
  const segments = segmentsOf(line);
  const label = segments[segments.length - 2];
  const next = [...segments.slice(0, -2), { ...label, text: `${label.text} (${route})` }, segments[segments.length - 1]];
  const at = line.text.lastIndexOf(label.text);
  const text = at < 0 ? line.text : `${line.text.slice(0, at + label.text.length)} (${route})${line.text.slice(at + label.text.length)}`;
  return { ...line, text, segments: next };
}

interface Route {
  pieces: Piece[];
  text: string;
}

/** The route's words: its go-to phrase and its target ("weiter mit Frage 11"); an arrow stands for a missing phrase. */
function routeText(lines: LogicalLine[], pieces: Piece[]): string {
  const text = pieces.map((piece) => words(pieceText(lines[piece.unit]))).join(" ");
  return pieces.length > 1 || VERB_TARGET.test(text) || new RegExp(String.raw`^(?:${GOTO_VERB})\s`, "i").test(text) ? text : `→ ${text}`;
}

/** Takes margin routes out of the lines and writes each into the answer nearest its middle. */
export function readMarginRouteBrackets(lines: LogicalLine[]): LogicalLine[] {
  const pieces = lines.map((line, index) => pieceOf(line, index));
  if (!pieces.some((piece) => piece?.target)) return lines;
  const routes: Route[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index];
    if (!piece?.target) continue;
    // "weiter mit" over the target, on a line or two above it, belongs to it.
    let lead: Piece | null = null;
    for (let back = index - 1; back >= Math.max(0, index - PIECE_GAP); back--) {
      const candidate = pieces[back];
      if (candidate && !candidate.target) lead = candidate;
      if (candidate) break;
    }
    // A route written out in one piece beside an answer ("2   Skip to question 6") is the answer's own, read with it.
    if (!lead && !piece.arrow) continue;
    const routePieces = lead ? [lead, piece] : [piece];
    routes.push({ pieces: routePieces, text: routeText(lines, routePieces) });
  }
  // The pieces come out of their lines first: an answer's code may share its line with a piece.
  const out = [...lines];
  const removed = new Set<number>();
  for (const piece of routes.flatMap((route) => route.pieces)) {
    if (piece.whole) removed.add(piece.unit);
    else out[piece.unit] = withoutPiece(out[piece.unit]);
  }
  for (const route of routes) {
    const middle = (route.pieces[0].unit + route.pieces[route.pieces.length - 1].unit) / 2;
    const answer = nearestAnswer(out, middle, route.pieces[route.pieces.length - 1].unit, removed);
    if (answer !== null) out[answer] = withRoute(out[answer], route.text);
  }
  return out.filter((_, index) => !removed.has(index));
}

/** The answer line nearest the route's middle, not across a question's start (a route's own pieces name one: no start). */
function nearestAnswer(lines: LogicalLine[], middle: number, at: number, pieces: Set<number>): number | null {
  for (let distance = 0; distance <= PIECE_GAP + 1; distance++) {
    for (const candidate of [Math.floor(middle - distance), Math.ceil(middle + distance)]) {
      if (candidate < 0 || candidate >= lines.length || !codeLine(lines[candidate])) continue;
      const from = Math.min(candidate, at);
      const between = lines.slice(from, Math.max(candidate, at) + 1);
      if (!between.some((line, k) => !pieces.has(from + k) && !codeLine(line) && matchQuestionId(line.text))) return candidate;
    }
  }
  return null;
}

function pieceText(line: LogicalLine): string {
  const segments = segmentsOf(line);
  return segments.length <= 1 ? line.text : segments[segments.length - 1].text;
}
