import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * A survey design table whose first column says what each row is: a number starts a question (its wording in the
 * next column, a translation beside it), "*" marks one of its answers (in the answers column, with its
 * translation), "##" a section heading.
 */

const row = (...cells: string[]) => `|\t${cells.join("\t|\t")}\t|`;

const table = [
  row("", "QUESTIONS - English", "QUESTIONS - Bahasa", "OPTIONS - English", "OPTIONS - Bahasa", "NOTES"),
  "|---|---|---|---|---|---|",
  row("##", "WATER SUPPLY", "", "", "", ""),
  row("12", "What is your main source of drinking water?", "Sumber air minum utama?", "", "", ""),
  row("*", "main", "utama", "piped water", "air ledeng", ""),
  row("*", "", "", "protected well", "sumur terlindung", ""),
  row("", "", "", "river or lake", "", ""),
  row("13", "How long does one trip to the source take?", "", "(minutes)", "", ""),
  row("14", "Is the water treated before drinking?", "", "", "", "observe"),
  row("*", "", "", "yes", "ya", ""),
  row("*", "", "", "no", "tidak", ""),
  row("##", "HOUSING", "", "", "", ""),
  row("15", "Who owns the dwelling?", "", "", "", ""),
  row("*", "", "", "household", "", ""),
  row("*", "", "", "landlord", "", ""),
  row("*", "", "", "other (specify)", "lainnya", ""),
].join("\n");

describe("design tables whose first column marks question, answer and section rows", () => {
  it("reads each numbered row as a question and the marked rows under it as its answers, from the answers column", async () => {
    const qs = questionsOf(await parseText(`# Baseline survey\n\n${table}\n`, "form.md"));
    expect(qs.map((q) => q.id)).toEqual(["12", "13", "14", "15"]);
    const source = qs[0];
    expect(source.text).toBe("What is your main source of drinking water?");
    expect(source.options.map((option) => option.label)).toEqual(["piped water", "protected well", "river or lake"]);
    expect(qs[2].options.map((option) => option.label)).toEqual(["yes", "no"]);
    expect(qs[3].options).toHaveLength(3);
    // The "##" rows are section headings: the last question is in another section than the first.
    expect(qs[3].section).toBeDefined();
    expect(qs[3].section).not.toBe(qs[0].section);
  });

  it("leaves a table whose first column holds other things than numbers and marks", async () => {
    const other = [row("Item", "Question", "Answer"), "|---|---|---|", row("A", "Is it open?", "yes"), row("*", "", "no"), row("12", "Is it big?", "yes"), row("13", "Is it new?", "no"), row("14", "Is it near?", "no"), row("*", "", "maybe"), row("*", "", "never")].join("\n");
    const qs = questionsOf(await parseText(`# Form\n\n${other}\n`, "form.md"));
    expect(qs.some((q) => q.options.some((option) => option.label === "maybe"))).toBe(false);
  });
});
