import type { LanguageModel } from "ai";
import type { CompileOptions } from "./compile";
import { QuestionnaireError } from "./errors";
import { extractDocument } from "./extract";
import type { ExtractedDocument } from "./extract/model";
import type { IROverride } from "./ir";
import { enhanceWithModel } from "./model-pass";
import { settleAssumptions } from "./overrides";
import { type CompileFileResult, type CompilePhases, finishPhase, parsedEvent, parsePhase } from "./phases";

/**
 * The questionnaire compiler: a questionnaire file (Word, PDF, Markdown, text, HTML) in, a programmed
 * survey document out. Deterministic and offline by default; with a language model it also runs a
 * structured-output pass whose findings are reconciled with the rule-based reading.
 */

export { extractDocument, EXTRACTION_LIMITS } from "./extract";
export type { ExtractedDocument, ExtractedLine, ExtractedFormat } from "./extract";
export { parseQuestionnaire } from "./parse";
export { compileQuestionnaire, compileWithAssumptions } from "./compile";
export type { CompileOptions } from "./compile";
export { validateSurveyDocument } from "./validate";
export type { AuditIssue, AuditIssueCode, AuditSeverity } from "./validate";
export { QuestionnaireError, isQuestionnaireError, QUESTIONNAIRE_ERROR_CODES } from "./errors";
export type { QuestionnaireErrorCode } from "./errors";
export type { QuestionnaireIR, IRQuestion, IRInfo, IROption, IRItem, QuestionType, IRAssumption, IROverride, AssumptionKind, AssumptionCandidate } from "./ir";
export { ZQuestionnaireIR, ZAssumption, ZOverride, ASSUMPTION_KINDS } from "./ir";
export { applyOverrides, settleAssumptions, describeTarget } from "./overrides";
export { textOverride, interpretText, EXPECTED_TEXT } from "./answers";
export type { OverrideResult, OverrideStatus } from "./overrides";
export { mergeAssumptions, reviewFlags } from "./uncertainty";
export { anatomyOf } from "./phases";
export type { Anatomy, CompileFileResult, CompilePhases } from "./phases";
export { parseCondition, evaluateCondition, printCondition, ConditionSyntaxError } from "./conditions";
export type { ConditionAst } from "./conditions";

export type CompileProgressEvent =
  | { phase: "extracting"; bytes: number }
  | { phase: "extracted"; format: ExtractedDocument["format"]; lines: number; characters: number; pages?: number }
  | { phase: "parsed"; questions: number; items: number; sections: number }
  | { phase: "model"; status: "started" | "chunk" | "done" | "skipped" | "failed"; chunk?: number; chunks?: number; added?: number; message?: string }
  | { phase: "compiled"; pages: number; blocks: number; rules: number }
  | { phase: "validated"; issues: number; errors: number };

export interface CompileFileOptions {
  filename?: string;
  contentType?: string;
  survey: CompileOptions["survey"];
  questionnaireRevision: number | null;
  groupBy?: CompileOptions["groupBy"];
  model?: LanguageModel | null;
  /** The author's programming instructions for the target platform; given to the model pass (unused without a model). */
  instructions?: string;
  /** The author's answers to earlier assumptions, applied to the IR before it is compiled (after the model pass). */
  overrides?: readonly IROverride[];
  signal?: AbortSignal;
  onProgress?: (event: CompileProgressEvent) => void;
  /** Where the CPU-bound phases run (default: this thread); see `isolatedPhases` in `./isolated`. */
  phases?: CompilePhases;
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled.");
}

export async function compileFile(bytes: Uint8Array, options: CompileFileOptions): Promise<CompileFileResult> {
  const progress = options.onProgress ?? (() => undefined);
  checkAborted(options.signal);
  progress({ phase: "extracting", bytes: bytes.length });
  const read = options.phases?.extract ?? ((input, extractOptions) => extractDocument(input, extractOptions));
  const extracted = await read(bytes, { filename: options.filename, contentType: options.contentType, signal: options.signal });
  return compileExtracted(extracted, options);
}

/**
 * The compiler after extraction: for a document whose text was already extracted (Interface O's
 * `ai_file_id` caches it, so a file is read once however often it is programmed). The CPU-bound phases
 * (parsing; overrides, compiling and validating) run where `options.phases` says — in this thread by
 * default, in a worker with time and memory limits on the server (`./isolated.ts`); the model pass runs here.
 */
export async function compileExtracted(extracted: ExtractedDocument, options: Omit<CompileFileOptions, "filename" | "contentType">): Promise<CompileFileResult> {
  const progress = options.onProgress ?? (() => undefined);
  const phases = options.phases ?? IN_THREAD;
  progress({ phase: "extracted", format: extracted.format, lines: extracted.lines.length, characters: extracted.text.length, pages: extracted.pageCount });
  checkAborted(options.signal);

  let ir = await phases.parse(extracted, options.signal);
  progress(parsedEvent(ir));
  if (options.model) {
    ir = await enhanceWithModel(ir, extracted, options.model, { signal: options.signal, onProgress: progress, instructions: options.instructions });
    ir.assumptions = settleAssumptions(ir, ir.assumptions ?? []);
  }
  checkAborted(options.signal);
  const finished = await phases.finish(ir, extracted, { survey: options.survey, questionnaireRevision: options.questionnaireRevision, groupBy: options.groupBy, overrides: options.overrides }, options.signal);
  progress({ phase: "compiled", pages: finished.anatomy.pages, blocks: finished.anatomy.blocks, rules: finished.anatomy.rules });
  progress({ phase: "validated", issues: finished.issues.length, errors: finished.issues.filter((issue) => issue.severity === "error").length });
  return finished;
}

const IN_THREAD: CompilePhases = {
  extract: (bytes, options) => extractDocument(bytes, options),
  parse: async (extracted) => parsePhase(extracted),
  finish: async (ir, extracted, options) => finishPhase(ir, extracted, options),
};
