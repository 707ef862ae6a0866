/**
 * Layout model: answers written on the question's own line after a separator — "Age — Less than 18 / 18–25 /
 * More than 35", "Study format: Individual / Group / Mixed", "Sleep quality: 1 (very poor) to 5 (very good)",
 * "Mental demand during the task: 1–5". Whatever the words, the shape is: wording, a dash or colon, then either
 * short alternatives separated by slashes or a numeric scale with optional end labels.
 */

export interface InlineAnswers {
  question: string;
  answers: { code: string; label: string }[];
}

/** " — ", " – ", " - " or ": " — the last one on the line is where the answers start. */
const SEPARATOR = /\s[—–-]\s|[:：]\s/g;
const SCALE = /^(\d{1,2})\s*(?:\(([^()]{1,40})\))?\s*(?:to|–|-|—)\s*(\d{1,2})\s*(?:\(([^()]{1,40})\))?\s*\.?$/i;

function alternatives(tail: string): string[] | null {
  const parts = tail.replace(/[.;]\s*$/, "").split(/(?<!\s)\s+\/\s+/).map((part) => part.replace(/^[*_]+|(?<![*_])[*_]+$/g, "").trim());
  if (parts.length < 2 || parts.some((part) => !part || part.length > 60 || /[?？:]/.test(part))) return null;
  // "DD / MM / YYYY", "Y / N" under a date or code field are a format, not answers.
  if (parts.every((part) => /^[A-Z]{1,4}$/.test(part))) return null;
  return parts;
}

function scale(tail: string): { code: string; label: string }[] | null {
  const match = SCALE.exec(tail.replace(/^[*_]+|(?<![*_])[*_]+$/g, "").trim());
  if (!match) return null;
  const min = Number(match[1]);
  const max = Number(match[3]);
  if (max <= min || max - min > 10) return null;
  const points: { code: string; label: string }[] = [];
  for (let value = min; value <= max; value++) points.push({ code: String(value), label: String(value) });
  if (match[2]) points[0].label = `${min} (${match[2].trim()})`;
  if (match[4]) points[points.length - 1].label = `${max} (${match[4].trim()})`;
  return points;
}

export function answersAfterSeparator(text: string): InlineAnswers | null {
  const separators = [...text.matchAll(SEPARATOR)];
  for (let index = separators.length - 1; index >= 0; index--) {
    const at = separators[index].index!;
    const question = text.slice(0, at).trim();
    const tail = text.slice(at + separators[index][0].length).trim();
    if (question.length < 2 || !tail) continue;
    const points = scale(tail);
    if (points) return { question, answers: points };
    const parts = alternatives(tail);
    if (parts) return { question, answers: parts.map((label, position) => ({ code: String(position + 1), label })) };
  }
  return null;
}
