import { child, children, isElement, parseXml, textContent, type XmlElement } from "@/lib/questionnaire/extract/xml";
import { ZipArchive, ZipError } from "@/lib/questionnaire/extract/zip";

/**
 * A bounded reader for the cell values of an .xlsx workbook (SpreadsheetML), enough for form definitions
 * such as XLSForm: sheet names in workbook order, shared and inline strings, numbers and booleans as their
 * text. It reuses the .docx reader's ZIP reader (every part inflated with a size cap, so a zip bomb cannot
 * exhaust memory) and its non-validating XML reader (no entity expansion). Formulas are read as their cached
 * values; styles, dates-as-numbers and merged cells are not interpreted. See docs/decisions.md.
 */

export class WorkbookError extends Error {}

/** One sheet: rows of cells by zero-based column index (gaps are absent). */
export type SheetRows = string[][];

const MAX_PART_BYTES = 32 * 1024 * 1024;
const MAX_XML_NODES = 2_000_000;
const MAIN_NS_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export function isWorkbook(bytes: Uint8Array): boolean {
  if (!ZipArchive.isZip(bytes)) return false;
  try {
    return new ZipArchive(bytes).has("xl/workbook.xml");
  } catch {
    return false;
  }
}

function attribute(element: XmlElement, name: string): string | undefined {
  if (name in element.attrs) return element.attrs[name];
  // Prefixed attributes (r:id) under whatever prefix the writer chose.
  const local = name.split(":").pop()!;
  const key = Object.keys(element.attrs).find((entry) => entry.endsWith(`:${local}`));
  return key ? element.attrs[key] : undefined;
}

/** Element children by local name (SpreadsheetML writers sometimes prefix the main namespace, e.g. `x:row`). */
function elements(element: XmlElement | undefined, name: string): XmlElement[] {
  if (!element) return [];
  const direct = children(element, name);
  if (direct.length) return direct;
  return element.children.filter((node): node is XmlElement => isElement(node) && node.name.endsWith(`:${name}`));
}

function first(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return child(element, name) ?? elements(element, name)[0];
}

/** Zero-based column index of a cell reference such as "C12". */
function columnOf(reference: string): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(reference)?.[1];
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** Text of a string item (<si> or <is>): plain <t> or rich-text runs <r><t>, without phonetic runs. */
function stringItem(item: XmlElement): string {
  let text = "";
  for (const node of item.children) {
    if (!isElement(node)) continue;
    const name = node.name.replace(/^.*:/, "");
    if (name === "t") text += textContent(node);
    else if (name === "r") text += elements(node, "t").map(textContent).join("");
  }
  return text;
}

export class Workbook {
  private readonly zip: ZipArchive;
  private readonly sheetPaths = new Map<string, string>();
  private sharedStrings: string[] = [];
  readonly sheetNames: string[] = [];

  constructor(bytes: Uint8Array) {
    try {
      this.zip = new ZipArchive(bytes);
    } catch (error) {
      throw new WorkbookError(`The workbook cannot be opened: ${(error as Error).message}.`);
    }
    const workbook = this.xml("xl/workbook.xml");
    if (!workbook) throw new WorkbookError("The file is not an Excel workbook (it has no xl/workbook.xml).");
    const rels = this.xml("xl/_rels/workbook.xml.rels");
    const targets = new Map(elements(first(rels, "Relationships"), "Relationship").map((rel) => [rel.attrs.Id, rel.attrs.Target]));
    for (const sheet of elements(first(first(workbook, "workbook"), "sheets"), "sheet")) {
      const name = sheet.attrs.name ?? "";
      const id = attribute(sheet, "r:id") ?? sheet.attrs[`{${MAIN_NS_RELS}}id`];
      const target = id ? targets.get(id) : undefined;
      if (!target) continue;
      const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, "/");
      this.sheetNames.push(name);
      this.sheetPaths.set(name, path);
    }
    const shared = this.xml("xl/sharedStrings.xml");
    this.sharedStrings = elements(first(shared, "sst"), "si").map(stringItem);
  }

  private xml(path: string): XmlElement | undefined {
    let text: string | null;
    try {
      text = this.zip.readText(path, MAX_PART_BYTES);
    } catch (error) {
      if (error instanceof ZipError) throw new WorkbookError(`The workbook part ${path} cannot be read: ${error.message}.`);
      throw error;
    }
    if (text === null) return undefined;
    try {
      return parseXml(text, MAX_XML_NODES);
    } catch (error) {
      throw new WorkbookError(`The workbook part ${path} is not readable XML: ${(error as Error).message}.`);
    }
  }

  /** The sheet named `name` (case-insensitive), or null when the workbook has none. */
  sheet(name: string): SheetRows | null {
    const actual = this.sheetNames.find((entry) => entry.trim().toLowerCase() === name.toLowerCase());
    if (actual === undefined) return null;
    const document = this.xml(this.sheetPaths.get(actual)!);
    const data = first(first(document, "worksheet"), "sheetData");
    const rows: SheetRows = [];
    for (const row of elements(data, "row")) {
      const at = Number(row.attrs.r);
      const index = Number.isInteger(at) && at > 0 ? at - 1 : rows.length;
      const cells: string[] = [];
      let column = 0;
      for (const cell of elements(row, "c")) {
        column = (cell.attrs.r ? columnOf(cell.attrs.r) : null) ?? column;
        cells[column] = this.value(cell);
        column++;
      }
      rows[index] = cells;
    }
    return Array.from(rows, (row) => row ?? []);
  }

  private value(cell: XmlElement): string {
    const type = cell.attrs.t;
    if (type === "inlineStr") {
      const item = first(cell, "is");
      return item ? stringItem(item) : "";
    }
    const raw = first(cell, "v");
    const text = raw ? textContent(raw) : "";
    if (type === "s") return this.sharedStrings[Number(text)] ?? "";
    if (type === "b") return text === "1" ? "TRUE" : "FALSE";
    return text;
  }
}
