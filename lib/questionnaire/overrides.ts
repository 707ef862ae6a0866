import { EXPECTED_TEXT, interpretText } from "./answers";
import { type ConditionAst, ConditionSyntaxError, isConditionVariableName, parseCondition, printCondition } from "./conditions";
import type { IRAssumption, IRItem, IROverride, IRQuestion, IRRoute, QuestionLocator, QuestionnaireIR } from "./ir";
import { normalizeName } from "./parse/logic";

/**
 * Overrides: the author's answers to what the compiler assumed, as changes to the questionnaire IR. Pure:
 * `applyOverrides` returns a new IR and, for every override, whether it changed anything — an answer that
 * changes nothing is reported as such, never silently ignored.
 */

export type OverrideStatus = "changed" | "unchanged" | "not_applicable";

export interface OverrideResult {
  override: IROverride;
  status: OverrideStatus;
  /** What happened, in plain words ("Q4 is now multiple choice."). */
  message: string;
}

export function applyOverrides(input: QuestionnaireIR, overrides: readonly IROverride[]): { ir: QuestionnaireIR; results: OverrideResult[] } {
  const ir: QuestionnaireIR = structuredClone(input);
  const results = overrides.map((override) => ({ override, ...applyOne(ir, override) }));
  const answered = new Set(results.filter((result) => result.status !== "not_applicable" && result.override.assumption).map((result) => result.override.assumption!));
  if (ir.assumptions) ir.assumptions = settleAssumptions(ir, ir.assumptions.filter((assumption) => !answered.has(assumption.id)));
  return { ir, results };
}

type Outcome = { status: OverrideStatus; message: string };
const changed = (message: string): Outcome => ({ status: "changed", message });
const unchanged = (message: string): Outcome => ({ status: "unchanged", message });
const notApplicable = (message: string): Outcome => ({ status: "not_applicable", message });

function findItem(ir: QuestionnaireIR, locator: QuestionLocator): IRItem | undefined {
  const exact = ir.items.find((item) => item.key === locator.key && item.id === locator.id);
  if (exact) return exact;
  // The document was read differently (keys moved): fall back to the printed id when it is unique.
  const byId = ir.items.filter((item) => normalizeName(item.id) === normalizeName(locator.id));
  return byId.length === 1 ? byId[0] : undefined;
}

function findQuestion(ir: QuestionnaireIR, locator: QuestionLocator): IRQuestion | undefined {
  const item = findItem(ir, locator);
  return item?.kind === "question" ? item : undefined;
}

function checkCondition(condition: string): string | null {
  try {
    parseCondition(condition);
    return null;
  } catch (error) {
    return error instanceof ConditionSyntaxError ? error.message : String(error);
  }
}

const TYPE_WORDS: Partial<Record<IRQuestion["type"], string>> = { single: "single choice", multi: "multiple choice", dropdown: "a drop-down list" };

function applyOne(ir: QuestionnaireIR, override: IROverride): Outcome {
  switch (override.kind) {
    case "keep":
      return unchanged("The compiler's reading is kept.");
    case "text": {
      const read = interpretText(ir, override);
      const quoted = override.text.length > 80 ? `${override.text.slice(0, 79)}…` : override.text;
      if (!read) return notApplicable(`"${quoted}" was kept as a note: it could not be read as a change (${EXPECTED_TEXT[override.about]}).`);
      return applyOne(ir, read);
    }
    case "selection_mode": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      if (!["single", "multi", "dropdown"].includes(question.type)) return notApplicable(`${question.id} is not a list of answers (it is read as ${question.type}).`);
      if (question.type === override.mode) return unchanged(`${question.id} is already ${TYPE_WORDS[override.mode]}.`);
      question.type = override.mode;
      return changed(`${question.id} is now ${TYPE_WORDS[override.mode]}.`);
    }
    case "condition": {
      const item = findItem(ir, override.question);
      if (!item) return notApplicable(`${override.question.id} is not in the questionnaire as read now.`);
      if (override.condition !== null) {
        const problem = checkCondition(override.condition);
        if (problem) return notApplicable(`"${override.condition}" is not a valid condition (${problem}).`);
      }
      return override.at.kind === "askIf" ? applyDisplayCondition(item, override) : applyRouteCondition(item, override);
    }
    case "route_target": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      if (override.at.kind === "option") {
        const code = override.at.code;
        const option = question.options.find((entry) => entry.code === code);
        if (!option) return notApplicable(`${question.id} has no answer ${code}.`);
        if (override.target === null) {
          if (!option.route) return unchanged(`Answer ${code} of ${question.id} already continues with the next question.`);
          delete option.route;
          return changed(`Answer ${code} of ${question.id} now continues with the next question.`);
        }
        if (sameTarget(option.route, override.target)) return unchanged(`Answer ${code} of ${question.id} already goes there.`);
        option.route = override.target;
        return changed(`Answer ${code} of ${question.id} now goes to ${describeTarget(override.target)}.`);
      }
      const route = findRoute(question, override.at);
      if (!route) return notApplicable(`The routing "${override.at.text}" is not on ${question.id} as read now.`);
      if (override.target === null) {
        question.routes.splice(question.routes.indexOf(route), 1);
        return changed(`The routing "${route.text}" of ${question.id} is removed.`);
      }
      if (sameTarget(route.target, override.target)) return unchanged(`The routing of ${question.id} already goes there.`);
      route.target = override.target;
      return changed(`The routing "${route.text}" of ${question.id} now goes to ${describeTarget(override.target)}.`);
    }
    case "range": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      if (!["numeric", "rating", "nps"].includes(question.type)) return notApplicable(`${question.id} is not a number question.`);
      if (override.min !== null && override.max !== null && override.min > override.max) return notApplicable(`The lowest value (${override.min}) is above the highest (${override.max}).`);
      const min = override.min ?? undefined;
      const max = override.max ?? undefined;
      if (question.min === min && question.max === max) return unchanged(`${question.id} already has this range.`);
      question.min = min;
      question.max = max;
      if (min === undefined) delete question.min;
      if (max === undefined) delete question.max;
      return changed(`${question.id} now accepts ${describeRange(min, max)}.`);
    }
    case "hidden_variable":
      return applyHiddenVariable(ir, override);
    case "grid_columns": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      if (question.type !== "grid") return notApplicable(`${question.id} is not a grid.`);
      if (new Set(override.columns.map((column) => column.code)).size !== override.columns.length) return notApplicable("The scale's codes repeat.");
      const same = question.columns.length === override.columns.length && question.columns.every((column, index) => column.code === override.columns[index].code && column.label === override.columns[index].label);
      if (same) return unchanged(`${question.id} already uses this scale.`);
      question.columns = override.columns.map((column) => ({ code: column.code, label: column.label, codePrinted: true, span: question.span }));
      return changed(`${question.id} now uses the scale ${override.columns.map((column) => column.label || column.code).join(", ")}.`);
    }
    case "variable": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      if (!isConditionVariableName(override.variable)) return notApplicable(`"${override.variable}" cannot be a variable name (letters, digits, _ and -, starting with a letter).`);
      if (question.variable === override.variable) return unchanged(`${question.id} is already programmed as ${override.variable}.`);
      const taken = ir.items.some((item) => item !== question && item.kind === "question" && item.variable.toUpperCase() === override.variable.toUpperCase());
      if (taken) return notApplicable(`Another question is already programmed as ${override.variable}.`);
      const previous = question.variable;
      question.variable = override.variable;
      renameInConditions(ir, previous, override.variable, question);
      return changed(`${question.id} is now programmed as ${override.variable} (was ${previous}).`);
    }
    case "option_codes": {
      const question = findQuestion(ir, override.question);
      if (!question) return notApplicable(`Question ${override.question.id} is not in the questionnaire as read now.`);
      const selectable = question.options.filter((option) => !option.header);
      if (override.codes.length !== selectable.length) return notApplicable(`${question.id} has ${selectable.length} answers; ${override.codes.length} codes were given.`);
      if (new Set(override.codes).size !== override.codes.length) return notApplicable("The codes given repeat.");
      if (selectable.every((option, index) => option.code === override.codes[index])) return unchanged(`${question.id} already has these codes.`);
      selectable.forEach((option, index) => {
        option.code = override.codes[index];
        option.codePrinted = true;
      });
      return changed(`The answers of ${question.id} now have the codes ${override.codes.join(", ")}.`);
    }
  }
}

function applyDisplayCondition(item: IRItem, override: Extract<IROverride, { kind: "condition" }>): Outcome {
  const index = item.askIf.findIndex((condition) => condition.span.start === override.at.start && condition.text === override.at.text);
  const at = index >= 0 ? index : item.askIf.findIndex((condition) => condition.text === override.at.text);
  if (at < 0) return notApplicable(`The condition "${override.at.text}" is not on ${item.id} as read now.`);
  const condition = item.askIf[at];
  if (override.condition === null) {
    item.askIf.splice(at, 1);
    return changed(`${item.id} is shown to everyone ("${condition.text}" is dropped).`);
  }
  if (condition.condition === override.condition && !condition.unresolved) return unchanged(`${item.id} already has this condition.`);
  item.askIf[at] = { text: condition.text, span: condition.span, condition: override.condition };
  return changed(`${item.id} is shown only when ${override.condition}.`);
}

function applyRouteCondition(item: IRItem, override: Extract<IROverride, { kind: "condition" }>): Outcome {
  if (item.kind !== "question") return notApplicable(`${item.id} is not a question, so it has no routing.`);
  const route = findRoute(item, override.at);
  if (!route) return notApplicable(`The routing "${override.at.text}" is not on ${item.id} as read now.`);
  if (override.condition === null) {
    if (!route.when) return unchanged(`The routing "${route.text}" already applies to everyone.`);
    delete route.when;
    return changed(`The routing "${route.text}" now applies to everyone.`);
  }
  if (route.when?.condition === override.condition && !route.when.unresolved) return unchanged(`The routing "${route.text}" already has this condition.`);
  route.when = { text: route.when?.text ?? route.text, span: route.when?.span ?? route.span, condition: override.condition };
  return changed(`The routing "${route.text}" now applies when ${override.condition}.`);
}

function findRoute(question: IRQuestion, at: { start: number; text: string }): IRRoute | undefined {
  return question.routes.find((route) => route.span.start === at.start && route.text === at.text) ?? question.routes.find((route) => route.text === at.text);
}

function sameTarget(a: IRRoute["target"] | undefined, b: IRRoute["target"]): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b);
}

export function describeTarget(target: IRRoute["target"]): string {
  switch (target.kind) {
    case "question":
      return target.ref;
    case "skip":
      return `the question after ${target.ref}`;
    case "page":
      return `page ${target.label}`;
    case "section":
      return `section ${target.label}`;
    case "terminate":
      return "the screen-out";
    case "end":
      return "the end of the survey";
    case "next":
      return "the next question";
  }
}

function describeRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `numbers from ${min} to ${max}`;
  if (min !== undefined) return `numbers from ${min}`;
  if (max !== undefined) return `numbers up to ${max}`;
  return "any number";
}

function applyHiddenVariable(ir: QuestionnaireIR, override: Extract<IROverride, { kind: "hidden_variable" }>): Outcome {
  const variable = ir.hiddenVariables.find((entry) => entry.name === override.name);
  if (!variable) return notApplicable(`${override.name} is not a variable of the questionnaire as read now.`);
  if (override.source === "question") {
    const wanted = normalizeName(override.question ?? "");
    const question = ir.items.find((item): item is IRQuestion => item.kind === "question" && [item.id, item.variable, ...item.aliases].some((name) => normalizeName(name) === wanted));
    if (!question) return notApplicable(`No question ${override.question ?? ""} was found to take ${override.name} from.`);
    ir.hiddenVariables.splice(ir.hiddenVariables.indexOf(variable), 1);
    renameInConditions(ir, override.name, question.variable);
    return changed(`Conditions on ${override.name} now use the answer to ${question.id}.`);
  }
  const current = variable.kind ?? "hidden";
  if (current === override.source) return unchanged(`${override.name} is already ${override.source === "hidden" ? "a hidden value set before the survey starts" : "computed from answers"}.`);
  variable.kind = override.source;
  return changed(`${override.name} is now ${override.source === "hidden" ? "a hidden value set before the survey starts" : "computed from answers"}.`);
}

function renameAst(ast: ConditionAst, from: string, to: string): ConditionAst {
  switch (ast.type) {
    case "or":
    case "and":
      return { ...ast, operands: ast.operands.map((operand) => renameAst(operand, from, to)) };
    case "not":
      return { ...ast, operand: renameAst(ast.operand, from, to) };
    default:
      return ast.ref.variable === from ? { ...ast, ref: { ...ast.ref, variable: to } } : ast;
  }
}

/** Points every programmed condition that uses `from` at `to` (optionally only those written after `after`). */
function renameInConditions(ir: QuestionnaireIR, from: string, to: string, after?: IRQuestion): void {
  const start = after ? ir.items.indexOf(after) + 1 : 0;
  const rename = (condition: string | undefined) => {
    if (!condition) return condition;
    try {
      return printCondition(renameAst(parseCondition(condition), from, to));
    } catch {
      return condition;
    }
  };
  for (const item of ir.items.slice(start)) {
    for (const condition of item.askIf) condition.condition = rename(condition.condition);
    if (item.kind === "question") for (const route of item.routes) if (route.when) route.when.condition = rename(route.when.condition);
  }
}

/** Drops assumptions the IR no longer bears out (a condition since bound by the model pass or an override, a type since set). */
export function settleAssumptions(ir: QuestionnaireIR, assumptions: IRAssumption[]): IRAssumption[] {
  const byKey = new Map(ir.items.map((item) => [item.key, item]));
  return assumptions.filter((assumption) => {
    const item = byKey.get(assumption.questionKeys[0] ?? "");
    switch (assumption.kind) {
      case "selection_mode":
        return item?.kind === "question" && item.type === "single";
      case "numeric_range":
        return item?.kind === "question" && item.type === "numeric" && item.min === undefined && item.max === undefined;
      case "grid_scale":
        return item?.kind === "question" && (assumption.subject !== undefined || item.columns.length === 0);
      case "unbound_condition": {
        if (!item || !assumption.written) return true;
        const conditions = [...item.askIf, ...(item.kind === "question" ? item.routes.flatMap((route) => (route.when ? [route.when] : [])) : [])];
        return conditions.some((condition) => condition.span.start === assumption.span.start && condition.unresolved);
      }
      case "undefined_variable":
        return ir.hiddenVariables.some((variable) => variable.name === assumption.subject);
      default:
        return true;
    }
  });
}
