/**
 * A small non-validating XML reader for the machine-written parts of Office documents (WordprocessingML).
 * It builds a light element tree, decodes the predefined and numeric entities, keeps CDATA as text and
 * ignores comments, processing instructions and DOCTYPEs (no entity expansion, so no billion-laughs).
 * A node budget bounds memory for hostile inputs.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export class XmlError extends Error {}

export function decodeEntities(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    switch (entity) {
      case "amp":
        return "&";
      case "lt":
        return "<";
      case "gt":
        return ">";
      case "quot":
        return '"';
      case "apos":
        return "'";
      default: {
        const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
    }
  });
}

/**
 * Linear-time tokenizer: every delimiter is found with `indexOf` from a position that only moves forward,
 * and a delimiter that is absent once is absent for the rest of the document (an unterminated comment,
 * CDATA section or processing instruction ends the document instead of being searched for again at every
 * later `<`).
 */
class Scanner {
  private next = new Map<string, number>();
  constructor(readonly source: string) {}

  /** The next occurrence of `needle` at or after `from`, or -1; amortised linear over a whole document. */
  find(needle: string, from: number): number {
    const cached = this.next.get(needle);
    if (cached !== undefined && (cached === -1 || cached >= from)) return cached;
    const found = this.source.indexOf(needle, from);
    this.next.set(needle, found);
    return found;
  }
}

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const isNameStart = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
const isNameChar = (code: number) => isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x3a || code === 0x2e || code === 0x2d;

type Token =
  | { kind: "skip"; end: number }
  | { kind: "cdata"; text: string; end: number }
  | { kind: "tag"; name: string; closing: boolean; selfClosing: boolean; attrs: Record<string, string>; end: number };

/** Reads the markup at `source[at] === "<"`: a token, "eof" when an unterminated construct ends the document, or null when it is not markup (kept as text). */
function readToken(scanner: Scanner, at: number): Token | "eof" | null {
  const source = scanner.source;
  if (source.startsWith("<!--", at)) {
    const close = scanner.find("-->", at + 4);
    return close < 0 ? "eof" : { kind: "skip", end: close + 3 };
  }
  if (source.startsWith("<?", at)) {
    const close = scanner.find("?>", at + 2);
    return close < 0 ? "eof" : { kind: "skip", end: close + 2 };
  }
  if (source.startsWith("<![CDATA[", at)) {
    const close = scanner.find("]]>", at + 9);
    return close < 0 ? "eof" : { kind: "cdata", text: source.slice(at + 9, close), end: close + 3 };
  }
  if (source.startsWith("<!DOCTYPE", at)) {
    let i = at + 9;
    while (i < source.length) {
      const c = source.charCodeAt(i);
      if (c === 0x3e) return { kind: "skip", end: i + 1 };
      if (c === 0x5b) {
        const close = scanner.find("]", i + 1);
        if (close < 0) return "eof";
        i = close + 1;
      } else i++;
    }
    return "eof";
  }
  let i = at + 1;
  const closing = source.charCodeAt(i) === 0x2f;
  if (closing) i++;
  if (!isNameStart(source.charCodeAt(i))) return null;
  const nameStart = i;
  while (i < source.length && isNameChar(source.charCodeAt(i))) i++;
  const name = source.slice(nameStart, i);
  const attrs: Record<string, string> = {};
  for (;;) {
    const spaceStart = i;
    while (i < source.length && isSpace(source.charCodeAt(i))) i++;
    const c = source.charCodeAt(i);
    if (c === 0x3e) return { kind: "tag", name, closing, selfClosing: false, attrs, end: i + 1 };
    if (c === 0x2f && source.charCodeAt(i + 1) === 0x3e) return { kind: "tag", name, closing, selfClosing: true, attrs, end: i + 2 };
    if (i === spaceStart || i >= source.length) return null;
    const attrStart = i;
    while (i < source.length) {
      const a = source.charCodeAt(i);
      if (isSpace(a) || a === 0x3d || a === 0x2f || a === 0x3e) break;
      i++;
    }
    if (i === attrStart) return null;
    const attrName = source.slice(attrStart, i);
    while (i < source.length && isSpace(source.charCodeAt(i))) i++;
    if (source.charCodeAt(i) !== 0x3d) return null;
    i++;
    while (i < source.length && isSpace(source.charCodeAt(i))) i++;
    const quote = source[i];
    if (quote !== '"' && quote !== "'") return null;
    const close = scanner.find(quote, i + 1);
    if (close < 0) return null;
    attrs[attrName] = decodeEntities(source.slice(i + 1, close));
    i = close + 1;
  }
}

export function parseXml(source: string, maxNodes = 5_000_000): XmlElement {
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const scanner = new Scanner(source);
  let nodes = 0;
  let last = 0;
  let at = scanner.find("<", 0);
  while (at >= 0) {
    const token = readToken(scanner, at);
    if (token === null) {
      at = scanner.find("<", at + 1);
      continue;
    }
    const top = stack[stack.length - 1];
    if (at > last) {
      const text = source.slice(last, at);
      if (stack.length > 1 && text.trim() !== "") top.children.push(decodeEntities(text));
      else if (stack.length > 1 && text.length > 0) top.children.push(text);
    }
    if (token === "eof") {
      last = source.length;
      break;
    }
    last = token.end;
    at = scanner.find("<", token.end);
    if (++nodes > maxNodes) throw new XmlError("the document has too many XML nodes");
    if (token.kind === "cdata") {
      top.children.push(token.text);
      continue;
    }
    if (token.kind === "skip") continue; // comment, processing instruction, doctype
    if (token.closing) {
      // Close the nearest matching element; tolerate stray end tags.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i].name === token.name) {
          stack.length = i;
          break;
        }
      }
      continue;
    }
    const element: XmlElement = { name: token.name, attrs: token.attrs, children: [] };
    top.children.push(element);
    if (!token.selfClosing) stack.push(element);
  }
  if (root.children.length === 0) throw new XmlError("no XML content");
  return root;
}

export function isElement(node: XmlNode | undefined): node is XmlElement {
  return typeof node === "object" && node !== null;
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const node of element.children) if (typeof node !== "string" && node.name === name) return node;
  return undefined;
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  if (!element) return [];
  const result: XmlElement[] = [];
  for (const node of element.children) if (typeof node !== "string" && node.name === name) result.push(node);
  return result;
}

/** Depth-first search for the first descendant with that name. */
export function descendant(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const node of element.children) {
    if (typeof node === "string") continue;
    if (node.name === name) return node;
    const found = descendant(node, name);
    if (found) return found;
  }
  return undefined;
}

export function textContent(element: XmlElement): string {
  let out = "";
  for (const node of element.children) out += typeof node === "string" ? node : textContent(node);
  return out;
}
