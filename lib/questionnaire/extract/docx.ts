import { mapSymbolChar } from "./symbol-fonts";
import { DocumentBuilder, type ExtractedDocument, type ExtractedLine, type LineCell, type LineInit, type LineList } from "./model";
import { child, children, parseXml, type XmlElement, type XmlNode } from "./xml";
import { ZipArchive } from "./zip";

/**
 * Word (.docx) reader: paragraphs in order, automatic numbering rendered as Word shows it ("1.", "(a)",
 * "o" bullets), list levels, tables cell by cell (merged cells once), text boxes, checkbox fields and symbol
 * glyphs (Wingdings/Symbol boxes and bullets mapped to Unicode), headings from paragraph styles, and
 * bold/italic/caps emphasis through the style hierarchy.
 */

export interface DocxLimits {
  maxPartBytes: number;
  maxChars: number;
}

interface RunProps {
  bold?: boolean;
  italic?: boolean;
  caps?: boolean;
  underline?: boolean;
  hidden?: boolean;
  /** Struck through (w:strike or w:dstrike): text the author deleted by hand, not part of the questionnaire. */
  strike?: boolean;
  color?: string;
  font?: string;
  /** Font size in half-points (w:sz). */
  size?: number;
}

interface StyleInfo {
  id: string;
  name: string;
  type: string;
  basedOn?: string;
  run: RunProps;
  numId?: string;
  ilvl?: number;
  outlineLevel?: number;
}

interface LevelDef {
  start: number;
  format: string;
  text: string;
  font?: string;
  restart?: number;
}

interface Numbering {
  abstractLevels: Map<string, Map<number, LevelDef>>;
  numToAbstract: Map<string, string>;
  overrides: Map<string, Map<number, { start?: number; level?: LevelDef }>>;
}

const W = "w:";

function attr(element: XmlElement | undefined, name: string): string | undefined {
  return element?.attrs[W + name] ?? element?.attrs[name];
}

function onOff(element: XmlElement | undefined): boolean | undefined {
  if (!element) return undefined;
  const value = attr(element, "val");
  return value === undefined || !["0", "false", "off", "none"].includes(value);
}

function readRunProps(rPr: XmlElement | undefined): RunProps {
  if (!rPr) return {};
  const props: RunProps = {};
  const b = onOff(child(rPr, "w:b"));
  if (b !== undefined) props.bold = b;
  const i = onOff(child(rPr, "w:i"));
  if (i !== undefined) props.italic = i;
  const caps = onOff(child(rPr, "w:caps"));
  if (caps !== undefined) props.caps = caps;
  const u = child(rPr, "w:u");
  if (u) props.underline = attr(u, "val") !== "none";
  const vanish = onOff(child(rPr, "w:vanish"));
  if (vanish !== undefined) props.hidden = vanish;
  const size = Number(attr(child(rPr, "w:sz"), "val"));
  if (Number.isFinite(size) && size > 0) props.size = size;
  const strike = onOff(child(rPr, "w:strike"));
  const doubleStrike = onOff(child(rPr, "w:dstrike"));
  if (strike !== undefined || doubleStrike !== undefined) props.strike = Boolean(strike || doubleStrike);
  const color = attr(child(rPr, "w:color"), "val");
  if (color) props.color = color;
  const fonts = child(rPr, "w:rFonts");
  const font = attr(fonts, "ascii") ?? attr(fonts, "hAnsi") ?? attr(fonts, "cs");
  if (font) props.font = font;
  return props;
}

function mergeProps(...layers: (RunProps | undefined)[]): RunProps {
  const out: RunProps = {};
  for (const layer of layers) if (layer) Object.assign(out, layer);
  return out;
}

function readStyles(xml: string | null): { styles: Map<string, StyleInfo>; defaults: RunProps; defaultParagraph?: string } {
  const styles = new Map<string, StyleInfo>();
  if (!xml) return { styles, defaults: {} };
  const root = child(parseXml(xml), "w:styles");
  const defaults = readRunProps(child(child(child(root, "w:docDefaults"), "w:rPrDefault"), "w:rPr"));
  let defaultParagraph: string | undefined;
  for (const style of children(root, "w:style")) {
    const id = attr(style, "styleId");
    if (!id) continue;
    const pPr = child(style, "w:pPr");
    const numPr = child(pPr, "w:numPr");
    const info: StyleInfo = {
      id,
      name: attr(child(style, "w:name"), "val") ?? id,
      type: attr(style, "type") ?? "paragraph",
      basedOn: attr(child(style, "w:basedOn"), "val"),
      run: readRunProps(child(style, "w:rPr")),
      numId: attr(child(numPr, "w:numId"), "val"),
      ilvl: numPr ? Number(attr(child(numPr, "w:ilvl"), "val") ?? 0) : undefined,
      outlineLevel: pPr && child(pPr, "w:outlineLvl") ? Number(attr(child(pPr, "w:outlineLvl"), "val")) : undefined,
    };
    styles.set(id, info);
    if (info.type === "paragraph" && attr(style, "default") && ["1", "true", "on"].includes(attr(style, "default")!)) {
      defaultParagraph = id;
    }
  }
  return { styles, defaults, defaultParagraph };
}

function styleChain(styles: Map<string, StyleInfo>, id: string | undefined): StyleInfo[] {
  const chain: StyleInfo[] = [];
  const seen = new Set<string>();
  for (let current = id; current && !seen.has(current) && chain.length < 20; ) {
    seen.add(current);
    const style = styles.get(current);
    if (!style) break;
    chain.unshift(style);
    current = style.basedOn;
  }
  return chain;
}

function readLevel(lvl: XmlElement): LevelDef {
  return {
    start: Number(attr(child(lvl, "w:start"), "val") ?? 1),
    format: attr(child(lvl, "w:numFmt"), "val") ?? "decimal",
    text: attr(child(lvl, "w:lvlText"), "val") ?? "",
    font: attr(child(child(lvl, "w:rPr"), "w:rFonts"), "ascii") ?? attr(child(child(lvl, "w:rPr"), "w:rFonts"), "hAnsi"),
    restart: child(lvl, "w:lvlRestart") ? Number(attr(child(lvl, "w:lvlRestart"), "val")) : undefined,
  };
}

function readNumbering(xml: string | null): Numbering {
  const numbering: Numbering = { abstractLevels: new Map(), numToAbstract: new Map(), overrides: new Map() };
  if (!xml) return numbering;
  const root = child(parseXml(xml), "w:numbering");
  const styleLinks = new Map<string, string>();
  const numStyleLinks = new Map<string, string>();
  for (const abstract of children(root, "w:abstractNum")) {
    const id = attr(abstract, "abstractNumId");
    if (id === undefined) continue;
    const levels = new Map<number, LevelDef>();
    for (const lvl of children(abstract, "w:lvl")) levels.set(Number(attr(lvl, "ilvl") ?? 0), readLevel(lvl));
    numbering.abstractLevels.set(id, levels);
    const styleLink = attr(child(abstract, "w:styleLink"), "val");
    if (styleLink) styleLinks.set(styleLink, id);
    const numStyleLink = attr(child(abstract, "w:numStyleLink"), "val");
    if (numStyleLink) numStyleLinks.set(id, numStyleLink);
  }
  // A list that follows a numbering style takes its levels from the definition that defines that style.
  for (const [id, styleName] of numStyleLinks) {
    const definition = styleLinks.get(styleName);
    if (definition !== undefined && numbering.abstractLevels.get(id)?.size === 0) {
      numbering.abstractLevels.set(id, numbering.abstractLevels.get(definition)!);
    }
  }
  for (const num of children(root, "w:num")) {
    const numId = attr(num, "numId");
    const abstractId = attr(child(num, "w:abstractNumId"), "val");
    if (numId === undefined || abstractId === undefined) continue;
    numbering.numToAbstract.set(numId, abstractId);
    const overrides = new Map<number, { start?: number; level?: LevelDef }>();
    for (const override of children(num, "w:lvlOverride")) {
      const ilvl = Number(attr(override, "ilvl") ?? 0);
      const startOverride = child(override, "w:startOverride");
      const lvl = child(override, "w:lvl");
      overrides.set(ilvl, {
        start: startOverride ? Number(attr(startOverride, "val")) : undefined,
        level: lvl ? readLevel(lvl) : undefined,
      });
    }
    if (overrides.size) numbering.overrides.set(numId, overrides);
  }
  return numbering;
}

function toRoman(value: number): string {
  const numerals: [number, string][] = [
    [1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
  ];
  let out = "";
  let rest = Math.max(1, Math.min(value, 3999));
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      out += numeral;
      rest -= amount;
    }
  }
  return out;
}

function toLetters(value: number): string {
  // Word repeats the letter: a..z, aa..zz.
  const letter = String.fromCharCode(97 + ((Math.max(1, value) - 1) % 26));
  return letter.repeat(Math.floor((Math.max(1, value) - 1) / 26) + 1);
}

function formatNumber(value: number, format: string): string {
  switch (format) {
    case "lowerLetter":
      return toLetters(value);
    case "upperLetter":
      return toLetters(value).toUpperCase();
    case "lowerRoman":
      return toRoman(value);
    case "upperRoman":
      return toRoman(value).toUpperCase();
    case "decimalZero":
      return value < 10 ? `0${value}` : String(value);
    case "ordinal":
      return `${value}${value % 10 === 1 && value % 100 !== 11 ? "st" : value % 10 === 2 && value % 100 !== 12 ? "nd" : value % 10 === 3 && value % 100 !== 13 ? "rd" : "th"}`;
    case "none":
      return "";
    default:
      return String(value);
  }
}

class ListCounter {
  private counters = new Map<string, number[]>();
  private startedNums = new Set<string>();

  constructor(private readonly numbering: Numbering) {}

  private level(numId: string, ilvl: number): LevelDef | undefined {
    const override = this.numbering.overrides.get(numId)?.get(ilvl);
    if (override?.level) return override.level;
    const abstractId = this.numbering.numToAbstract.get(numId);
    return abstractId === undefined ? undefined : this.numbering.abstractLevels.get(abstractId)?.get(ilvl);
  }

  next(numId: string, ilvl: number): LineList | undefined {
    if (!numId || numId === "0") return undefined;
    const abstractId = this.numbering.numToAbstract.get(numId);
    if (abstractId === undefined) return undefined;
    const def = this.level(numId, ilvl);
    if (!def) return undefined;
    const key = abstractId;
    let counters = this.counters.get(key);
    if (!counters) {
      counters = [];
      this.counters.set(key, counters);
    }
    const overrides = this.numbering.overrides.get(numId);
    if (!this.startedNums.has(numId)) {
      this.startedNums.add(numId);
      if (overrides) {
        for (const [level, override] of overrides) {
          if (override.start !== undefined) counters[level] = override.start - 1;
        }
      }
    }
    const startOf = (level: number) => this.level(numId, level)?.start ?? 1;
    counters[ilvl] = counters[ilvl] === undefined ? startOf(ilvl) : counters[ilvl] + 1;
    for (let deeper = ilvl + 1; deeper < 9; deeper++) {
      const deeperDef = this.level(numId, deeper);
      if (deeperDef?.restart === 0) continue;
      counters[deeper] = undefined as unknown as number;
    }
    if (def.format === "bullet") {
      const glyph = [...def.text].map((char) => mapSymbolChar(char, def.font)).join("") || "•";
      return { label: glyph, level: ilvl, ordered: false, listId: numId };
    }
    const label = def.text.replace(/%(\d)/g, (_, n: string) => {
      const level = Number(n) - 1;
      const levelDef = this.level(numId, level);
      const value = counters![level] ?? levelDef?.start ?? 1;
      return formatNumber(value, level === ilvl ? def.format : (levelDef?.format ?? "decimal"));
    });
    return { label: label.trim(), level: ilvl, ordered: def.format !== "none", listId: abstractId, value: counters[ilvl] };
  }
}

interface Piece {
  text: string;
  props: RunProps;
}

interface ParagraphContent {
  lines: Piece[][];
  pageBreak: boolean;
  textBoxes: XmlElement[];
}

/** How much larger than the body text a paragraph's type must be to read as a title. */
const TITLE_SIZE_RATIO = 1.25;
/** A title is a short line; a long one set large is a display paragraph. */
const TITLE_MAX_CHARS = 80;
/** Titles are few: a size many lines use (every question set larger than its answers) is not a title size. */
const TITLE_SHARE_MAX = 0.15;

/**
 * Titles typed as large text rather than with a heading style ("GENERAL" in 18 pt over 12 pt questions): every
 * line set wholly in type clearly larger than the size most of the text uses is a heading, the largest size level
 * 1, the next level 2, and so on, when few lines use that size. Table cells, list items and lines that ask keep
 * their own role.
 */
function sizedHeadings(sized: { line: ExtractedLine; size: number; chars: number }[]): void {
  const bySize = new Map<number, number>();
  for (const { size, chars } of sized) bySize.set(size, (bySize.get(size) ?? 0) + chars);
  let body = 0;
  let most = 0;
  for (const [size, chars] of bySize) if (chars > most) [body, most] = [size, chars];
  if (!body) return;
  const linesAt = (size: number) => sized.filter((entry) => entry.size === size).length;
  const large = [...bySize.keys()].filter((size) => size >= body * TITLE_SIZE_RATIO && linesAt(size) <= sized.length * TITLE_SHARE_MAX).sort((a, b) => b - a);
  for (const { line, size } of sized) {
    const level = large.indexOf(size);
    // A line that asks or leads in to answers is a question set large, not a title.
    if (level < 0 || line.heading || line.cell || line.list || line.text.trim().length > TITLE_MAX_CHARS || /[?？:：]\s*$/.test(line.text.trim())) continue;
    line.heading = Math.min(level + 1, 6);
  }
}

class DocxWalker {
  private tableCount = 0;
  private paragraphCount = 0;
  /** Every line with the one type size all its text is set in (for sizedHeadings). */
  readonly sized: { line: ExtractedLine; size: number; chars: number }[] = [];
  private readonly counter: ListCounter;

  constructor(
    private readonly builder: DocumentBuilder,
    private readonly styles: Map<string, StyleInfo>,
    private readonly defaults: RunProps,
    private readonly defaultParagraphStyle: string | undefined,
    numbering: Numbering,
  ) {
    this.counter = new ListCounter(numbering);
  }

  walkBody(body: XmlElement, cell?: Omit<LineCell, "para">): void {
    let para = 0;
    for (const node of body.children) {
      if (typeof node === "string") continue;
      switch (node.name) {
        case "w:p":
          para += this.paragraph(node, cell ? { ...cell, para } : undefined);
          break;
        case "w:tbl":
          this.table(node, Boolean(cell));
          break;
        case "w:sdt":
          this.walkBody(child(node, "w:sdtContent") ?? node, cell);
          break;
        case "w:customXml":
        case "w:ins":
        case "w:moveTo":
          this.walkBody(node, cell);
          break;
        case "mc:AlternateContent":
          this.walkBody(child(node, "mc:Choice") ?? child(node, "mc:Fallback") ?? node, cell);
          break;
        default:
          break;
      }
    }
  }

  private table(tbl: XmlElement, nested: boolean): void {
    const tableId = this.tableCount++;
    const rows = children(tbl, "w:tr");
    const grid = children(child(tbl, "w:tblGrid"), "w:gridCol").length;
    let cols = grid;
    for (const tr of rows) {
      let count = 0;
      for (const tc of children(tr, "w:tc")) count += Number(attr(child(child(tc, "w:tcPr"), "w:gridSpan"), "val") ?? 1);
      cols = Math.max(cols, count);
    }
    this.builder.blank();
    rows.forEach((tr, rowIndex) => {
      let col = 0;
      const cellNodes: XmlElement[] = [];
      for (const node of tr.children) {
        if (typeof node === "string") continue;
        if (node.name === "w:tc") cellNodes.push(node);
        else if (node.name === "w:sdt") cellNodes.push(...children(child(node, "w:sdtContent"), "w:tc"));
      }
      for (const tc of cellNodes) {
        const tcPr = child(tc, "w:tcPr");
        const span = Number(attr(child(tcPr, "w:gridSpan"), "val") ?? 1);
        const vMerge = child(tcPr, "w:vMerge");
        const continuation = vMerge !== undefined && attr(vMerge, "val") !== "restart";
        if (!continuation) {
          this.walkBody(tc, { table: tableId, row: rowIndex, col, rows: rows.length, cols, ...(nested ? { nested } : {}) });
        }
        col += span;
      }
    });
    this.builder.blank();
  }

  /** Emits the paragraph's lines; returns how many lines it produced (for the cell paragraph index). */
  private paragraph(p: XmlElement, cell: LineCell | undefined): number {
    const pPr = child(p, "w:pPr");
    const styleId = attr(child(pPr, "w:pStyle"), "val") ?? this.defaultParagraphStyle;
    const chain = styleChain(this.styles, styleId);
    const styleRun = mergeProps(...chain.map((style) => style.run));
    let numId: string | undefined;
    let ilvl = 0;
    for (const style of chain) {
      if (style.numId !== undefined) {
        numId = style.numId;
        ilvl = style.ilvl ?? 0;
      }
    }
    const numPr = child(pPr, "w:numPr");
    if (numPr) {
      const ownNum = attr(child(numPr, "w:numId"), "val");
      if (ownNum !== undefined) numId = ownNum;
      const ownLevel = attr(child(numPr, "w:ilvl"), "val");
      if (ownLevel !== undefined) ilvl = Number(ownLevel);
    }
    let outline: number | undefined;
    for (const style of chain) if (style.outlineLevel !== undefined) outline = style.outlineLevel;
    const ownOutline = attr(child(pPr, "w:outlineLvl"), "val");
    if (ownOutline !== undefined) outline = Number(ownOutline);
    let heading: number | undefined;
    const styleName = chain.length ? chain[chain.length - 1].name : "";
    const headingMatch = /^heading\s*(\d)/i.exec(styleName);
    if (headingMatch) heading = Number(headingMatch[1]);
    else if (/^(title|subtitle)$/i.test(styleName)) heading = 1;
    else if (outline !== undefined && outline < 9) heading = outline + 1;

    // The paragraph mark's own properties (pPr/rPr) hint at the paragraph's look; a struck mark alone does not strike
    // the text.
    const markRun = readRunProps(child(pPr, "w:rPr"));
    delete markRun.strike;
    const base = mergeProps(this.defaults, styleRun, markRun, { color: undefined });
    const content: ParagraphContent = { lines: [[]], pageBreak: onOff(child(pPr, "w:pageBreakBefore")) === true, textBoxes: [] };
    this.inline(p, base, content, { depth: 0 });

    const list = numId !== undefined ? this.counter.next(numId, ilvl) : undefined;
    if (content.pageBreak) this.builder.pageBreak();
    const indentTwips = Number(attr(child(pPr, "w:ind"), "left") ?? attr(child(pPr, "w:ind"), "start") ?? NaN);
    const paragraphIndex = this.paragraphCount++;
    let produced = 0;
    content.lines.forEach((pieces, lineIndex) => {
      const text = pieces.map((piece) => piece.text).join("");
      const init: LineInit = { paragraph: paragraphIndex };
      if (heading) init.heading = heading;
      if (cell) init.cell = { ...cell, para: cell.para + produced };
      if (Number.isFinite(indentTwips)) init.indent = indentTwips / 20;
      Object.assign(init, emphasis(pieces));
      let lineText = text;
      if (lineIndex === 0 && list) {
        init.list = list;
        if (list.label) lineText = `${list.label} ${text}`;
      }
      if (!text.trim()) {
        this.builder.blank();
        return;
      }
      const added = this.builder.add(lineText, init);
      if (!added) return;
      produced++;
      const sizes = new Set(pieces.filter((piece) => piece.text.trim()).map((piece) => piece.props.size));
      const [size] = sizes;
      if (sizes.size === 1 && size !== undefined) this.sized.push({ line: added, size, chars: text.replace(/\s+/g, "").length });
    });
    if (produced === 0) this.builder.blank();
    if (content.textBoxes.length) {
      const outer = cell ? { table: cell.table, row: cell.row, col: cell.col, rows: cell.rows, cols: cell.cols, nested: cell.nested } : undefined;
      for (const box of content.textBoxes) this.walkBody(box, outer);
    }
    return Math.max(produced, 1);
  }

  private inline(node: XmlElement, base: RunProps, content: ParagraphContent, state: { depth: number; field?: FieldState[] }): void {
    for (const item of node.children) {
      if (typeof item === "string") continue;
      switch (item.name) {
        case "w:r":
          this.run(item, base, content, state);
          break;
        case "w:hyperlink":
        case "w:smartTag":
        case "w:ins":
        case "w:moveTo":
        case "w:customXml":
        case "w:dir":
        case "w:bdo":
        case "w:fldSimple":
          this.inline(item, base, content, state);
          break;
        case "w:sdt":
          this.inline(child(item, "w:sdtContent") ?? item, base, content, state);
          break;
        case "mc:AlternateContent":
          this.inline(child(item, "mc:Choice") ?? child(item, "mc:Fallback") ?? item, base, content, state);
          break;
        default:
          break;
      }
    }
  }

  private run(r: XmlElement, base: RunProps, content: ParagraphContent, state: { depth: number; field?: FieldState[] }): void {
    const rPr = child(r, "w:rPr");
    const runStyle = attr(child(rPr, "w:rStyle"), "val");
    const props = mergeProps(base, ...styleChain(this.styles, runStyle).map((style) => style.run), readRunProps(rPr));
    const fields = (state.field ??= []);
    const push = (text: string, pieceProps: RunProps = props) => {
      // Hidden and struck-through runs are not read: a strike is how authors mark an edit ("ASK IF A3 A1r7=5-7"
      // with "A3" struck means "ASK IF A1r7=5-7"). Tracked deletions (w:del, w:delText, w:moveFrom) never reach
      // here: their containers are skipped, while tracked insertions (w:ins, w:moveTo) are read.
      if (props.hidden || props.strike) return;
      const top = fields[fields.length - 1];
      if (top && top.phase === "instr") return;
      if (top) top.result += text;
      content.lines[content.lines.length - 1].push({ text, props: pieceProps });
    };
    for (const item of r.children) {
      if (typeof item === "string") continue;
      switch (item.name) {
        case "w:t":
          push(item.children.filter((c): c is string => typeof c === "string").join(""));
          break;
        case "w:tab":
        case "w:ptab":
          push("\t");
          break;
        case "w:br": {
          const type = attr(item, "type");
          if (type === "page") content.pageBreak = true;
          if (content.lines[content.lines.length - 1].length > 0) content.lines.push([]);
          break;
        }
        case "w:cr":
          if (content.lines[content.lines.length - 1].length > 0) content.lines.push([]);
          break;
        case "w:noBreakHyphen":
          push("-");
          break;
        case "w:sym": {
          const code = parseInt(attr(item, "char") ?? "", 16);
          if (Number.isFinite(code)) push(mapSymbolChar(String.fromCharCode(code), attr(item, "font")));
          break;
        }
        case "w:fldChar": {
          const type = attr(item, "fldCharType");
          if (type === "begin") fields.push({ phase: "instr", instr: "", result: "" });
          else if (type === "separate") {
            const top = fields[fields.length - 1];
            if (top) top.phase = "result";
          } else if (type === "end") {
            const top = fields.pop();
            if (top && /\bFORMCHECKBOX\b/.test(top.instr)) push("☐ ");
            // An empty text form field is an answer line.
            if (top && /\bFORMTEXT\b/.test(top.instr) && !top.result.trim()) push(" ________ ");
          }
          break;
        }
        case "w:instrText": {
          const top = fields[fields.length - 1];
          if (top) top.instr += item.children.filter((c): c is string => typeof c === "string").join("");
          break;
        }
        case "w:drawing": {
          if (isBoxPicture(item)) push("☐ ");
          collectTextBoxes(item, content.textBoxes);
          const shapes = shapeTexts(item);
          if (shapes) push(shapes);
          break;
        }
        case "w:pict":
        case "mc:AlternateContent":
        case "w:object":
          collectTextBoxes(item, content.textBoxes);
          break;
        default:
          break;
      }
    }
    // Glyphs typed in symbol fonts (e.g. a Wingdings box typed as text) become their Unicode look-alikes.
    if (props.font && /wingdings|symbol|webdings/i.test(props.font)) {
      const line = content.lines[content.lines.length - 1];
      const last = line[line.length - 1];
      if (last && last.props === props) last.text = [...last.text].map((char) => mapSymbolChar(char, props.font)).join("");
    }
  }
}

interface FieldState {
  phase: "instr" | "result";
  instr: string;
  result: string;
}

/** EMU per inch (DrawingML extents). */
const EMU_INCH = 914400;

/**
 * A small square picture set in the line (wp:inline), without text: a checkbox pasted as an image before an answer
 * ("[box] Yes   [box] No"). Read as the answer box it stands for. Pictures larger than a third of an inch, not about
 * square, or floating (wp:anchor) are illustrations, not boxes.
 */
function isBoxPicture(drawing: XmlElement): boolean {
  const inline = child(drawing, "wp:inline");
  const extent = child(inline, "wp:extent");
  const cx = Number(attr(extent, "cx"));
  const cy = Number(attr(extent, "cy"));
  if (!inline || !Number.isFinite(cx) || !Number.isFinite(cy) || cx <= 0 || cy <= 0) return false;
  if (Math.max(cx, cy) > EMU_INCH / 3 || Math.min(cx, cy) < EMU_INCH / 20) return false;
  if (Math.max(cx, cy) / Math.min(cx, cy) > 1.4) return false;
  const boxes: XmlElement[] = [];
  collectTextBoxes(drawing, boxes);
  return boxes.length === 0;
}

/** Gap between two shapes' texts: wide enough to read as separate columns. */
const SHAPE_GAP = "     ";

/**
 * The texts of the shapes drawn in a picture (DrawingML text bodies of a drawing canvas or a group: "1" … "7" as
 * separate text boxes over a row of circles, "Strongly disagree" / "Strongly agree" over a scale's ends), in reading
 * order, set apart by wide gaps — the scale an author drew instead of typing. Null when the picture has no text.
 */
function shapeTexts(drawing: XmlElement): string | null {
  const shapes: { x: number; y: number; height: number; text: string }[] = [];
  const visit = (node: XmlElement) => {
    for (const item of node.children) {
      if (typeof item === "string") continue;
      if (item.name === "w:txbxContent") continue;
      if (item.name === "a:sp" || item.name === "wps:wsp") {
        const body = child(child(item, "a:txSp"), "a:txBody") ?? child(item, "a:txBody");
        const text = body ? children(body, "a:p").map((paragraph) => drawingParagraphText(paragraph)).filter(Boolean).join(" ").replace(/\s+/g, " ").trim() : "";
        if (text) {
          const xfrm = child(child(item, "a:spPr") ?? child(item, "wps:spPr"), "a:xfrm");
          const off = child(xfrm, "a:off");
          const ext = child(xfrm, "a:ext");
          shapes.push({ x: Number(off?.attrs.x ?? 0) || 0, y: Number(off?.attrs.y ?? 0) || 0, height: Number(ext?.attrs.cy ?? 0) || 0, text });
        }
        continue;
      }
      visit(item);
    }
  };
  visit(drawing);
  if (!shapes.length) return null;
  const band = Math.max(1, ...shapes.map((shape) => shape.height)) / 2;
  shapes.sort((a, b) => (Math.abs(a.y - b.y) < band ? a.x - b.x : a.y - b.y));
  return ` ${shapes.map((shape) => shape.text).join(SHAPE_GAP)} `;
}

function drawingParagraphText(paragraph: XmlElement): string {
  let text = "";
  for (const run of paragraph.children) {
    if (typeof run === "string") continue;
    if (run.name === "a:r" || run.name === "a:fld") text += child(run, "a:t")?.children.filter((c): c is string => typeof c === "string").join("") ?? "";
    else if (run.name === "a:br") text += " ";
  }
  return text.trim();
}

function collectTextBoxes(node: XmlElement, out: XmlElement[]): void {
  for (const item of node.children) {
    if (typeof item === "string") continue;
    if (item.name === "w:txbxContent") {
      out.push(item);
      continue;
    }
    if (item.name === "mc:AlternateContent") {
      const choice = child(item, "mc:Choice") ?? child(item, "mc:Fallback");
      if (choice) collectTextBoxes(choice, out);
      continue;
    }
    collectTextBoxes(item, out);
  }
}

function emphasis(pieces: Piece[]): Partial<LineInit> {
  let total = 0;
  let bold = 0;
  let italic = 0;
  let caps = 0;
  let underline = 0;
  let colored = 0;
  for (const piece of pieces) {
    const visible = piece.text.replace(/\s+/g, "").length;
    total += visible;
    if (piece.props.bold) bold += visible;
    if (piece.props.italic) italic += visible;
    if (piece.props.caps) caps += visible;
    if (piece.props.underline) underline += visible;
    const color = piece.props.color?.toLowerCase();
    if (color && color !== "auto" && color !== "000000" && !/^(0{2}){3}$/.test(color)) colored += visible;
  }
  const out: Partial<LineInit> = {};
  if (total === 0) return out;
  if (bold / total > 0.6) out.bold = true;
  if (italic / total > 0.6) out.italic = true;
  if (underline / total > 0.6) out.underline = true;
  if (colored / total > 0.6) out.colored = true;
  if (!out.bold) {
    // A bold lead-in ("Q3." or "Overall Likeability:") before plain wording.
    let prefix = "";
    for (const piece of pieces) {
      if (!piece.props.bold) break;
      prefix += piece.text;
    }
    if (prefix.trim() && prefix.trim().length < 60) out.boldPrefix = prefix.trim();
  }
  if (caps / total > 0.6) out.bold = out.bold ?? false;
  return out;
}

export function readDocx(bytes: Uint8Array, limits: DocxLimits): ExtractedDocument {
  const zip = new ZipArchive(bytes);
  let mainPart = "word/document.xml";
  const contentTypes = zip.readText("[Content_Types].xml", 4 * 1024 * 1024);
  const mainMatch = contentTypes && /PartName="\/([^"]+)"\s+ContentType="application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\.main\+xml"/.exec(contentTypes);
  if (mainMatch) mainPart = mainMatch[1];
  else if (contentTypes && /ContentType="application\/vnd\.ms-word\.document\.macroEnabled\.main\+xml"/.test(contentTypes)) {
    const macro = /PartName="\/([^"]+)"\s+ContentType="application\/vnd\.ms-word\.document\.macroEnabled/.exec(contentTypes);
    if (macro) mainPart = macro[1];
  }
  const documentXml = zip.readText(mainPart, limits.maxPartBytes);
  if (documentXml === null) throw new DocxStructureError("it has no main document part (word/document.xml)");
  const folder = mainPart.includes("/") ? mainPart.slice(0, mainPart.lastIndexOf("/") + 1) : "";
  const { styles, defaults, defaultParagraph } = readStyles(zip.readText(`${folder}styles.xml`, limits.maxPartBytes));
  const numbering = readNumbering(zip.readText(`${folder}numbering.xml`, limits.maxPartBytes));
  const root = parseXml(documentXml);
  // Some generators (the Qualtrics "Export to Word" among them) write every paragraph or table in a body of its own:
  // a run of sibling w:body elements, the first often empty. Word reads them all in order, and so do we.
  const bodies = children(child(root, "w:document"), "w:body");
  if (!bodies.length) throw new DocxStructureError("its main part has no document body");
  const builder = new DocumentBuilder(limits.maxChars);
  const walker = new DocxWalker(builder, styles, defaults, defaultParagraph, numbering);
  for (const body of bodies) walker.walkBody(body);
  sizedHeadings(walker.sized);
  let title: string | undefined;
  const core = zip.readText("docProps/core.xml", 1024 * 1024);
  const titleMatch = core && /<dc:title>([^<]*)<\/dc:title>/.exec(core);
  if (titleMatch && titleMatch[1].trim()) title = titleMatch[1].trim();
  return builder.build("docx", { title });
}

export class DocxStructureError extends Error {}

export type { XmlNode };
