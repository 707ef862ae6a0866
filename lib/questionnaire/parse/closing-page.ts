import type { LogicalLine } from "./lines";
import type { RawInfo, Segmentation } from "./segment";

/**
 * A survey tool's closing page. A printed web survey marks its pages ("Page 03", "Seite 05") and names the page
 * shown after the last answer ("Last page", "Letzte Seite"): what it prints there is the thank-you screen, never a
 * question — however its lines read (a signature "B. A. Name" looks like a lettered answer). Convention: every
 * unnumbered item after the closing page's marker is end text.
 */

const CLOSING_PAGE = /^(?:last page|final page|letzte seite|derni[èe]re page|[úu]ltima p[áa]gina|ultima pagina)$/i;

export function readClosingPage(segmentation: Segmentation): void {
  segmentation.items = segmentation.items.map((item) => {
    if (!item.page || !CLOSING_PAGE.test(item.page.trim())) return item;
    if (item.kind === "info") return { ...item, role: item.role === "text" ? "end" : item.role };
    if (item.id) return item;
    const lines: LogicalLine[] = item.body.flatMap((part) => ("line" in part ? [part.line] : []));
    const info: RawInfo = { kind: "info", role: "end", lines, logic: item.logic, notes: item.notes, section: item.section, page: item.page, pageBreakBefore: item.pageBreakBefore };
    return lines.length ? info : item;
  });
}
