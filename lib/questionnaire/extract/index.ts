import { QuestionnaireError } from "../errors";
import { DocxStructureError, readDocx } from "./docx";
import { readHtml } from "./html";
import { readMarkdown, readPlainText } from "./markdown";
import { isMostlyRawHtml, rawHtmlMarkdownToHtml } from "./markdown-html";
import { type ExtractedDocument, TextLimitExceeded } from "./model";
import { PdfReadError, readPdf } from "./pdf";
import { XmlError } from "./xml";
import { followNumberingSpine } from "../parse/numbering-spine";
import { ZipArchive, ZipError } from "./zip";

export type { ExtractedDocument, ExtractedLine, ExtractedFormat, LineCell, LineList, LineSegment } from "./model";

/** Bounds that keep one upload from taking the server down (memory, time). */
export const EXTRACTION_LIMITS = {
  /** Largest file accepted at all (the upload limit). */
  maxInputBytes: 100 * 1024 * 1024,
  /** Largest text-format file (.txt, .md, .html) read. */
  maxTextFileBytes: 8 * 1024 * 1024,
  /** Largest inflated XML part of a .docx read (document, styles, numbering). */
  maxPartBytes: 16 * 1024 * 1024,
  /** Most characters of extracted text (about 700 pages). */
  maxChars: 2_000_000,
  /** Most PDF pages read. */
  maxPdfPages: 1000,
} as const;

export interface ExtractOptions {
  filename?: string;
  contentType?: string;
  signal?: AbortSignal;
}

type Sniffed = "docx" | "pdf" | "markdown" | "text" | "html";

const MB = 1024 * 1024;

function formatSize(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function extensionOf(filename: string | undefined): string {
  const match = /\.([a-z0-9]+)$/i.exec(filename ?? "");
  return match ? match[1].toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function asciiHead(bytes: Uint8Array, length = 1024): string {
  let out = "";
  for (let i = 0; i < Math.min(bytes.length, length); i++) out += String.fromCharCode(bytes[i]);
  return out;
}

const SUPPORTED = "Word (.docx), PDF, Markdown (.md), plain text (.txt) or HTML";

function unsupported(what: string): QuestionnaireError {
  return new QuestionnaireError("unsupported_format", `${what} Upload the questionnaire as ${SUPPORTED}.`);
}

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const needle: number[] = [];
  for (const char of text) needle.push(char.charCodeAt(0), 0);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Decides what the bytes are, by content first and by name/type only for text formats. */
function sniff(bytes: Uint8Array, options: ExtractOptions): Sniffed {
  const extension = extensionOf(options.filename);
  const contentType = (options.contentType ?? "").toLowerCase();
  const head = asciiHead(bytes);
  if (head.includes("%PDF-")) return "pdf";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // OLE compound file: either an encrypted Office document (the package is wrapped) or a legacy binary file.
    if (containsUtf16(bytes.subarray(0, Math.min(bytes.length, 4 * MB)), "EncryptedPackage")) {
      throw new QuestionnaireError(
        "encrypted_document",
        "The document is password-protected, so its text cannot be read. Remove the password in Word (File › Info › Protect Document) and upload it again.",
      );
    }
    if (extension === "xls" || contentType.includes("excel")) throw unsupported("This is a legacy Excel workbook (.xls), not a questionnaire document.");
    throw unsupported("This is a legacy Word 97-2003 file (.doc), which is not supported; save it as .docx in Word.");
  }
  if (ZipArchive.isZip(bytes) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    let zip: ZipArchive;
    try {
      zip = new ZipArchive(bytes);
    } catch (error) {
      throw new QuestionnaireError("corrupt_document", `The file is damaged and cannot be opened: ${(error as Error).message}. Save it again and re-upload.`, { cause: error });
    }
    if (zip.has("word/document.xml") || [...zip.entries.keys()].some((name) => /^word\/document\d*\.xml$/.test(name))) return "docx";
    if (zip.has("xl/workbook.xml")) throw unsupported("This is an Excel workbook, not a questionnaire document; only XLSForm workbooks (with a sheet named “survey”) are read, and they are imported as form definitions rather than compiled.");
    if (zip.has("ppt/presentation.xml")) throw unsupported("This is a PowerPoint presentation.");
    if (zip.has("content.xml") && zip.has("mimetype")) throw unsupported("This is an OpenDocument file; save it as .docx.");
    if (zip.has("[Content_Types].xml")) throw new QuestionnaireError("corrupt_document", "The Word document is damaged: it has no main document part. Save it again in Word and re-upload.");
    throw unsupported("This is a ZIP archive, not a document.");
  }
  const images: [number[], string][] = [
    [[0x89, 0x50, 0x4e, 0x47], "a PNG image"],
    [[0xff, 0xd8, 0xff], "a JPEG image"],
    [[0x47, 0x49, 0x46, 0x38], "a GIF image"],
    [[0x49, 0x49, 0x2a, 0x00], "a TIFF image"],
    [[0x4d, 0x4d, 0x00, 0x2a], "a TIFF image"],
  ];
  for (const [signature, what] of images) {
    if (startsWith(bytes, signature)) {
      throw new QuestionnaireError("no_text", `This is ${what}, which has no text to read. Upload the questionnaire as ${SUPPORTED} (scans need OCR first).`);
    }
  }
  if (head.startsWith("{\\rtf")) throw unsupported("This is an RTF file; save it as .docx.");
  if (extension === "docx" || contentType.includes("wordprocessingml")) {
    throw new QuestionnaireError("corrupt_document", "The file is named like a Word document but is not one (it is not a .docx package). Save it again in Word and re-upload.");
  }
  if (extension === "pdf" || contentType === "application/pdf") {
    throw new QuestionnaireError("corrupt_document", "The file is named like a PDF but has no PDF header; it is damaged or not a PDF.");
  }
  if (extension === "html" || extension === "htm" || contentType.includes("html")) return "html";
  if (extension === "md" || extension === "markdown" || contentType.includes("markdown")) return "markdown";
  if (/^\s*(<!doctype html|<html[\s>])/i.test(head)) return "html";
  return "text";
}

/** Decodes text bytes (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252); rejects binary junk. */
export function decodeText(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  let controls = 0;
  for (const byte of sample) if (byte === 0 || (byte < 0x09) || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) controls++;
  if (sample.length > 0 && controls / sample.length > 0.01) {
    throw unsupported("The file is not a text document (it contains binary data).");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\ufeff/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function rejectFormDefinitions(text: string, filename: string | undefined): void {
  const trimmed = text.trimStart();
  const extension = extensionOf(filename);
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, unknown>;
      const what = parsed && typeof parsed === "object" && "SurveyEntry" in parsed ? "This is a Qualtrics survey export (.qsf)" : "This is a JSON file";
      throw unsupported(`${what}, a form definition rather than a questionnaire document, and it could not be read as a Qualtrics, Decipher, SurveyMonkey or LimeSurvey survey.`);
    } catch (error) {
      if (error instanceof QuestionnaireError) throw error;
    }
  }
  if (/^<\?xml/i.test(trimmed) || extension === "lss" || extension === "xml") {
    const what = /LimeSurveyDocType|<surveys_languagesettings/i.test(trimmed.slice(0, 5000)) ? "This is a LimeSurvey survey structure (.lss)" : "This is an XML file";
    throw unsupported(`${what}, a form definition rather than a questionnaire document, and it could not be read as a Qualtrics, Decipher, SurveyMonkey or LimeSurvey survey.`);
  }
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? "";
  if (/^class\ttype\/scale\tname\t/i.test(firstLine)) {
    throw unsupported("This is a LimeSurvey tab-separated survey export, a form definition rather than a questionnaire document, and it could not be read as a LimeSurvey survey.");
  }
  const lines = trimmed.split(/\r?\n/, 200).filter((line) => line.trim());
  // A Markdown pipe table whose cells are padded with tabs has as many tabs on every row as a
  // spreadsheet export, but its pipes make it a table the Markdown reader lays out.
  const pipeRows = lines.filter((line) => line.trimStart().startsWith("|")).length;
  if (lines.length >= 10 && pipeRows / lines.length <= 0.5) {
    const tabs = lines.map((line) => (line.match(/\t/g) ?? []).length);
    if (tabs.filter((count) => count >= 3 && count === tabs[0]).length / lines.length > 0.8) {
      throw unsupported("This looks like a spreadsheet exported as tab-separated values, not a questionnaire document.");
    }
  }
}

export async function extractDocument(bytes: Uint8Array, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  const limits = EXTRACTION_LIMITS;
  if (bytes.length === 0) throw new QuestionnaireError("empty_document", "The file is empty (0 bytes). Upload the questionnaire document itself.");
  if (bytes.length > limits.maxInputBytes) {
    throw new QuestionnaireError("too_large", `The file is ${formatSize(bytes.length)}; the largest file the compiler reads is ${formatSize(limits.maxInputBytes)}.`);
  }
  const kind = sniff(bytes, options);
  let document: ExtractedDocument;
  try {
    if (kind === "docx") {
      document = readDocx(bytes, { maxPartBytes: limits.maxPartBytes, maxChars: limits.maxChars });
    } else if (kind === "pdf") {
      document = await readPdf(bytes, { maxPages: limits.maxPdfPages, maxChars: limits.maxChars, signal: options.signal });
    } else {
      if (bytes.length > limits.maxTextFileBytes) {
        throw new QuestionnaireError(
          "too_large",
          `The text file is ${formatSize(bytes.length)}; questionnaires are far shorter and the compiler reads text files of up to ${formatSize(limits.maxTextFileBytes)}.`,
        );
      }
      const text = decodeText(bytes);
      if (!text.trim()) throw new QuestionnaireError("empty_document", "The file contains no text (only whitespace).");
      rejectFormDefinitions(text, options.filename);
      if (kind === "html") document = readHtml(text, { maxChars: limits.maxChars });
      // Markdown made of raw HTML blocks reads as the page it renders.
      else if (kind === "markdown") document = isMostlyRawHtml(text) ? readHtml(rawHtmlMarkdownToHtml(text), { maxChars: limits.maxChars }) : readMarkdown(text, { maxChars: limits.maxChars });
      else document = readPlainText(text, { maxChars: limits.maxChars });
    }
  } catch (error) {
    throw toQuestionnaireError(error, kind);
  }
  document.filename = options.filename;
  if (document.lines.length === 0) {
    if (kind === "pdf") {
      throw new QuestionnaireError(
        "no_text",
        `The PDF has no text layer${document.pageCount ? ` on any of its ${document.pageCount} page${document.pageCount === 1 ? "" : "s"}` : ""}: it looks like a scan. Upload the original Word file or a PDF with selectable text (run OCR first).`,
      );
    }
    throw new QuestionnaireError("empty_document", "The document contains no text.");
  }
  // Put pages printed out of reading order (a booklet's imposed spreads) back in the order of their question
  // numbers, here rather than in the parser, so that the parser, the model pass and excerpts share one text.
  return followNumberingSpine(document);
}

function toQuestionnaireError(error: unknown, kind: Sniffed): QuestionnaireError {
  if (error instanceof QuestionnaireError) return error;
  if (error instanceof TextLimitExceeded) {
    return new QuestionnaireError(
      "too_large",
      `The document holds more than ${EXTRACTION_LIMITS.maxChars.toLocaleString("en-US")} characters of text (hundreds of pages); the compiler reads questionnaires up to that size. Split it into smaller documents.`,
    );
  }
  if (error instanceof ZipError) {
    if (error.kind === "encrypted") return new QuestionnaireError("encrypted_document", "The Word document is encrypted, so its text cannot be read. Remove the password and upload it again.");
    if (error.kind === "too_large") {
      return new QuestionnaireError("too_large", `The Word document's text part is larger than ${formatSize(EXTRACTION_LIMITS.maxPartBytes)} once unpacked; the compiler reads documents up to that size.`);
    }
    return new QuestionnaireError("corrupt_document", `The Word document is damaged: ${error.message}. Save it again in Word and re-upload.`, { cause: error });
  }
  if (error instanceof XmlError || error instanceof DocxStructureError) {
    return new QuestionnaireError("corrupt_document", `The Word document is damaged: ${error.message}. Save it again in Word and re-upload.`, { cause: error });
  }
  if (error instanceof PdfReadError) {
    switch (error.kind) {
      case "encrypted":
        return new QuestionnaireError("encrypted_document", "The PDF is password-protected, so its text cannot be read. Upload a copy without a password.");
      case "too_large":
        return new QuestionnaireError("too_large", `The PDF is too large to compile: ${error.message}.`);
      case "cancelled":
        return new QuestionnaireError("cancelled", "Reading the PDF was cancelled.");
      default:
        return new QuestionnaireError("corrupt_document", `The PDF is damaged and cannot be read (${error.message.replace(/^the PDF cannot be opened \(|\)$/g, "")}).`, { cause: error });
    }
  }
  const what = kind === "docx" ? "Word document" : kind === "pdf" ? "PDF" : "document";
  return new QuestionnaireError("corrupt_document", `The ${what} could not be read: ${(error as Error)?.message ?? String(error)}.`, { cause: error });
}
