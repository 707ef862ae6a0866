import { describe, expect, it } from "vitest";
import { bracketedTexts, enclosedTexts, labelsBeforeBoxes, replaceEnclosed, trailingBracketList, withoutTags, withoutTrailingBrackets, withoutTrailingParenthetical } from "./text-scan";

/**
 * The scanners replace regular expressions that rescan the rest of the text from every unterminated opener
 * (issue 18.1). Each must return exactly what its pattern returns — checked here against the pattern itself on
 * random strings made of the characters that matter — and take linear time where the pattern took quadratic.
 */

function randomStrings(alphabet: string[], count = 4000, seed = 7): string[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    const length = next(14);
    for (let j = 0; j < length; j++) text += alphabet[next(alphabet.length)];
    out.push(text);
  }
  return out;
}

const BASE = [" ", "  ", "\t", "\n", "a", "Q1", "x y", ",", ".", "-"];

function cpuMicros(task: () => unknown): number {
  let best = Infinity;
  for (let trial = 0; trial < 3; trial++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 20; i++) task();
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

describe("text scanners", () => {
  const cases: { name: string; alphabet: string[]; scanner: (text: string) => unknown; pattern: (text: string) => unknown; slow: (n: number) => string }[] = [
    {
      name: "bracketedTexts",
      alphabet: [...BASE, "[", "]", "[]"],
      scanner: bracketedTexts,
      pattern: (text) => [...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]),
      slow: (n) => "[a".repeat(n),
    },
    {
      name: "enclosedTexts (quotes)",
      alphabet: [...BASE, '"', "「", "『", "」", "』"],
      scanner: (text) => enclosedTexts(text, '"「『', '"」』'),
      pattern: (text) => [...text.matchAll(/["「『]([^"」』]+)["」』]/g)].map((m) => m[1]),
      slow: (n) => "『a".repeat(n),
    },
    {
      name: "withoutTags",
      alphabet: [...BASE, "<", ">", "<b>", "<>"],
      scanner: (text) => withoutTags(text, " "),
      pattern: (text) => text.replace(/<[^>]+>/g, " "),
      slow: (n) => "<a".repeat(n),
    },
    {
      name: "withoutTrailingBrackets",
      alphabet: [...BASE, "[", "]", "[x]", "?"],
      scanner: withoutTrailingBrackets,
      pattern: (text) => text.replace(/(?:\s*\[[^\]]*\])+\s*$/, ""),
      slow: (n) => "[a".repeat(n),
    },
    {
      name: "withoutTrailingParenthetical",
      alphabet: [...BASE, "(", ")", "(x)"],
      scanner: withoutTrailingParenthetical,
      pattern: (text) => text.replace(/\s*\([^)]*\)\s*$/, ""),
      slow: (n) => "(a".repeat(n),
    },
    {
      name: "replaceEnclosed",
      alphabet: [...BASE, "(", ")", "（", "）", "[", "]"],
      scanner: (text) => replaceEnclosed(text, ["()", "（）", "[]"], " "),
      pattern: (text) => text.replace(/\([^)]*\)|（[^）]*）|\[[^\]]*\]/g, " "),
      slow: (n) => "(a[a（a".repeat(n),
    },
    {
      name: "labelsBeforeBoxes",
      alphabet: [...BASE, "☐", "□", "Yes", "No"],
      scanner: (text) => labelsBeforeBoxes(text, "☐□▢◻❑"),
      pattern: (text) => [...text.matchAll(/([^☐□▢◻❑]+?)\s*[☐□▢◻❑](?=\s|$)/g)].map((m) => m[1]),
      slow: (n) => "a".repeat(n),
    },
    {
      name: "trailingBracketList",
      alphabet: [...BASE, "[", "]", "[a, b]", "?"],
      scanner: trailingBracketList,
      pattern: (text) => {
        const match = /\[([^\]]*,[^\]]*)\]\s*$/.exec(text);
        return match ? { index: match.index, list: match[1] } : null;
      },
      slow: (n) => "[,".repeat(n),
    },
  ];

  for (const { name, alphabet, scanner, pattern, slow } of cases) {
    it(`${name} returns what its pattern returns`, () => {
      for (const text of randomStrings(alphabet)) expect(scanner(text), JSON.stringify(text)).toEqual(pattern(text));
    });

    it(`${name} reads an unterminated run in linear time`, () => {
      // Load on a shared machine can inflate one measurement: a ratio counts as superlinear only if every one of
      // three measurements shows it (a quadratic scanner reads ≈ 4 each time, a linear one ≈ 2).
      let ratio = Infinity;
      for (let attempt = 0; attempt < 3 && ratio >= 3.5; attempt++) {
        ratio = Math.min(ratio, cpuMicros(() => scanner(slow(40_000))) / Math.max(cpuMicros(() => scanner(slow(20_000))), 1));
      }
      expect(ratio).toBeLessThan(3.5);
    });
  }
});
