import type { Unit } from "./lines";

/**
 * Check items (interviewing-application specifications, Blaise style).
 *
 * Convention: a specification routes with items of their own between the questions, a two-way branch that names
 * both targets — "SEC_C10   If SEC_Q05 = 1, go to SEC_Q10." / "Otherwise, go to SEC_END." — where the targets are
 * labels printed further down (a question, another check item, the module's end marker). Nobody is asked a check
 * item: it is routing. One of its targets is the next thing printed (the branch that carries on); the other is a
 * jump, and every question printed before the farther target is asked only on the branch that carries on.
 *
 * Here each check item becomes a display condition — the branch that carries on, its comparison negated when it is
 * the "Otherwise" one — scoped from the check item up to the farther target's label. Both targets must be labels
 * printed below the check item, else the line is left as it was.
 */

export interface CheckItem {
  /** The comparison as printed ("SEC_Q05 = 1"). */
  condition: string;
  /** The branch that carries on is the "Otherwise" one: the comparison must not hold. */
  negated: boolean;
  /** Unit index of the farther target: the condition covers the questions printed before it. */
  until: number;
  /** How many units the check item fills (its "Otherwise" branch may sit on the next line). */
  length: number;
}

const LABEL = String.raw`[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)*`;
const GO = String.raw`(?:go|skip|continue)\s+(?:on\s+)?(?:to|with)\s+`;
const ELSE = String.raw`(?:otherwise|else|if not)\s*,?\s*`;
const BRANCH = new RegExp(String.raw`^(?:${LABEL}\s+)?if\s+([^,]{1,200}),\s*${GO}(${LABEL})\s*[.;]?(?:\s*${ELSE}${GO}(${LABEL})\s*\.?)?$`, "i");
const OTHERWISE = new RegExp(String.raw`^${ELSE}${GO}(${LABEL})\s*\.?$`, "i");
/** Lines longer than this are prose, never a check item (and patterns never see more). */
const MAX_LINE = 300;

function labelOf(text: string): string | null {
  let token = /^\S{1,40}/.exec(text.trim())?.[0] ?? "";
  while (/[.:)]$/.test(token)) token = token.slice(0, -1);
  return token ? token.toUpperCase() : null;
}

/** The check items of the document, keyed by the unit index where each starts. */
export function checkItems(units: Unit[]): Map<number, CheckItem> {
  const textOf = (index: number) => {
    const unit = units[index];
    return unit?.kind === "line" && unit.line.text.length <= MAX_LINE ? unit.line.text.trim() : null;
  };
  const labels = new Map<string, number[]>();
  units.forEach((unit, index) => {
    const label = unit.kind === "line" ? labelOf(unit.line.text) : null;
    if (!label) return;
    const at = labels.get(label);
    if (at) at.push(index);
    else labels.set(label, [index]);
  });
  const below = (label: string, index: number) => labels.get(label.toUpperCase())?.find((at) => at > index);
  const found = new Map<number, CheckItem>();
  for (let index = 0; index < units.length; index++) {
    const text = textOf(index);
    const branch = text ? BRANCH.exec(text) : null;
    if (!branch) continue;
    const otherwise = branch[3] ? null : OTHERWISE.exec(textOf(index + 1) ?? "");
    const elseTarget = branch[3] ?? otherwise?.[1];
    if (!elseTarget) continue;
    const [then, other] = [below(branch[2], index), below(elseTarget, index)];
    if (then === undefined || other === undefined || then === other) continue;
    found.set(index, { condition: branch[1].trim(), negated: other < then, until: Math.max(then, other), length: otherwise ? 2 : 1 });
  }
  return found;
}

/**
 * Declarations of the variables a module reads ("HHSIZE: (Number of people in the household (from the roster))"),
 * printed as a run of lines, each a name, a colon and its description in brackets. They describe data the
 * application already holds; nobody is asked them. Two or more such lines in a row make a run.
 */
const DECLARATION = /^[A-Z][A-Za-z0-9_]{1,24}:\s*\(.*\)\s*$/;

/** Unit indexes of the lines of every run of variable declarations. */
export function declarationLines(units: Unit[]): Set<number> {
  const declares = (index: number) => {
    const unit = units[index];
    return unit?.kind === "line" && unit.line.text.length <= MAX_LINE && DECLARATION.test(unit.line.text.trim());
  };
  const found = new Set<number>();
  for (let index = 0; index < units.length; index++) {
    if (declares(index) && (declares(index - 1) || declares(index + 1))) found.add(index);
  }
  return found;
}
