import type { LogicalLine } from "./lines";
import { PRINTED_CONDITION_CUES } from "./cue-lexicon";
import { looksLikeToolExpression } from "./tool-expressions";

/**
 * Display conditions printed by a survey tool under a question's wording (the logic pipeline's detect step for
 * printouts). LimeSurvey's printable survey writes
 *
 *   Answer this question only if the following conditions are fulfilled:
 *   Answer was “Yes” to “Question 12” (In your opinion, are there …
 *   … codified in the tax laws?)
 *
 * — a lead line, then one clause per condition naming the answer and the question (its wording in brackets, often
 * wrapped onto the next lines), with "or"/"and" lines between clauses where the tool prints them. The block is read
 * as one filter line ("Ask only if Question 12 = "Yes"") so the pipeline scopes and binds it like any written filter;
 * the line keeps the printed lines, so the source excerpt is the printout's own words.
 */
const Q = String.raw`[“"'‘]`;
const UNQ = String.raw`[^”"'’]`;
const EQ = String.raw`[”"'’]`;
/** The lead line, in English or any language of the cue lexicon's printed-condition row. */
const LEAD = new RegExp(
  String.raw`^(?:(?:answer this question only|only answer this question) if the following conditions? (?:are|is) (?:fulfilled|met|true)|${PRINTED_CONDITION_CUES.lead})\s*:?$`,
  "i",
);
const OR_WORD = String.raw`(?:or|${PRINTED_CONDITION_CUES.or})`;
/** "Answer was 'A' [or 'B' …] to/at question 'Q'" — one quoted answer or several joined by the language's "or". */
const CLAUSE = new RegExp(
  String.raw`^(?:answer was|${PRINTED_CONDITION_CUES.answerWas})\s+(${Q}${UNQ}{1,200}${EQ}(?:\s+${OR_WORD}\s+${Q}${UNQ}{1,200}${EQ}){0,20})\s+(?:(?:to|at|for)(?:\s+question)?|${PRINTED_CONDITION_CUES.atQuestion})\s+${Q}(${UNQ}{1,200})${EQ}`,
  "i",
);
const QUOTED = new RegExp(String.raw`${Q}(${UNQ}{1,200})${EQ}`, "g");
const CONNECTIVE = new RegExp(String.raw`^(or|and|${PRINTED_CONDITION_CUES.or})$`, "i");
/** How many wrapped lines a clause's bracketed wording may take. */
const WRAP_LIMIT = 4;

/** The question a clause names: a bracketed code ("3 [Q3]") is the id, else the name as printed ("Question 12"). */
function questionName(printed: string): string {
  const code = /\[([A-Za-z0-9_.]{1,40})\]\s*$/.exec(printed);
  return (code ? code[1] : printed).trim();
}

function openBrackets(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")" && depth > 0) depth--;
  }
  return depth;
}

/** Replaces every printed condition block by one filter line. */
export function readPrintedConditions(lines: LogicalLine[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const lead = lines[index];
    if (!LEAD.test(lead.text.trim())) {
      out.push(lead);
      continue;
    }
    // Newer printouts write the relevance equation itself under the lead: "((Q01.NAOK == "A1"))".
    const equation = lines[index + 1]?.text.trim();
    if (equation && looksLikeToolExpression(equation)) {
      out.push({ ...lead, text: `Ask only if ${equation}`, end: lines[index + 1].end, lines: [...lead.lines, ...lines[index + 1].lines] });
      index++;
      continue;
    }
    const clauses: { question: string; answer: string }[] = [];
    const connectives: ("or" | "and")[] = [];
    let next = index + 1;
    while (next < lines.length) {
      const text = lines[next].text.trim();
      const connective = CONNECTIVE.exec(text);
      if (connective && clauses.length) {
        connectives[clauses.length - 1] = connective[1].toLowerCase() === "and" ? "and" : "or";
        next++;
        continue;
      }
      const clause = CLAUSE.exec(text);
      if (!clause) break;
      const answers = [...clause[1].matchAll(QUOTED)].map((quoted) => quoted[1].trim());
      answers.forEach((answer, at) => {
        if (at > 0) connectives[clauses.length - 1] = "or";
        clauses.push({ answer, question: questionName(clause[2]) });
      });
      let depth = openBrackets(text.slice(clause[0].length));
      next++;
      for (let wrapped = 0; depth > 0 && wrapped < WRAP_LIMIT && next < lines.length && !CLAUSE.test(lines[next].text.trim()); wrapped++, next++) {
        depth = openBrackets(`${"(".repeat(depth)}${lines[next].text}`);
      }
    }
    if (!clauses.length) {
      out.push(lead);
      continue;
    }
    // Unless the printout says otherwise, conditions on one question are alternatives and conditions on different
    // questions must all hold (LimeSurvey's own reading of a condition scenario).
    const expression = clauses
      .map((clause, at) => {
        const comparison = `${clause.question} = "${clause.answer.replace(/"/g, "'")}"`;
        if (at === 0) return comparison;
        const connective = connectives[at - 1] ?? (clauses[at - 1].question === clause.question ? "or" : "and");
        return `${connective} ${comparison}`;
      })
      .join(" ");
    const covered = lines.slice(index, next);
    out.push({
      ...lead,
      text: `Ask only if ${expression}`,
      end: covered[covered.length - 1].end,
      lines: covered.flatMap((line) => line.lines),
    });
    index = next - 1;
  }
  return out;
}
