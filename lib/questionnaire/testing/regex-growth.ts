/**
 * Growth of a regular expression's work on adversarial inputs (issue 18.1): each pattern runs over strings
 * of length n and 2n — long runs of each character class and of each literal the pattern names, with and
 * without a failing tail, and unterminated openers one after another — and the work must grow linearly.
 * Work is the CPU time of this process (not wall time, so other processes on the machine do not count),
 * compared within the same run as a ratio between 2n and n, never against an absolute threshold: a
 * linear pattern doubles, a quadratic one quadruples. A suspicious ratio is measured again, batched to
 * last long enough to be read reliably and repeated, before it counts.
 */

const N = 1024;
const SETTLED_NS = 50_000;
const BASE = [" ", "\t", "\n", "a", "A", "0", "_", ".", "-", ",", ":", ";", "|", "[", "]", "(", ")", "<", ">", "#", "*", "/", '"', "'", "=", "!", "?", "{", "}", "…", "é", "問", "\\", "&"];

/** Characters and words the pattern names literally (its escapes undone), to build runs that get it started. */
function literals(source: string): string[] {
  const chars = new Set<string>();
  const words = new Set<string>();
  const plain = source.replace(/\\[dDwWsSbBpPuxcnrtvf0-9k]\{?[\w=]*\}?/g, " ").replace(/\\(.)/g, "$1");
  for (const ch of plain) if (ch.trim() && !"()[]{}^$*+?|".includes(ch)) chars.add(ch);
  for (const word of plain.split(/[()[\]{}^$*+?|\s]/)) {
    if (word.length >= 2 && word.length <= 24) {
      words.add(`${word} `);
      words.add(`${word.toUpperCase()} `);
    }
  }
  return [...chars, ...words];
}

function adversarial(regex: RegExp): ((n: number) => string)[] {
  const units = [...new Set([...BASE, ...literals(regex.source)])];
  const makers: ((n: number) => string)[] = [];
  for (const unit of units) {
    const run = (n: number) => unit.repeat(Math.ceil(n / unit.length));
    makers.push(run, (n) => `${run(n)}\u0000`, (n) => `a${run(n)}!`);
    // Unterminated openers one after another ("[a[a", "<U<U").
    makers.push((n) => `${unit}a`.repeat(Math.ceil(n / (unit.length + 1))));
  }
  return makers;
}

/** Every match over the whole input, as `replace`, `split` and `matchAll` do (a superset of one `exec`). */
function run(regex: RegExp, input: string): void {
  const flags = regex.flags.replace("y", "");
  input.replace(new RegExp(regex.source, flags.includes("g") ? flags : `${flags}g`), "");
}

function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

function measure(regex: RegExp, input: string, reps: number): number {
  let best = Infinity;
  for (let trial = 0; trial < 3; trial++) {
    const start = cpuMicros();
    for (let i = 0; i < reps; i++) run(regex, input);
    best = Math.min(best, cpuMicros() - start);
  }
  return best;
}

/**
 * Wall-clock nanoseconds of one run, the quickest of three: a context switch on a loaded machine inflates a
 * single shot, and every inflated shot would cost the slow, batched measurement below.
 */
function quickest(regex: RegExp, input: string): number {
  let best = Infinity;
  for (let shot = 0; shot < 3; shot++) {
    const start = process.hrtime.bigint();
    run(regex, input);
    best = Math.min(best, Number(process.hrtime.bigint() - start));
  }
  return best;
}

/**
 * Ratio of work at 2n to work at n for the worst adversarial string; linear ≈ 2, quadratic ≈ 4. With `stopAbove`,
 * the first string whose ratio exceeds it ends the search (enough to show a pattern is superlinear: measuring every
 * string of a quadratic pattern costs minutes on a loaded machine).
 */
export function growth(regex: RegExp, stopAbove = Infinity): { ratio: number; sample: string } {
  let worst = { ratio: 0, sample: "" };
  for (const make of adversarial(regex)) {
    const small = make(N);
    const large = make(2 * N);
    const a = quickest(regex, small);
    const b = quickest(regex, large);
    // A 2n-character run that ends within SETTLED_NS did at most a few steps a character (a quadratic pattern
    // takes ≥ n² / 2 steps, milliseconds here): timings that small are noise, and reading their ratio would
    // send nearly every pattern to the batched measurement. Load only ever lengthens a reading, never shortens it.
    if (b < SETTLED_NS || b / Math.max(a, 1) <= 3) continue;
    // Suspicious in a single wall-clock shot: measure CPU time, batched to ~20 ms a measurement.
    // Batched until the smaller input takes at least 10 ms of CPU (a single wall-clock shot can be inflated by a
    // context switch, which would leave each measurement too short to read).
    let reps = Math.max(1, Math.ceil(20_000_000 / Math.max(a, 1)));
    while (measure(regex, small, reps) < 10_000 && reps < 1_000_000) reps *= 2;
    // Other processes on a shared machine can still inflate one measurement (caches, frequency): a ratio
    // above 3 counts only if it is seen three times (a quadratic pattern reads ≈ 4 every time).
    let ratio = Infinity;
    for (let attempt = 0; attempt < 3 && ratio > 3; attempt++) ratio = Math.min(ratio, measure(regex, large, reps) / Math.max(measure(regex, small, reps), 1));
    if (ratio > 3 && ratio < 6) {
      // Between linear and cubic: settle it over a wider span. 8n against n reads ×8 for a linear pattern and
      // ×64 for a quadratic one; the per-doubling ratio (the cube root) stays ≈ 2 or ≈ 4, and load would have to
      // inflate one reading 3.4-fold (not 1.5-fold) to make a linear pattern look superlinear.
      const larger = make(8 * N);
      ratio = Math.cbrt(measure(regex, larger, reps) / Math.max(measure(regex, small, reps), 1));
    }
    if (ratio > worst.ratio) worst = { ratio, sample: JSON.stringify(small.slice(0, 24)) };
    if (worst.ratio > stopAbove) break;
  }
  return worst;
}
