/**
 * Variable-name lines and dotted answer blanks on a coded paper form.
 *
 * Convention: a paper questionnaire prepared for data entry prints the data-set variable name (a short
 * identifier in capitals: AGE, TYPELIB, Q_INC) on its own line after each question's answers, and gives
 * open and numeric questions a dotted blank ("…………", ". . . .") often followed by a column code. Read
 * one by one, the variable name looks like one more answer and the blank like the only answer, which
 * turns every open question into a one-option single choice.
 *
 * Here, when the document closes at least three questions' answer lists with such a line, those lines
 * become notes (the variable name), and an answer list made only of dotted blanks becomes an entry field.
 */
import type { BodyPart, Segmentation } from "./segment";

const VARIABLE_NAME = /^[A-Z][A-Z0-9_]{2,15}$/;
/** Once the document has the convention, a two-letter name ("CA", "NB") closes a list too. */
const SHORT_VARIABLE_NAME = /^[A-Z][A-Z0-9_]{1,15}$/;
const DOTTED_BLANK = /^(?:\d{1,3} ?)?(?:[.…_] ?){3,}\s*\d{0,3}$/;

type OptionPart = Extract<BodyPart, { kind: "option" }>;

export function readVariableNameLines(segmentation: Segmentation): void {
  const questions = segmentation.items.filter((item) => item.kind === "question");
  const closing = (body: BodyPart[], name = VARIABLE_NAME): OptionPart | undefined => {
    const options = body.filter((part): part is OptionPart => part.kind === "option");
    const last = options[options.length - 1];
    return last && name.test(last.text.trim()) ? last : undefined;
  };
  if (questions.filter((question) => question.kind === "question" && closing(question.body)).length < 3) return;
  const named = questions.filter((question) => question.kind === "question" && closing(question.body, SHORT_VARIABLE_NAME));
  for (const question of named) {
    if (question.kind !== "question") continue;
    const last = closing(question.body, SHORT_VARIABLE_NAME)!;
    const index = question.body.indexOf(last);
    question.body[index] = { kind: "note", line: last.line, text: `Variable: ${last.text.trim()}` };
    const options = question.body.filter((part): part is OptionPart => part.kind === "option");
    if (options.length > 0 && options.every((part) => DOTTED_BLANK.test(part.option.label.trim()) || DOTTED_BLANK.test(part.text.trim()))) {
      question.body = question.body.map((part) => (part.kind === "option" ? { kind: "entry", line: part.line } : part));
    }
  }
}
