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

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE(?:[^>[]|\[[^\]]*\])*>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

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

export function parseXml(source: string, maxNodes = 5_000_000): XmlElement {
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let nodes = 0;
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match; match = TOKEN.exec(source)) {
    const top = stack[stack.length - 1];
    if (match.index > last) {
      const text = source.slice(last, match.index);
      if (stack.length > 1 && text.trim() !== "") top.children.push(decodeEntities(text));
      else if (stack.length > 1 && text.length > 0) top.children.push(text);
    }
    last = TOKEN.lastIndex;
    if (++nodes > maxNodes) throw new XmlError("the document has too many XML nodes");
    if (match[1] !== undefined) {
      top.children.push(match[1]);
      continue;
    }
    const name = match[3];
    if (!name) continue; // comment, processing instruction, doctype
    if (match[2] === "/") {
      // Close the nearest matching element; tolerate stray end tags.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i].name === name) {
          stack.length = i;
          break;
        }
      }
      continue;
    }
    const attrs: Record<string, string> = {};
    const attrText = match[4];
    if (attrText) {
      ATTR.lastIndex = 0;
      for (let a = ATTR.exec(attrText); a; a = ATTR.exec(attrText)) attrs[a[1]] = decodeEntities(a[2] ?? a[3] ?? "");
    }
    const element: XmlElement = { name, attrs, children: [] };
    top.children.push(element);
    if (match[5] !== "/") stack.push(element);
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
