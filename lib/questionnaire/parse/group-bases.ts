import { printCondition } from "../conditions";
import type { IRItem } from "../ir";

/**
 * Group bases from the document's structure: a questionnaire split into parallel parts for different audiences
 * (personas, target groups, forms) — top-level headings each holding their own "Section 1 … Section n" — asks
 * each part only of its group. Which group a respondent belongs to is set outside the questionnaire, so every
 * question of a part is conditioned on a hidden variable (never "ask all"), and the variable is declared.
 */

export interface GroupSection {
  key: string;
  label?: string;
  title: string;
  level?: number;
  span?: { start: number; end: number };
}

export const GROUP_VARIABLE = "GROUP";

/** The first sub-section of a part, when its numbering starts again ("SECTION 1 — …", "Phase 1", "Part A"). */
const FIRST_SUBSECTION = /^(?:section|part|phase|module|block|sezione|parte|sección|seção|teil|abschnitt)\s+(?:0|1|one|i|a)\b/i;

function cleanTitle(title: string): string {
  return title
    .replace(/\p{Extended_Pictographic}|\uFE0F|\u200D/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Adds the group condition to every item of each parallel part. Returns the hidden variable to declare, or null
 * when the document is not split into parallel parts.
 */
export function applyGroupBases(items: IRItem[], sections: GroupSection[]): { name: string; label: string } | null {
  const levels = sections.map((section) => section.level).filter((level): level is number => level !== undefined);
  if (levels.length < 4) return null;
  // The part level: the highest heading level with at least two headings that have deeper headings under them.
  const partLevel = [...new Set(levels)]
    .sort((a, b) => a - b)
    .find((level) => sections.filter((section, index) => section.level === level && (sections[index + 1]?.level ?? 0) > level).length >= 2);
  if (partLevel === undefined) return null;
  const parts: { section: GroupSection; keys: Set<string>; restarts: boolean }[] = [];
  for (const section of sections) {
    if (section.level === partLevel) parts.push({ section, keys: new Set([section.key]), restarts: false });
    else if (parts.length && (section.level === undefined || section.level > partLevel)) {
      const current = parts.at(-1)!;
      current.keys.add(section.key);
      // A sub-section of the part that starts the numbering again ("Sezione 0 …", "Section 1 …").
      if (section.level !== undefined && FIRST_SUBSECTION.test(cleanTitle(`${section.label ?? ""} ${section.title}`))) current.restarts = true;
    }
  }
  const asked = parts.filter((part) => items.filter((item) => item.kind === "question" && item.section && part.keys.has(item.section)).length >= 2);
  // Parallel parts: at least two parts with questions whose sub-section numbering starts again in each (a closing
  // part without its own sections — a conclusion screen — is for everyone).
  const branches = asked.filter((part) => part.restarts);
  if (branches.length < 2 || branches.length < asked.length - 1) return null;
  for (const part of branches) {
    const value = cleanTitle(part.section.title);
    const condition = printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value });
    for (const item of items) {
      if (!item.section || !part.keys.has(item.section)) continue;
      item.askIf.push({ text: `${value} (part of the questionnaire for this group)`, span: part.section.span ?? item.span, condition });
    }
  }
  return {
    name: GROUP_VARIABLE,
    label: `Set outside the questionnaire: which group a respondent belongs to (${branches.map((part) => cleanTitle(part.section.title)).join(", ")}); each part of the document is asked only of its group.`,
  };
}
