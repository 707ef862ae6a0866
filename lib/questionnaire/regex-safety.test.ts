import { describe, expect, it } from "vitest";
import { parseXml } from "./extract/xml";
import { compileFile } from "./index";
import { ENTRY_LINE } from "./parse/patterns";
import { growth } from "./testing/regex-growth";
import { inventoryRegexes } from "./testing/regex-inventory";

/**
 * Regular expressions in lib/questionnaire (issue 18.1). Every pattern is inventoried (literals, and
 * `new RegExp` calls rebuilt from their parts) and fuzzed with adversarial strings (see
 * ./testing/regex-growth.ts): its work must grow linearly, with no exceptions. Shapes a pattern cannot scan
 * in linear time (a bracket, quote or tag opened and never closed, a run read from the end) are read by
 * the scanners in ./text-scan.ts and next to their use instead.
 */

const inventory = inventoryRegexes();
const key = (regex: RegExp) => `${regex.source}/${regex.flags}`;

/** CPU time of one call, in microseconds (this process only). */
async function cpu(task: () => unknown): Promise<number> {
  let best = Infinity;
  for (let trial = 0; trial < 3; trial++) {
    const start = process.cpuUsage();
    await task();
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

describe("regular expressions in lib/questionnaire", () => {
  it("are all inventoried (a new dynamic pattern needs a sample for its run-time input)", () => {
    expect(inventory.uncovered).toEqual([]);
    expect(inventory.regexes.length).toBeGreaterThan(500);
  });

  it("grow linearly on adversarial inputs (every pattern)", { timeout: 900_000 }, () => {
    const seen = new Set<string>();
    const superlinear: string[] = [];
    for (const { where, regex } of inventory.regexes) {
      if (seen.has(key(regex))) continue;
      seen.add(key(regex));
      const { ratio, sample } = growth(regex);
      if (ratio > 3) superlinear.push(`${where} /${regex.source.slice(0, 80)}/ ×${ratio.toFixed(1)} on ${sample}`);
    }
    expect(superlinear).toEqual([]);
  });

  it("flags a quadratic pattern (the check itself can fail)", { timeout: 300_000 }, () => {
    // Trailing whitespace before an anchor: every start position rescans the run, n² / 2 steps. The first
    // superlinear string is enough to flag it.
    expect(growth(/\s*x$/, 3).ratio).toBeGreaterThan(3);
  });

  it("reads an entry line of underscores in linear time (was cubic: 4,000 underscores and `!` took 36 s)", () => {
    expect(growth(ENTRY_LINE).ratio).toBeLessThan(3);
    expect(ENTRY_LINE.test("_____ ... ____ [NUMBER]")).toBe(true);
    expect(ENTRY_LINE.test(" .. __ _ ..")).toBe(false);
    expect(ENTRY_LINE.test(`${"_".repeat(4000)}!`)).toBe(false);
  });

  it("compiles a text file with a long line of underscores in time linear in its length", { timeout: 120_000 }, async () => {
    const compile = (n: number) => () =>
      compileFile(new TextEncoder().encode(`Q1. How old are you?\n${"_".repeat(n)}!\n`), { filename: "q.txt", survey: { id: "s", slug: "s", name: "S" }, questionnaireRevision: null });
    const batch = (n: number) => async () => {
      for (let i = 0; i < 5; i++) await compile(n)();
    };
    await batch(450)();
    await batch(1800)();
    // Four times the length: linear work ≈ ×4, quadratic ×16 (the old pattern was cubic: ×64).
    const ratio = (await cpu(batch(1800))) / (await cpu(batch(450)));
    expect(ratio).toBeLessThan(8);
  });

  it("tokenizes XML with thousands of unterminated `<!--` in linear time, as text up to the first", async () => {
    const xml = (n: number) => `<w:document><w:body><w:p><w:r><w:t>Q1. Age?</w:t></w:r></w:p>${"<!-- <w:p>".repeat(n)}</w:body></w:document>`;
    // Linear ≈ ×2, the old tokenizer ×4; a reading above 3 is taken again (load from other processes inflates one).
    let ratio = Infinity;
    for (let attempt = 0; attempt < 3 && ratio >= 3; attempt++) ratio = Math.min(ratio, (await cpu(() => parseXml(xml(8000)))) / (await cpu(() => parseXml(xml(4000)))));
    expect(ratio).toBeLessThan(3);
    const parsed = parseXml(xml(3));
    expect(JSON.stringify(parsed)).toContain("Q1. Age?");
    // Well-formed input reads as before: attributes, self-closing tags, CDATA, comments and entities.
    const doc = parseXml(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><a x="1" y='&amp;2'><!-- c --><b/><c><![CDATA[<raw>]]>t&lt;</c></a>`);
    expect(doc.children).toEqual([
      { name: "a", attrs: { x: "1", y: "&2" }, children: [{ name: "b", attrs: {}, children: [] }, { name: "c", attrs: {}, children: ["<raw>", "t<"] }] },
    ]);
  });
});
