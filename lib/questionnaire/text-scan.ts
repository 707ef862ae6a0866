/**
 * Linear-time scanners for the few text shapes a regular expression can only match by rescanning the rest of
 * the input from every candidate start (issue 18.1): a bracket opened and never closed ("[a[a[a…") makes
 * `\[[^\]]*\]` read to the end of the text once per "[". Each function returns exactly what the pattern in
 * its comment returns, in one pass.
 */

const isSpace = (ch: string) => /\s/.test(ch);

/**
 * The text between each opener and the next closer, in order, skipping empty pairs: with openers `["「『]` and
 * closers `["」』]`, `[...text.matchAll(/["「『]([^"」』]+)["」』]/g)].map((m) => m[1])`.
 */
export function enclosedTexts(text: string, openers: string, closers: string): string[] {
  const out: string[] = [];
  for (let from = 0; ; ) {
    let open = from;
    while (open < text.length && !openers.includes(text[open])) open++;
    if (open >= text.length) break;
    let close = open + 1;
    while (close < text.length && !closers.includes(text[close])) close++;
    // No closer after this opener means none after any later opener either.
    if (close >= text.length) break;
    if (close > open + 1) {
      out.push(text.slice(open + 1, close));
      from = close + 1;
    } else from = open + 1;
  }
  return out;
}

/** The contents of each `[…]` in order: `[...text.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1])`. */
export const bracketedTexts = (text: string) => enclosedTexts(text, "[", "]");

/** The text with each tag replaced: `text.replace(/<[^>]+>/g, replacement)`. */
export function withoutTags(text: string, replacement = ""): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<", from);
    if (open < 0) break;
    const close = text.indexOf(">", open + 1);
    if (close < 0) break;
    if (close > open + 1) {
      out += text.slice(from, open) + replacement;
      from = close + 1;
    } else {
      out += text.slice(from, open + 1);
      from = open + 1;
    }
  }
  return out + text.slice(from);
}

/** The text without a run of the given characters at its end: `text.replace(/[…]+$/, "")`, read from the end. */
export function withoutTrailing(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

/** The text without its trailing bracketed notes: `text.replace(/(?:\s*\[[^\]]*\])+\s*$/, "")`, read from the end. */
export function withoutTrailingBrackets(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text[end - 1])) end--;
  let cut = -1;
  while (end > 0 && text[end - 1] === "]") {
    const close = end - 1;
    // The group's "[" is the first one after the previous "]" (its text cannot hold a "]").
    const previous = text.lastIndexOf("]", close - 1);
    const open = text.indexOf("[", previous + 1);
    if (open < 0 || open >= close) break;
    let start = open;
    while (start > previous + 1 && isSpace(text[start - 1])) start--;
    cut = start;
    // Another group can precede this one only if nothing but spaces separates them.
    if (start !== previous + 1) break;
    end = previous + 1;
  }
  return cut < 0 ? text : text.slice(0, cut);
}

/** The text without a parenthesis closing it: `text.replace(/\s*\([^)]*\)\s*$/, "")`, read from the end. */
export function withoutTrailingParenthetical(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text[end - 1])) end--;
  if (end < 2 || text[end - 1] !== ")") return text;
  // The group's "(" is the first one after the previous ")".
  const previous = text.lastIndexOf(")", end - 2);
  const open = text.indexOf("(", previous + 1);
  if (open < 0 || open >= end - 1) return text;
  let start = open;
  while (start > 0 && isSpace(text[start - 1])) start--;
  return text.slice(0, start);
}

/**
 * Each enclosed span replaced, for pairs such as `["()", "（）", "[]"]`:
 * `text.replace(/\([^)]*\)|（[^）]*）|\[[^\]]*\]/g, replacement)` (an opener with no closer after it stays).
 */
export function replaceEnclosed(text: string, pairs: readonly string[], replacement: string): string {
  let out = "";
  let from = 0;
  // Per pair, the next closer after the opener last looked at (-1: none left), so the text is read once.
  const nextClose = new Map<string, number>();
  for (let i = 0; i < text.length; i++) {
    const pair = pairs.find((candidate) => candidate[0] === text[i]);
    if (!pair) continue;
    let close = nextClose.get(pair) ?? -2;
    if (close !== -1 && close <= i) {
      close = text.indexOf(pair[1], i + 1);
      nextClose.set(pair, close);
    }
    if (close < 0) continue;
    out += text.slice(from, i) + replacement;
    from = close + 1;
    i = close;
  }
  return out + text.slice(from);
}

/**
 * The label before each box that ends one ("Yes ☐  No ☐"), for boxes such as "☐□▢◻❑":
 * `[...line.matchAll(/([^☐□▢◻❑]+?)\s*[☐□▢◻❑](?=\s|$)/g)].map((m) => m[1])`.
 */
export function labelsBeforeBoxes(line: string, boxes: string): string[] {
  const out: string[] = [];
  for (let from = 0; ; ) {
    let start = from;
    while (start < line.length && boxes.includes(line[start])) start++;
    if (start >= line.length) break;
    let box = start + 1;
    while (box < line.length && !boxes.includes(line[box])) box++;
    if (box >= line.length) break;
    if (box + 1 === line.length || isSpace(line[box + 1])) {
      let end = box;
      while (end > start + 1 && isSpace(line[end - 1])) end--;
      out.push(line.slice(start, end));
    }
    from = box + 1;
  }
  return out;
}

/**
 * A bracketed list closing the text ("How old are you? [17 or younger, 18 to 24]"): where its "[" is and what it
 * holds — `/\[([^\]]*,[^\]]*)\]\s*$/`, read from the end.
 */
export function trailingBracketList(text: string): { index: number; list: string } | null {
  let end = text.length;
  while (end > 0 && isSpace(text[end - 1])) end--;
  if (end < 2 || text[end - 1] !== "]") return null;
  const close = end - 1;
  const previous = text.lastIndexOf("]", close - 1);
  const open = text.indexOf("[", previous + 1);
  if (open < 0 || open >= close) return null;
  const list = text.slice(open + 1, close);
  return list.includes(",") ? { index: open, list } : null;
}
