import { ConditionSyntaxError, conditionLeaves } from "@/lib/questionnaire/conditions";
import type {
  TBlockConfig,
  TChoice,
  TDocumentBlock,
  TDocumentNavigationRule,
  TDocumentPage,
  TFlag,
  TQuestion,
  TSurveyDocument,
  TVariable,
} from "@/lib/survey-document/schemas";
import {
  CHOICE_NOUN,
  type ChoiceList,
  canonical,
  leafUsesCode,
  recodeLeaf,
  renameRef,
  rewriteConditions,
  sitesNaming,
  tryParse,
  conditionSites,
} from "./conditions";
import { ContentOperationError } from "./errors";
import { attentionOf } from "./flags";
import { type OperationOf, type TContentChange, type TContentOperation, type TContentOperationInput, ZContentOperation } from "./schemas";

/**
 * `applyContentOperations(document, operations)`: the pure core of every content edit. Applies the
 * operations in order to a copy of the document and describes each change for people. All or nothing:
 * the first operation that cannot be applied throws a ContentOperationError naming it, and nothing of
 * the batch applies. No I/O; safe in the browser.
 */

export type ApplyContext = {
  /** Recorded on dismissed flags (`api_key:…`, `user:…`, `workflow:…`). */
  actor?: string;
  now?: Date;
  /** Id generator for new elements without a given id (default: UUIDv7). */
  newId?: () => string;
  /** Error detail paths; default `operations[<index>].<field>`. */
  pathOf?: (index: number, field: string) => string;
};

export type ApplyResult = {
  document: TSurveyDocument;
  changes: TContentChange[];
  /** The operations as applied: every created element's id filled in, so replaying them yields the same ids. */
  applied: TContentOperation[];
};

export function applyContentOperations(document: TSurveyDocument, operations: readonly (TContentOperation | TContentOperationInput)[], context: ApplyContext = {}): ApplyResult {
  const editor = new Editor(structuredClone(document), context);
  const applied: TContentOperation[] = [];
  operations.forEach((raw, index) => {
    const parsed = ZContentOperation.safeParse(raw);
    if (!parsed.success) {
      throw new ContentOperationError("validation_error", `Operation ${index} is not valid.`, index, {
        details: parsed.error.issues.map((issue) => ({ path: editor.path(index, issue.path.map(String).join(".")), message: issue.message })),
      });
    }
    applied.push(editor.apply(parsed.data, index));
  });
  return { document: editor.document, changes: editor.changes, applied };
}

function excerpt(text: string, length = 40): string {
  const flat = text.replace(/[\\*_#>`]/g, "").replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

function byOrder<T extends { order: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}

/** Re-numbers a list 0..n-1 in its current order (after inserting or removing) and returns it sorted. */
function renumber<T extends { order: number }>(items: T[]): T[] {
  const sorted = byOrder(items);
  sorted.forEach((item, index) => (item.order = index));
  return sorted;
}

/** Puts `item` at `position` (default last) of an ordered list, re-numbering the list. */
function insertAt<T extends { order: number }>(items: T[], item: T, position: number | undefined): T[] {
  const sorted = byOrder(items);
  sorted.splice(Math.min(position ?? sorted.length, sorted.length), 0, item);
  sorted.forEach((entry, index) => (entry.order = index));
  return sorted;
}

function uuidV7(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  const now = Date.now();
  for (let index = 0; index < 6; index++) bytes[index] = Math.floor(now / 2 ** (8 * (5 - index))) & 0xff;
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Located<T> = { page: TDocumentPage; item: T };

class Editor {
  readonly changes: TContentChange[] = [];
  private index = 0;

  constructor(
    readonly document: TSurveyDocument,
    private readonly context: ApplyContext,
  ) {}

  path(index: number, field: string): string {
    return this.context.pathOf ? this.context.pathOf(index, field) : `operations[${index}]${field ? `.${field}` : ""}`;
  }

  private newId(): string {
    return (this.context.newId ?? uuidV7)();
  }

  // ---------------------------------------------------------------- errors
  private notFound(resource: string, id: string, field: string): never {
    throw new ContentOperationError("not_found", `No ${resource} with id "${id}" in this survey.`, this.index, {
      resource,
      details: [{ path: this.path(this.index, field), message: `unknown ${resource} id` }],
    });
  }

  private invalid(message: string, field: string, extra: Record<string, unknown> = {}): never {
    throw new ContentOperationError("validation_error", message, this.index, { details: [{ path: this.path(this.index, field), message, ...extra }] });
  }

  private conflict(message: string, field: string): never {
    throw new ContentOperationError("conflict", message, this.index, { details: [{ path: this.path(this.index, field), message }] });
  }

  private inUse(what: string, sites: { elementId: string; where: string; condition: string }[]): never {
    throw new ContentOperationError(
      "variable_in_use",
      `${what} is named by ${sites.length} condition${sites.length === 1 ? "" : "s"} (${sites.map((site) => site.where).join("; ")}). Change those first, or repeat with force to keep them (they will be flagged).`,
      this.index,
      { details: sites.map((site) => ({ element_id: site.elementId, where: site.where, condition: site.condition })) },
    );
  }

  private condition(text: string, field: string): string {
    try {
      return canonical(text);
    } catch (error) {
      if (error instanceof ConditionSyntaxError) {
        this.invalid(`The condition is not valid: ${error.message}.`, field, { position: error.position });
      }
      throw error;
    }
  }

  private record(change: TContentChange): void {
    this.changes.push(change);
  }

  // ---------------------------------------------------------------- lookups
  private page(id: string, field = "page_id"): TDocumentPage {
    return this.document.pages.find((page) => page.id === id) ?? this.notFound("page", id, field);
  }

  private block(id: string, field = "block_id"): Located<TDocumentBlock> {
    for (const page of this.document.pages) {
      const item = page.blocks.find((block) => block.id === id);
      if (item) return { page, item };
    }
    return this.notFound("block", id, field);
  }

  private rule(id: string, field = "rule_id"): Located<TDocumentNavigationRule> {
    for (const page of this.document.pages) {
      const item = page.navigation_rules.find((rule) => rule.id === id);
      if (item) return { page, item };
    }
    return this.notFound("rule", id, field);
  }

  private question(block: TDocumentBlock, field = "block_id"): TQuestion {
    return block.config.question ?? this.conflict(`The block ${this.blockLabel(block)} is a text block, not a question.`, field);
  }

  private choices(block: TDocumentBlock, list: ChoiceList): TChoice[] {
    const question = this.question(block);
    return (question[list] ??= []);
  }

  private choice(block: TDocumentBlock, list: ChoiceList, value: string, field = "value"): TChoice {
    return (
      this.choices(block, list).find((choice) => choice.value === value) ??
      this.notFound(CHOICE_NOUN[list], `${value}" of "${this.blockLabel(block)}`, field)
    );
  }

  private idIsFree(id: string, field = "id"): string {
    const taken =
      this.document.pages.some((page) => page.id === id || page.blocks.some((block) => block.id === id) || page.navigation_rules.some((rule) => rule.id === id)) ||
      this.document.variables.some((variable) => variable.id === id);
    if (taken) this.conflict(`The id "${id}" is already used in this survey.`, field);
    return id;
  }

  /** All variable names in use: declared variables and the questions' variables. */
  private variableNames(): Set<string> {
    const names = new Set(this.document.variables.map((variable) => variable.name));
    for (const page of this.document.pages) for (const block of page.blocks) if (block.config.question) names.add(block.config.question.variable);
    return names;
  }

  private assertNewVariable(name: string, field: string): void {
    if (this.variableNames().has(name)) this.conflict(`A variable named ${name} already exists in this survey.`, field);
  }

  private freeVariableName(base: string): string {
    const names = this.variableNames();
    for (let suffix = 2; ; suffix++) if (!names.has(`${base}_${suffix}`)) return `${base}_${suffix}`;
  }

  private pageLabel(page: TDocumentPage): string {
    return page.name;
  }

  private blockLabel(block: TDocumentBlock): string {
    return block.config.question?.variable ?? `"${excerpt(block.config.content) || "empty text"}"`;
  }

  private ruleLabel(page: TDocumentPage, rule: TDocumentNavigationRule): string {
    const target = this.document.pages.find((candidate) => candidate.id === rule.target_page_id);
    return `${page.name} → ${target?.name ?? "(a deleted page)"}`;
  }

  // ---------------------------------------------------------------- dispatch
  apply(operation: TContentOperation, index: number): TContentOperation {
    this.index = index;
    switch (operation.op) {
      case "add_page":
        return this.addPage(operation);
      case "update_page":
        return this.updatePage(operation);
      case "delete_page":
        return this.deletePage(operation);
      case "move_page":
        return this.movePage(operation);
      case "duplicate_page":
        return this.duplicatePage(operation);
      case "set_first_page":
        return this.setFirstPage(operation);
      case "add_block":
        return this.addBlock(operation);
      case "update_block":
        return this.updateBlock(operation);
      case "delete_block":
        return this.deleteBlock(operation);
      case "move_block":
        return this.moveBlock(operation);
      case "duplicate_block":
        return this.duplicateBlock(operation);
      case "add_choice":
        return this.addChoice(operation);
      case "update_choice":
        return this.updateChoice(operation);
      case "delete_choice":
        return this.deleteChoice(operation);
      case "move_choice":
        return this.moveChoice(operation);
      case "add_rule":
        return this.addRule(operation);
      case "update_rule":
        return this.updateRule(operation);
      case "delete_rule":
        return this.deleteRule(operation);
      case "reorder_rules":
        return this.reorderRules(operation);
      case "set_show_if":
        return this.setShowIf(operation);
      case "add_variable":
        return this.addVariable(operation);
      case "rename_variable":
        return this.renameVariableOperation(operation);
      case "delete_variable":
        return this.deleteVariable(operation);
      case "dismiss_flag":
        return this.dismissFlag(operation);
      case "flag_for_review":
        return this.flagForReview(operation);
    }
  }

  // ---------------------------------------------------------------- pages
  private addPage(operation: OperationOf<"add_page">): TContentOperation {
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    const page: TDocumentPage = {
      id,
      name: operation.name,
      order: 0,
      ...(operation.assign_response_status ? { assign_response_status: operation.assign_response_status } : {}),
      blocks: [],
      navigation_rules: [],
    };
    this.document.pages = insertAt(this.document.pages, page, operation.position);
    if (this.document.first_page_id === null) this.document.first_page_id = id;
    this.record({
      op: operation.op,
      element: { kind: "page", id, label: page.name },
      summary: `Added page "${page.name}"${page.assign_response_status ? ` (ends the response: ${page.assign_response_status})` : ""}`,
    });
    return { ...operation, id };
  }

  private updatePage(operation: OperationOf<"update_page">): TContentOperation {
    const page = this.page(operation.page_id);
    const label = page.name;
    if (operation.name !== undefined && operation.name !== page.name) {
      this.record({ op: operation.op, element: { kind: "page", id: page.id, label }, field: "name", before: page.name, after: operation.name, summary: `Page "${label}" renamed to "${operation.name}"` });
      page.name = operation.name;
    }
    if (operation.assign_response_status !== undefined && (operation.assign_response_status ?? undefined) !== page.assign_response_status) {
      const before = page.assign_response_status ?? null;
      if (operation.assign_response_status === null) delete page.assign_response_status;
      else page.assign_response_status = operation.assign_response_status;
      this.record({
        op: operation.op,
        element: { kind: "page", id: page.id, label: page.name },
        field: "assign_response_status",
        before,
        after: operation.assign_response_status,
        summary:
          operation.assign_response_status === null
            ? `Page "${page.name}" no longer ends the response`
            : `Page "${page.name}" ends the response: ${operation.assign_response_status}`,
      });
    }
    return operation;
  }

  private deletePage(operation: OperationOf<"delete_page">): TContentOperation {
    const page = this.page(operation.page_id);
    const incoming = this.document.pages.flatMap((source) =>
      source.id === page.id ? [] : source.navigation_rules.filter((rule) => rule.target_page_id === page.id).map((rule) => ({ source, rule })),
    );
    const removedIds = new Set([page.id, ...page.blocks.map((block) => block.id), ...page.navigation_rules.map((rule) => rule.id)]);
    if (!operation.force) {
      if (incoming.length > 0) {
        throw new ContentOperationError(
          "conflict",
          `Rules of other pages lead to "${page.name}" (${incoming.map(({ source, rule }) => this.ruleLabel(source, rule)).join("; ")}). Point them elsewhere first, or repeat with force: the page goes and those rules stay, flagged (the validation fix removes them).`,
          this.index,
          { details: incoming.map(({ source, rule }) => ({ rule_id: rule.id, page_id: source.id, where: this.ruleLabel(source, rule) })) },
        );
      }
      const sites = page.blocks.flatMap((block) => (block.config.question ? sitesNaming(this.document, block.config.question.variable, removedIds) : []));
      if (sites.length > 0) this.inUse(`A question on page "${page.name}"`, sites);
    }
    const dangling = incoming.map(({ source, rule }) => ({ rule, label: this.ruleLabel(source, rule) }));
    this.document.pages = renumber(this.document.pages.filter((candidate) => candidate !== page));
    this.dropQuestionVariables(page.blocks);
    if (this.document.first_page_id === page.id) this.document.first_page_id = this.document.pages[0]?.id ?? null;
    this.record({
      op: operation.op,
      element: { kind: "page", id: page.id, label: page.name },
      summary: `Deleted page "${page.name}" with ${page.blocks.length} block${page.blocks.length === 1 ? "" : "s"} and ${page.navigation_rules.length} rule${page.navigation_rules.length === 1 ? "" : "s"}`,
    });
    for (const { rule, label } of dangling) {
      this.record({
        op: operation.op,
        element: { kind: "rule", id: rule.id, label },
        field: "target_page_id",
        summary: `Rule ${label} now leads to a deleted page (flagged; the validation fix removes it)`,
      });
    }
    return operation;
  }

  private movePage(operation: OperationOf<"move_page">): TContentOperation {
    const page = this.page(operation.page_id);
    const before = page.order;
    this.document.pages = insertAt(this.document.pages.filter((candidate) => candidate !== page), page, operation.position);
    if (page.order !== before) {
      this.record({ op: operation.op, element: { kind: "page", id: page.id, label: page.name }, field: "order", before, after: page.order, summary: `Moved page "${page.name}" to position ${page.order + 1}` });
    }
    return operation;
  }

  private duplicatePage(operation: OperationOf<"duplicate_page">): TContentOperation {
    const original = this.page(operation.page_id);
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    const copy: TDocumentPage = {
      ...structuredClone(original),
      id,
      name: operation.name ?? `${original.name} (copy)`,
      blocks: [],
      navigation_rules: [],
    };
    delete copy.attention_required;
    this.document.pages = insertAt(this.document.pages, copy, original.order + 1);
    // New ids derive from the page id, so replaying the applied operation recreates the same elements.
    byOrder(original.blocks).forEach((block, position) => {
      copy.blocks.push(this.copyBlock(block, derivedId(id, `block-${position}`), undefined, position));
    });
    copy.navigation_rules = byOrder(original.navigation_rules).map((rule, position) => {
      const duplicate = structuredClone(rule);
      delete duplicate.attention_required;
      return { ...duplicate, id: derivedId(id, `rule-${position}`), order: position };
    });
    this.record({ op: operation.op, element: { kind: "page", id, label: copy.name }, summary: `Duplicated page "${original.name}" as "${copy.name}"` });
    return { ...operation, id };
  }

  private setFirstPage(operation: OperationOf<"set_first_page">): TContentOperation {
    const page = this.page(operation.page_id);
    if (this.document.first_page_id !== page.id) {
      const before = this.document.first_page_id;
      this.document.first_page_id = page.id;
      this.record({ op: operation.op, element: { kind: "survey", id: null, label: "start page" }, field: "first_page_id", before, after: page.id, summary: `Respondents now start on "${page.name}"` });
    }
    return operation;
  }

  // ---------------------------------------------------------------- blocks
  private buildQuestion(input: NonNullable<OperationOf<"add_block">["question"]>, field: string): TQuestion {
    const question: TQuestion = { variable: input.variable, required: input.required };
    for (const list of ["options", "rows", "columns"] as const) {
      if (input[list]) question[list] = this.choiceList(input[list], `${field}.${list}`);
    }
    if (input.min !== undefined) question.min = input.min;
    if (input.max !== undefined) question.max = input.max;
    if (input.randomize !== undefined) question.randomize = input.randomize;
    return question;
  }

  /** Validates a whole list of choices: unique codes, canonical conditions. */
  private choiceList(choices: readonly TChoice[], field: string): TChoice[] {
    const seen = new Set<string>();
    return choices.map((choice, position) => {
      if (seen.has(choice.value)) this.invalid(`The code ${choice.value} appears twice.`, `${field}.${position}.value`);
      seen.add(choice.value);
      return this.cleanChoice(choice, `${field}.${position}`);
    });
  }

  private cleanChoice(choice: TChoice, field: string): TChoice {
    const clean: TChoice = { value: choice.value, label: choice.label };
    if (choice.exclusive) clean.exclusive = true;
    if (choice.other) clean.other = true;
    if (choice.showIf) clean.showIf = this.condition(choice.showIf, `${field}.showIf`);
    return clean;
  }

  private addBlock(operation: OperationOf<"add_block">): TContentOperation {
    const page = this.page(operation.page_id);
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    if (operation.type === "text" && operation.question) this.invalid("A text block has no question; leave `question` out or choose a question type.", "question");
    if (operation.type !== "text" && !operation.question) this.invalid(`A ${operation.type} block needs \`question\` (at least its \`variable\`).`, "question");
    const config: TBlockConfig = { type: operation.type, content: operation.content, content_type: "markdown" };
    if (operation.question) {
      this.assertNewVariable(operation.question.variable, "question.variable");
      config.question = this.buildQuestion(operation.question, "question");
    }
    if (operation.showIf) config.showIf = this.condition(operation.showIf, "showIf");
    if (operation.source) config.source = operation.source;
    const block: TDocumentBlock = { id, order: 0, config };
    page.blocks = insertAt(page.blocks, block, operation.position);
    if (config.question) this.declareQuestionVariable(block, derivedId(id, "variable"));
    this.record({
      op: operation.op,
      element: { kind: "block", id, label: this.blockLabel(block) },
      summary: `Added ${config.question ? `question ${config.question.variable} (${config.type})` : `text block ${this.blockLabel(block)}`} on page "${page.name}"`,
    });
    return { ...operation, id };
  }

  private declareQuestionVariable(block: TDocumentBlock, id: string): void {
    const question = block.config.question!;
    const label = excerpt(block.config.content.split("\n")[0] ?? "", 200);
    this.document.variables.push({ id, name: question.variable, type: "question", block_id: block.id, ...(label ? { label } : {}) });
  }

  private dropQuestionVariables(blocks: TDocumentBlock[]): void {
    const ids = new Set(blocks.map((block) => block.id));
    const names = new Set(blocks.flatMap((block) => (block.config.question ? [block.config.question.variable] : [])));
    this.document.variables = this.document.variables.filter(
      (variable) => !(variable.block_id && ids.has(variable.block_id)) && !(variable.type === "question" && names.has(variable.name)),
    );
  }

  private updateBlock(operation: OperationOf<"update_block">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const config = block.config;
    const label = () => this.blockLabel(block);
    const note = (field: string, before: unknown, after: unknown, summary: string) =>
      this.record({ op: operation.op, element: { kind: "block", id: block.id, label: label() }, field, before, after, summary });

    if (operation.content !== undefined && operation.content !== config.content) {
      note("content", config.content, operation.content, `${label()}: wording changed`);
      config.content = operation.content;
    }
    if (operation.type !== undefined && operation.type !== config.type) {
      const before = config.type;
      if (operation.type === "text" && config.question) {
        const variable = config.question.variable;
        const sites = sitesNaming(this.document, variable, new Set([block.id]));
        if (sites.length > 0 && !operation.force) this.inUse(`The variable ${variable}`, sites);
        this.dropQuestionVariables([block]);
        delete config.question;
      } else if (before === "text" && !config.question) {
        if (!operation.variable) this.invalid(`Turning a text block into a ${operation.type} question needs \`variable\`.`, "variable");
        this.assertNewVariable(operation.variable, "variable");
        config.question = { variable: operation.variable, required: operation.required ?? true };
        this.declareQuestionVariable(block, derivedId(block.id, `variable-${operation.variable}`));
      }
      config.type = operation.type;
      note("type", before, operation.type, `${label()}: ${before} → ${operation.type}`);
    }
    if (operation.variable !== undefined && config.question && operation.variable !== config.question.variable) {
      const sharing = this.document.pages.flatMap((candidate) => candidate.blocks).filter((other) => other !== block && other.config.question?.variable === config.question!.variable);
      if (sharing.length > 0) this.renameDuplicate(block, operation.variable, operation.op);
      else this.renameVariable(config.question.variable, operation.variable, operation.op, "variable");
    }
    const questionFields = ["required", "options", "rows", "columns", "min", "max", "randomize"] as const;
    if (questionFields.some((field) => operation[field] !== undefined)) {
      const question = this.question(block);
      if (operation.required !== undefined && operation.required !== question.required) {
        note("required", question.required, operation.required, `${label()}: ${operation.required ? "now required" : "now optional"}`);
        question.required = operation.required;
      }
      for (const list of ["options", "rows", "columns"] as const) {
        const next = operation[list];
        if (next === undefined) continue;
        const cleaned = this.choiceList(next, list);
        const before = question[list] ?? [];
        if (JSON.stringify(before) === JSON.stringify(cleaned)) continue;
        question[list] = cleaned;
        const codes = (choices: TChoice[]) => choices.map((choice) => choice.value).join(", ") || "none";
        note(list, before, cleaned, `${label()}: ${list} ${codes(before)} → ${codes(cleaned)}`);
      }
      for (const field of ["min", "max", "randomize"] as const) {
        const next = operation[field];
        if (next === undefined || (next ?? undefined) === question[field]) continue;
        const before = question[field] ?? null;
        if (next === null) delete question[field];
        else (question as Record<string, unknown>)[field] = next;
        note(field, before, next, `${label()}: ${field} ${before ?? "none"} → ${next ?? "none"}`);
      }
    }
    return operation;
  }

  private deleteBlock(operation: OperationOf<"delete_block">): TContentOperation {
    const { page, item: block } = this.block(operation.block_id);
    const variable = block.config.question?.variable;
    if (variable && !operation.force) {
      const sites = sitesNaming(this.document, variable, new Set([block.id]));
      if (sites.length > 0) this.inUse(`The variable ${variable}`, sites);
    }
    page.blocks = renumber(page.blocks.filter((candidate) => candidate !== block));
    this.dropQuestionVariables([block]);
    this.record({ op: operation.op, element: { kind: "block", id: block.id, label: this.blockLabel(block) }, summary: `Deleted ${variable ? `question ${variable}` : `text block ${this.blockLabel(block)}`} from page "${page.name}"` });
    return operation;
  }

  private moveBlock(operation: OperationOf<"move_block">): TContentOperation {
    const { page, item: block } = this.block(operation.block_id);
    const destination = operation.page_id ? this.page(operation.page_id) : page;
    const before = { page: page.name, order: block.order };
    page.blocks = renumber(page.blocks.filter((candidate) => candidate !== block));
    destination.blocks = insertAt(destination.blocks, block, operation.position);
    if (destination !== page || block.order !== before.order) {
      this.record({
        op: operation.op,
        element: { kind: "block", id: block.id, label: this.blockLabel(block) },
        field: destination !== page ? "page_id" : "order",
        before: destination !== page ? page.id : before.order,
        after: destination !== page ? destination.id : block.order,
        summary: destination !== page ? `Moved ${this.blockLabel(block)} from page "${page.name}" to "${destination.name}"` : `Moved ${this.blockLabel(block)} to position ${block.order + 1} on page "${page.name}"`,
      });
    }
    return operation;
  }

  /** A copy of a block with a fresh id and, for a question, a fresh variable (declared). */
  private copyBlock(block: TDocumentBlock, id: string, variable: string | undefined, order: number): TDocumentBlock {
    const copy: TDocumentBlock = { ...structuredClone(block), id, order };
    delete copy.config.attentionRequired;
    if (copy.config.question) {
      const name = variable ?? this.freeVariableName(block.config.question!.variable);
      if (variable) this.assertNewVariable(variable, "variable");
      copy.config.question.variable = name;
      this.declareQuestionVariable(copy, derivedId(id, "variable"));
    }
    return copy;
  }

  private duplicateBlock(operation: OperationOf<"duplicate_block">): TContentOperation {
    const { page, item: block } = this.block(operation.block_id);
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    const copy = this.copyBlock(block, id, operation.variable, 0);
    page.blocks = insertAt(page.blocks, copy, block.order + 1);
    this.record({ op: operation.op, element: { kind: "block", id, label: this.blockLabel(copy) }, summary: `Duplicated ${this.blockLabel(block)} as ${this.blockLabel(copy)}` });
    return { ...operation, id };
  }

  // ---------------------------------------------------------------- choices
  private choiceElement(block: TDocumentBlock, list: ChoiceList, value: string) {
    return { kind: "choice" as const, id: block.id, label: `${CHOICE_NOUN[list]} ${value} of ${this.blockLabel(block)}` };
  }

  private addChoice(operation: OperationOf<"add_choice">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const list = this.choices(block, operation.list);
    if (list.some((choice) => choice.value === operation.choice.value)) this.conflict(`${this.blockLabel(block)} already has ${CHOICE_NOUN[operation.list]} ${operation.choice.value}.`, "choice.value");
    const choice = this.cleanChoice(operation.choice, "choice");
    list.splice(Math.min(operation.position ?? list.length, list.length), 0, choice);
    this.record({ op: operation.op, element: this.choiceElement(block, operation.list, choice.value), after: choice, summary: `${this.blockLabel(block)}: added ${CHOICE_NOUN[operation.list]} ${choice.value} "${excerpt(choice.label)}"` });
    return operation;
  }

  private updateChoice(operation: OperationOf<"update_choice">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const choice = this.choice(block, operation.list, operation.value);
    const noun = CHOICE_NOUN[operation.list];
    const element = () => this.choiceElement(block, operation.list, choice.value);
    if (operation.label !== undefined && operation.label !== choice.label) {
      this.record({ op: operation.op, element: element(), field: "label", before: choice.label, after: operation.label, summary: `${this.blockLabel(block)}: ${noun} ${choice.value} relabelled "${excerpt(operation.label)}"` });
      choice.label = operation.label;
    }
    for (const flag of ["exclusive", "other"] as const) {
      const next = operation[flag];
      if (next === undefined || Boolean(next) === Boolean(choice[flag])) continue;
      if (next) choice[flag] = true;
      else delete choice[flag];
      this.record({ op: operation.op, element: element(), field: flag, before: !next, after: Boolean(next), summary: `${this.blockLabel(block)}: ${noun} ${choice.value} ${next ? "is" : "is no longer"} ${flag === "exclusive" ? "exclusive" : "an \"other (specify)\""}` });
    }
    if (operation.new_value !== undefined && operation.new_value !== choice.value) {
      if (this.choices(block, operation.list).some((candidate) => candidate.value === operation.new_value)) {
        this.conflict(`${this.blockLabel(block)} already has ${noun} ${operation.new_value}.`, "new_value");
      }
      const from = choice.value;
      choice.value = operation.new_value;
      const variable = block.config.question!.variable;
      const rewritten = rewriteConditions(this.document, (leaf) => recodeLeaf(leaf, variable, operation.list, from, operation.new_value!));
      this.record({
        op: operation.op,
        element: element(),
        field: "value",
        before: from,
        after: operation.new_value,
        summary: `${this.blockLabel(block)}: ${noun} code ${from} → ${operation.new_value}${rewritten.length ? ` (${rewritten.length} condition${rewritten.length === 1 ? "" : "s"} updated)` : ""}`,
      });
    }
    return operation;
  }

  private deleteChoice(operation: OperationOf<"delete_choice">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const choice = this.choice(block, operation.list, operation.value);
    const variable = block.config.question!.variable;
    if (!operation.force) {
      const sites = conditionSites(this.document).filter((site) => {
        const ast = tryParse(site.condition);
        return ast !== null && conditionLeaves(ast).some((leaf) => leafUsesCode(leaf, variable, operation.list, choice.value));
      });
      if (sites.length > 0) this.inUse(`The ${CHOICE_NOUN[operation.list]} ${choice.value} of ${variable}`, sites);
    }
    block.config.question![operation.list] = this.choices(block, operation.list).filter((candidate) => candidate !== choice);
    this.record({ op: operation.op, element: this.choiceElement(block, operation.list, choice.value), before: choice, summary: `${this.blockLabel(block)}: removed ${CHOICE_NOUN[operation.list]} ${choice.value} "${excerpt(choice.label)}"` });
    return operation;
  }

  private moveChoice(operation: OperationOf<"move_choice">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const choice = this.choice(block, operation.list, operation.value);
    const list = this.choices(block, operation.list);
    const before = list.indexOf(choice);
    list.splice(before, 1);
    const after = Math.min(operation.position, list.length);
    list.splice(after, 0, choice);
    if (before !== after) {
      this.record({ op: operation.op, element: this.choiceElement(block, operation.list, choice.value), field: "position", before, after, summary: `${this.blockLabel(block)}: moved ${CHOICE_NOUN[operation.list]} ${choice.value} to position ${after + 1}` });
    }
    return operation;
  }

  // ---------------------------------------------------------------- rules
  private addRule(operation: OperationOf<"add_rule">): TContentOperation {
    const page = this.page(operation.page_id);
    this.page(operation.target_page_id, "target_page_id");
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    const rule: TDocumentNavigationRule = { id, order: 0, target_page_id: operation.target_page_id };
    if (operation.condition) rule.condition = this.condition(operation.condition, "condition");
    page.navigation_rules = insertAt(page.navigation_rules, rule, operation.position);
    this.record({
      op: operation.op,
      element: { kind: "rule", id, label: this.ruleLabel(page, rule) },
      after: { target_page_id: rule.target_page_id, condition: rule.condition ?? null },
      summary: `Added rule ${this.ruleLabel(page, rule)}${rule.condition ? ` when ${rule.condition}` : " (always)"}`,
    });
    return { ...operation, id };
  }

  private updateRule(operation: OperationOf<"update_rule">): TContentOperation {
    const { page, item: rule } = this.rule(operation.rule_id);
    if (operation.target_page_id !== undefined && operation.target_page_id !== rule.target_page_id) {
      const target = this.page(operation.target_page_id, "target_page_id");
      const before = this.ruleLabel(page, rule);
      const previous = rule.target_page_id;
      rule.target_page_id = target.id;
      this.record({ op: operation.op, element: { kind: "rule", id: rule.id, label: before }, field: "target_page_id", before: previous, after: target.id, summary: `Rule ${before} now goes to "${target.name}"` });
    }
    if (operation.condition !== undefined) {
      const next = operation.condition === null ? undefined : this.condition(operation.condition, "condition");
      if (next !== rule.condition) {
        const before = rule.condition ?? null;
        if (next === undefined) delete rule.condition;
        else rule.condition = next;
        this.record({
          op: operation.op,
          element: { kind: "rule", id: rule.id, label: this.ruleLabel(page, rule) },
          field: "condition",
          before,
          after: next ?? null,
          summary: `Rule ${this.ruleLabel(page, rule)}: ${next ? `when ${next}` : "always applies"}${before ? ` (was ${before})` : ""}`,
        });
      }
    }
    return operation;
  }

  private deleteRule(operation: OperationOf<"delete_rule">): TContentOperation {
    const { page, item: rule } = this.rule(operation.rule_id);
    const label = this.ruleLabel(page, rule);
    page.navigation_rules = renumber(page.navigation_rules.filter((candidate) => candidate !== rule));
    this.record({ op: operation.op, element: { kind: "rule", id: rule.id, label }, before: rule, summary: `Deleted rule ${label}${rule.condition ? ` (when ${rule.condition})` : ""}` });
    return operation;
  }

  private reorderRules(operation: OperationOf<"reorder_rules">): TContentOperation {
    const page = this.page(operation.page_id);
    const current = byOrder(page.navigation_rules);
    const ids = operation.rule_ids;
    const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.some((rule) => rule.id === id));
    if (!same) this.invalid(`List every rule of page "${page.name}" exactly once (${current.length} rule${current.length === 1 ? "" : "s"}).`, "rule_ids");
    const before = current.map((rule) => rule.id);
    if (before.join() !== ids.join()) {
      for (const rule of page.navigation_rules) rule.order = ids.indexOf(rule.id);
      page.navigation_rules = byOrder(page.navigation_rules);
      this.record({ op: operation.op, element: { kind: "page", id: page.id, label: page.name }, field: "navigation_rules", before, after: [...ids], summary: `Reordered the rules of page "${page.name}"` });
    }
    return operation;
  }

  // ---------------------------------------------------------------- showIf
  private setShowIf(operation: OperationOf<"set_show_if">): TContentOperation {
    const { item: block } = this.block(operation.block_id);
    const target: { showIf?: string } = operation.choice ? this.choice(block, operation.choice.list, operation.choice.value, "choice.value") : block.config;
    const next = operation.condition === null ? undefined : this.condition(operation.condition, "condition");
    if (next === target.showIf) return operation;
    const before = target.showIf ?? null;
    if (next === undefined) delete target.showIf;
    else target.showIf = next;
    const what = operation.choice ? `${CHOICE_NOUN[operation.choice.list]} ${operation.choice.value} of ${this.blockLabel(block)}` : this.blockLabel(block);
    this.record({
      op: operation.op,
      element: operation.choice ? this.choiceElement(block, operation.choice.list, operation.choice.value) : { kind: "block", id: block.id, label: this.blockLabel(block) },
      field: "showIf",
      before,
      after: next ?? null,
      summary: next ? `${what}: shown only when ${next}` : `${what}: always shown`,
    });
    return operation;
  }

  // ---------------------------------------------------------------- variables
  private findVariable(operation: { variable?: string; variable_id?: string }): { name: string; declared?: TVariable; block?: TDocumentBlock } {
    if (Boolean(operation.variable) === Boolean(operation.variable_id)) this.invalid("Name the variable by `variable` or by `variable_id` (exactly one).", "variable");
    const declared = operation.variable_id
      ? (this.document.variables.find((variable) => variable.id === operation.variable_id) ?? this.notFound("variable", operation.variable_id, "variable_id"))
      : this.document.variables.find((variable) => variable.name === operation.variable);
    const name = declared?.name ?? operation.variable!;
    let block: TDocumentBlock | undefined;
    for (const page of this.document.pages) block ??= page.blocks.find((candidate) => candidate.config.question?.variable === name);
    if (!declared && !block) this.notFound("variable", name, "variable");
    return { name, declared, block };
  }

  private addVariable(operation: OperationOf<"add_variable">): TContentOperation {
    this.assertNewVariable(operation.name, "name");
    const id = operation.id ? this.idIsFree(operation.id) : this.newId();
    this.document.variables.push({ id, name: operation.name, type: operation.type, ...(operation.label ? { label: operation.label } : {}) });
    this.record({ op: operation.op, element: { kind: "variable", id, label: operation.name }, summary: `Added ${operation.type} variable ${operation.name}` });
    return { ...operation, id };
  }

  private renameVariableOperation(operation: OperationOf<"rename_variable">): TContentOperation {
    const { name } = this.findVariable(operation);
    if (name !== operation.new_name) this.renameVariable(name, operation.new_name, operation.op, "new_name");
    return operation;
  }

  /**
   * Gives one of several questions that share a variable (a `duplicate_variable` finding) its own name. The
   * conditions keep naming the first question, which they meant; only this question and its declaration change.
   */
  private renameDuplicate(block: TDocumentBlock, to: string, op: string): void {
    const from = block.config.question!.variable;
    this.assertNewVariable(to, "variable");
    block.config.question!.variable = to;
    const declared = this.document.variables.find((variable) => variable.block_id === block.id);
    if (declared) declared.name = to;
    else this.declareQuestionVariable(block, derivedId(block.id, `variable-${to}`));
    this.record({
      op,
      element: { kind: "variable", id: declared?.id ?? null, label: from },
      field: "name",
      before: from,
      after: to,
      summary: `The second question named ${from} is now ${to} (conditions keep naming the first)`,
    });
  }

  /** Renames a variable everywhere: its declaration, its question, and (through the AST) every condition. */
  private renameVariable(from: string, to: string, op: string, field: string): void {
    this.assertNewVariable(to, field);
    let id: string | null = null;
    for (const variable of this.document.variables) {
      if (variable.name === from) {
        variable.name = to;
        id ??= variable.id ?? null;
      }
    }
    for (const page of this.document.pages) for (const block of page.blocks) if (block.config.question?.variable === from) block.config.question.variable = to;
    const rewritten = rewriteConditions(this.document, (leaf) => (leaf.ref.variable === from ? { ...leaf, ref: renameRef(leaf.ref, from, to) } : leaf));
    this.record({
      op,
      element: { kind: "variable", id, label: from },
      field: "name",
      before: from,
      after: to,
      summary: `Renamed variable ${from} → ${to}${rewritten.length ? ` (${rewritten.length} condition${rewritten.length === 1 ? "" : "s"} updated)` : ""}`,
    });
  }

  private deleteVariable(operation: OperationOf<"delete_variable">): TContentOperation {
    const { name, declared, block } = this.findVariable(operation);
    if (block) {
      this.conflict(`${name} is the variable of a question; delete the question's block instead (delete_block ${block.id}).`, operation.variable_id ? "variable_id" : "variable");
    }
    const sites = sitesNaming(this.document, name);
    if (sites.length > 0 && !operation.force) this.inUse(`The variable ${name}`, sites);
    this.document.variables = this.document.variables.filter((variable) => variable !== declared);
    this.record({
      op: operation.op,
      element: { kind: "variable", id: declared?.id ?? null, label: name },
      before: declared,
      summary: `Deleted variable ${name}${sites.length ? ` (${sites.length} condition${sites.length === 1 ? "" : "s"} still name it and are flagged)` : ""}`,
    });
    return operation;
  }

  // ---------------------------------------------------------------- flags
  private flagged(elementId: string): { label: string; kind: "page" | "block" | "rule"; get: () => TFlag[]; set: (flags: TFlag[]) => void } {
    for (const page of this.document.pages) {
      if (page.id === elementId) {
        return { label: page.name, kind: "page", get: () => flagsOf(page.attention_required), set: (flags) => setAttention(page, "attention_required", flags) };
      }
      for (const block of page.blocks) {
        if (block.id === elementId) {
          return { label: this.blockLabel(block), kind: "block", get: () => flagsOf(block.config.attentionRequired), set: (flags) => setAttention(block.config, "attentionRequired", flags) };
        }
      }
      for (const rule of page.navigation_rules) {
        if (rule.id === elementId) {
          return { label: this.ruleLabel(page, rule), kind: "rule", get: () => flagsOf(rule.attention_required), set: (flags) => setAttention(rule, "attention_required", flags) };
        }
      }
    }
    return this.notFound("page, block or rule", elementId, "element_id");
  }

  private dismissFlag(operation: OperationOf<"dismiss_flag">): TContentOperation {
    const element = this.flagged(operation.element_id);
    const flags = element.get();
    const matches = (flag: TFlag) => !flag.dismissed && (!operation.code || flag.code === operation.code) && (!operation.reason || flag.reason === operation.reason);
    const chosen = flags.filter(matches);
    if (chosen.length === 0) {
      this.notFound(operation.code || operation.reason ? "open flag matching code/reason on" : "open flag on", operation.element_id, operation.code ? "code" : operation.reason ? "reason" : "element_id");
    }
    const at = (this.context.now ?? new Date()).toISOString();
    element.set(flags.map((flag) => (matches(flag) ? { ...flag, dismissed: true, ...(this.context.actor ? { dismissed_by: this.context.actor } : {}), dismissed_at: at } : flag)));
    this.record({
      op: operation.op,
      element: { kind: element.kind, id: operation.element_id, label: element.label },
      field: "attention_required",
      before: chosen.map((flag) => flag.reason),
      summary: `${element.label}: dismissed ${chosen.length === 1 ? `"${excerpt(chosen[0].reason, 80)}"` : `${chosen.length} flags`}`,
    });
    return operation;
  }

  private flagForReview(operation: OperationOf<"flag_for_review">): TContentOperation {
    const element = this.flagged(operation.element_id);
    const flags = element.get();
    if (!flags.some((flag) => flag.source === "note" && flag.reason === operation.reason && !flag.dismissed)) {
      element.set([...flags, { source: "note", reason: operation.reason, dismissed: false }]);
      this.record({ op: operation.op, element: { kind: element.kind, id: operation.element_id, label: element.label }, field: "attention_required", after: operation.reason, summary: `${element.label}: flagged for review — ${excerpt(operation.reason, 80)}` });
    }
    return operation;
  }
}

/** Flags of an attention object; a legacy one (`{ reason, dismissed }` only) reads as one note. */
function flagsOf(attention: { reason: string; dismissed: boolean; flags?: TFlag[] } | undefined): TFlag[] {
  if (!attention) return [];
  return attention.flags ? structuredClone(attention.flags) : [{ source: "note", reason: attention.reason, dismissed: attention.dismissed }];
}

function setAttention<T extends object, K extends keyof T>(target: T, key: K, flags: TFlag[]): void {
  const attention = attentionOf(flags);
  if (attention === undefined) delete target[key];
  else target[key] = attention as T[K];
}

/**
 * A deterministic UUID-shaped id derived from a parent id (a duplicated page's blocks, a new question's
 * variable), so replaying an applied operation creates the same ids. FNV-1a over the parent and the
 * purpose, spread over 122 bits; the version nibble is 8 ("custom", RFC 9562).
 */
export function derivedId(parent: string, purpose: string): string {
  const text = `${parent}/${purpose}`;
  const words: number[] = [];
  for (let seed = 0; seed < 4; seed++) {
    let hash = 0x811c9dc5 ^ (seed * 0x9e3779b1);
    for (let index = 0; index < text.length; index++) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    words.push(hash >>> 0);
  }
  const hex = words.map((word) => word.toString(16).padStart(8, "0")).join("");
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
