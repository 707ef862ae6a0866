import { DocumentBuilder, type ExtractedDocument, type ExtractedFormat, type LineInit } from "./model";

/**
 * Markdown and plain-text reader. Markdown structure becomes line attributes (heading levels, list items
 * with their markers, pipe tables cell by cell, whole-line bold/italic) and the markup itself is removed
 * from the text, so offsets point at the words people wrote. Plain text keeps its lines; runs of spaces or
 * tabs that align like columns are kept as segments.
 */

import { decodeHtmlEntities } from "./html";
import { readGridTable } from "./markdown-grid-tables";

export interface TextLimits {
  maxChars: number;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)(?:(?<!\s)\s*|(?<=\s))(?:#+\s*)?$/;
const SETEXT = /^\s{0,3}(=+|-+)\s*$/;
const BULLET = /^(\s*)([-*+•])\s+(?!\s)(.*)$/;
const ORDERED = /^(\s*)(\d{1,3})([.)])\s+(?!\s)(.*)$/;
const TABLE_SEPARATOR = /^\s*(?:\|\s*)?:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*(?:\|\s*)?$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;

interface Inline {
  text: string;
  bold: boolean;
  italic: boolean;
  boldPrefix?: string;
}

/** "(`if Q3 != 'x'`)", "`(if Q3 == 'y')`", "`if Q3 == 'y'`": a whole line that is a code span with a condition. */
const CODE_SPAN_CONDITION = /^\s*(?:\(\s*`\s*(if\s[^`]{1,500}?)`\s*\)|`\s*\(\s*(if\s[^`]{1,500}?)\)\s*`|`\s*(?!\()(if\s[^`]{1,500}?)`)\s*$/i;

/** Removes inline markup; reports whether the whole line was bold or italic. */
export function stripInline(source: string): Inline {
  let text = source;
  // A link to a heading of the document labelled as a jump ("[`NEXT`](#next-question)") is routing: "→ #anchor".
  text = text.replace(/\[\s*`?\s*(?:next|go\s*to|skip\s*to|jump\s*to|continue|weiter|siguiente|suivant|→|->)\s*`?\s*\]\((#[^)\s]+)\)/gi, "→ $1");
  // A footnote reference ("**Q3**[^loop]", "wording[^1]") is not printed wording; its definition line stays.
  text = text.replace(/(?<=\S)\[\^[^\]\s]{1,40}\](?!:)/g, "");
  // Images and links keep their visible text.
  text = linksToText(imagesToAltText(text));
  text = withoutInlineTags(text.replace(/<br\s*\/?>/gi, " "));
  // A line that is only a code span holding a condition ("(`if Q3 != 'x'`)", "`(if Q3 == 'y')`") is a web tool's
  // display logic or branch: it keeps one code span, so the logic reader knows it is an expression (tool-logic.ts).
  const codeCondition = CODE_SPAN_CONDITION.exec(text);
  text = codeCondition ? `\`${(codeCondition[1] ?? codeCondition[2] ?? codeCondition[3]).trim()}\`` : text.replace(/`([^`]*)`/g, "$1");
  const trimmed = text.trim();
  // Word converted to Markdown keeps a bold run's trailing space inside the markers ("**[ASK IF …] **").
  const boldMatch = /^(\*\*|__)(?!\s)(.+?)\s*\1[.:?]?$/.exec(trimmed);
  const whollyBold = Boolean(boldMatch && !boldMatch[2].includes(boldMatch[1]));
  let boldPrefix: string | undefined;
  const prefixMatch = /^(\*\*|__)(?!\s)(.+?)\1/.exec(trimmed);
  if (prefixMatch && !whollyBold) boldPrefix = prefixMatch[2].trim();
  const whollyItalic = /^\*(?![\s*])[^*]*[^\s*]\*[.:]?$/.test(trimmed) || /^_(?![\s_])[^_]*[^\s_]_[.:]?$/.test(trimmed);
  // Protect answer blanks (runs of underscores) from emphasis removal.
  text = text.replace(/_{3,}/g, (run) => "\u0000".repeat(run.length));
  text = text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)(?:\1|\s+\1(?=\s|$))/g, "$2");
  // Italics: "*…*" may contain underscores (variable names such as Q3.4_4), "_…_" may contain asterisks.
  text = text.replace(/(^|[^\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?=$|[^\w*])/g, "$1$2");
  text = text.replace(/(^|[^\w*])_(?=[^\s_])([^_]*?[^\s_])_(?=$|[^\w*])/g, "$1$2");
  text = text.replace(/\u0000/g, "_");
  // Any ASCII punctuation may be escaped (CommonMark); pandoc escapes quotes and apostrophes too ("Don\'t").
  text = text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
  // Markdown allows HTML entities ("&nbsp;" used to indent a follow-up question, "&amp;").
  if (text.includes("&")) text = decodeHtmlEntities(text).replace(/^\s+/, "");
  return { text, bold: whollyBold, italic: whollyItalic && !whollyBold, boldPrefix };
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** Whether the text holds a link "[text](target)" (`/\[[^\]]+\]\([^)]+\)/`, in one pass however many "[" are left open). */
function hasMarkdownLink(text: string): boolean {
  let firstOpen = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "[") {
      if (firstOpen < 0) firstOpen = i;
    } else if (ch === "]") {
      if (firstOpen >= 0 && firstOpen < i - 1 && text[i + 1] === "(") {
        const close = text.indexOf(")", i + 2);
        // No ")" left means no link can follow.
        if (close < 0) return false;
        if (close > i + 2) return true;
      }
      firstOpen = -1;
    }
  }
  return false;
}

/** Images replaced by their alt text: `text.replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")`, in one pass. */
function imagesToAltText(text: string): string {
  let out = "";
  let from = 0;
  for (let at = 0; ; ) {
    const open = text.indexOf("![", at);
    if (open < 0) break;
    const close = text.indexOf("]", open + 2);
    // No "]" (or, below, no ")") left: no later image can be complete either.
    if (close < 0) break;
    if (text[close + 1] !== "(") {
      at = close;
      continue;
    }
    const end = text.indexOf(")", close + 2);
    if (end < 0) break;
    out += text.slice(from, open) + text.slice(open + 2, close);
    from = at = end + 1;
  }
  return out + text.slice(from);
}

/**
 * Links replaced by their text: `text.replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, "$1")` (a target may hold
 * one level of parentheses), in linear time: where a target starting at a given parenthesis ends is worked out
 * once, however many "[" share it.
 */
function linksToText(text: string): string {
  let nextParen: Int32Array | undefined;
  let nextClose: Int32Array | undefined;
  const ends = new Map<number, number>();
  /** End (exclusive) of the target "(…)" opened at `open`, or -1. */
  const targetEnd = (open: number): number => {
    if (!nextParen || !nextClose) {
      nextParen = new Int32Array(text.length + 1);
      nextClose = new Int32Array(text.length + 1);
      nextParen[text.length] = nextClose[text.length] = -1;
      for (let i = text.length - 1; i >= 0; i--) {
        nextParen[i] = text[i] === "(" || text[i] === ")" ? i : nextParen[i + 1];
        nextClose[i] = text[i] === ")" ? i : nextClose[i + 1];
      }
    }
    const visited: number[] = [];
    let result = -1;
    for (let i = open + 1; ; ) {
      const at = nextParen[i];
      if (at < 0) break;
      const known = ends.get(at);
      if (known !== undefined) {
        result = known;
        break;
      }
      visited.push(at);
      if (text[at] === ")") {
        result = at + 1;
        break;
      }
      // An inner "(" runs to the next ")"; without one the target does not end.
      const inner = nextClose[at + 1];
      if (inner < 0) break;
      i = inner + 1;
    }
    for (const at of visited) ends.set(at, result);
    return result;
  };
  let out = "";
  let from = 0;
  for (let at = 0; ; ) {
    const open = text.indexOf("[", at);
    if (open < 0) break;
    const close = text.indexOf("]", open + 1);
    if (close < 0) break;
    const end = close > open + 1 && text[close + 1] === "(" ? targetEnd(close + 1) : -1;
    // Every "[" before this "]" ends at it too, and fails the same way.
    if (end < 0) {
      at = close;
      continue;
    }
    out += text.slice(from, open) + text.slice(open + 1, close);
    from = at = end;
  }
  return out + text.slice(from);
}

/** Inline formatting tags removed: `text.replace(/<\/?(?:span|em|strong|b|i|u|sup|sub|small|mark)[^>]*>/gi, "")`, in one pass. */
function withoutInlineTags(text: string): string {
  const opener = /<\/?(?:span|em|strong|b|i|u|sup|sub|small|mark)/iy;
  let out = "";
  let from = 0;
  // The next ">" (-1: none left); the search only moves forward.
  let close = -2;
  for (let at = text.indexOf("<"); at >= 0; at = text.indexOf("<", at + 1)) {
    opener.lastIndex = at;
    const name = opener.exec(text);
    if (!name) continue;
    if (close !== -1 && close < at + name[0].length) close = text.indexOf(">", at + name[0].length);
    if (close < 0) break;
    out += text.slice(from, at);
    from = close + 1;
    at = close;
  }
  return out + text.slice(from);
}

export function looksLikeMarkdown(text: string): boolean {
  const sample = text.slice(0, 200_000);
  let signals = 0;
  if (/^#{1,6}\s+\S/m.test(sample)) signals++;
  if (/\*\*[^*\n]+\*\*/.test(sample)) signals++;
  // Leading space is read up to the line's end only (a run of blank lines would otherwise be rescanned from each line).
  if (/^[^\S\n\r\u2028\u2029]*\|.*\|\s*$/m.test(sample) && /^[^\S\n\r\u2028\u2029]*(?:\|[^\S\n\r\u2028\u2029]*)?:?-{3,}/m.test(sample)) signals++;
  if (/^[^\S\n\r\u2028\u2029]*[-*+]\s+\S/m.test(sample)) signals++;
  if (hasMarkdownLink(sample)) signals++;
  return signals >= 2;
}

export function readMarkdown(source: string, limits: TextLimits, format: ExtractedFormat = "markdown"): ExtractedDocument {
  const builder = new DocumentBuilder(limits.maxChars);
  const rawLines = source.replace(/\r\n?/g, "\n").split("\n");
  let inFence = false;
  let tableId = 0;
  type PipeTable = { id: number; row: number; cols: number; header: boolean };
  let table: PipeTable | null = null;
  // The pipe table a blank line interrupted: a row of as many cells right after the gap carries it on (an author who
  // left a blank line between two questions' rows still means one table; without a header the rows read as no table).
  let paused = null as PipeTable | null;
  const lists = new OrderedLists();
  let paragraph = 0;

  for (let i = 0; i < rawLines.length; i++) {
    const raw = rawLines[i];
    if (FENCE.test(raw)) {
      inFence = !inFence;
      lists.end();
      builder.blank();
      continue;
    }
    if (inFence) {
      builder.add(raw, { paragraph: paragraph++ });
      continue;
    }
    if (!raw.trim()) {
      paused = table ?? paused;
      table = null;
      builder.blank();
      continue;
    }
    // Grid tables ("+---+" borders, cells spanning lines): each row's cells rejoined, one line per cell paragraph.
    const grid = table ? null : readGridTable(rawLines, i);
    if (grid) {
      lists.end();
      builder.blank();
      const id = tableId++;
      grid.rows.forEach((row, index) => {
        emitRow(builder, row.cells.map((paragraphs) => paragraphs.join("<br>")), { id, row: index, cols: grid.cols }, row.header);
      });
      builder.blank();
      i = grid.end - 1;
      continue;
    }
    // Pipe tables: a row followed by a separator row starts a table; rows continue while lines hold pipes.
    const next = rawLines[i + 1] ?? "";
    if (!table && raw.includes("|") && TABLE_SEPARATOR.test(next) && next.includes("-")) {
      lists.end();
      const header = splitRow(raw);
      // "   | No | Yes |" under a three-column separator: the label column's heading is empty.
      const separatorColumns = splitRow(next).length;
      while (header.length < separatorColumns) header.unshift("");
      table = { id: tableId++, row: 0, cols: header.length, header: true };
      builder.blank();
      emitRow(builder, header, table, true);
      table.row++;
      i++; // skip the separator
      continue;
    }
    if (!table && paused && raw.trimStart().startsWith("|") && splitRow(raw).length === paused.cols) table = paused;
    paused = null;
    if (table) {
      if (raw.includes("|") && !TABLE_SEPARATOR.test(raw)) {
        emitRow(builder, splitRow(raw), table, false);
        table.row++;
        continue;
      }
      if (TABLE_SEPARATOR.test(raw)) continue;
      // A row whose cells were left off ("_(2)_ label" without pipes) is still a row.
      if (/^\s*_?\(\d{1,3}\)_?\s+\S/.test(raw)) {
        emitRow(builder, [raw.trim()], table, false);
        table.row++;
        continue;
      }
      table = null;
      builder.blank();
    }
    if (RULE.test(raw) && !/^\s*[-*+]\s+\S/.test(raw)) {
      // Keep thematic breaks: questionnaires use them to separate sections or questions.
      lists.end();
      builder.add("---", { paragraph: paragraph++ });
      continue;
    }
    const setext = SETEXT.exec(rawLines[i + 1] ?? "");
    const heading = HEADING.exec(raw);
    if (heading) {
      lists.end();
      const inline = stripInline(heading[2]);
      builder.blank();
      builder.add(inline.text, { heading: heading[1].length, bold: true, paragraph: paragraph++ });
      builder.blank();
      continue;
    }
    if (setext && raw.trim() && !BULLET.test(raw) && !ORDERED.test(raw) && rawLines[i + 1].trim().length >= 3 && !raw.includes("|")) {
      lists.end();
      const inline = stripInline(raw);
      builder.blank();
      builder.add(inline.text, { heading: setext[1][0] === "=" ? 1 : 2, bold: true, paragraph: paragraph++ });
      builder.blank();
      i++;
      continue;
    }
    const quote = raw.replace(/^\s{0,3}>\s?/, "");
    const bullet = BULLET.exec(quote);
    const ordered = ORDERED.exec(quote);
    const init: LineInit = { paragraph: paragraph++, ...(quote !== raw && format === "markdown" ? { quote: true } : {}) };
    let text: string;
    if (bullet && !/^[-*_]{3,}\s*$/.test(quote.trim())) {
      const level = Math.floor(bullet[1].replace(/\t/g, "    ").length / 2);
      const inline = stripInline(bullet[3]);
      text = `${bullet[2]} ${inline.text}`;
      init.list = { label: bullet[2], level, ordered: false };
      lists.bullet(level);
      if (inline.bold) init.bold = true;
      if (inline.italic) init.italic = true;
      if (inline.boldPrefix) init.boldPrefix = inline.boldPrefix;
    } else if (ordered) {
      const level = Math.floor(ordered[1].replace(/\t/g, "    ").length / 2);
      const inline = stripInline(ordered[4]);
      // The number a reader sees: Markdown numbers a list's items from its first item's number on, whatever
      // the later items are written with ("1." on every item is the usual way to let the renderer count).
      // (No listId: the parser reads one list id as "the questions' list" the way Word numbers them, which
      // Markdown, where a heading or paragraph ends a list, does not follow.)
      const value = lists.item(level, Number(ordered[2]), ordered[3]);
      const label = `${value}${ordered[3]}`;
      text = `${label} ${inline.text}`;
      init.list = { label, level, ordered: true, value };
      if (inline.bold) init.bold = true;
      if (inline.italic) init.italic = true;
    } else {
      // A line at the margin ends the lists above it; an indented one belongs to the item. (CommonMark would let a
      // line directly under an item continue it lazily, but questionnaires typed as text put their routing and
      // next question there — "2. No" / "ASK IF Q1=1" / "Q2. …" / "1. Ford" — and mean a new list after them.)
      if (!/^\s{2,}\S/.test(raw)) lists.end();
      const inline = stripInline(quote);
      text = inline.text;
      if (inline.bold) init.bold = true;
      if (inline.italic) init.italic = true;
      if (inline.boldPrefix) init.boldPrefix = inline.boldPrefix;
    }
    builder.add(text, init);
  }
  // A document typed wholly (or mostly) inside a quote, as some converters write it, sets nothing apart by quoting.
  const quoted = builder.lines.filter((line) => line.quote).length;
  if (quoted > builder.lines.length * MOSTLY_QUOTED) for (const line of builder.lines) delete line.quote;
  return builder.build(format);
}

/** The share of quoted lines above which quoting is the document's layout, not a note's. */
const MOSTLY_QUOTED = 0.5;

/**
 * The ordered lists open at each indentation level while reading Markdown, so that items are numbered the way a
 * renderer numbers them (CommonMark: a list's first item gives its start number; every later item counts on from
 * it, whatever number it is written with). Questionnaires written in Markdown often number every item "1." and
 * leave the counting to the renderer; read literally, each question would be question 1. A list runs on over
 * blank lines and indented lines; a heading, a rule, a table, a fence, a line at the margin, or a bullet item
 * at its level ends it, as does a change of delimiter ("1." → "1)").
 */
class OrderedLists {
  private open: ({ next: number; delimiter: string } | undefined)[] = [];

  item(level: number, written: number, delimiter: string): number {
    this.open.length = Math.min(this.open.length, level + 1);
    let list = this.open[level];
    if (!list || list.delimiter !== delimiter) {
      list = { next: written, delimiter };
      this.open[level] = list;
    }
    const value = list.next;
    list.next = value + 1;
    return value;
  }

  bullet(level: number): void {
    this.open.length = Math.min(this.open.length, level);
  }

  end(): void {
    this.open.length = 0;
  }
}

/**
 * A table row, one line per cell. A line break inside a cell ("Daily<br>Weekly<br>Never": a pipe table cannot hold a
 * newline) separates the cell's paragraphs, as in a Word table cell: each answer listed in the cell is a line of it.
 */
function emitRow(builder: DocumentBuilder, cells: string[], table: { id: number; row: number; cols: number }, header: boolean): void {
  const cols = Math.max(table.cols, cells.length);
  cells.forEach((cell, col) => {
    const paragraphs = cell.split(/<br\s*\/?>/i).filter((paragraph) => stripInline(paragraph).text.trim());
    paragraphs.forEach((paragraph, para) => {
      const inline = stripInline(paragraph);
      builder.add(inline.text, {
        cell: { table: table.id, row: table.row, col, rows: 0, cols, para },
        bold: header || inline.bold || undefined,
        italic: inline.italic || undefined,
      });
    });
  });
}

/**
 * A Word table saved as plain text: one line per row, cells separated by tabs. A rating grid keeps its shape — a
 * header row of at least two column labels after the row-label cell (empty, or holding a note such as "RANDOMIZE
 * LIST"), then the rows: a label (after a printed code cell, "1.<TAB>label") and empty cells where the answers go.
 * A row whose empty cells were lost (no tab) still counts between two rows that kept them. Returns the row count
 * (header included) of the table starting at `at`, or 0.
 */
const CODE_CELL = /^\d{1,3}[.)]?$/;
function tabTableAt(lines: string[], at: number): number {
  const header = lines[at].split("\t").map((cell) => cell.trim());
  const labels = header.slice(1).filter(Boolean);
  if (labels.length < 2 || labels.some((label) => label.length > 60)) return 0;
  const isRow = (line: string | undefined): boolean => {
    if (!line?.trim() || !line.includes("\t")) return false;
    const cells = line.split("\t").map((cell) => cell.trim());
    const rest = CODE_CELL.test(cells[0]) ? cells.slice(2) : cells.slice(1);
    return Boolean(cells[0] || cells[1]) && rest.length >= 1 && rest.every((cell) => !cell || /^[□☐○◯xX✓✔]$/.test(cell));
  };
  let end = at + 1;
  while (end < lines.length && (isRow(lines[end]) || (lines[end].trim() && !lines[end].includes("\t") && isRow(lines[end - 1]) && isRow(lines[end + 1])))) end++;
  return end - at - 1 >= 2 ? end - at : 0;
}

/** Plain text: one line per line; aligned runs of spaces/tabs become segments, tab-separated grids become tables. */
export function readPlainText(source: string, limits: TextLimits): ExtractedDocument {
  if (looksLikeMarkdown(source)) return readMarkdown(source, limits, "text");
  const builder = new DocumentBuilder(limits.maxChars);
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const width = Math.max(40, ...lines.slice(0, 5000).map((line) => line.replace(/\t/g, "    ").length));
  let tableId = 0;
  let table: { id: number; row: number; cols: number; last: number } | null = null;
  lines.forEach((raw, index) => {
    if (table && index > table.last) {
      table = null;
      builder.blank();
    }
    if (!table && raw.includes("\t")) {
      const rows = tabTableAt(lines, index);
      if (rows) {
        table = { id: tableId++, row: 0, cols: raw.split("\t").length, last: index + rows - 1 };
        builder.blank();
      }
    }
    if (table) {
      const cells = raw.split("\t").map((cell) => cell.trim());
      // A printed code before the row label is part of the label ("1. Writes the prescriptions").
      const row = table.row > 0 && CODE_CELL.test(cells[0]) && cells.length > 1 ? [`${cells[0]} ${cells[1]}`, ...cells.slice(2)] : cells;
      emitRow(builder, row, table, table.row === 0);
      table.row++;
      return;
    }
    if (!raw.trim()) {
      builder.blank();
      return;
    }
    const expanded = raw.replace(/\t/g, "    ");
    const segments: { text: string; x: number; x1: number }[] = [];
    // Runs of words separated by single spaces; two or more spaces (or a tab) separate segments.
    const pattern = /\S+(?: \S+)*/g;
    for (let match = pattern.exec(expanded); match; match = pattern.exec(expanded)) {
      segments.push({ text: match[0], x: match.index / width, x1: (match.index + match[0].length) / width });
    }
    const indent = (expanded.length - expanded.trimStart().length) / width;
    builder.add(raw, { paragraph: index, indent, segments: segments.length > 1 ? segments : undefined });
  });
  return builder.build("text");
}
