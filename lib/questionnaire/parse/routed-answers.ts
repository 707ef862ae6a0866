import { END_LINE, TERMINATE_WORDS } from "./patterns";

/**
 * "Yes: Continue", "No: End Survey", "Nein: Ende der Befragung": an answer printed as its label, a colon and where
 * the respondent goes — on with the survey, or out of it. Screeners print their answers this way without any box
 * or code, so the line reads as prose unless the directive after the colon is recognised; then it is an answer
 * whose route is the directive (a "continue" is the default and only a note).
 */
export interface RoutedAnswer {
  label: string;
  directive: string;
  goesOn: boolean;
}

/** Longest label before the colon (a few words: an answer, not a sentence) and longest directive after it. */
const LABEL_CHARS = 40;
const DIRECTIVE_CHARS = 60;
/** Going on: the default route, spelled out. */
const GOES_ON = /^(?:continue|proceed|go on|continuar|contin[uú]e|weiter|continuer|prosseguir|continua|doorgaan)(?:\s+(?:with|to)\s+(?:the\s+)?(?:survey|questionnaire|next question))?$/i;

export function routedAnswer(text: string): RoutedAnswer | null {
  const line = text.trim();
  // The label ends at a colon or at a dash set apart by spaces ("No – End survey"; "Follow-up" keeps its hyphen).
  const separator = /[:：]|\s[-–—]\s/.exec(line);
  if (!separator || separator.index < 1 || separator.index > LABEL_CHARS) return null;
  const label = line.slice(0, separator.index).trim();
  const directive = line.slice(separator.index + separator[0].length).trim().replace(/\.$/, "");
  if (!directive || directive.length > DIRECTIVE_CHARS || label.split(/\s+/).length > 5 || !/\p{L}/u.test(label)) return null;
  if (GOES_ON.test(directive)) return { label, directive, goesOn: true };
  if (END_LINE.test(directive) || (TERMINATE_WORDS.test(directive) && directive.split(/\s+/).length <= 4)) return { label, directive, goesOn: false };
  return null;
}
