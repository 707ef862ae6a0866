import { XMLParser } from "fast-xml-parser";

/** Small XML helpers shared by the Decipher and LimeSurvey formats (fast-xml-parser for reading). */

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** An element in document order: `tag`, attributes and children (preserveOrder output, simplified). */
export interface XmlNode {
  tag: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** Text and CDATA content directly inside the element. */
  text: string;
}

type Ordered = Record<string, unknown>[];

function convert(items: Ordered): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of items) {
    const tag = Object.keys(item).find((key) => key !== ":@");
    if (!tag || tag === "?xml" || tag === "#comment") continue;
    if (tag === "#text" || tag === "#cdata") continue;
    const rawAttributes = (item[":@"] ?? {}) as Record<string, unknown>;
    const attributes = Object.fromEntries(Object.entries(rawAttributes).map(([key, value]) => [key.replace(/^@_/, ""), String(value)]));
    const inner = (item[tag] ?? []) as Ordered;
    const text = inner
      .map((child) => {
        if ("#text" in child) return String(child["#text"]);
        if ("#cdata" in child) return ((child["#cdata"] as Ordered) ?? []).map((part) => String(part["#text"] ?? "")).join("");
        return "";
      })
      .join("");
    nodes.push({ tag, attributes, children: convert(inner), text });
  }
  return nodes;
}

export function parseXml(source: string): XmlNode[] {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    cdataPropName: "#cdata",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
  });
  return convert(parser.parse(source) as Ordered);
}

/** The element's own text plus the text of inline markup inside it (for titles with <b>, <br/>). */
export function innerText(node: XmlNode): string {
  const parts = [node.text, ...node.children.filter((child) => !["row", "col", "choice", "comment", "title", "exec", "validate", "style"].includes(child.tag)).map(innerText)];
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

export function child(node: XmlNode, tag: string): XmlNode | undefined {
  return node.children.find((entry) => entry.tag === tag);
}
