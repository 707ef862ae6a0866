import type { IRItem } from "../ir";

/**
 * Audience tags: a question whose wording ends (or opens) with the group it is for — "What is your age range?
 * (for teachers)", "How many semesters have you studied? (students only)", "(For managers) How large is your
 * team?". A questionnaire written for several audiences at once marks the questions each audience answers this
 * way; which audience a respondent belongs to is known outside the questionnaire, so the tag is a "<group>
 * only" condition on the declared group variable (see group-bases.ts).
 *
 * A tag is only read as an audience when it names people (a plural noun or a collective such as "staff") and
 * either says "only" or the document tags at least two different audiences: a lone "(for reference)" or
 * "(for the past year)" is not an audience.
 */

/** A tag at the end of the wording's first line: "(for teachers)", "(only for staff)", "[students only]". */
const TRAILING_FOR = /[([]\s*(only\s+)?for\s+([^()[\]\n]{2,40}?)(\s+only)?\s*[)\]]\s*[?:.]?\s*$/i;
const TRAILING_ONLY = /[([]\s*([^()[\]\n]{2,40}?)\s+(only)\s*[)\]]\s*[?:.]?\s*$/i;
/** A tag that opens the wording: "(For teachers) How …". */
const LEADING_FOR = /^[([]\s*(only\s+)?for\s+([^()[\]\n]{2,40}?)(\s+only)?\s*[)\]]/i;

/** Words that make a tag something other than an audience ("for example", "for office use", "for each item"). */
const NOT_AUDIENCE =
  /\b(?:example|examples|instance|e\.?g|i\.?e|office|official|internal|use|interviewer|interviewers|coder|coders|admin|reference|details|information|clarity|each|every|all|everyone|you|your|yourself|us|them|this|that|these|those|years?|months?|weeks?|days?|hours?|times?|period|past|last|next|questions?|items?|answers?|options?|purposes)\b/i;

/** People: the last word is a plural ("teachers", "current students") or a collective noun. */
const PEOPLE = /^(?:\p{L}{2,}s|staff|faculty|personnel|people|children|men|women|alumni)$/iu;

export interface AudienceTag {
  group: string;
  only: boolean;
}

/** The audience a question's first line names, or null. */
export function audienceTagOf(text: string): AudienceTag | null {
  const line = text.trim().split("\n")[0];
  const forMatch = TRAILING_FOR.exec(line) ?? LEADING_FOR.exec(line);
  const only = forMatch ? null : TRAILING_ONLY.exec(line);
  const group = (forMatch ? forMatch[2] : only?.[1])?.replace(/\s+/g, " ").trim();
  if (!group) return null;
  const words = group.split(" ");
  if (words.length > 4 || !words.every((word) => /^\p{L}[\p{L}'-]*$/u.test(word)) || NOT_AUDIENCE.test(group) || !PEOPLE.test(words.at(-1)!)) return null;
  return { group, only: Boolean(forMatch ? forMatch[1] || forMatch[3] : only) };
}

/**
 * Finds the audience tags of the questions (in place: a "<group> only" condition from `condition`). Returns the
 * audiences found, none unless a tag says "only" or at least two audiences are tagged.
 */
export function applyAudienceTags(items: IRItem[], condition: (group: string) => string): string[] {
  const tags = items.map((item) => (item.kind === "question" ? audienceTagOf(item.text) : null));
  const groups = new Set(tags.flatMap((tag) => (tag ? [tag.group.toLowerCase()] : [])));
  const found = new Map<string, string>();
  items.forEach((item, index) => {
    const tag = tags[index];
    if (!tag || (!tag.only && groups.size < 2)) return;
    // A condition already read from the same words (a bracketed arm or group lead-in) is not repeated.
    if (item.askIf.some((existing) => existing.text.toLowerCase().includes(tag.group.toLowerCase()))) return;
    found.set(tag.group.toLowerCase(), tag.group);
    item.askIf.push({ text: `${tag.group} only`, span: item.span, condition: condition(tag.group) });
  });
  return [...found.values()];
}
