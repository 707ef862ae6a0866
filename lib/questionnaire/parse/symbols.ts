/**
 * Symbol table helpers: question ids that must stay unique across a document whose numbering starts again in
 * every part ("Section 2 … 1. …", "Phase two … 1. …"). The printed id is only unique within its section, so
 * the programmed id is qualified by the section ("S2.1") and the printed one stays an alias, bound by the
 * nearest question of the same section.
 */

export interface SymbolQuestion {
  id: string;
  printedId: boolean;
  section?: string;
  aliases: string[];
}

export interface SymbolSection {
  key: string;
  label?: string;
}

/** "Section 2", "Part B", "2" → "S2" / "SB"; otherwise "S" and the section's ordinal among those with questions. */
function sectionPrefix(section: SymbolSection, ordinal: number): string {
  const printed = /(?:^|\s)([A-Z]|\d{1,3})$/i.exec(section.label?.trim() ?? "");
  return `S${printed ? printed[1].toUpperCase() : ordinal}`;
}

/**
 * Qualifies printed ids by section where the same printed id appears in more than one section and never twice
 * within one (a numbering that restarts per part): every id of a part that repeats another part's ids. Returns
 * the number of ids qualified.
 */
export function qualifyRestartedIds(questions: SymbolQuestion[], sections: SymbolSection[]): number {
  const printed = questions.filter((question) => question.printedId && question.id);
  const bySection = new Map<string, Map<string, number>>();
  const sectionsOf = new Map<string, Set<string | undefined>>();
  for (const question of printed) {
    const key = question.section ?? "";
    const names = bySection.get(key) ?? new Map<string, number>();
    const name = question.id.toUpperCase();
    names.set(name, (names.get(name) ?? 0) + 1);
    bySection.set(key, names);
    const where = sectionsOf.get(name) ?? new Set<string | undefined>();
    where.add(question.section);
    sectionsOf.set(name, where);
  }
  const repeated = [...sectionsOf.entries()].filter(([, where]) => where.size > 1);
  if (repeated.length < 2) return 0;
  // Within one section an id must be unique, or the repeats are a printing error rather than a restart.
  for (const names of bySection.values()) for (const [name, count] of names) if (count > 1 && sectionsOf.get(name)!.size > 1) return 0;
  const withQuestions = sections.filter((section) => printed.some((question) => question.section === section.key));
  const prefixes = new Map<string, string>();
  withQuestions.forEach((section, index) => prefixes.set(section.key, sectionPrefix(section, index + 1)));
  // Two sections printing the same label ("Section 1" twice) cannot qualify distinctly.
  if (new Set(prefixes.values()).size !== prefixes.size) withQuestions.forEach((section, index) => prefixes.set(section.key, `S${index + 1}`));
  // Only the parts whose numbering repeats another part's are qualified; ids unique in the document stay as printed.
  const restarting = new Set(printed.filter((question) => repeated.some(([name]) => name === question.id.toUpperCase())).map((question) => question.section));
  let qualified = 0;
  const taken = new Set(questions.flatMap((question) => [question.id, ...question.aliases].map((name) => name.toUpperCase())));
  for (const question of printed) {
    const prefix = question.section && restarting.has(question.section) ? prefixes.get(question.section) : undefined;
    // A label without a number ("Reliability", a grid named after its construct) is no part of the numbering.
    if (!prefix || (!/\d/.test(question.id) && sectionsOf.get(question.id.toUpperCase())?.size === 1)) continue;
    if (!question.aliases.includes(question.id)) question.aliases.push(question.id);
    // A lettered part's questions are referred to by the letter and the number ("ASK IF B2 = 1" for 2. in Part B).
    const letter = /^S([A-Z])$/.exec(prefix);
    const lettered = letter && /^\d/.test(question.id) ? `${letter[1]}${question.id}` : undefined;
    if (lettered && !taken.has(lettered)) question.aliases.push(lettered);
    question.id = `${prefix}.${question.id}`;
    qualified++;
  }
  return qualified;
}
