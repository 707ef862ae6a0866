import { printCondition } from "../conditions";
import type { IRItem } from "../ir";
import { applyAudienceTags } from "./audience-tags";
import { applyRangeFilters } from "./range-filters";
import { sectionAudienceOf } from "./section-audience";
import { splitFormOf } from "./split-forms";

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

// ------------------------------------------------------------------------------------------ arms and block filters

/**
 * A treatment arm or split-sample cell named by a heading or a bracket ("Treatment group:", "Control group",
 * "--- Group 2: Plain information ---", "Version B", "Split sample A", "[Condition 2 only]", "(Group A only)").
 */
const ARM =
  /^(?:(?:the\s+)?(?:treatment|control|experimental|intervention|comparison|placebo)\s+(?:group|arm|condition)(?:\s+(?:\d{1,2}|[A-Z]))?|(?:group|arm|condition|version|split(?:\s+sample)?|cell|variant|treatment)\s+(?:\d{1,2}|[A-Z]|one|two|three|four)\b)(?:\s*[:.–—-]\s*[^[\]()]{1,60})?$/i;

/** A bracket at the start of a wording that names an arm ("[Condition 2 only] …"). */
const ARM_LEAD = /^[[(]\s*((?:treatment|control|experimental|intervention|comparison|placebo|group|arm|condition|version|split|cell|variant)\b[^[\]()]{0,40}?)\s+only\s*[\])]\s*/i;

const DECORATION = /[-–—=*#[\]()\s:.]/;

/** The arm a heading names ("--- Group 1: Control ---" → "Group 1: Control"), or null. */
export function armOf(title: string): string | null {
  let from = 0;
  let to = title.length;
  while (from < to && DECORATION.test(title[from])) from++;
  while (to > from && DECORATION.test(title[to - 1])) to--;
  let core = title.slice(from, to).replace(/\s+/g, " ");
  if (/\sonly$/i.test(core)) core = core.slice(0, -5);
  return ARM.test(core) ? core : null;
}

/**
 * A note that limits the questions after it to a group ("The following questions are only for those who own a
 * car.", "This section is for parents only", "Only for respondents who work"): the group as written.
 */
export function blockFilterOf(text: string): string | null {
  let from = 0;
  let to = text.length;
  while (from < to && /[[(*_\s]/.test(text[from])) from++;
  while (to > from && /[\])*_\s]/.test(text[to - 1])) to--;
  const value = text.slice(from, to);
  const match =
    /^(?:the\s+)?(?:following|next(?:\s+\d{1,2})?|remaining)\s+(?:questions?|items?|section|block|part|screens?|pages?)\s+(?:is|are)\s+(?:only\s+)?(?:for|to be answered by|asked (?:of|to)|shown to|addressed to)\s+(.{3,160}?)(?:\s+only)?\.?$/i.exec(value) ??
    /^(?:this|the next)\s+(?:section|block|part|page)\s+(?:is\s+)?(?:only\s+)?(?:for|to be answered by|asked (?:of|to))\s+(.{3,160}?)(?:\s+only)?\.?$/i.exec(value) ??
    /^only\s+(?:for|to be answered by|ask(?:ed)?\s+(?:of|to))\s+(.{3,160}?)\.?$/i.exec(value) ??
    // Applicability notes: "The following questions only apply if you …", "This section applies to …",
    // "Please answer the following questions only if …".
    /^(?:the\s+)?(?:following|next(?:\s+\d{1,2})?|remaining)\s+(?:questions?|items?|section|block|part|screens?|pages?)\s+(?:only\s+)?apply\s+(?:only\s+)?(?:if|when|to)\s+(.{3,160}?)\.?$/i.exec(value) ??
    /^(?:this|the next)\s+(?:section|block|part|page)\s+(?:only\s+)?applies\s+(?:only\s+)?(?:if|when|to)\s+(.{3,160}?)\.?$/i.exec(value) ??
    /^(?:please\s+)?(?:only\s+)?answer\s+(?:the\s+following|these|the\s+next)\s+(?:questions?|items?|section)\s+(?:only\s+)?(?:if|when)\s+(.{3,160}?)\.?$/i.exec(value);
  // "… only apply if you are using X" → "those who are using X" (the group, not an address to the reader).
  // "… apply to everyone" limits nothing.
  if (match) return /^(?:everyone|everybody|all)\b/i.test(match[1]) ? null : match[1].trim().replace(/^you\s+/i, "those who ");
  // "Skip this section if you do not use …": the section is for those who do.
  const skip = /^(?:please\s+)?(?:feel free to\s+)?skip\s+(?:this|the following|the next)\s+(?:section|block|part|page|questions)\s+if\s+you\s+(?:do not|don't|did not|didn't)\s+(.{3,160}?)\.?$/i.exec(value);
  return skip ? `those who ${skip[1].trim()}` : null;
}

/**
 * The sentences of an information screen, for a block filter stated inside a longer text: a section heading
 * printed above its description ("Assignments\nThe following questions only apply if …"), or a note followed by
 * an invitation to skip. A new line that starts with a capital starts a new sentence (a heading has no stop).
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n(?=\p{Lu})/u)
    .flatMap((part) => part.replace(/\s+/g, " ").split(/(?<=[.!?])\s(?=\p{Lu})/u))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** A block filter in a whole information text or in one of its sentences (the first that states one). */
export function blockFilterIn(text: string): string | null {
  const whole = blockFilterOf(text);
  if (whole) return whole;
  for (const sentence of sentencesOf(text)) {
    const group = blockFilterOf(sentence);
    if (group) return group;
  }
  return null;
}

/**
 * Where each arm's items are: an arm opens at a section whose heading names it, at an information screen whose
 * first line names it, or after an item whose text holds a line naming it (a heading the reader merged into the
 * text above it); it runs to the next arm or the end of its section. The last arm has no heading after it to end
 * it, so it is held to the length of the longest arm before it (arms are parallel). None unless two arms differ.
 */
function armScopes(items: IRItem[], sections: GroupSection[]): { arm: string; from: number; to: number }[] {
  const bySection = new Map<string, string>();
  for (const section of sections) {
    const arm = armOf(section.title) ?? armOf(`${section.label ?? ""} ${section.title}`.trim());
    if (arm) bySection.set(section.key, arm);
  }
  const starts: { arm: string; from: number }[] = [];
  items.forEach((item, index) => {
    const lines = item.text.split("\n");
    const at = lines.findIndex((line, k) => (k > 0 || item.kind === "info") && line.length <= 80 && armOf(line) !== null);
    if (at >= 0) starts.push({ arm: armOf(lines[at])!, from: at === 0 ? index : index + 1 });
    else if (item.section && bySection.has(item.section) && items[index - 1]?.section !== item.section) starts.push({ arm: bySection.get(item.section)!, from: index });
  });
  if (new Set(starts.map((start) => start.arm.toLowerCase())).size < 2) return [];
  const scopes = starts.map((start, k) => {
    const section = items[start.from]?.section;
    let to = Math.min(starts[k + 1]?.from ?? items.length, items.length);
    for (let index = start.from; index < to; index++) {
      if (items[index].section !== section) {
        to = index;
        break;
      }
    }
    return { arm: start.arm, from: start.from, to, closedByArm: to === starts[k + 1]?.from };
  });
  const last = scopes.at(-1)!;
  const longest = Math.max(0, ...scopes.slice(0, -1).filter((scope) => scope.closedByArm).map((scope) => scope.to - scope.from));
  if (!last.closedByArm && longest > 0) last.to = Math.min(last.to, last.from + longest);
  return scopes.filter((scope) => scope.to > scope.from);
}

/** A heading that says whom (or which wave) its questions are for with "only" before the group. */
const ONLY_BEFORE_GROUP = /^(?:(?:questions?|items?|section|part|block)\s+)?(?:(?:asked|shown|answered|administered|completed)\s+)?only\s+(?:on|in|at|during|for|to|by)\s+(?:the\s+)?(\p{L}[\p{L}\p{N} '’-]{1,40}?)\s*[:.]?$/iu;

/** The group a section heading limits its questions to ("… for smokers only", "… (current users only)"), or null. */
export function sectionGroupOf(title: string): string | null {
  const value = title.trim();
  if (/\b(?:office|official|internal|admin|staff|interviewer|coder|use)\b/i.test(value)) return null;
  // "Questions asked only in Round 2", "Items shown only to new members": "only" before the group, not after it.
  const before = ONLY_BEFORE_GROUP.exec(value);
  if (before && value.split(/\s+/).length <= 10) return before[1].trim();
  const open = Math.max(value.lastIndexOf("("), value.lastIndexOf(":"), value.lastIndexOf("—"), value.lastIndexOf("–"), value.lastIndexOf(" - "));
  // The heading's own words when its label went elsewhere ("Part B: for smokers only" → title "for smokers only").
  const inner = value
    .slice(open + 1)
    .replace(/\)\s*$/, "")
    .trim();
  // The same in the heading's tail, after its title ("Your home (asked only in wave 1)").
  const tailBefore = open >= 0 ? ONLY_BEFORE_GROUP.exec(inner) : null;
  if (tailBefore && inner.split(/\s+/).length <= 10) return tailBefore[1].trim();
  if (!/\bonly\)?\s*$/i.test(value)) return null;
  const group = inner.replace(/^[-–—\s]*/, "").replace(/^(?:ask(?:ed)?\s+(?:(?:of|to)\s+)?|for\s+|to\s+)/i, "");
  const words = group.split(/\s+/);
  if (words.at(-1)?.toLowerCase() !== "only" || words.length < 2 || words.length > 8) return null;
  return words.slice(0, -1).join(" ");
}

/**
 * A block filter's scope is its section: it runs on while the items are in that section or in a section under it
 * (a deeper heading level), and stops at the next heading of the same or a higher level. (Items before any section
 * heading, or sections without levels, end at any change of section.)
 */
export function withinSection(section: string | undefined, filterSection: string | undefined, sections: GroupSection[]): boolean {
  if (section === filterSection) return true;
  if (section === undefined || filterSection === undefined) return false;
  const from = sections.findIndex((candidate) => candidate.key === filterSection);
  const to = sections.findIndex((candidate) => candidate.key === section);
  const level = sections[from]?.level;
  if (from < 0 || to <= from || level === undefined) return false;
  // Every heading from the filter's section up to this one is deeper than the filter's own.
  return sections.slice(from + 1, to + 1).every((candidate) => candidate.level !== undefined && candidate.level > level);
}

/** The filter speaks of its section ("skip this section"), or its text opens with the section's heading line. */
function sectionScopedFilter(text: string): boolean {
  const lines = text.trim().split("\n");
  return /\b(?:this|the following|the next)\s+(?:section|part|block|module)\b/i.test(text) || (lines.length > 1 && HEADING_LINE.test(lines[0].trim()));
}

/** A heading printed as a plain line: short, capitalised, without a stop, a colon or a question mark. */
const HEADING_LINE = /^\p{Lu}[\p{L}\p{N} '’&/,-]{0,58}$/u;

/**
 * A line after a question's wording that reads as the next section's heading (the reader merged it in): a heading
 * line after a line that ends a sentence.
 */
export function mergedHeadingIn(text: string): boolean {
  const lines = text.split("\n").map((line) => line.trim());
  return lines.some((line, index) => index > 0 && HEADING_LINE.test(line) && line.split(/\s+/).length <= 6 && /[.?!:;)]$/.test(lines[index - 1]));
}

const ALL = /^\[?\s*(?:(?:ask|show)\s+(?:to\s+)?(?:all|everyone|everybody)\b(?!.*(?:[=<>≠]|\b(?:who|that|with|whose|except|if|among|those)\b))|(?:base\s*[:=]\s*)?all respondents\b|base\s*[:=]\s*all\s*\]?$|everyone\b)/i;

/**
 * Treatment arms and block filters (in place). Arms: at least two arm headings (sections) or bracketed arm
 * lead-ins; every item under an arm heading, and every item whose wording opens with an arm bracket, is shown
 * only to that arm — a condition on the declared GROUP variable (which arm a respondent is in is assigned outside
 * the questionnaire). Block filters: a note limiting what follows to a group conditions each question after it
 * in its section, until the next block filter or an "ask all": bound to a question's answer when `bind` finds
 * one, otherwise on the GROUP variable. Returns the hidden variable to declare, or null.
 */
export function applyArmsAndBlockFilters(
  items: IRItem[],
  sections: GroupSection[],
  bind: (clause: string, before: IRItem[]) => string | null,
  bindAudience: (clause: string, before: IRItem[]) => string | null = bind,
): { name: string; label: string } | null {
  const condition = (value: string) => printCondition({ type: "compare", ref: { variable: GROUP_VARIABLE }, op: "=", value });
  const groups = new Set<string>();
  for (const scope of armScopes(items, sections)) {
    groups.add(scope.arm);
    for (let index = scope.from; index < scope.to; index++) items[index].askIf.push({ text: `${scope.arm} only`, span: items[index].span, condition: condition(scope.arm) });
  }
  // Bracketed arm lead-ins ("[Version A only] How much …?").
  const leads = items.map((item) => ARM_LEAD.exec(item.text.trim()));
  if (new Set(leads.flatMap((lead) => (lead ? [lead[1].toLowerCase()] : []))).size >= 2) {
    items.forEach((item, index) => {
      const lead = leads[index];
      if (!lead) return;
      const arm = lead[1].replace(/\s+/g, " ").trim();
      item.text = item.text.trim().slice(lead[0].length);
      groups.add(arm);
      item.askIf.push({ text: `${arm} only`, span: item.span, condition: condition(arm) });
    });
  }
  // Audience tags on the wording ("What is your age? (for teachers)").
  for (const group of applyAudienceTags(items, condition)) groups.add(group);
  // Prose that limits a numbered range ("Questions 16 through 23 are only answered when …").
  for (const group of applyRangeFilters(items, bind, condition)) groups.add(group);
  // Sections whose heading names their group ("Part C: for smokers only", "Section 4 (current users only)").
  for (const section of sections) {
    // "… for smokers only", or a heading addressed to a group ("Questions for people who don't drink coffee").
    // A split-sample base ("ASK FORM 1:", "ASK FORM 2 ONLY") names an assigned form, never a question's answer.
    const form = splitFormOf(section.title);
    const only = form ? null : sectionGroupOf(section.title);
    const group = form ?? only ?? sectionAudienceOf(section.title);
    if (!group) continue;
    const first = items.findIndex((item) => item.section === section.key);
    if (first < 0) continue;
    const bound = form ? null : (only ? bind : bindAudience)(group, items.slice(0, first));
    if (!bound) groups.add(group);
    const groupCondition = `{${GROUP_VARIABLE}}`;
    for (const [at, item] of items.entries()) {
      if (item.section !== section.key) continue;
      // "ASK ALL" / "BASE: ALL" ends every scope, a group's too (the section may be a capitals line, "SMOKERS ONLY").
      if (item.notes.some((note) => ALL.test(note.trim()))) break;
      if (item.kind !== "question") continue;
      // A form's block ends where a later question prints a base of its own naming another group ("ASK FORM B:" /
      // Q2B / "ASK IF EMPLOYED:" / Q3): telephone scripts print each question's base, and the new one replaces it.
      if (form && at > first && item.askIf.some((own) => own.condition?.includes(groupCondition))) break;
      item.askIf.push({ text: section.title, span: section.span ?? item.span, condition: bound ?? condition(group) });
    }
  }
  // Block filters.
  let active: { section?: string; text: string; condition?: string; value?: string; sectionScoped: boolean } | null = null;
  items.forEach((item, index) => {
    const group = item.kind === "info" ? blockFilterIn(item.text) : null;
    if (group) {
      const bound = bind(group, items.slice(0, index));
      active = { section: item.section, text: item.text.trim(), ...(bound ? { condition: bound } : { value: group }), sectionScoped: sectionScopedFilter(item.text) };
      return;
    }
    if ((item.kind === "info" && ALL.test(item.text.trim())) || item.notes.some((note) => ALL.test(note.trim()))) active = null;
    if (!active || !withinSection(item.section, active.section, sections)) {
      active = null;
      return;
    }
    if (item.kind !== "question") return;
    const value = active.value;
    if (value) groups.add(value);
    item.askIf.push({ text: active.text, span: item.span, condition: active.condition ?? condition(value!) });
    // The next section's heading merged into this question's text (a print whose headings are plain lines): the
    // section, and the filter with it, ends after this question.
    if (active.sectionScoped && mergedHeadingIn(item.text)) active = null;
  });
  if (!groups.size) return null;
  return {
    name: GROUP_VARIABLE,
    label: `Set outside the questionnaire: which group or arm a respondent belongs to (${[...groups].join(", ")}); some items are shown only to their group.`,
  };
}
