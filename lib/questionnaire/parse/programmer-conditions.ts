/**
 * A programmer's bracket that is only a condition ("[PROGRAMMER: COUNTRY==15]", "[PROGRAMMER: IF Q7==99]",
 * "[SCRIPTER: REGION != 3; MIN==1]"): a CAPI script says whom a question (or an answer) is shown to by writing the
 * comparison alone after the label. Limits on the answer ("MIN==18", "MAX = ANSWER TO Q5") are not conditions.
 * Returns the condition said the way the logic reader reads it ("IF COUNTRY==15"), or null.
 */
const LABEL = /^(?:programm(?:er|ing)|scripter|capi|cati|dp)(?:\s+(?:note|instruction))?\s*:\s*/i;
/** A variable name, a comparison and a value or a list of values. */
const COMPARISON = /^(?:if\s+)?([A-Z][A-Z0-9_]{1,30})\s*(==?|!=|<>|≠|<=|>=|<|>)\s*(-?\d+(?:\s*,\s*-?\d+)*|"[^"]{1,40}"|'[^']{1,40}')\s*$/i;
/** Names that state limits of the answer itself, not a condition. */
const LIMIT = /^(?:min|max|minimum|maximum|range|length|sum|total|values?|allow)$/i;

export function programmerCondition(inner: string): string | null {
  const label = LABEL.exec(inner.trim());
  if (!label) return null;
  // "Q1001YEAR == 99999; MIN==18, MAX==120": the condition, then the answer's limits.
  const first = inner.trim().slice(label[0].length).split(";")[0].trim();
  const match = COMPARISON.exec(first);
  if (!match || LIMIT.test(match[1])) return null;
  const values = match[3].split(",").map((value) => value.trim());
  const op = match[2] === "==" ? "=" : match[2] === "<>" || match[2] === "≠" ? "!=" : match[2];
  if (values.length === 1) return `IF ${match[1]} ${op} ${values[0]}`;
  // "COUNTRY == 8, 15": one of the values (or none of them).
  if (op === "=") return `IF ${values.map((value) => `${match[1]} = ${value}`).join(" OR ")}`;
  if (op === "!=") return `IF ${values.map((value) => `${match[1]} != ${value}`).join(" AND ")}`;
  return null;
}
