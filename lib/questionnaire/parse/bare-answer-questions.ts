import type { LogicalLine } from "./lines";
import { classifyLine } from "./lines";
import { answerLabel } from "./unmarked-answer-lines";

/**
 * Unnumbered questions with bare answer lines: a plain-text survey (a poll typed into a text file, a web survey's
 * questions copied out as text) prints each question as a sentence ending with a question mark, then its answers one
 * per line with no number, code, box or bullet, and a blank line before the next question.
 *
 *   Which season do you prefer?
 *
 *   Spring
 *   Summer
 *   Autumn
 *
 * Read line by line nothing marks a question start (no id) and nothing marks an answer, so the whole document reads
 * as one screen of text; an answer that looks like an id ("PS4", "A380") even starts a question of its own.
 *
 * Convention: when at least three question sentences are each followed by a run of two or more short answer labels
 * (the run may start after one blank line and ends at the next blank line), each such sentence starts a question and
 * each line of its run is an answer, whatever its words look like (a lower-case label is no wrapped end of the one
 * before it, a lone id-like token starts no question). Documents with printed
 * question ids, or with fewer such blocks, are left alone.
 */

/** A question sentence: it asks, and is long enough to be one. */
function asks(text: string): boolean {
  const value = text.trim();
  return value.length >= 10 && /[?？](?:\s*\([^()]*\))?$/.test(value) && value.split(/\s+/).length >= 3;
}

/** A line that can be a bare answer: a short label that is plain text, or a lone token that only looks like an id. */
function bareAnswer(line: LogicalLine): boolean {
  const text = line.text.trim();
  if (line.first.cell) return false;
  if (!answerLabel(text)) return false;
  const cls = classifyLine(line);
  if (cls.kind === "text") return true;
  return cls.kind === "qid" && !cls.id.rest.trim() && !/\s/.test(text) && !/^\d/.test(text);
}

interface Block {
  question: number;
  answers: number[];
}

function blockAt(lines: LogicalLine[], index: number): Block | null {
  const line = lines[index];
  if (line.first.cell || !asks(line.text) || classifyLine(line).kind !== "text") return null;
  const answers: number[] = [];
  for (let k = index + 1; k < lines.length; k++) {
    const next = lines[k];
    // The first answer may follow one blank line; a blank line after that ends the list.
    if (answers.length > 0 && next.first.blankBefore) break;
    if (!bareAnswer(next)) break;
    answers.push(k);
  }
  return answers.length >= 2 ? { question: index, answers } : null;
}

export function readBareAnswerQuestions(lines: LogicalLine[]): void {
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const block = blockAt(lines, index);
    if (!block) continue;
    blocks.push(block);
    index = block.answers[block.answers.length - 1];
  }
  if (blocks.length < 3) return;
  // Printed ids outside the answer lists (an id-like answer is no id) mean the document numbers its questions.
  const answers = new Set(blocks.flatMap((block) => block.answers));
  const numbered = lines.filter((line, index) => !answers.has(index) && classifyLine(line).kind === "qid").length;
  if (numbered >= 2) return;
  blocks.forEach((block, count) => {
    const line = lines[block.question];
    line.spine = { id: `U${count + 1}`, rest: line.text.trim(), kind: "word" };
    for (const answer of block.answers) lines[answer].script = { kind: "answer" };
  });
}
