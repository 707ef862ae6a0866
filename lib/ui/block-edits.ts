import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import type { TBlockType, TChoice, TDocumentBlock } from "@/lib/survey-document/schemas";

/**
 * The in-place editor's draft of one block and the content operations that turn the stored block into
 * it. Options, rows and columns are diffed one by one (add / update / delete / move), so History shows
 * each option's label or code before → after and conditions follow a changed code; only when codes are
 * swapped among each other (which one-by-one renames cannot express) is the whole list replaced.
 */

export type ChoiceListName = "options" | "rows" | "columns";

/** One row of a list in the editor; `original` is its code in the stored block (null for a new one). */
export type DraftChoice = { original: string | null; value: string; label: string; exclusive: boolean; other: boolean; showIf?: string };

export type BlockDraft = {
  type: TBlockType;
  content: string;
  variable: string;
  required: boolean;
  options: DraftChoice[];
  rows: DraftChoice[];
  columns: DraftChoice[];
  min: string;
  max: string;
  randomize: boolean;
  showIf: string | null;
};

export const CHOICE_TYPES = new Set<TBlockType>(["single_choice", "multiple_choice", "dropdown"]);

/** Which lists a question type uses, with the names people know them by. */
export function listsFor(type: TBlockType, draft?: Pick<BlockDraft, "rows" | "options">): { list: ChoiceListName; label: string; hint?: string }[] {
  switch (type) {
    case "single_choice":
    case "multiple_choice":
    case "dropdown":
      return [{ list: "options", label: "Answer options" }];
    case "matrix":
      return [
        { list: "rows", label: "Rows (statements)" },
        { list: "columns", label: "Columns (scale)" },
      ];
    case "ranking":
      return draft && draft.rows.length === 0 && draft.options.length > 0 ? [{ list: "options", label: "Items to rank" }] : [{ list: "rows", label: "Items to rank" }];
    case "number":
      return [{ list: "options", label: "Special answers", hint: "Answers a respondent may give instead of a number (“Don't know”, “Will not buy”)." }];
    case "rating":
    case "nps":
      return [{ list: "options", label: "Scale points", hint: "Optional labels for the points of the scale." }];
    default:
      return [];
  }
}

export function hasRange(type: TBlockType): boolean {
  return type === "number" || type === "rating";
}

function draftChoices(choices: readonly TChoice[] | undefined): DraftChoice[] {
  return (choices ?? []).map((choice) => ({
    original: choice.value,
    value: choice.value,
    label: choice.label,
    exclusive: Boolean(choice.exclusive),
    other: Boolean(choice.other),
    ...(choice.showIf ? { showIf: choice.showIf } : {}),
  }));
}

export function draftOf(block: TDocumentBlock): BlockDraft {
  const question = block.config.question;
  return {
    type: block.config.type,
    content: block.config.content,
    variable: question?.variable ?? "",
    required: question?.required ?? true,
    options: draftChoices(question?.options),
    rows: draftChoices(question?.rows),
    columns: draftChoices(question?.columns),
    min: question?.min === undefined ? "" : String(question.min),
    max: question?.max === undefined ? "" : String(question.max),
    randomize: Boolean(question?.randomize),
    showIf: block.config.showIf ?? null,
  };
}

export type DraftProblem = { field: string; message: string };

/** What must be fixed before saving (shown next to the fields). */
export function draftProblems(draft: BlockDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.type !== "text") {
    if (!draft.variable.trim()) problems.push({ field: "variable", message: "Give the question a variable name (Q3, S2a)." });
    else if (!/^[\p{L}\p{N}_-]+$/u.test(draft.variable.trim())) problems.push({ field: "variable", message: "Letters, digits, “_” and “-” only." });
  }
  if (!draft.content.trim()) problems.push({ field: "content", message: draft.type === "text" ? "Write the text respondents see." : "Write the question." });
  for (const { list } of listsFor(draft.type, draft)) {
    const seen = new Set<string>();
    draft[list].forEach((choice, index) => {
      const code = choice.value.trim();
      if (!code) problems.push({ field: `${list}.${index}.value`, message: "Every answer needs a code." });
      else if (seen.has(code)) problems.push({ field: `${list}.${index}.value`, message: `The code ${code} is used twice.` });
      seen.add(code);
    });
  }
  for (const field of ["min", "max"] as const) {
    if (hasRange(draft.type) && draft[field].trim() !== "" && !Number.isFinite(Number(draft[field]))) problems.push({ field, message: "Enter a number." });
  }
  if (hasRange(draft.type) && draft.min.trim() !== "" && draft.max.trim() !== "" && Number(draft.min) > Number(draft.max)) {
    problems.push({ field: "max", message: "The maximum is below the minimum." });
  }
  return problems;
}

function cleanChoice(choice: DraftChoice): TChoice {
  return {
    value: choice.value.trim(),
    label: choice.label,
    ...(choice.exclusive ? { exclusive: true } : {}),
    ...(choice.other ? { other: true } : {}),
    ...(choice.showIf ? { showIf: choice.showIf } : {}),
  };
}

/** The operations that turn one stored list into the draft's. */
export function choiceOperations(blockId: string, list: ChoiceListName, stored: readonly TChoice[], draft: readonly DraftChoice[]): TContentOperationInput[] {
  const kept = new Set(draft.flatMap((choice) => (choice.original === null ? [] : [choice.original])));
  const deleted = stored.filter((choice) => !kept.has(choice.value)).map((choice) => choice.value);
  const renamed = draft.filter((choice) => choice.original !== null && choice.original !== choice.value.trim());
  // A new code that another stored choice still holds at that moment (a swap, or reusing a deleted code
  // before the delete): one-by-one operations cannot express it, so the list is replaced as a whole.
  const remaining = new Set(stored.map((choice) => choice.value).filter((value) => !deleted.includes(value)));
  const clash = renamed.some((choice) => remaining.has(choice.value.trim()));
  if (clash) return [{ op: "update_block", block_id: blockId, [list]: draft.map(cleanChoice) }];

  const operations: TContentOperationInput[] = [];
  for (const value of deleted) operations.push({ op: "delete_choice", block_id: blockId, list, value });
  const order = stored.map((choice) => choice.value).filter((value) => !deleted.includes(value));
  for (const choice of draft) {
    if (choice.original === null) continue;
    const before = stored.find((candidate) => candidate.value === choice.original)!;
    const next = cleanChoice(choice);
    const update: Record<string, unknown> = {};
    if (next.label !== before.label) update.label = next.label;
    if (Boolean(next.exclusive) !== Boolean(before.exclusive)) update.exclusive = Boolean(next.exclusive);
    if (Boolean(next.other) !== Boolean(before.other)) update.other = Boolean(next.other);
    if (next.value !== before.value) update.new_value = next.value;
    if (Object.keys(update).length > 0) operations.push({ op: "update_choice", block_id: blockId, list, value: before.value, ...update } as TContentOperationInput);
    if (next.value !== before.value) order[order.indexOf(before.value)] = next.value;
  }
  const target = draft.map((choice) => choice.value.trim());
  draft.forEach((choice, index) => {
    if (choice.original !== null) return;
    const position = Math.min(index, order.length);
    operations.push({ op: "add_choice", block_id: blockId, list, choice: cleanChoice(choice), position });
    order.splice(position, 0, choice.value.trim());
  });
  target.forEach((value, index) => {
    if (order[index] === value) return;
    operations.push({ op: "move_choice", block_id: blockId, list, value, position: index });
    order.splice(order.indexOf(value), 1);
    order.splice(index, 0, value);
  });
  return operations;
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

/** The operations that turn the stored block into the draft (empty when nothing changed). */
export function blockOperations(block: TDocumentBlock, draft: BlockDraft): TContentOperationInput[] {
  const stored = draftOf(block);
  const question = block.config.question;
  const update: Record<string, unknown> = {};
  if (draft.content !== stored.content) update.content = draft.content;
  if (draft.type !== stored.type) update.type = draft.type;
  const variable = draft.variable.trim();
  if (draft.type !== "text" && variable !== stored.variable) update.variable = variable;
  const becomesQuestion = stored.type === "text" && draft.type !== "text";
  if (draft.type !== "text" && (draft.required !== stored.required || becomesQuestion)) update.required = draft.required;
  if (draft.type !== "text" && hasRange(draft.type)) {
    if (draft.min.trim() !== stored.min) update.min = numberOrNull(draft.min);
    if (draft.max.trim() !== stored.max) update.max = numberOrNull(draft.max);
  }
  if (draft.type !== "text" && draft.randomize !== stored.randomize) update.randomize = draft.randomize ? true : null;
  const operations: TContentOperationInput[] = [];
  if (Object.keys(update).length > 0) operations.push({ op: "update_block", block_id: block.id, ...update } as TContentOperationInput);
  if (draft.type !== "text") {
    for (const { list } of listsFor(draft.type, draft)) {
      operations.push(...choiceOperations(block.id, list, question?.[list] ?? [], draft[list]));
    }
  }
  if ((draft.showIf ?? null) !== (stored.showIf ?? null)) operations.push({ op: "set_show_if", block_id: block.id, condition: draft.showIf });
  return operations;
}

/** A free variable name like the survey's own (`Q12` after `Q11`). */
export function nextVariableName(taken: ReadonlySet<string>, prefix = "Q"): string {
  let highest = 0;
  for (const name of taken) {
    const match = new RegExp(`^${prefix}(\\d+)$`).exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  for (let number = highest + 1; ; number++) if (!taken.has(`${prefix}${number}`)) return `${prefix}${number}`;
}

/** A random UUID (v4) for an element the editor creates and names in the same save; works outside secure contexts too. */
export function newElementId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const TYPE_NAMES: Record<TBlockType, string> = {
  text: "information text",
  single_choice: "single choice",
  multiple_choice: "multiple choice",
  dropdown: "dropdown",
  matrix: "grid",
  open_text: "open text",
  number: "number",
  date: "date",
  rating: "rating",
  nps: "NPS",
  ranking: "ranking",
};

/**
 * The history message of an editor save, in words ("Q2: single choice → dropdown; options"), used when
 * the person writes none — the server's default would quote raw conditions and type ids.
 */
export function describeBlockEdit(block: TDocumentBlock | null, draft: BlockDraft, conditionWords: (condition: string) => string): string {
  const name = draft.type === "text" ? "Text" : draft.variable.trim() || "New question";
  const when = (condition: string | null) => (condition ? `shown only when ${conditionWords(condition)}` : "always shown");
  if (!block) return `Added ${draft.type === "text" ? "an information text" : `question ${name} (${TYPE_NAMES[draft.type]})`}${draft.showIf ? `, ${when(draft.showIf)}` : ""}`;
  const stored = draftOf(block);
  const parts: string[] = [];
  if (draft.type !== stored.type) parts.push(`${TYPE_NAMES[stored.type]} → ${TYPE_NAMES[draft.type]}`);
  if (draft.type !== "text" && draft.variable.trim() !== stored.variable) parts.push(`renamed from ${stored.variable}`);
  if (draft.content !== stored.content) parts.push("wording");
  if (draft.required !== stored.required) parts.push(draft.required ? "required" : "optional");
  for (const { list } of listsFor(draft.type, draft)) {
    if (JSON.stringify(draft[list].map(cleanChoice)) !== JSON.stringify(stored[list].map(cleanChoice))) parts.push(list);
  }
  if (draft.min.trim() !== stored.min || draft.max.trim() !== stored.max) parts.push("range");
  if (draft.randomize !== stored.randomize) parts.push(draft.randomize ? "random order" : "fixed order");
  if ((draft.showIf ?? null) !== (stored.showIf ?? null)) parts.push(when(draft.showIf));
  return `${stored.variable || name}: ${parts.join("; ") || "no change"}`;
}
