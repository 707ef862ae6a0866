import { DocumentBuilder, type ExtractedDocument, type LineCell, type LineInit } from "./model";

/**
 * HTML reader (questionnaires saved from a browser or a word processor as .html). A tolerant tokenizer,
 * not a DOM: block elements start lines, list items get their rendered labels, table cells keep their
 * row/column, form controls become the glyphs a printed questionnaire would show (○ radio, ☐ checkbox,
 * ____ text field, one line per <option>), and scripts, styles and comments are skipped.
 */

export interface HtmlLimits {
  maxChars: number;
}

const NAMED: Record<string, string> = {
  nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“",
  hellip: "…", ndash: "–", mdash: "—", bull: "•", middot: "·", copy: "©", reg: "®", trade: "™", deg: "°",
  times: "×", divide: "÷", le: "≤", ge: "≥", ne: "≠", rarr: "→", larr: "←", euro: "€", pound: "£", yen: "¥",
  cent: "¢", sect: "§", para: "¶", laquo: "«", raquo: "»", iexcl: "¡", iquest: "¿", shy: "",
  aacute: "á", eacute: "é", iacute: "í", oacute: "ó", uacute: "ú", ntilde: "ñ", uuml: "ü", ouml: "ö", auml: "ä",
  Aacute: "Á", Eacute: "É", Iacute: "Í", Oacute: "Ó", Uacute: "Ú", Ntilde: "Ñ", Uuml: "Ü", Ouml: "Ö", Auml: "Ä",
  szlig: "ß", ccedil: "ç", egrave: "è", agrave: "à", ecirc: "ê", ocirc: "ô", acirc: "â",
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED[entity] ?? NAMED[entity.toLowerCase()] ?? whole;
  });
}

const BLOCK = new Set([
  "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "blockquote", "pre", "address",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "table", "tr", "td", "th", "thead",
  "tbody", "tfoot", "caption", "form", "fieldset", "legend", "label", "hr", "figure", "figcaption", "option", "select", "textarea",
]);
const SKIP = new Set(["script", "style", "noscript", "template", "svg", "head", "object", "iframe"]);
const VOID = new Set(["br", "hr", "img", "input", "meta", "link", "col", "area", "base", "wbr", "source", "embed", "param", "track"]);

interface ListState {
  ordered: boolean;
  counter: number;
}

/** The text of the first `<title>` (what `/<title[^>]*>([\s\S]*?)<\/title>/i` captures, without rescanning from every "<title"). */
function titleOf(source: string): string | undefined {
  const open = /<title/i.exec(source);
  if (!open) return undefined;
  // A later "<title" can only find the same ">" and "</title>", or none.
  const gt = source.indexOf(">", open.index + 6);
  if (gt < 0) return undefined;
  const close = /<\/title>/gi;
  close.lastIndex = gt + 1;
  const end = close.exec(source);
  return end ? source.slice(gt + 1, end.index) : undefined;
}

type HtmlToken = [whole: string, closing: string | undefined, name: string | undefined, attrs: string | undefined, text: string | undefined];

/**
 * The tokens of an HTML document, exactly as the global pattern
 * `<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<\?[\s\S]*?\?>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|<`
 * matches them one after another, in linear time: delimiters are searched forward only and a missing one is
 * not searched for again, and where a tag ends (its ">" outside quotes) is worked out once per quote or ">".
 */
function* htmlTokens(source: string): Generator<HtmlToken> {
  const found = new Map<string, number>();
  /** The next `needle` at or after `from` (which only grows), or -1. */
  const find = (needle: string, from: number) => {
    const cached = found.get(needle);
    if (cached !== undefined && (cached === -1 || cached >= from)) return cached;
    const at = source.indexOf(needle, from);
    found.set(needle, at);
    return at;
  };
  let nextSpecial: Int32Array | undefined;
  /** Where the tag whose attributes start at a `>`, `"` or `'` ends (its `>`), or -1 — by that character's position. */
  const tagEnd = new Map<number, number>();
  const endOfTag = (from: number): number => {
    if (!nextSpecial) {
      nextSpecial = new Int32Array(source.length + 1);
      nextSpecial[source.length] = -1;
      for (let i = source.length - 1; i >= 0; i--) {
        const c = source[i];
        nextSpecial[i] = c === ">" || c === '"' || c === "'" ? i : nextSpecial[i + 1];
      }
    }
    const visited: number[] = [];
    let result = -1;
    for (let i = from; ; ) {
      const at = nextSpecial[i];
      if (at < 0) break;
      const known = tagEnd.get(at);
      if (known !== undefined) {
        result = known;
        break;
      }
      visited.push(at);
      if (source[at] === ">") {
        result = at;
        break;
      }
      // A quoted value runs to the same quote; without one the tag does not end.
      const close = source.indexOf(source[at], at + 1);
      if (close < 0) break;
      i = close + 1;
    }
    for (const at of visited) tagEnd.set(at, result);
    return result;
  };
  const isNameStart = (c: string | undefined) => c !== undefined && /[a-zA-Z]/.test(c);
  const isNameChar = (c: string | undefined) => c !== undefined && /[\w:-]/.test(c);

  for (let at = 0; at < source.length; ) {
    if (source[at] !== "<") {
      const end = find("<", at);
      const stop = end < 0 ? source.length : end;
      yield [source.slice(at, stop), undefined, undefined, undefined, source.slice(at, stop)];
      at = stop;
      continue;
    }
    let end = -1;
    if (source.startsWith("<!--", at) && (end = find("-->", at + 4)) >= 0) end += 3;
    else if (source.startsWith("<![CDATA[", at) && (end = find("]]>", at + 9)) >= 0) end += 3;
    else if (source.startsWith("<!", at) && (end = find(">", at + 2)) >= 0) end += 1;
    else if (source.startsWith("<?", at) && (end = find("?>", at + 2)) >= 0) end += 2;
    else end = -1;
    if (end >= 0) {
      yield [source.slice(at, end), undefined, undefined, undefined, undefined];
      at = end;
      continue;
    }
    const closing = source[at + 1] === "/" ? "/" : "";
    let i = at + 1 + closing.length;
    if (isNameStart(source[i])) {
      const nameStart = i;
      i++;
      while (isNameChar(source[i])) i++;
      const close = endOfTag(i);
      if (close >= 0) {
        yield [source.slice(at, close + 1), closing, source.slice(nameStart, i), source.slice(i, close), undefined];
        at = close + 1;
        continue;
      }
    }
    yield ["<", undefined, undefined, undefined, undefined];
    at++;
  }
}

export function readHtml(source: string, limits: HtmlLimits): ExtractedDocument {
  const builder = new DocumentBuilder(limits.maxChars);
  let title: string | undefined;
  const titleText = titleOf(source);
  if (titleText !== undefined) title = decodeHtmlEntities(titleText).replace(/\s+/g, " ").trim() || undefined;

  let buffer = "";
  let boldChars = 0;
  let italicChars = 0;
  let bold = 0;
  let italic = 0;
  let heading: number | undefined;
  const lists: ListState[] = [];
  let pendingList: LineInit["list"] | undefined;
  const tables: { id: number; row: number; col: number }[] = [];
  let tableCount = 0;
  let skipDepth = 0;
  let skipTag = "";
  let paragraph = 0;

  const flush = () => {
    const text = buffer.replace(/\s+/g, " ").trim();
    const visible = text.replace(/\s+/g, "").length || 1;
    if (text) {
      const init: LineInit = { paragraph: paragraph++ };
      if (heading) init.heading = heading;
      if (boldChars / visible > 0.6 || heading) init.bold = true;
      if (italicChars / visible > 0.6) init.italic = true;
      const table = tables[tables.length - 1];
      if (table && table.row >= 0 && table.col >= 0) {
        const cell: LineCell = { table: table.id, row: table.row, col: table.col, rows: 0, cols: 0, para: 0 };
        init.cell = cell;
      }
      let lineText = text;
      if (pendingList) {
        init.list = pendingList;
        lineText = `${pendingList.label} ${text}`;
        pendingList = undefined;
      }
      builder.add(lineText, init);
    }
    buffer = "";
    boldChars = 0;
    italicChars = 0;
  };
  const append = (text: string) => {
    buffer += text;
    const visible = text.replace(/\s+/g, "").length;
    if (bold > 0) boldChars += visible;
    if (italic > 0) italicChars += visible;
  };

  for (const match of htmlTokens(source)) {
    const [, closing, rawName, attrs, text] = match;
    if (skipDepth > 0) {
      if (rawName && rawName.toLowerCase() === skipTag) skipDepth += closing ? -1 : attrs?.trim().endsWith("/") ? 0 : 1;
      continue;
    }
    if (text !== undefined) {
      append(decodeHtmlEntities(text));
      continue;
    }
    if (!rawName) {
      if (match[0] === "<") append("<");
      continue;
    }
    const name = rawName.toLowerCase();
    if (SKIP.has(name) && !closing) {
      if (!attrs?.trim().endsWith("/")) {
        skipDepth = 1;
        skipTag = name;
      }
      continue;
    }
    if (name === "br") {
      flush();
      continue;
    }
    if (name === "input" && !closing) {
      const type = (/\btype\s*=\s*["']?(\w+)/i.exec(attrs ?? "")?.[1] ?? "text").toLowerCase();
      if (type === "radio") append("○ ");
      else if (type === "checkbox") append("☐ ");
      else if (["text", "number", "email", "tel", "date", "url", ""].includes(type)) append(" ________ ");
      continue;
    }
    if (name === "b" || name === "strong") {
      bold += closing ? -1 : 1;
      bold = Math.max(0, bold);
      continue;
    }
    if (name === "i" || name === "em") {
      italic += closing ? -1 : 1;
      italic = Math.max(0, italic);
      continue;
    }
    if (!BLOCK.has(name) && !VOID.has(name)) continue;
    flush();
    if (/^h[1-6]$/.test(name)) {
      heading = closing ? undefined : Number(name[1]);
      continue;
    }
    if (name === "hr") {
      builder.blank();
      continue;
    }
    if (name === "ul" || name === "ol") {
      if (closing) lists.pop();
      else {
        const start = Number(/\bstart\s*=\s*["']?(\d+)/i.exec(attrs ?? "")?.[1] ?? 1);
        lists.push({ ordered: name === "ol", counter: start - 1 });
      }
      continue;
    }
    if (name === "li" && !closing) {
      const list = lists[lists.length - 1];
      if (list) {
        list.counter++;
        pendingList = list.ordered
          ? { label: `${list.counter}.`, level: lists.length - 1, ordered: true, value: list.counter }
          : { label: "•", level: lists.length - 1, ordered: false };
      }
      continue;
    }
    if (name === "select") {
      if (!closing) builder.blank();
      continue;
    }
    if (name === "option" && !closing) {
      pendingList = { label: "•", level: 0, ordered: false };
      continue;
    }
    if (name === "textarea" && !closing) {
      append("________");
      continue;
    }
    if (name === "table") {
      if (closing) tables.pop();
      else tables.push({ id: tableCount++, row: -1, col: -1 });
      builder.blank();
      continue;
    }
    if (name === "tr" && !closing) {
      const table = tables[tables.length - 1];
      if (table) {
        table.row++;
        table.col = -1;
      }
      continue;
    }
    if ((name === "td" || name === "th") && !closing) {
      const table = tables[tables.length - 1];
      if (table) table.col++;
      if (name === "th") bold++;
      continue;
    }
    if (name === "th" && closing) bold = Math.max(0, bold - 1);
    if (name === "p" || name === "div") {
      if (!closing) builder.blank();
    }
  }
  flush();
  return builder.build("html", { title });
}
