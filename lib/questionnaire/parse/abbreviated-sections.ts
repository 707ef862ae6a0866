/**
 * Household-survey modules head their sections with the noun cut short and glued to the number: "SEC2:AGE&MARITAL
 * STATUS", "SEC4: FERTILITY", "Sect. 3 – Housing", "SEC 5". The section readers want the noun spelled out and a space
 * before the number, so such a heading was read as a question whose id is "SEC4" and whose answers are the section's
 * numbered questions. The heading is the line alone or the abbreviation, number and a separator before the title —
 * never an id running on into more ("Sec5Q11", "SEC4 HOW MANY …").
 */
const ABBREVIATED_SECTION = /^sect?\.?\s?(\d{1,2}[A-Z]?)\s*(?:[:–—-]\s*(\S.*))?$/i;

export interface AbbreviatedSection {
  label: string;
  title: string;
}

export function abbreviatedSection(text: string): AbbreviatedSection | null {
  const match = ABBREVIATED_SECTION.exec(text.trim());
  if (!match) return null;
  const label = `Section ${match[1].toUpperCase()}`;
  return { label, title: match[2]?.trim() || label };
}
