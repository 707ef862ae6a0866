import type { LanguageModel } from "ai";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { compileQuestionnaire, type CompileOptions } from "./compile";
import { QuestionnaireError } from "./errors";
import { extractDocument } from "./extract";
import type { ExtractedDocument } from "./extract/model";
import type { QuestionnaireIR } from "./ir";
import { enhanceWithModel } from "./model-pass";
import { parseQuestionnaire } from "./parse";
import { type AuditIssue, validateSurveyDocument } from "./validate";

/**
 * The questionnaire compiler: a questionnaire file (Word, PDF, Markdown, text, HTML) in, a programmed
 * survey document out. Deterministic and offline by default; with a language model it also runs a
 * structured-output pass whose findings are reconciled with the rule-based reading.
 */

export { extractDocument, EXTRACTION_LIMITS } from "./extract";
export type { ExtractedDocument, ExtractedLine, ExtractedFormat } from "./extract";
export { parseQuestionnaire } from "./parse";
export { compileQuestionnaire } from "./compile";
export type { CompileOptions } from "./compile";
export { validateSurveyDocument } from "./validate";
export type { AuditIssue, AuditIssueCode, AuditSeverity } from "./validate";
export { QuestionnaireError, isQuestionnaireError, QUESTIONNAIRE_ERROR_CODES } from "./errors";
export type { QuestionnaireErrorCode } from "./errors";
export type { QuestionnaireIR, IRQuestion, IRInfo, IROption, IRItem, QuestionType } from "./ir";
export { ZQuestionnaireIR } from "./ir";
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
  signal?: AbortSignal;
  onProgress?: (event: CompileProgressEvent) => void;
}

export interface Anatomy {
  pages: number;
  blocks: number;
  rules: number;
  questions: number;
}

export interface CompileFileResult {
  ir: QuestionnaireIR;
  document: TSurveyDocument;
  issues: AuditIssue[];
  anatomy: Anatomy;
  extracted: { format: ExtractedDocument["format"]; characters: number; lines: number; pages?: number };
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QuestionnaireError("cancelled", "Compiling the questionnaire was cancelled.");
}

export function anatomyOf(document: TSurveyDocument): Anatomy {
  let blocks = 0;
  let rules = 0;
  let questions = 0;
  for (const page of document.pages) {
    blocks += page.blocks.length;
    rules += page.navigation_rules.length;
    questions += page.blocks.filter((block) => block.config.question).length;
  }
  return { pages: document.pages.length, blocks, rules, questions };
}

export async function compileFile(bytes: Uint8Array, options: CompileFileOptions): Promise<CompileFileResult> {
  const progress = options.onProgress ?? (() => undefined);
  checkAborted(options.signal);
  progress({ phase: "extracting", bytes: bytes.length });
  const extracted = await extractDocument(bytes, { filename: options.filename, contentType: options.contentType, signal: options.signal });
  progress({ phase: "extracted", format: extracted.format, lines: extracted.lines.length, characters: extracted.text.length, pages: extracted.pageCount });
  checkAborted(options.signal);

  let ir = parseQuestionnaire(extracted);
  progress({
    phase: "parsed",
    questions: ir.items.filter((item) => item.kind === "question").length,
    items: ir.items.length,
    sections: ir.sections.length,
  });
  if (options.model) {
    ir = await enhanceWithModel(ir, extracted, options.model, { signal: options.signal, onProgress: progress, instructions: options.instructions });
  }
  checkAborted(options.signal);
  if (!ir.items.some((item) => item.kind === "question")) {
    throw new QuestionnaireError(
      "empty_document",
      "No questions were found in the document. Check that it is the questionnaire itself (numbered questions with their answer options), not a report or a cover letter.",
    );
  }

  const compiled = compileQuestionnaire(ir, { survey: options.survey, questionnaireRevision: options.questionnaireRevision, groupBy: options.groupBy });
  const anatomy = anatomyOf(compiled);
  progress({ phase: "compiled", pages: anatomy.pages, blocks: anatomy.blocks, rules: anatomy.rules });
  const { document, issues } = validateSurveyDocument(compiled);
  progress({ phase: "validated", issues: issues.length, errors: issues.filter((issue) => issue.severity === "error").length });
  return {
    ir,
    document,
    issues,
    anatomy,
    extracted: { format: extracted.format, characters: extracted.text.length, lines: extracted.lines.length, pages: extracted.pageCount },
  };
}
