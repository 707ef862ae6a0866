import { deflateRawSync } from "node:zlib";

/**
 * Writers for test and benchmark inputs: a small ZIP writer and a WordprocessingML document builder. They
 * produce real .docx packages (as Word writes them: numbering definitions, styles, tables, symbol runs),
 * so tests exercise the same code paths as uploaded files. Not used by the compiler itself.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipInput {
  name: string;
  data: Uint8Array | string;
  /** Store without compression (default: deflate). */
  store?: boolean;
  /** Mark the entry as encrypted (general-purpose flag bit 0) without encrypting it, to test refusal. */
  flagEncrypted?: boolean;
  /** Lie about the uncompressed size (zip-bomb tests). */
  declaredSize?: number;
}

export function writeZip(entries: ZipInput[]): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = typeof entry.data === "string" ? encoder.encode(entry.data) : entry.data;
    const compressed = entry.store ? raw : deflateRawSync(raw);
    const name = encoder.encode(entry.name);
    const crc = crc32(raw);
    const flags = entry.flagEncrypted ? 1 : 0;
    const method = entry.store ? 0 : 8;
    const size = entry.declaredSize ?? raw.length;
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    Buffer.from(name).copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    Buffer.from(name).copy(central, 46);
    locals.push(local, Buffer.from(compressed));
    centrals.push(central);
    offset += local.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, buffer) => sum + buffer.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...centrals, end]));
}

// ------------------------------------------------------------------------------------------ docx

export interface DocxRun {
  text?: string;
  bold?: boolean;
  italic?: boolean;
  caps?: boolean;
  hidden?: boolean;
  /** Struck through: true (w:strike), "double" (w:dstrike) or "off" (w:strike w:val="0"). */
  strike?: boolean | "double" | "off";
  /** A tracked change: an insertion (w:ins) or a deletion (w:del, its text in w:delText). */
  tracked?: "ins" | "del";
  color?: string;
  font?: string;
  /** Font size in points (written as w:sz half-points). */
  size?: number;
  /** A w:sym glyph (e.g. Wingdings "F06F" box). */
  sym?: { font: string; char: string };
  tab?: boolean;
  br?: boolean;
  pageBreak?: boolean;
  /** A legacy checkbox form field. */
  checkbox?: boolean;
  /** A picture set in the line (wp:inline), its size in inches. */
  picture?: { width: number; height: number };
  /** A drawing canvas of text boxes (DrawingML shapes), each with its text and offset in inches, written out of order. */
  canvas?: { text: string; x: number; y?: number }[];
}

export interface DocxParagraph {
  kind?: "paragraph";
  runs: DocxRun[] | string;
  style?: string;
  /** Automatic numbering: numId and level of the list. */
  num?: { id: number; level?: number };
  /** "off": the property written switched off (w:val="0"), as Google Docs exports every paragraph. */
  pageBreakBefore?: boolean | "off";
}

export interface DocxTable {
  kind: "table";
  rows: (string | DocxParagraph[])[][];
}

export type DocxBlock = DocxParagraph | DocxTable | string;

export interface DocxList {
  id: number;
  levels: { format: string; text: string; font?: string; start?: number }[];
}

export interface DocxSpec {
  blocks: DocxBlock[];
  lists?: DocxList[];
  /** Extra entries (media padding, custom parts). */
  extra?: ZipInput[];
  title?: string;
  /** Every block in a w:body of its own after an empty first one, as the Qualtrics "Export to Word" writes them. */
  bodyPerBlock?: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function runXml(run: DocxRun): string {
  const props = [
    run.bold ? "<w:b/>" : "",
    run.italic ? "<w:i/>" : "",
    run.caps ? "<w:caps/>" : "",
    run.hidden ? "<w:vanish/>" : "",
    run.strike === "double" ? "<w:dstrike/>" : run.strike === "off" ? '<w:strike w:val="0"/>' : run.strike ? "<w:strike/>" : "",
    run.color ? `<w:color w:val="${run.color}"/>` : "",
    run.font ? `<w:rFonts w:ascii="${run.font}" w:hAnsi="${run.font}"/>` : "",
    run.size ? `<w:sz w:val="${run.size * 2}"/>` : "",
  ].join("");
  const rPr = props ? `<w:rPr>${props}</w:rPr>` : "";
  if (run.checkbox) {
    return `<w:r>${rPr}<w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  }
  const parts: string[] = [];
  if (run.pageBreak) parts.push('<w:br w:type="page"/>');
  if (run.br) parts.push("<w:br/>");
  if (run.tab) parts.push("<w:tab/>");
  if (run.sym) parts.push(`<w:sym w:font="${run.sym.font}" w:char="${run.sym.char}"/>`);
  const emu = (inches: number) => Math.round(inches * 914400);
  if (run.canvas) {
    const shapes = run.canvas
      .map((shape, index) => `<a:sp><a:nvSpPr><a:cNvPr id="${index + 2}" name="TextBox ${index + 1}"/><a:cNvSpPr txBox="1"/></a:nvSpPr><a:spPr><a:xfrm><a:off x="${emu(shape.x)}" y="${emu(shape.y ?? 0)}"/><a:ext cx="${emu(0.3)}" cy="${emu(0.3)}"/></a:xfrm></a:spPr><a:txSp><a:txBody><a:bodyPr/><a:p><a:r><a:t>${shape.text}</a:t></a:r></a:p></a:txBody></a:txSp></a:sp>`)
      .reverse()
      .join("");
    parts.push(`<w:drawing><wp:inline><wp:extent cx="${emu(3)}" cy="${emu(0.3)}"/><wp:docPr id="1" name="Object 1"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas"><lc:lockedCanvas xmlns:lc="http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas"><a:grpSp>${shapes}</a:grpSp></lc:lockedCanvas></a:graphicData></a:graphic></wp:inline></w:drawing>`);
  }
  if (run.picture) {
    parts.push(`<w:drawing><wp:inline><wp:extent cx="${emu(run.picture.width)}" cy="${emu(run.picture.height)}"/><wp:docPr id="1" name="Picture"/></wp:inline></w:drawing>`);
  }
  const textTag = run.tracked === "del" ? "w:delText" : "w:t";
  if (run.text !== undefined) parts.push(`<${textTag} xml:space="preserve">${escapeXml(run.text)}</${textTag}>`);
  const xml = `<w:r>${rPr}${parts.join("")}</w:r>`;
  if (run.tracked) return `<w:${run.tracked} w:id="1" w:author="Editor" w:date="2026-01-01T00:00:00Z">${xml}</w:${run.tracked}>`;
  return xml;
}

function paragraphXml(paragraph: DocxParagraph | string): string {
  const p = typeof paragraph === "string" ? { runs: paragraph } : paragraph;
  const runs = typeof p.runs === "string" ? [{ text: p.runs }] : p.runs;
  const pPr = [
    p.style ? `<w:pStyle w:val="${p.style}"/>` : "",
    p.pageBreakBefore === "off" ? '<w:pageBreakBefore w:val="0"/>' : p.pageBreakBefore ? "<w:pageBreakBefore/>" : "",
    p.num ? `<w:numPr><w:ilvl w:val="${p.num.level ?? 0}"/><w:numId w:val="${p.num.id}"/></w:numPr>` : "",
  ].join("");
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ""}${runs.map(runXml).join("")}</w:p>`;
}

function tableXml(table: DocxTable): string {
  const cols = Math.max(...table.rows.map((row) => row.length));
  const grid = `<w:tblGrid>${"<w:gridCol/>".repeat(cols)}</w:tblGrid>`;
  const rows = table.rows
    .map((row) => `<w:tr>${row.map((cell) => `<w:tc>${(typeof cell === "string" ? [cell] : cell).map(paragraphXml).join("") || "<w:p/>"}</w:tc>`).join("")}</w:tr>`)
    .join("");
  return `<w:tbl>${grid}${rows}</w:tbl>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/></w:rPr></w:rPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>
</w:styles>`;

function numberingXml(lists: DocxList[]): string {
  const abstracts = lists
    .map(
      (list) =>
        `<w:abstractNum w:abstractNumId="${list.id}">${list.levels
          .map(
            (level, index) =>
              `<w:lvl w:ilvl="${index}"><w:start w:val="${level.start ?? 1}"/><w:numFmt w:val="${level.format}"/><w:lvlText w:val="${escapeXml(level.text)}"/>${
                level.font ? `<w:rPr><w:rFonts w:ascii="${level.font}" w:hAnsi="${level.font}"/></w:rPr>` : ""
              }</w:lvl>`,
          )
          .join("")}</w:abstractNum>`,
    )
    .join("");
  const nums = lists.map((list) => `<w:num w:numId="${list.id}"><w:abstractNumId w:val="${list.id}"/></w:num>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${abstracts}${nums}</w:numbering>`;
}

export function documentXml(blocks: DocxBlock[], bodyPerBlock = false): string {
  const pieces = blocks.map((block) => (typeof block !== "string" && block.kind === "table" ? tableXml(block) : paragraphXml(block as DocxParagraph | string)));
  const body = bodyPerBlock ? `<w:body/>${pieces.map((piece) => `<w:body>${piece}</w:body>`).join("")}` : `<w:body>${pieces.join("")}<w:sectPr/></w:body>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">${body}</w:document>`;
}

export function buildDocx(spec: DocxSpec): Uint8Array {
  const entries: ZipInput[] = [
    {
      name: "[Content_Types].xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    },
    {
      name: "word/_rels/document.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`,
    },
    { name: "word/document.xml", data: documentXml(spec.blocks, spec.bodyPerBlock) },
    { name: "word/styles.xml", data: STYLES },
    { name: "word/numbering.xml", data: numberingXml(spec.lists ?? []) },
    {
      name: "docProps/core.xml",
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${spec.title ? `<dc:title>${escapeXml(spec.title)}</dc:title>` : ""}</cp:coreProperties>`,
    },
    ...(spec.extra ?? []),
  ];
  return writeZip(entries);
}

/** Common list definitions: a numbered question list and bullet lists as Word writes them. */
export const LISTS = {
  decimal: (id: number): DocxList => ({ id, levels: [{ format: "decimal", text: "%1." }, { format: "lowerLetter", text: "%2)" }] }),
  bracketed: (id: number): DocxList => ({ id, levels: [{ format: "decimal", text: "[%1]" }] }),
  symbolBullet: (id: number): DocxList => ({ id, levels: [{ format: "bullet", text: "\uf0b7", font: "Symbol" }] }),
  radio: (id: number): DocxList => ({ id, levels: [{ format: "bullet", text: "o", font: "Courier New" }] }),
  box: (id: number): DocxList => ({ id, levels: [{ format: "bullet", text: "\uf0a8", font: "Wingdings" }] }),
};
