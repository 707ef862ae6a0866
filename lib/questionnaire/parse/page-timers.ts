import type { LogicalLine } from "./lines";

/**
 * Page timers in a survey tool's Word export (Qualtrics).
 *
 * Convention: a Qualtrics export prints each page timer like a question — its export tag and "Timing"
 * ("intro_time Timing"), then the four values the timer records: "First Click (1)", "Last Click (2)",
 * "Page Submit (3)", "Click Count (4)". The timer is hidden metadata: nobody answers it. Read line by line, its
 * values become the answers of the text before it. Here such a run (the heading and at least three of the four
 * values, in order) is dropped.
 */

const TIMER_HEADING = /^(?:[A-Za-z][A-Za-z0-9_]{0,40}\s+)?timing$/i;
const TIMER_VALUES = ["first click", "last click", "page submit", "click count"];

const valueOf = (line: LogicalLine) => line.text.trim().replace(/^[❍○◯❑□☐•\-*]\s*/u, "").replace(/\(\d{1,2}\)$/, "").trim().toLowerCase();

export function dropPageTimers(lines: LogicalLine[]): void {
  for (let index = lines.length - 1; index >= 0; index--) {
    if (!TIMER_HEADING.test(lines[index].text.trim())) continue;
    let at = index + 1;
    let matched = 0;
    for (const value of TIMER_VALUES) {
      if (at < lines.length && valueOf(lines[at]) === value) {
        at++;
        matched++;
      }
    }
    if (matched >= 3) lines.splice(index, at - index);
  }
}
