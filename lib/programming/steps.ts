import { NonRetriableError } from "inngest";
import { commitContentChange } from "@/lib/content-operations/commit";
import { db } from "@/lib/db/client";
import { extractedDocumentOf } from "@/lib/files/extraction";
import { readSurveyDefinitionFile } from "@/lib/files/survey-definition";
import { ApiError } from "@/lib/http/errors";
import { pushExport } from "@/lib/integrations/service";
import { appendContentRevision } from "@/lib/content/service";
import { FORMATS, importDefinition, type ExternalPlatform } from "@/lib/platforms/formats";
import { getLanguageModel, modelSettingsFromEnv } from "@/lib/ai";
import { anatomyOf, compileExtracted, isQuestionnaireError, validateSurveyDocument, type CompileProgressEvent } from "@/lib/questionnaire";
import { isolatedPhases } from "@/lib/questionnaire/isolated";
import { getQuestionnaireRevisionOrThrow } from "@/lib/questionnaire-revisions/service";
import { effectiveInstructions } from "@/lib/settings/programming-target";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { ZSurveyDocument, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { announceChunks, appendChunk } from "@/lib/workflows/runs";
import { applyInstructions } from "./instructions";
import type { Platform } from "@/lib/platforms";

/**
 * The programming workflow's steps (the handler in inngest/functions/program-survey.ts strings them
 * together). Each is idempotent: replayed after a crash it leaves the same state behind.
 */

type RunScope = { runId: string; workspaceId: string; surveyId: string };

async function chunk(runId: string, type: string, data: unknown, key: string): Promise<void> {
  await (await db()).$transaction((tx) => appendChunk(tx, runId, type, data, key));
  announceChunks(runId);
}

/** The target of this run: the platform and the instructions that apply (request > survey target > workspace default). */
export async function resolveTarget(scope: RunScope, platform: Platform, requested: string | null) {
  const prisma = await db();
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
  const settings = await getWorkspaceSettings(scope.workspaceId);
  const fallback = effectiveInstructions(platform, survey.programmingPlatform === platform ? survey.programmingInstructions : null, settings);
  const instructions = requested !== null ? { text: requested === "" ? null : requested, source: "request" as const } : fallback;
  await chunk(scope.runId, "progress", { phase: "target", platform, instructions_source: instructions.source }, "progress:target");
  return { platform, instructions: instructions.text, instructionsSource: instructions.source };
}

/**
 * Compiles the asserted questionnaire file into a survey document (compiler ids). The file's text is
 * extracted once and cached (`lib/files/extraction.ts`, Interface O's `ai_file_id`), so programming the
 * same file again — or a file O already read on upload — skips extraction. `instructions` are the effective
 * programming instructions from the resolve-target step (a memoized step result, so a replayed step
 * compiles with the same instructions); they reach the model pass's prompt.
 */
export async function compileQuestionnaireForRun(scope: RunScope, input: { questionnaireRevision: number }, instructions: string | null) {
  const revision = await getQuestionnaireRevisionOrThrow(scope.workspaceId, scope.surveyId, input.questionnaireRevision);
  const survey = await (await db()).survey.findUniqueOrThrow({ where: { id: scope.surveyId }, select: { id: true, slug: true, name: true } });
  let progressWrites = Promise.resolve();
  let progressCount = 0;
  const onProgress = (event: CompileProgressEvent) => {
    const key = `progress:compile:${progressCount++}`;
    progressWrites = progressWrites.then(() => chunk(scope.runId, "progress", event, key)).catch(() => undefined);
  };
  try {
    const form = await importedFormOf(scope, revision.fileId, survey);
    if (form) return form;
    const { file, document: extracted } = await extractedDocumentOf(scope.workspaceId, revision.fileId);
    const model = getLanguageModel();
    // The author's answers to the revision's clarifications, as overrides of the questionnaire IR. Loaded lazily:
    // the clarifications service imports the workflow registry, which imports this module (an import cycle that
    // fails the production build's page-data collection with "Cannot access … before initialization").
    const { answersAsOverrides } = await import("@/lib/clarifications/service");
    const answers = await answersAsOverrides(scope.surveyId, revision.revision);
    const result = await compileExtracted(extracted, {
      survey,
      questionnaireRevision: revision.revision,
      model,
      instructions: instructions ?? undefined,
      overrides: answers.map((answer) => answer.override),
      onProgress,
      // In worker threads with time and memory limits: a slow document must not stall the server.
      phases: isolatedPhases(),
    });
    await progressWrites;
    if (answers.length > 0) {
      // Every answer is reported: applied, already so (changes nothing), or not applicable and why.
      const applied = answers.map((answer, index) => ({
        clarification_id: answer.clarificationId,
        prompt: answer.prompt,
        status: result.overrideResults[index]?.status ?? "not_applicable",
        message: result.overrideResults[index]?.message ?? "The answer was not applied.",
      }));
      await chunk(scope.runId, "clarifications", { questionnaire_revision: revision.revision, answers: applied }, "clarifications");
    }
    let document = result.document;
    if (instructions?.trim()) {
      // What the editing agent's grammar understands is applied here, with or without a model; the run reports each instruction.
      const settings = model ? modelSettingsFromEnv() : null;
      const applied = applyInstructions(document, instructions, { actor: `workflow:${scope.runId}`, model: settings ? `${settings.provider}, ${settings.model}` : null });
      document = applied.document;
      await chunk(scope.runId, "instructions", applied.report, "instructions");
    }
    return { document, fileId: file.id, anatomy: result.anatomy, clarificationsApplied: answers.length };
  } catch (error) {
    await progressWrites;
    if (isQuestionnaireError(error)) {
      // The document itself is the problem: retrying cannot help, the run fails with the reason.
      throw Object.assign(new NonRetriableError(error.message, { cause: error }), { code: error.code });
    }
    throw error;
  }
}

/**
 * A questionnaire file that is a survey definition is imported, not compiled: its questions and logic are
 * already programmed. What the importer could not carry over goes to the run's stream as audit issues.
 */
async function importedFormOf(scope: RunScope, fileId: string, survey: { id: string; slug: string; name: string }) {
  const definition = await readSurveyDefinitionFile(scope.workspaceId, fileId);
  if (!definition) return null;
  const { file, bytes } = definition;
  let imported: ReturnType<typeof importDefinition>;
  try {
    imported = importDefinition(bytes, file.name, survey);
  } catch (error) {
    throw Object.assign(new NonRetriableError(`The survey definition could not be imported: ${(error as Error).message}`), { code: "unsupported_format" });
  }
  await chunk(scope.runId, "progress", { phase: "imported", format: imported.format, platform: imported.platform, warnings: imported.warnings.length }, "progress:imported");
  for (const [index, warning] of imported.warnings.entries()) {
    await chunk(scope.runId, "audit.issue", { code: `import.${warning.code}`, severity: "warning", message: `${warning.element}: ${warning.reason}` }, `audit.issue:import:${index}`);
  }
  return { document: imported.document, fileId: file.id, anatomy: anatomyOf(imported.document) };
}

/**
 * For an external platform: exports the programmed survey to the platform's native source and appends it
 * as that platform's content revision (once per run); every construct the platform cannot express is an
 * `audit.issue` warning in the run's stream.
 */
export async function exportProgrammedContent(scope: RunScope, platform: ExternalPlatform, serviceRevision: number) {
  const prisma = await db();
  const stored = await prisma.contentRevision.findUniqueOrThrow({ where: { surveyId_revision: { surveyId: scope.surveyId, revision: serviceRevision } } });
  const document = ZSurveyDocument.parse(JSON.parse(stored.source));
  const exported = FORMATS[platform].exportSurvey(document);
  const actor = `workflow:${scope.runId}`;
  const revision = await prisma.$transaction(
    async (tx) => {
      const survey = await tx.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
      const earlier = await tx.contentRevision.findFirst({ where: { surveyId: scope.surveyId, platform, userId: actor } });
      if (earlier) return earlier.revision;
      const written = await appendContentRevision(tx, {
        survey,
        platform,
        source: exported.source,
        actor,
        message: `Exported for ${platform} from revision ${serviceRevision}${exported.warnings.length ? ` (${exported.warnings.length} warning${exported.warnings.length === 1 ? "" : "s"})` : ""}`,
        exportWarnings: exported.warnings,
      });
      return written.revision.revision;
    },
    { timeout: 20_000 },
  );
  await chunk(scope.runId, "progress", { phase: "exported", platform, content_revision: revision, warnings: exported.warnings.length }, "progress:exported");
  for (const [index, warning] of exported.warnings.entries()) {
    await chunk(
      scope.runId,
      "audit.issue",
      { code: `export.${warning.code}`, severity: "warning", platform, element: warning.element, message: `${warning.element}: ${warning.reason}` },
      `audit.issue:export:${index}`,
    );
  }
  return { revision, warnings: exported.warnings.length };
}

/** `push: true`: sends the run's export upstream through the workspace's integration of the platform. */
export async function pushProgrammedContent(scope: RunScope, platform: ExternalPlatform, exportRevision: number) {
  const stored = await (await db()).contentRevision.findUniqueOrThrow({ where: { surveyId_revision: { surveyId: scope.surveyId, revision: exportRevision } } });
  try {
    const pushed = await pushExport(scope.workspaceId, scope.surveyId, platform, stored.source, exportRevision);
    await chunk(scope.runId, "progress", { phase: "pushed", platform, ...pushed }, "progress:pushed");
    return pushed;
  } catch (error) {
    if (error instanceof ApiError) throw Object.assign(new NonRetriableError(error.message), { code: error.code });
    throw error;
  }
}

/** Writes the programmed survey (rows + `service` revision) once per run, and marks the survey programmed. */
export async function writeProgrammedContent(scope: RunScope, input: { document: TSurveyDocument; fileId: string; questionnaireRevision: number }) {
  const prisma = await db();
  const revision = await prisma.$transaction(
    async (tx) => {
      const survey = await tx.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
      const written = await commitContentChange({
        tx,
        survey,
        change: { document: input.document },
        actor: `workflow:${scope.runId}`,
        message: `Programmed from questionnaire revision ${input.questionnaireRevision}`,
        workflowRunId: scope.runId,
        legacyFlagSource: "compiler",
      });
      await tx.survey.update({
        where: { id: scope.surveyId },
        data: { programmedFromFileId: input.fileId, programmingCompletedAt: new Date() },
      });
      return written.revision;
    },
    { timeout: 20_000 },
  );
  return { revision: revision.revision };
}

/** Audits the stored document (database ids) into the run's stream: one anatomy chunk, one chunk per issue. */
export async function auditProgrammedContent(scope: RunScope, contentRevision: number) {
  const prisma = await db();
  const stored = await prisma.contentRevision.findUniqueOrThrow({ where: { surveyId_revision: { surveyId: scope.surveyId, revision: contentRevision } } });
  const document = ZSurveyDocument.parse(JSON.parse(stored.source));
  const { issues } = validateSurveyDocument(document);
  const anatomy = {
    pages: document.pages.length,
    blocks: document.pages.reduce((sum, page) => sum + page.blocks.length, 0),
    rules: document.pages.reduce((sum, page) => sum + page.navigation_rules.length, 0),
    questions: document.pages.reduce((sum, page) => sum + page.blocks.filter((block) => block.config.question).length, 0),
    terminate_pages: document.pages.filter((page) => page.assign_response_status === "disqualified").length,
    complete_pages: document.pages.filter((page) => page.assign_response_status === "complete").length,
    content_revision: contentRevision,
  };
  await chunk(scope.runId, "anatomy", anatomy, "anatomy");
  for (const [index, issue] of issues.entries()) await chunk(scope.runId, "audit.issue", issue, `audit.issue:${index}`);
  return { anatomy, issues: issues.length };
}
