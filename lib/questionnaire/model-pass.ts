import { generateText, type LanguageModel, Output } from "ai";
import { z } from "zod";
import { conditionRefs, parseCondition, printCondition } from "./conditions";
import { QuestionnaireError } from "./errors";
import type { ExtractedDocument } from "./extract/model";
import { type IROption, type IRQuestion, QUESTION_TYPES, type QuestionnaireIR, type RouteTarget } from "./ir";
import { normalizeName, parseRouteTarget } from "./parse/logic";
import { normalizeForMatch } from "./parse/patterns";
import { sanitizeVariable } from "./parse";

/**
 * The model pass: a language model reads the extracted text in chunks and returns the questions it sees
 * as structured output (zod schema below). Its answer is reconciled with the rule-based IR, never trusted
 * blindly: it may add questions the rules missed, fill in answer lists the rules could not read and
 * supply conditions the rules could not resolve — every addition is validated (schema, condition syntax,
 * known variables and codes) and marked for review. It never removes what the rules found.
 */

export const ZModelOption = z.object({
  code: z.string().describe("The answer code as printed ('1', '99', 'a'); number the answers 1, 2, 3… when no code is printed."),
  label: z.string().describe("The answer text, without codes or programming notes."),
  // Every field is required (null when absent): strict structured-output modes reject optional properties.
  exclusive: z.boolean().nullable().describe("Selecting it excludes the others (None of these, Don't know)."),
  other: z.boolean().nullable().describe("Asks the respondent to specify (Other, please specify)."),
  goTo: z.string().nullable().describe("Routing written on this answer: a question id, 'terminate' (screen out) or 'end'; null when none."),
});

export const ZModelQuestion = z.object({
  id: z.string().describe("The question id exactly as printed (Q3, S2, A1a, 12, QBRAND1). Empty when the question has no printed id."),
  firstWords: z.string().describe("The first eight to twelve words of the question wording, copied exactly from the text."),
  text: z.string().describe("The question wording, without answer options and programming notes."),
  type: z.enum(QUESTION_TYPES).describe("single, multi, dropdown, grid (matrix), open, numeric, date, ranking, rating, nps, or info for text without an answer."),
  options: z.array(ZModelOption).describe("Answer options (for grids: leave empty and use rows and columns)."),
  rows: z.array(ZModelOption).describe("Grid rows (statements, brands) or items to rank."),
  columns: z.array(ZModelOption).describe("Grid scale columns."),
  askIf: z.string().nullable().describe("The display condition exactly as written (ASK IF …, Show if …, Display This Question: …); null when none."),
  condition: z
    .string()
    .nullable()
    .describe("The display condition in the condition language, e.g. {S1} = '2' and ({S3} anyof ['1','4'] or {Q7} > 17). Values are answer codes in quotes. Null when none."),
  randomize: z.boolean().nullable(),
});

export const ZModelChunk = z.object({ questions: z.array(ZModelQuestion) });
export type TModelQuestion = z.infer<typeof ZModelQuestion>;

/** The same shape read leniently (missing fields defaulted), for models that do not follow the schema exactly. */
const ZLenientOption = z.object({
  code: z.coerce.string().default(""),
  label: z.coerce.string().default(""),
  exclusive: z.boolean().nullable().catch(null).default(null),
  other: z.boolean().nullable().catch(null).default(null),
  goTo: z.string().nullable().catch(null).default(null),
});
const ZLenientChunk = z.object({
  questions: z
    .array(
      z.object({
        id: z.coerce.string().default(""),
        firstWords: z.coerce.string().default(""),
        text: z.coerce.string().default(""),
        type: z.enum(QUESTION_TYPES).catch("single"),
        options: z.array(ZLenientOption).catch([]).default([]),
        rows: z.array(ZLenientOption).catch([]).default([]),
        columns: z.array(ZLenientOption).catch([]).default([]),
        askIf: z.string().nullable().catch(null).default(null),
        condition: z.string().nullable().catch(null).default(null),
        randomize: z.boolean().nullable().catch(null).default(null),
      }),
    )
    .default([]),
});

function lenientQuestions(text: string | undefined): TModelQuestion[] | null {
  if (!text) return null;
  // From the first "{" to the last "}" (what `/\{[\s\S]*\}/` finds, without rescanning the text from every "{").
  const open = text.indexOf("{");
  const close = text.lastIndexOf("}");
  const json = open >= 0 && close > open ? text.slice(open, close + 1) : undefined;
  if (!json) return null;
  try {
    const parsed = ZLenientChunk.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.questions : null;
  } catch {
    return null;
  }
}

const SYSTEM = `You read survey questionnaires written by researchers and list every question in the excerpt you are given.
Rules:
- A question is anything a respondent answers. Introductions, programming notes and headings are not questions (use type "info" only for screens of text the respondent must see).
- Copy ids, wording and answer labels exactly; never invent questions, codes or answers.
- Answer codes: use the printed code; when none is printed number the answers 1, 2, 3 in order.
- Grids (matrix questions): rows are the statements or items, columns the scale.
- Conditions use this language: {VAR} = 'code', {VAR} != 'code', {VAR} anyof ['1','2'], {VAR} noneof ['1'], {VAR} > 3, {VAR.ROW} = 'code', {VAR} empty, {VAR} notempty, count({VAR}) > 0, combined with and / or / not and parentheses. VAR is the printed question id.
- The excerpt may start or end in the middle of a question; list only questions whose wording is in the excerpt.`;

export interface ModelPassOptions {
  signal?: AbortSignal;
  onProgress?: (event: { phase: "model"; status: "started" | "chunk" | "done" | "skipped" | "failed"; chunk?: number; chunks?: number; added?: number; message?: string }) => void;
  /** Characters per chunk sent to the model. */
  chunkSize?: number;
  /** Chunks processed at the same time. */
  concurrency?: number;
  /** Documents needing more chunks than this skip the model pass (cost and time bound). */
  maxChunks?: number;
  /** Time limit for one model call. */
  callTimeoutMs?: number;
  /** The author's programming instructions for the target platform, given to the model with every excerpt. */
  instructions?: string;
}

/** Programming instructions longer than this are cut (they are guidance, not a second questionnaire). */
export const MAX_INSTRUCTIONS = 8_000;

/** The user message for one excerpt: the author's programming instructions (when given), then the excerpt. */
export function chunkPrompt(chunk: TextChunk, index: number, total: number, instructions?: string): string {
  const guidance = instructions?.trim();
  const head = guidance
    ? `The survey's author gave these programming instructions for the target platform. Follow them where they affect how the questionnaire is read (ids, types, codes, conditions, randomization); they are not questions:\n<instructions>\n${guidance.slice(0, MAX_INSTRUCTIONS)}\n</instructions>\n\n`
    : "";
  return `${head}Questionnaire excerpt ${index + 1} of ${total}:\n\n${chunk.text}`;
}

export interface TextChunk {
  start: number;
  end: number;
  text: string;
}

/** Splits the text at line boundaries into chunks of about `size` characters, preferring breaks before question ids. */
export function chunkText(doc: ExtractedDocument, size = 12_000): TextChunk[] {
  const chunks: TextChunk[] = [];
  let start = 0;
  const text = doc.text;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(size * 0.6), end);
      // Prefer a break before a lettered question id, then before a numbered line, then any line.
      const lastOf = (pattern: RegExp) => {
        const matches = [...window.matchAll(pattern)];
        return matches.length ? matches[matches.length - 1].index! : -1;
      };
      let lastBreak = lastOf(/\n(?=(?:Q|[A-Z]{1,4})\d{1,3}[a-z]?[.):\s])/g);
      if (lastBreak < 0) lastBreak = lastOf(/\n(?=\d{1,3}[.)]\s)/g);
      if (lastBreak < 0) lastBreak = window.lastIndexOf("\n");
      if (lastBreak > 0) end = start + Math.floor(size * 0.6) + lastBreak + 1;
    }
    chunks.push({ start, end, text: text.slice(start, end) });
    if (end >= text.length) break;
    // Overlap a little so a question cut at the boundary is seen whole in the next chunk.
    start = Math.max(end - 600, start + 1);
    const newline = text.indexOf("\n", start);
    if (newline > 0 && newline < end) start = newline + 1;
  }
  return chunks;
}

async function readChunk(
  model: LanguageModel,
  chunk: TextChunk,
  index: number,
  total: number,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  instructions: string | undefined,
): Promise<TModelQuestion[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const result = await generateText({
      model,
      system: SYSTEM,
      prompt: chunkPrompt(chunk, index, total, instructions),
      output: Output.object({ schema: ZModelChunk }),
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      maxRetries: 1,
    });
    const parsed = ZModelChunk.safeParse(result.output);
    return parsed.success ? parsed.data.questions : (lenientQuestions(result.text) ?? []);
  } catch (error) {
    // Output that does not match the schema exactly is still read, leniently, when it is JSON.
    const salvaged = lenientQuestions((error as { text?: string }).text);
    if (salvaged) return salvaged;
    throw error;
  }
}

export async function enhanceWithModel(ir: QuestionnaireIR, doc: ExtractedDocument, model: LanguageModel, options: ModelPassOptions = {}): Promise<QuestionnaireIR> {
  const progress = options.onProgress ?? (() => undefined);
  const chunks = chunkText(doc, options.chunkSize);
  const maxChunks = options.maxChunks ?? 60;
  if (chunks.length > maxChunks) {
    const message = `The document is too long for the language model pass (${chunks.length} parts, at most ${maxChunks}); the rule-based reading is used.`;
    progress({ phase: "model", status: "skipped", chunks: chunks.length, message });
    return { ...ir, warnings: [...ir.warnings, message] };
  }
  progress({ phase: "model", status: "started", chunks: chunks.length });
  const found: { question: TModelQuestion; chunk: TextChunk }[] = [];
  const concurrency = Math.max(1, options.concurrency ?? 3);
  let failures = 0;
  let lastError = "";
  for (let i = 0; i < chunks.length; i += concurrency) {
    if (options.signal?.aborted) throw new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled.");
    const batch = chunks.slice(i, i + concurrency);
    const results = await Promise.allSettled(batch.map((chunk, k) => readChunk(model, chunk, i + k, chunks.length, options.signal, options.callTimeoutMs ?? 120_000, options.instructions)));
    results.forEach((result, k) => {
      if (result.status === "fulfilled") for (const question of result.value) found.push({ question, chunk: batch[k] });
      else {
        failures++;
        lastError = (result.reason as Error)?.message ?? String(result.reason);
      }
      progress({ phase: "model", status: "chunk", chunk: i + k + 1, chunks: chunks.length });
    });
  }
  if (options.signal?.aborted) throw new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled.");
  if (failures === chunks.length && chunks.length > 0) {
    progress({ phase: "model", status: "failed", message: lastError });
    return { ...ir, warnings: [...ir.warnings, `The language model pass failed (${lastError}); the rule-based reading is used.`] };
  }
  const merged = reconcile(ir, doc, found);
  progress({ phase: "model", status: "done", added: merged.added });
  return merged.ir;
}

// ------------------------------------------------------------------------------------------ reconciliation

function locate(doc: ExtractedDocument, question: TModelQuestion, chunk: TextChunk): { start: number; end: number } | null {
  const needle = question.firstWords.trim();
  if (needle.length >= 8) {
    const within = doc.text.indexOf(needle, chunk.start);
    if (within >= 0 && within < chunk.end + 200) return { start: within, end: within + Math.max(needle.length, question.text.length) };
    const anywhere = doc.text.indexOf(needle);
    if (anywhere >= 0) return { start: anywhere, end: anywhere + needle.length };
  }
  if (question.id) {
    const pattern = new RegExp(`(^|\\n|\\[)${question.id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
    const match = pattern.exec(doc.text.slice(chunk.start, chunk.end));
    if (match) {
      const at = chunk.start + match.index + match[1].length;
      return { start: at, end: at + question.id.length };
    }
  }
  return null;
}

function toOptions(options: z.infer<typeof ZModelOption>[], span: { start: number; end: number }): IROption[] {
  const seen = new Set<string>();
  const out: IROption[] = [];
  options.forEach((option, index) => {
    let code = option.code.trim() || String(index + 1);
    if (seen.has(code)) code = String(index + 1);
    if (seen.has(code)) return;
    seen.add(code);
    const value: IROption = { code, label: option.label.trim(), codePrinted: Boolean(option.code.trim()), span };
    if (option.exclusive) value.exclusive = true;
    if (option.other) value.other = true;
    if (option.goTo) {
      const target = modelTarget(option.goTo);
      if (target) value.route = target;
    }
    out.push(value);
  });
  return out;
}

function modelTarget(goTo: string): RouteTarget | null {
  const value = goTo.trim();
  if (/^(?:terminate|screen ?out|disqualify|close)$/i.test(value)) return { kind: "terminate" };
  if (/^(?:end|end of survey|complete)$/i.test(value)) return { kind: "end" };
  if (/^[A-Za-z]{0,6}\d{1,3}[a-z]?$|^[A-Z][A-Z0-9_-]{2,}$/.test(value)) return { kind: "question", ref: value };
  return parseRouteTarget(value);
}

function matchQuestion(ir: QuestionnaireIR, question: TModelQuestion): IRQuestion | undefined {
  const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
  if (question.id.trim()) {
    const wanted = normalizeName(question.id);
    const byId = questions.filter((candidate) => [candidate.id, candidate.variable, ...candidate.aliases].some((name) => normalizeName(name) === wanted));
    if (byId.length === 1) return byId[0];
    if (byId.length > 1) {
      const words = normalizeForMatch(question.firstWords);
      return byId.find((candidate) => normalizeForMatch(candidate.text).startsWith(words.slice(0, 30))) ?? byId[0];
    }
  }
  const words = normalizeForMatch(question.firstWords || question.text);
  if (words.length < 12) return undefined;
  return questions.find((candidate) => {
    const text = normalizeForMatch(candidate.text);
    return text.startsWith(words.slice(0, 40)) || (words.length > 30 && text.includes(words.slice(0, 40)));
  });
}

/** Checks a model-written condition: valid syntax, known variables, known codes. Returns it printed canonically. */
function validModelCondition(condition: string | null | undefined, ir: QuestionnaireIR): string | null {
  if (!condition) return null;
  try {
    const ast = parseCondition(condition);
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    for (const ref of conditionRefs(ast)) {
      const question = questions.find((candidate) => [candidate.variable, candidate.id, ...candidate.aliases].some((name) => normalizeName(name) === normalizeName(ref.variable)));
      if (!question) return null;
      ref.variable = question.variable;
    }
    return printCondition(ast);
  } catch {
    return null;
  }
}

export function reconcile(
  ir: QuestionnaireIR,
  doc: ExtractedDocument,
  found: { question: TModelQuestion; chunk: TextChunk }[],
): { ir: QuestionnaireIR; added: number } {
  const next: QuestionnaireIR = structuredClone(ir);
  let added = 0;
  const handled = new Set<string>();
  for (const { question, chunk } of found) {
    if (question.type === "info") continue;
    const key = `${normalizeName(question.id || "")}|${normalizeForMatch(question.firstWords).slice(0, 40)}`;
    if (handled.has(key)) continue;
    handled.add(key);
    const existing = matchQuestion(next, question);
    const span = locate(doc, question, chunk);
    if (existing) {
      const answerless = existing.options.length === 0 && existing.rows.length === 0 && existing.columns.length === 0;
      const choiceType = ["single", "multi", "dropdown", "ranking"].includes(question.type);
      // Answers the rules could not read (no list, no answer field printed) are taken from the model.
      if (answerless && !existing.entry && choiceType && question.options.length >= 2) {
        existing.options = toOptions(question.options, existing.span);
        existing.type = question.type;
        existing.warnings = ["The answer options were read by the language model; check them against the questionnaire."];
      }
      if (existing.type === "grid" && existing.columns.length === 0 && question.columns.length >= 2) {
        existing.columns = toOptions(question.columns, existing.span);
        existing.warnings.push("The grid's scale was read by the language model; check it against the questionnaire.");
      }
      const condition = validModelCondition(question.condition, next);
      const unresolved = existing.askIf.find((entry) => !entry.condition && entry.unresolved);
      if (condition && unresolved) {
        unresolved.condition = condition;
        delete unresolved.unresolved;
        existing.notes.push(`Display condition programmed by the language model from "${unresolved.text}"; check it.`);
      } else if (condition && existing.askIf.length === 0 && question.askIf) {
        const at = span ?? existing.span;
        existing.askIf.push({ text: question.askIf, condition, span: { start: at.start, end: at.end } });
        existing.notes.push(`Display condition found by the language model ("${question.askIf}"); check it.`);
      }
      for (const option of existing.options) {
        if (option.route) continue;
        const suggestion = question.options.find((candidate) => candidate.code === option.code && candidate.goTo);
        const target = suggestion?.goTo ? modelTarget(suggestion.goTo) : null;
        if (target) {
          option.route = target;
          option.routeText = `${suggestion!.goTo} (language model)`;
        }
      }
      continue;
    }
    // A question the rules did not find: add it where its words are, marked for review.
    if (!span || (!question.id.trim() && question.text.trim().length < 10)) continue;
    const options = toOptions(question.options, span);
    const rows = toOptions(question.rows, span);
    const columns = toOptions(question.columns, span);
    if (["single", "multi", "dropdown", "ranking"].includes(question.type) && options.length + rows.length === 0) continue;
    const id = question.id.trim() || `M${added + 1}`;
    const item: IRQuestion = {
      kind: "question",
      key: `m${added + 1}`,
      id,
      printedId: Boolean(question.id.trim()),
      variable: "",
      aliases: [],
      text: question.text.trim(),
      type: question.type,
      options,
      rows,
      columns,
      ...(question.randomize ? { randomize: true } : {}),
      instructions: [],
      notes: [],
      askIf: [],
      routes: [],
      quotas: [],
      span,
      excerpt: doc.text.slice(span.start, Math.min(span.end, span.start + 600)),
      origin: "model",
      warnings: ["Found by the language model, not by the rule-based reader; check it against the questionnaire."],
    };
    const condition = validModelCondition(question.condition, next);
    if (question.askIf) item.askIf.push(condition ? { text: question.askIf, condition, span } : { text: question.askIf, unresolved: "the condition was not understood", span });
    const at = next.items.findIndex((candidate) => candidate.span.start > span.start);
    next.items.splice(at < 0 ? next.items.length : at, 0, item);
    added++;
  }
  // Give the added questions unique variables.
  const used = new Set(next.items.filter((item): item is IRQuestion => item.kind === "question" && item.origin === "rules").map((item) => item.variable.toUpperCase()));
  for (const item of next.items) {
    if (item.kind !== "question" || item.origin !== "model" || item.variable) continue;
    let variable = sanitizeVariable(item.id);
    for (let n = 2; used.has(variable.toUpperCase()); n++) variable = `${sanitizeVariable(item.id)}_${n}`;
    used.add(variable.toUpperCase());
    item.variable = variable;
  }
  return { ir: next, added };
}
