import { type ConditionAst, type ConditionRef, ConditionSyntaxError, conditionLeaves, parseCondition, printCondition } from "@/lib/questionnaire/conditions";
import type { TChoice, TSurveyDocument } from "@/lib/survey-document/schemas";

/**
 * Where conditions live in a survey document, and edits of them through the condition AST (never by
 * replacing text): renaming a variable, changing an option code.
 */

export type ConditionSite = {
  /** The page, block or rule the condition belongs to. */
  elementId: string;
  /** For people: `block Q3`, `option 2 of Q3`, `rule 1 of page "S1"`. */
  where: string;
  condition: string;
  /** What holds it, as content operations address it. */
  holder: { kind: "rule"; rule_id: string } | { kind: "block"; block_id: string } | { kind: "choice"; block_id: string; list: "options" | "rows" | "columns"; value: string };
  set: (condition: string) => void;
};

export function conditionSites(document: TSurveyDocument): ConditionSite[] {
  const sites: ConditionSite[] = [];
  for (const page of document.pages) {
    for (const block of page.blocks) {
      const label = block.config.question?.variable ?? `text block on page "${page.name}"`;
      const config = block.config;
      if (config.showIf) {
        sites.push({ elementId: block.id, where: `display condition of ${label}`, condition: config.showIf, holder: { kind: "block", block_id: block.id }, set: (value) => (config.showIf = value) });
      }
      for (const list of ["options", "rows", "columns"] as const) {
        for (const choice of config.question?.[list] ?? []) {
          if (!choice.showIf) continue;
          sites.push({
            elementId: block.id,
            where: `display condition of ${CHOICE_NOUN[list]} ${choice.value} of ${label}`,
            condition: choice.showIf,
            holder: { kind: "choice", block_id: block.id, list, value: choice.value },
            set: (value) => (choice.showIf = value),
          });
        }
      }
    }
    [...page.navigation_rules]
      .sort((a, b) => a.order - b.order)
      .forEach((rule, index) => {
        if (rule.condition) {
          sites.push({
            elementId: rule.id,
            where: `rule ${index + 1} of page "${page.name}"`,
            condition: rule.condition,
            holder: { kind: "rule", rule_id: rule.id },
            set: (value) => (rule.condition = value),
          });
        }
      });
  }
  return sites;
}

export const CHOICE_NOUN = { options: "option", rows: "row", columns: "column" } as const;

export function tryParse(condition: string): ConditionAst | null {
  try {
    return parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return null;
    throw error;
  }
}

/** The canonical printed form of a condition (throws ConditionSyntaxError with the position). */
export function canonical(condition: string): string {
  return printCondition(parseCondition(condition));
}

type Leaf = ReturnType<typeof conditionLeaves>[number];

/** A copy of the AST with every comparison (leaf) passed through `map`. */
export function mapLeaves(ast: ConditionAst, map: (leaf: Leaf) => Leaf): ConditionAst {
  switch (ast.type) {
    case "or":
    case "and":
      return { type: ast.type, operands: ast.operands.map((operand) => mapLeaves(operand, map)) };
    case "not":
      return { type: "not", operand: mapLeaves(ast.operand, map) };
    default:
      return map(ast);
  }
}

export function mentions(ast: ConditionAst, variable: string): boolean {
  return conditionLeaves(ast).some((leaf) => leaf.ref.variable === variable);
}

/** Sites whose (parseable) condition names `variable`, optionally ignoring some elements (those being deleted). */
export function sitesNaming(document: TSurveyDocument, variable: string, ignore: ReadonlySet<string> = new Set()): ConditionSite[] {
  return conditionSites(document).filter((site) => {
    if (ignore.has(site.elementId)) return false;
    const ast = tryParse(site.condition);
    return ast !== null && mentions(ast, variable);
  });
}

/** Rewrites every parseable condition that `rewrite` changes; returns the sites changed. */
export function rewriteConditions(document: TSurveyDocument, rewrite: (leaf: Leaf) => Leaf): ConditionSite[] {
  const changed: ConditionSite[] = [];
  for (const site of conditionSites(document)) {
    const ast = tryParse(site.condition);
    if (!ast) continue;
    let touched = false;
    const next = mapLeaves(ast, (leaf) => {
      const result = rewrite(leaf);
      if (result !== leaf) touched = true;
      return result;
    });
    if (touched) {
      site.set(printCondition(next));
      changed.push(site);
    }
  }
  return changed;
}

export function renameRef(ref: ConditionRef, from: string, to: string): ConditionRef {
  return ref.variable === from ? { ...ref, variable: to } : ref;
}

/** Which comparisons use the codes of a list: options and columns are compared values; rows are `{VAR.ROW}` references. */
export function leafUsesCode(leaf: Leaf, variable: string, list: "options" | "rows" | "columns", code: string): boolean {
  if (leaf.ref.variable !== variable) return false;
  if (list === "rows") return leaf.ref.row === code;
  if (leaf.type !== "compare") return false;
  if (list === "columns" ? leaf.ref.row === undefined : leaf.ref.row !== undefined) return false;
  const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
  return values.some((value) => String(value) === code);
}

export function recodeLeaf(leaf: Leaf, variable: string, list: "options" | "rows" | "columns", from: string, to: string): Leaf {
  if (!leafUsesCode(leaf, variable, list, from)) return leaf;
  if (list === "rows") return { ...leaf, ref: { ...leaf.ref, row: to } };
  if (leaf.type !== "compare") return leaf;
  const swap = (value: string | number | (string | number)[]): typeof leaf.value =>
    Array.isArray(value) ? (value.map((item) => (String(item) === from ? to : item)) as typeof leaf.value) : String(value) === from ? to : value;
  return { ...leaf, value: swap(leaf.value as string | number | (string | number)[]) };
}

export type ChoiceList = "options" | "rows" | "columns";
export type { TChoice };
