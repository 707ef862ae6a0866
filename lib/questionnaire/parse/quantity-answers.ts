import type { IRQuestion } from "../ir";

/**
 * Answer tables that hold a quantity, not choices. Agency questionnaires print every answer in a Word table:
 * a choice list is "code | label | TERMINATE", but a number is asked with the same table holding only what to
 * enter ("# of years", "% of professional time", "[RANGE 0-100]") and the screening rule beside it ("IF <3 OR
 * >25 TERMINATE"), and a share of a list ("What percent of the following devices …", "Your response must sum to
 * 100%") prints the list's items as rows to write a percentage against. Read as choices, the placeholder and the
 * rule become two answers, and the list becomes a single choice.
 *
 * Conventions:
 * - a closed question whose answers are only quantity placeholders (a "#"/"%"/"$" label, "number of …",
 *   "[RANGE a-b]") and screening rules ("IF <3 …") asks for a number;
 * - a closed question that says its answers must sum to a total ("must sum to 100%", "does NOT have to sum to
 *   100%", "must equal 100%", "add up to 100") asks for a number on each of its items: a numeric question
 *   whose rows are the items (the sum line is an instruction).
 */

/** What to enter, not a choice: "# of years", "% of professional time", "Number of patients", "[RANGE 0-100]", "100-Points". */
export const QUANTITY_PLACEHOLDER = /^(?:[#%$€£]\s*(?:of\b.*)?|(?:number|no\.|count|percent(?:age)?|share|amount)\s+of\b.{0,60}|\[\s*range\s*\d+\s*[-–]\s*\d+\s*\]\s*.{0,40}|\d{2,4}[- ]points?)$/i;

/** A text entry, not a choice: "OPEN END: REQUIRE MINIMUM OF 4 CHARACTERS", "OPEN END – FORCE MIN OF 4 CHARACTERS", "RECORD VERBATIM". */
export const TEXT_PLACEHOLDER = /^(?:\[\s*)?(?:open[- ]?end(?:ed)?|(?:record\s+)?verbatim|text\s*box|open\s+text)\b/i;

/**
 * Lines of a table that are not answers whatever the answers are: an instruction to the respondent ("Please be as
 * detailed as possible."), a range to enforce ("RANGE: 0-100"), a short all-capitals note for the team ("POTENTIAL AE").
 */
export const NOT_AN_ANSWER = /^(?:[Pp]lease\b.{3,200}|[Rr](?:ANGE|ange)\s*[:=]?\s*\d+\s*[-–]\s*\d+|[A-Z][A-Z&/ -]{2,24})$/;

/** A screening rule written beside the entry: "IF <3 OR >25", "if <70%, then", "TERMINATE IF LESS THAN 5". */
export const ENTRY_RULE = /^(?:(?:terminate|screen ?out)\s+)?if\s*(?:[<>≤≥=]|less|more|greater|fewer|under|over|below|above)/i;

/** The answers must (or need not) add up to a total: "Your response must sum to 100%", "does NOT have to sum to 100%". */
export const SUM_INSTRUCTION = /\ballocate\s+100\s+points\b|\bmust\s*=\s*100\b|\b(?:sum|add|total)(?:s|ing)?\s+(?:up\s+)?to\s+100\s*%?|\b(?:must|should)\s+(?:be\s+)?equal(?:\s+to)?\s+100\s*%|\bsum\s+must\s*=\s*100/i;

/** One comparison of a rule: "<3", "> 25", "≥ 70%", "less than 5", "more than 10". */
export const RULE_COMPARISON = /(<=?|>=?|≤|≥|\b(?:less|fewer)\s+than|\b(?:more|greater)\s+than|\bunder|\bover|\bbelow|\babove)\s*(\d{1,6}(?:\.\d+)?)\s*%?/gi;

/** "IF <3 OR >25" on variable S5 → "{S5} < 3 or {S5} > 25"; null when the rule compares nothing. */
export function ruleCondition(rule: string, variable: string): string | null {
  const comparisons = [...rule.matchAll(RULE_COMPARISON)].map((match) => {
    const word = match[1].toLowerCase();
    const op = word === "≤" ? "<=" : word === "≥" ? ">=" : /^(?:less|fewer|under|below)/.test(word) ? "<" : /^(?:more|greater|over|above)/.test(word) ? ">" : word;
    return `{${variable}} ${op} ${match[2]}`;
  });
  if (comparisons.length === 0) return null;
  return comparisons.join(/\band\b/i.test(rule) ? " and " : " or ");
}

/** An entry field's blank opening an answer: "_ _ Number of drinks", "_ _ _ Age in years", "__/____ Month / Year". */
const ENTRY_BLANK = /^_[_\s/]*(?:\S|$)/;
/** A special value's code: a high digit repeated (77, 88, 99, 777, 999, 7777). */
const SPECIAL_CODE = /^([6-9])\1{1,3}$/;

/**
 * An entry field and the special values coded beside it — "_ _ Number of drinks / 88 None / 77 Don't know / 99
 * Refused", "1 _ _ Days per week / 2 _ _ Days in past 30 days / 888 No drinks": a telephone questionnaire records a
 * number, and codes of one repeated high digit for the answers that are no number (a list of such codes alone
 * is one too: its entry field was read as a blank or with the wording). The question asks for a number; the
 * special values are kept as its instructions, and one that routes ("888 Never → Go to A4") routes on that value.
 */
function readSpecialCodes(question: IRQuestion): boolean {
  const entries = question.options.filter((option) => ENTRY_BLANK.test(option.label.trim()));
  const special = (option: IRQuestion["options"][number]) => SPECIAL_CODE.test(option.code);
  // Special values alone: the entry field itself was read as the wording's or printed as a blank.
  if (!question.options.length || !question.options.every((option) => entries.includes(option) || special(option))) return false;
  question.type = "numeric";
  question.instructions.push(...question.options.map((option) => (entries.includes(option) ? option.label.trim() : `${option.code} ${option.label.trim()}`)));
  for (const option of question.options) {
    if (!option.route || entries.includes(option)) continue;
    const text = [`${option.code} ${option.label.trim()}`, option.routeText].filter(Boolean).join(" ");
    question.routes.push({ when: { text, condition: `{${question.variable}} = ${option.code}`, span: option.span }, target: option.route, text, span: option.span });
  }
  question.options = [];
  return true;
}

export function readQuantityAnswers(question: IRQuestion): void {
  // A grid whose only column says what to enter ("# of Patients/Year", "100-Points", beside "RANDOMIZE"): a number per row.
  if (question.type === "grid" && question.rows.length >= 2) {
    const columns = question.columns.map((column) => column.label.trim());
    if (columns.some((label) => QUANTITY_PLACEHOLDER.test(label)) && columns.every((label) => !label || QUANTITY_PLACEHOLDER.test(label) || NOT_AN_ANSWER.test(label))) {
      question.type = "numeric";
      question.instructions.push(...columns.filter(Boolean));
      question.columns = [];
    }
    return;
  }
  if (question.type !== "single" && question.type !== "multi") return;
  const labels = question.options.map((option) => option.label.trim());
  const texts = question.options.filter((option) => TEXT_PLACEHOLDER.test(option.label.trim()));
  if (texts.length > 0 && labels.every((label) => !label || TEXT_PLACEHOLDER.test(label) || NOT_AN_ANSWER.test(label))) {
    question.type = "open";
    question.instructions.push(...labels.filter(Boolean));
    question.options = [];
    return;
  }
  if (readSpecialCodes(question)) return;
  const placeholders = question.options.filter((option) => QUANTITY_PLACEHOLDER.test(option.label.trim()));
  if (placeholders.length > 0 && labels.every((label) => !label || QUANTITY_PLACEHOLDER.test(label) || ENTRY_RULE.test(label) || NOT_AN_ANSWER.test(label))) {
    question.type = "numeric";
    question.instructions.push(...question.options.filter((option) => !ENTRY_RULE.test(option.label.trim())).map((option) => option.label.trim()));
    // A rule that routed as an answer ("IF <3 OR >25" → TERMINATE) routes the question on the number entered.
    for (const option of question.options) {
      if (!ENTRY_RULE.test(option.label.trim())) continue;
      if (!option.route) {
        question.notes.push(option.label.trim());
        continue;
      }
      const text = [option.label.trim(), option.routeText].filter(Boolean).join(" ");
      const condition = ruleCondition(option.label, question.variable);
      const when = condition ? { text: option.label.trim(), condition, span: option.span } : { text: option.label.trim(), unresolved: "A rule on the number entered that is not a comparison.", span: option.span };
      question.routes.push({ when, target: option.route, text, span: option.span });
    }
    question.options = [];
    return;
  }
  const sumOptions = question.options.filter((option) => SUM_INSTRUCTION.test(option.label));
  const said = [question.text, ...question.instructions, ...question.notes, ...sumOptions.map((option) => option.label)].join("\n");
  if (!SUM_INSTRUCTION.test(said)) return;
  const items = question.options.filter((option) => !sumOptions.includes(option) && option.label.trim());
  if (items.length < 2) return;
  question.type = "numeric";
  question.instructions.push(...sumOptions.map((option) => option.label.trim()));
  question.rows = items;
  question.options = [];
}
