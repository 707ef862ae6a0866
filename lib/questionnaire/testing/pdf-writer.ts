/**
 * A minimal PDF writer for test and benchmark inputs: text pages in Helvetica (WinAnsi), optional image-only
 * pages (what a scan looks like), explicit positions for layout tests (columns, running headers, grids).
 * Not used by the compiler itself.
 */

export interface PdfText {
  text: string;
  x: number;
  /** Baseline, from the bottom of the page (PDF coordinates). */
  y: number;
  size?: number;
  bold?: boolean;
  /** Printed upwards (turned 90° anticlockwise), as vertical column headings are. */
  vertical?: boolean;
  /** Slanted (sheared about 15°), as a word processor draws a synthetic italic of a font that has none. */
  oblique?: boolean;
  /**
   * Set in this (non-embedded, WinAnsi-encoded) font instead of Helvetica, by its PostScript name ("Wingdings2",
   * "CMSY10"): each character of the text is written as its code, as a symbol font's text is ("£" for a box).
   */
  font?: string;
  /**
   * With `font`: the characters the font's ToUnicode map gives for the text's codes, one per code, as a font subset
   * maps a box glyph that has no character to a private-use ("\uf0f0") or control ("\u001f") code.
   */
  unicode?: string;
}

/** A drawn answer marker: a square (or a circle) of `size` points, its lower left corner at x, y. */
export interface PdfShape {
  x: number;
  y: number;
  size: number;
  round?: boolean;
  /** Filled solid in black (a bullet) rather than outlined. */
  solid?: boolean;
  /** A circle drawn as a ring: an outer and an inner circle filled even-odd (as Safari prints a radio button). */
  ring?: boolean;
  /** A circle whose arcs are joined by slivers of straight line (as a browser flattens a radio button's outline). */
  slivers?: boolean;
  /** Drawn inside a clip to its square box (`re W n` first), as a browser prints a radio button. */
  clipped?: boolean;
}

/** A drawn straight line (a table's rule). */
export interface PdfRule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PdfPage {
  texts?: PdfText[];
  shapes?: PdfShape[];
  rules?: PdfRule[];
  /** Checkbox fields of a fillable form: widget annotations whose appearance draws a square. */
  checkboxes?: PdfShape[];
  /** Draw an image and no text (a scanned page). */
  image?: boolean;
  width?: number;
  height?: number;
  /** The page's /Rotate entry: the viewer turns the sheet by this many degrees clockwise. */
  rotate?: number;
}

function escapePdf(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code < 32) out += " ";
    else if (code < 256) out += char;
    else out += mapWinAnsi(char);
  }
  return out;
}

function mapWinAnsi(char: string): string {
  const table: Record<string, number> = { "’": 0x92, "‘": 0x91, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97, "…": 0x85, "•": 0x95, "€": 0x80 };
  const code = table[char];
  return code ? String.fromCharCode(code) : "?";
}

export function buildPdf(pages: PdfPage[], options: { padding?: number } = {}): Uint8Array {
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add("");
  const pagesObject = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const image = add(Buffer.concat([Buffer.from("<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n", "latin1"), Buffer.from([0, 255, 255, 0]), Buffer.from("\nendstream", "latin1")]));
  // Fonts by name (symbol fonts, and text fonts with a ToUnicode map), shared by the pages (resource names S1, S2, …).
  const unicodes = new Map<string, Map<number, string>>();
  for (const page of pages) {
    for (const text of page.texts ?? []) {
      if (!text.font) continue;
      const map = unicodes.get(text.font) ?? new Map<number, string>();
      unicodes.set(text.font, map);
      const shown = [...(text.unicode ?? "")];
      [...text.text].forEach((char, index) => shown[index] && map.set(char.charCodeAt(0) & 0xff, shown[index]));
    }
  }
  const symbolFonts = new Map<string, { resource: string; id: number }>();
  for (const [name, map] of unicodes) {
    let toUnicode = "";
    if (map.size) {
      const hex = (value: number, digits: number) => value.toString(16).toUpperCase().padStart(digits, "0");
      const pairs = [...map].map(([code, char]) => `<${hex(code, 2)}> <${hex(char.charCodeAt(0), 4)}>`).join("\n");
      const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Test-UCS def /CMapType 2 def\n1 begincodespacerange <00> <FF> endcodespacerange\n${map.size} beginbfchar\n${pairs}\nendbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end`;
      toUnicode = ` /ToUnicode ${add(`<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`)} 0 R`;
    }
    symbolFonts.set(name, { resource: `S${symbolFonts.size + 1}`, id: add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding${toUnicode} >>`) });
  }
  const symbolResources = [...symbolFonts.values()].map((font) => ` /${font.resource} ${font.id} 0 R`).join("");
  const codes = (text: string) => [...text].map((char) => `\\${(char.charCodeAt(0) & 0xff).toString(8).padStart(3, "0")}`).join("");
  const pageIds: number[] = [];
  for (const page of pages) {
    const width = page.width ?? 612;
    const height = page.height ?? 792;
    let content = "";
    if (page.image) content += `q ${width - 100} 0 0 ${height - 100} 50 50 cm /Im1 Do Q\n`;
    for (const shape of page.shapes ?? []) {
      const r = shape.size / 2;
      if (shape.clipped) content += `q ${shape.x} ${shape.y} ${shape.size} ${shape.size} re W n\n`;
      if (shape.round || shape.ring) {
        // A circle from four Bézier quarter arcs around its centre.
        const [cx, cy] = [shape.x + r, shape.y + r];
        const p = (x: number, y: number) => `${x.toFixed(2)} ${y.toFixed(2)}`;
        const circle = (radius: number) => {
          const k = radius * 0.5523;
          return (
            `${p(cx + radius, cy)} m ${p(cx + radius, cy + k)} ${p(cx + k, cy + radius)} ${p(cx, cy + radius)} c ${shape.slivers ? `${p(cx - 0.05, cy + radius)} l ` : ""}${p(cx - k, cy + radius)} ${p(cx - radius, cy + k)} ${p(cx - radius, cy)} c ${shape.slivers ? `${p(cx - radius, cy - 0.05)} l ` : ""}` +
            `${p(cx - radius, cy - k)} ${p(cx - k, cy - radius)} ${p(cx, cy - radius)} c ${p(cx + k, cy - radius)} ${p(cx + radius, cy - k)} ${p(cx + radius, cy)} c h `
          );
        };
        content += shape.ring ? `0 g ${circle(r)}${circle(r - 1)}f*\n` : `0.5 w ${circle(r)}S\n`;
      } else content += `0.5 w ${shape.x} ${shape.y} ${shape.size} ${shape.size} re ${shape.solid ? "f" : "S"}\n`;
      if (shape.clipped) content += "Q\n";
    }
    for (const rule of page.rules ?? []) content += `0.5 w ${rule.x0} ${rule.y0} m ${rule.x1} ${rule.y1} l S\n`;
    for (const text of page.texts ?? []) {
      const matrix = text.vertical ? "0 1 -1 0" : text.oblique ? "1 0 0.27 1" : "1 0 0 1";
      const font = text.font ? symbolFonts.get(text.font)!.resource : text.bold ? "F2" : "F1";
      const shown = text.font ? codes(text.text) : escapePdf(text.text);
      content += `BT /${font} ${text.size ?? 11} Tf ${matrix} ${text.x.toFixed(2)} ${text.y.toFixed(2)} Tm (${shown}) Tj ET\n`;
    }
    const annots: number[] = [];
    for (const box of page.checkboxes ?? []) {
      const look = `0.5 w 0.5 0.5 ${box.size - 1} ${box.size - 1} re S`;
      const appearance = add(`<< /Type /XObject /Subtype /Form /BBox [0 0 ${box.size} ${box.size}] /Length ${look.length} >>\nstream\n${look}\nendstream`);
      const rect = `[${box.x} ${box.y} ${box.x + box.size} ${box.y + box.size}]`;
      annots.push(add(`<< /Type /Annot /Subtype /Widget /FT /Btn /T (box${annots.length + 1}) /F 4 /Rect ${rect} /AS /Off /AP << /N << /Off ${appearance} 0 R /Yes ${appearance} 0 R >> >> >>`));
    }
    const stream = Buffer.from(content, "latin1");
    const contents = add(Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, "latin1"), stream, Buffer.from("\nendstream", "latin1")]));
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 ${width} ${height}]${page.rotate ? ` /Rotate ${page.rotate}` : ""} /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R${symbolResources} >> /XObject << /Im1 ${image} 0 R >> >> /Contents ${contents} 0 R${annots.length ? ` /Annots [${annots.map((id) => `${id} 0 R`).join(" ")}]` : ""} >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
  objects[pagesObject - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, "latin1"), typeof body === "string" ? Buffer.from(body, "latin1") : body, Buffer.from("\nendobj\n", "latin1")]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  if (options.padding) {
    // A comment block that makes the file large without adding text (e.g. embedded images in a real file).
    const line = Buffer.from(`%${"x".repeat(254)}\n`, "latin1");
    const padding = Buffer.alloc(Math.ceil(options.padding / line.length) * line.length);
    for (let at = 0; at < padding.length; at += line.length) line.copy(padding, at);
    chunks.push(padding);
    offset += padding.length;
  }
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((value) => `${String(value).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
}

export interface FlowOptions {
  size?: number;
  leading?: number;
  margin?: number;
  /** Wrap lines longer than this many characters (hanging indent for continuations). */
  wrapAt?: number;
  header?: (page: number, pages: number) => string;
  footer?: (page: number, pages: number) => string;
}

/** Lays out lines top to bottom over as many pages as needed. Lines may start with spaces for indentation. */
export function flowPdf(lines: (string | { text: string; bold?: boolean; indent?: number })[], options: FlowOptions = {}): Uint8Array {
  const size = options.size ?? 11;
  const leading = options.leading ?? size * 1.45;
  const margin = options.margin ?? 72;
  const wrapAt = options.wrapAt ?? 90;
  const height = 792;
  const pages: PdfText[][] = [[]];
  let y = height - margin;
  const place = (text: string, x: number, isBold: boolean) => {
    if (y < margin) {
      pages.push([]);
      y = height - margin;
    }
    pages[pages.length - 1].push({ text, x, y, size, bold: isBold });
    y -= leading;
  };
  for (const entry of lines) {
    const item = typeof entry === "string" ? { text: entry } : entry;
    if (!item.text.trim()) {
      y -= leading * 0.8;
      continue;
    }
    const indent = item.indent ?? item.text.length - item.text.trimStart().length;
    const x = margin + indent * size * 0.5;
    let rest = item.text.trim();
    let first = true;
    while (rest.length > wrapAt) {
      const cut = rest.lastIndexOf(" ", wrapAt);
      const at = cut > wrapAt / 2 ? cut : wrapAt;
      place(rest.slice(0, at), first ? x : x, Boolean((item as { bold?: boolean }).bold));
      rest = rest.slice(at).trim();
      first = false;
    }
    place(rest, x, Boolean((item as { bold?: boolean }).bold));
  }
  const total = pages.length;
  return buildPdf(
    pages.map((texts, index) => ({
      texts: [
        ...(options.header ? [{ text: options.header(index + 1, total), x: margin, y: height - 36, size: 9 }] : []),
        ...texts,
        ...(options.footer ? [{ text: options.footer(index + 1, total), x: 540, y: 36, size: 9 }] : []),
      ],
    })),
  );
}
