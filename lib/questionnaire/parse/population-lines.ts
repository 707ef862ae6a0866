import { printCondition } from "../conditions";
import type { IRItem } from "../ir";
import { ageUniverseCondition, UNIVERSE_AGE_VARIABLE } from "./codebook-blocks";
import { POPULATION_CUES } from "./cue-lexicon";
import { GROUP_VARIABLE } from "./group-bases";

/**
 * Population headings (official household surveys: "Desocupados", "Inactivos", "Ocupados", "Personas de 15 años y
 * más", "Employed persons"): a line on its own between questions that names a population rather than a topic is the
 * universe of the questions after it, up to the next population heading or section. A universe that states an age
 * becomes a comparison on the respondent's age; another one a condition on the declared group variable (which
 * population a respondent is in is classified elsewhere), never "ask all". A topic heading in between ("Ocupación
 * secundaria") does not end it. Read only where the document prints at least two such headings.
 */

/** A heading naming a population: a short line holding a population noun, or an age universe ("15 años y más"). */
const POPULATION_WORD = new RegExp(String.raw`(?:^|\s)(?:${POPULATION_CUES.noun})(?=$|[\s,;])`, "i");

function universeOf(text: string): { value: string; age: string | null } | null {
  const value = text.replace(/\s+/g, " ").trim();
  if (!value || value.length > 90 || /[?¿:!]/.test(value) || value.split(" ").length > 10 || /^\d+[.)]\s/.test(value)) return null;
  // PDF conversions put a dot after numbers ("12. años"): read the age without it.
  const age = ageUniverseCondition(value.replace(/(\d)\.(?=\s)/g, "$1"));
  if (age) return { value, age };
  return POPULATION_WORD.test(value) ? { value, age: null } : null;
}

/** Applies population headings to the questions they govern; returns the hidden variables they need. */
export function applyPopulationLines(
  items: IRItem[],
  sections: readonly { key: string; title: string }[] = [],
  notes: readonly { text: string; span?: { start: number; end: number } }[] = [],
): { name: string; label: string }[] {
  // A population line kept as a note (before the first question) governs from where it is printed.
  const noted = notes.flatMap((note) => (note.span && universeOf(note.text) ? [{ text: note.text, span: note.span }] : []));
  const titles = new Map(sections.map((section) => [section.key, section.title]));
  const sectionUniverses = sections.filter((section) => universeOf(section.title)).length;
  const headings = items.filter((item) => item.kind === "info" && universeOf(item.text)).length + sectionUniverses + noted.length;
  // One heading suffices when it is a section's and states an age ("Education (members aged 5 years and over)").
  if (headings < 2 && !sections.some((section) => universeOf(section.title)?.age)) return [];
  const hidden = new Map<string, string>();
  let current: { value: string; condition: string; span: IRItem["span"] } | null = null;
  let section: string | undefined;
  const start = (value: string, universe: { age: string | null }, span: IRItem["span"]) => {
    const age = universe.age ? /^(\w+)\s*(>=|<=)\s*(\d+)(?:\s+AND\s+\w+\s*<=\s*(\d+))?$/.exec(universe.age) : null;
    let condition: string;
    if (age) {
      const from = printCondition({ type: "compare", ref: { variable: UNIVERSE_AGE_VARIABLE }, op: age[2] as ">=" | "<=", value: Number(age[3]) });
      condition = age[4] ? `${from} and ${printCondition({ type: "compare", ref: { variable: UNIVERSE_AGE_VARIABLE }, op: "<=", value: Number(age[4]) })}` : from;
      hidden.set(UNIVERSE_AGE_VARIABLE, "Set outside the questionnaire's questions: the respondent's age in years; the document asks some questions only of an age group.");
    } else {
      condition = printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value });
      hidden.set(GROUP_VARIABLE, "Set outside the questionnaire: which population a respondent belongs to (printed as headings over the questions asked of it).");
    }
    current = { value, condition, span };
  };
  for (const item of items) {
    if (item.section !== section) {
      section = item.section;
      // A new section: a population heading starts its universe; another section ends the one before.
      const title = section ? titles.get(section) : undefined;
      const universe = title ? universeOf(title) : null;
      if (universe) start(universe.value, universe, item.span);
      else current = null;
    }
    const note = noted.filter((candidate) => candidate.span.start < item.span.start).at(-1);
    if (note) {
      noted.splice(noted.indexOf(note), 1);
      start(universeOf(note.text)!.value, universeOf(note.text)!, note.span);
    }
    const universe = item.kind === "info" ? universeOf(item.text) : null;
    if (universe) {
      start(universe.value, universe, item.span);
      continue;
    }
    if (!current || item.kind !== "question") continue;
    const { value, span, condition } = current;
    item.askIf.push({ text: `${value} (population heading)`, span, condition });
  }
  return [...hidden].map(([name, label]) => ({ name, label }));
}
