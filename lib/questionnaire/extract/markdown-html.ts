/**
 * Markdown whose content is written as raw HTML blocks. Static-site posts (Hexo, Jekyll, Hugo) often hold a
 * questionnaire as one HTML block per question — a heading element for the wording and a table of codes and
 * labels — wrapped in template tags ("{% raw %}" … "{% endraw %}") between a few Markdown headings and paragraphs.
 * Markdown renders such blocks as HTML, so when they carry most of the document it is read as the page it renders:
 * the Markdown headings and paragraphs become HTML elements, template tags and front matter are dropped.
 */

/** A line that opens or closes a block-level HTML element. */
const BLOCK_TAG_LINE = /^\s*<\/?(?:h[1-6]|table|thead|tbody|tfoot|tr|td|th|div|p|ul|ol|li|dl|dt|dd|section|article|blockquote)\b[^>]*>/i;
/** A line holding only template tags ("{% raw %}", "{%- endraw -%}", "{{< rawhtml >}}"). */
const TEMPLATE_TAG_LINE = /^\s*(?:(?:\{%-?[^%]*-?%\}|\{\{<[^>]*>\}\})\s*)+$/;
/** Elements whose text may run over several source lines before the closing tag. */
const TEXT_BLOCK_OPEN = /<(h[1-6]|p|td|th|li|dt|dd)\b[^>]*>/gi;
const MARKDOWN_HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Whether raw HTML blocks carry most of a Markdown document (at least two tables or three headings among them). */
export function isMostlyRawHtml(text: string): boolean {
  let content = 0;
  let html = 0;
  let tables = 0;
  let headings = 0;
  for (const line of text.slice(0, 400_000).split(/\r?\n/)) {
    if (!line.trim() || TEMPLATE_TAG_LINE.test(line)) continue;
    content++;
    if (!BLOCK_TAG_LINE.test(line)) continue;
    html++;
    if (/^\s*<table\b/i.test(line)) tables++;
    if (/^\s*<h[1-6]\b/i.test(line)) headings++;
  }
  return html >= 10 && html >= content / 2 && (tables >= 2 || headings >= 3);
}

const escapeText = (text: string) => text.replace(/&(?![#a-z0-9]+;)/gi, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML page a Markdown document of raw HTML blocks renders to (template tags and front matter left out). */
export function rawHtmlMarkdownToHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let start = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.indexOf("---", 1);
    if (end > 0) start = end + 1;
  }
  const out: string[] = ["<html><body>"];
  // Text elements opened on an earlier line and not closed yet: their following lines are their text.
  const open: string[] = [];
  for (const line of lines.slice(start)) {
    if (TEMPLATE_TAG_LINE.test(line)) continue;
    const inElement = open.length > 0;
    if (inElement || /^\s*</.test(line)) out.push(line);
    else if (!line.trim()) out.push("");
    else {
      const heading = MARKDOWN_HEADING.exec(line);
      out.push(heading ? `<h${heading[1].length}>${escapeText(heading[2])}</h${heading[1].length}>` : `<p>${escapeText(line.trim())}</p>`);
      continue;
    }
    for (const match of line.matchAll(TEXT_BLOCK_OPEN)) open.push(match[1].toLowerCase());
    for (const match of line.matchAll(/<\/(h[1-6]|p|td|th|li|dt|dd)\s*>/gi)) {
      const at = open.lastIndexOf(match[1].toLowerCase());
      if (at >= 0) open.splice(at, 1);
    }
  }
  out.push("</body></html>");
  return out.join("\n");
}
