import type { Segmentation } from "./segment";

/**
 * A numbered section title over decimal-numbered questions ("1. Getting started" over "1.1 …", "1.2 …") is read as
 * the section; the number it opens with must not stay behind as a question of its own with nothing in it (no
 * answers, no field, its words the section's title). Such an empty numbered item, where a section title with its
 * words starts, is dropped.
 */
export function dropSectionEchoes(segmentation: Segmentation): void {
  const titles = new Map(segmentation.sections.map((section) => [section.span.start, section.title.trim()]));
  segmentation.items = segmentation.items.filter((item) => {
    if (item.kind !== "question" || !item.id || item.body.length || item.logic.length) return true;
    const title = titles.get(item.start);
    return !(title && item.id.rest.trim() && title.endsWith(item.id.rest.trim()));
  });
}
