import type { LogicalLine, Unit } from "./lines";
import { matchQuestionId, type QuestionIdMatch } from "./patterns";

/**
 * Questions printed as bullets that carry their ids: interview guides and question lists written in a word
 * processor put every question in a bulleted paragraph ("• Q1 What is your role?", "• Q20a (Optional) And how
 * …?"), with the interviewer's remarks as bullets of their own between them ("• For this part, ask about a
 * recent project.", "• - Probe on the names used"). A bullet is read as an answer by default; when several
 * bullets of the document carry ids with one prefix in rising order, the bullets are the questions and the
 * bullets without an id beside them are notes to the interviewer, not answers (answers, when there are any,
 * sit one list level deeper).
 */

const BULLET = /^(?:[•◦▪·●○–-]|\*)\s+(?=\S)/;

/** The id a bulleted line carries after its bullet ("• Q3 How many …?" → Q3), when the rest reads as wording. */
export function bulletedQuestionId(text: string): QuestionIdMatch | null {
  const bullet = BULLET.exec(text.trim());
  if (!bullet) return null;
  const id = matchQuestionId(text.trim().slice(bullet[0].length));
  if (!id || id.kind !== "prefixed" || id.number === undefined) return null;
  // Wording follows: at least two words, starting with a letter or a bracketed remark ("(Optional) Could you …").
  const rest = id.rest.trim();
  if (!/^(?:\([^()]{1,40}\)\s*)?\p{L}/u.test(rest) || rest.split(/\s+/).length < 2) return null;
  return id;
}

export interface BulletedQuestions {
  /** The id prefix the bulleted questions share ("Q"). */
  prefix: string;
  /** List level of the bulleted questions (0 when the source has no list levels). */
  level: number;
  /** Left indent of the first bulleted question, for sources without list levels (PDF). */
  indent?: number;
}

const prefixOf = (id: string) => (/^[^\d]*/.exec(id)?.[0] ?? "").toUpperCase();

/**
 * Whether the document prints its questions as id-carrying bullets: three or more bullets whose ids share a
 * prefix and whose numbers mostly rise (a list of references to questions elsewhere — "• Q12 and Q13 were
 * dropped" — does not run in order).
 */
export function bulletedQuestions(units: Unit[]): BulletedQuestions | null {
  const found: { prefix: string; number: number; line: LogicalLine }[] = [];
  for (const unit of units) {
    if (unit.kind !== "line") continue;
    const id = bulletedQuestionId(unit.line.text);
    if (id) found.push({ prefix: prefixOf(id.id), number: id.number!, line: unit.line });
  }
  if (found.length < 3) return null;
  const prefix = found[0].prefix;
  const same = found.filter((entry) => entry.prefix === prefix);
  if (same.length < 3 || same.length < found.length * 0.8) return null;
  let rising = 0;
  for (let i = 1; i < same.length; i++) if (same[i].number >= same[i - 1].number) rising++;
  if (rising < (same.length - 1) * 0.8) return null;
  return { prefix, level: same[0].line.first.list?.level ?? 0, ...(same[0].line.first.indent !== undefined ? { indent: same[0].line.first.indent } : {}) };
}

/** A bullet without an id at the level of the bulleted questions (or above it): a note, not an answer. */
export function isSiblingNote(line: LogicalLine, style: BulletedQuestions): boolean {
  if (!BULLET.test(line.text.trim())) return false;
  if (bulletedQuestionId(line.text)) return false;
  if (line.first.list) return line.first.list.level <= style.level;
  // Without list levels, a deeper indent marks the answers.
  return style.indent === undefined || line.first.indent === undefined || line.first.indent <= style.indent + 0.02;
}

export function carriesBulletedId(text: string, style: BulletedQuestions): QuestionIdMatch | null {
  const id = bulletedQuestionId(text);
  return id && prefixOf(id.id) === style.prefix ? id : null;
}
