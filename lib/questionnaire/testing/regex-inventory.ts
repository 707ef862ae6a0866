import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/**
 * Every regular expression written in `lib/questionnaire` (test files excepted): regex literals as
 * written, and `new RegExp(...)` / `RegExp(...)` calls rebuilt from the constants they are made of
 * (resolved through the module's own declarations) with sample values for the few run-time inputs
 * (question ids, codes). A call whose input cannot be resolved or sampled is reported as uncovered, so a
 * new dynamic pattern cannot escape the fuzz test unnoticed.
 */

export interface InventoriedRegex {
  /** "parse/lines.ts:85" */
  where: string;
  regex: RegExp;
  dynamic: boolean;
}

export interface RegexInventory {
  regexes: InventoriedRegex[];
  uncovered: { where: string; reason: string }[];
}

/** Run-time inputs of dynamic patterns: a value of the shape the code passes, worst case where it matters. */
export const DYNAMIC_SAMPLES: Record<string, unknown> = {
  question: { id: "Q1" },
  cur: { id: { id: "Q1" } },
  draft: { item: { id: "Q1" }, code: "1", label: "" },
  token: "Q1",
  guard: 0,
  // `new RegExp(pattern.source, "gi")` re-flags one of the range patterns (each is inventoried itself).
  pattern: /x/,
};

// `Object.values(…)`: the cue lexicon joins its per-language rows with it (parse/cue-lexicon.ts).
const GLOBALS = new Set(["String", "RegExp", "Object", "undefined"]);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // testing/ holds the tests' own tools (document writers, this inventory), not the compiler.
    if (entry.isDirectory()) {
      if (entry.name !== "testing") out.push(...sourceFiles(full));
    }
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

interface Declaration {
  file: string;
  pos: number;
  init: ts.Expression;
}

export function inventoryRegexes(root = ROOT): RegexInventory {
  const files = sourceFiles(root).map((file) => ({ file, sf: ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true) }));
  const declarations = new Map<string, Declaration[]>();
  for (const { file, sf } of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const list = declarations.get(node.name.text) ?? [];
        list.push({ file, pos: node.getStart(), init: node.initializer });
        declarations.set(node.name.text, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  const resolving = new Set<string>();
  /** Evaluates an expression made of literals, `String.raw` templates and resolvable constants. */
  const evaluate = (expr: ts.Expression, file: string, depth = 0): unknown => {
    if (depth > 8) throw new Error("too deep");
    const names = new Set<string>();
    const collect = (node: ts.Node) => {
      if (ts.isIdentifier(node)) {
        const parent = node.parent;
        // A property's name (`x.name`, `{ name: … }`) is not a variable to resolve.
        const isProperty = (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) && parent.name === node;
        if (!isProperty && !GLOBALS.has(node.text)) names.add(node.text);
      }
      ts.forEachChild(node, collect);
    };
    collect(expr);
    const values: unknown[] = [];
    for (const name of names) {
      if (name in DYNAMIC_SAMPLES) {
        values.push(DYNAMIC_SAMPLES[name]);
        continue;
      }
      const candidates = declarations.get(name) ?? [];
      const sameFile = candidates.filter((d) => d.file === file && d.pos <= expr.getStart());
      const chosen = sameFile.length ? sameFile[sameFile.length - 1] : candidates.find((d) => d.file === file) ?? (candidates.length === 1 ? candidates[0] : undefined);
      if (!chosen) throw new Error(`cannot resolve "${name}"; add a sample to DYNAMIC_SAMPLES`);
      const key = `${chosen.file}:${chosen.pos}`;
      if (resolving.has(key)) throw new Error(`circular "${name}"`);
      resolving.add(key);
      try {
        values.push(evaluate(chosen.init, chosen.file, depth + 1));
      } finally {
        resolving.delete(key);
      }
    }
    return new Function(...names, `return (${expr.getText()});`)(...values);
  };

  const regexes: InventoriedRegex[] = [];
  const uncovered: RegexInventory["uncovered"] = [];
  for (const { file, sf } of files) {
    const rel = path.relative(root, file);
    const visit = (node: ts.Node) => {
      const where = () => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        regexes.push({ where: where(), regex: new Function(`return ${node.getText()};`)() as RegExp, dynamic: false });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText() === "RegExp") {
        try {
          const value = evaluate(node as ts.Expression, file);
          if (!(value instanceof RegExp)) throw new Error("not a RegExp");
          regexes.push({ where: where(), regex: value, dynamic: true });
        } catch (error) {
          uncovered.push({ where: where(), reason: (error as Error).message });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { regexes, uncovered };
}
