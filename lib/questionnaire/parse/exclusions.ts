import { withoutTrailing } from "../text-scan";

/**
 * Exclusion filters (logic pipeline: detect → scope → bind): a note that says who is NOT asked — "[DO NOT ASK IN
 * <country>]", "NOT ASKED FOR <group>", "(Skip for <group>)", "Except <group>", "[DO NOT SHOW IF Q3 = 2]". The
 * condition is the negation of the group's: a clause the resolver binds (a question and answer, an answer label)
 * is negated as it is; a group it does not bind is a value of the declared group variable, never "ask all".
 */

/** The wrapper of an exclusion before its group: "do not ask in", "not asked for", "skip for", "except in". */
const EXCLUSION =
  /^[[(]?\s*(?:(?:do\s+not|don'?t|never)\s+(?:ask|show|display|administer)(?:\s+(?:this|these)(?:\s+(?:question|questions|section|block))?)?\s+(?:(in|for|to|of|among|if|when)\s+)?|not\s+(?:asked|shown|displayed|administered)\s+(?:(in|for|to|of|among|if|when)\s+)?|(?:skip(?:ped)?|exclude[ds]?)\s+(in|for|if|when|among)\s+|except\s+(?:(in|for)\s+)?)(?!all\b|everyone\b)([^[\]()]{2,60})[\])]?$/i;

/**
 * Who an exclusion leaves out: the clause, and whether it is a condition ("skip if …", "do not show when …") — which
 * must bind — rather than a group named after "in", "for", "to" (a country, a sample), which may stay a group.
 * Null when the text is no exclusion.
 */
export function exclusionOf(text: string): { clause: string; condition: boolean } | null {
  const match = EXCLUSION.exec(withoutTrailing(text.slice(0, 200).trim(), " .:;\t\n"));
  if (!match) return null;
  const word = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? "").toLowerCase();
  return { clause: match[5].trim(), condition: word === "if" || word === "when" };
}
