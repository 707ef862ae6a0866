import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { type CompileOptions, compileWithAssumptions } from "./compile";
import { QuestionnaireError } from "./errors";
import type { ExtractedDocument } from "./extract/model";
import type { IRAssumption, IROverride, QuestionnaireIR } from "./ir";
import { applyOverrides, type OverrideResult } from "./overrides";
import { parseQuestionnaire } from "./parse";
import { mergeAssumptions, reviewFlags } from "./uncertainty";
import { type AuditIssue, validateSurveyDocument } from "./validate";

/**
 * The compiler's CPU-bound phases, as plain functions of plain data: they run in this thread or in a
 * worker (`./isolated.ts`, `./worker.ts`), which is why this module imports no model or database code.
 */

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
  /** Everything this compile assumed (parser, compiler, validator), after the overrides were applied. */
  assumptions: IRAssumption[];
  /** One per override given, in order: whether it changed the IR. */
  overrideResults: OverrideResult[];
  /** `text`: the extracted text that every `span` and `source` offset points into. */
  extracted: { format: ExtractedDocument["format"]; characters: number; lines: number; pages?: number; text: string };
}

export type FinishOptions = Pick<CompileOptions, "survey" | "questionnaireRevision" | "groupBy"> & { overrides?: readonly IROverride[] };

/** Where the CPU-bound phases run. */
export interface CompilePhases {
  extract(bytes: Uint8Array, options: { filename?: string; contentType?: string; signal?: AbortSignal }): Promise<ExtractedDocument>;
  parse(extracted: ExtractedDocument, signal?: AbortSignal): Promise<QuestionnaireIR>;
  finish(ir: QuestionnaireIR, extracted: ExtractedDocument, options: FinishOptions, signal?: AbortSignal): Promise<CompileFileResult>;
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

export function parsePhase(extracted: ExtractedDocument): QuestionnaireIR {
  return parseQuestionnaire(extracted);
}

export function parsedEvent(ir: QuestionnaireIR) {
  return {
    phase: "parsed" as const,
    questions: ir.items.filter((item) => item.kind === "question").length,
    items: ir.items.length,
    sections: ir.sections.length,
  };
}

/** Overrides, the empty-document check, compiling and validating. */
export function finishPhase(parsed: QuestionnaireIR, extracted: ExtractedDocument, options: FinishOptions): CompileFileResult {
  let ir = parsed;
  let overrideResults: OverrideResult[] = [];
  if (options.overrides?.length) ({ ir, results: overrideResults } = applyOverrides(ir, options.overrides));
  if (!ir.items.some((item) => item.kind === "question")) {
    throw new QuestionnaireError(
      "empty_document",
      "No questions were found in the document. Check that it is the questionnaire itself (numbered questions with their answer options), not a report or a cover letter.",
    );
  }
  const { document: compiled, assumptions: compileAssumptions } = compileWithAssumptions(ir, {
    survey: options.survey,
    questionnaireRevision: options.questionnaireRevision,
    groupBy: options.groupBy,
  });
  const anatomy = anatomyOf(compiled);
  const { document, issues } = validateSurveyDocument(compiled);
  return {
    ir,
    document,
    issues,
    anatomy,
    assumptions: mergeAssumptions(ir.assumptions ?? [], compileAssumptions, reviewFlags(ir, document, issues)),
    overrideResults,
    extracted: { format: extracted.format, characters: extracted.text.length, lines: extracted.lines.length, pages: extracted.pageCount, text: extracted.text },
  };
}
