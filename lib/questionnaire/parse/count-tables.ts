/**
 * Number-entry tables: a question that asks for a count or an amount ("How many …", "Number of …") over a
 * table whose columns name what is counted — periods, people, places ("Before | After", "Adults | Children",
 * "Weekdays | Weekends") — and whose rows name the items. Each cell takes a number; the columns are not
 * answers to choose from. A table whose column headings are answer categories ("None | 1–2 | 3 or more",
 * "Never | Sometimes | Often") stays a grid to tick.
 */

/** Column headings that are choices (ranges, frequencies, yes/no), not what a number is entered for. */
const CHOICE_HEADING = /\d|\b(?:never|none|nothing|once|twice|times|more|less|fewer|daily|weekly|monthly|yearly|always|often|sometimes|rarely|seldom|usually|yes|no|agree|disagree|very|not|don'?t|do not)\b/i;

/** The columns of a table under a question asking for numbers are counted things, so each cell is a number field. */
export function countColumns(asksForNumber: boolean, columns: string[]): boolean {
  return asksForNumber && columns.length >= 1 && columns.length <= 4 && columns.every((label) => label.trim().length > 0 && !CHOICE_HEADING.test(label));
}
