import { NonRetriableError } from "inngest";
import { writeContentRevision } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { readFileBytes } from "@/lib/files/read";
import { getLanguageModel } from "@/lib/ai";
import { compileFile, isQuestionnaireError, validateSurveyDocument, type CompileProgressEvent } from "@/lib/questionnaire";
import { getQuestionnaireRevisionOrThrow } from "@/lib/questionnaire-revisions/service";
import { effectiveInstructions } from "@/lib/settings/programming-target";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { ZSurveyDocument, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { announceChunks, appendChunk } from "@/lib/workflows/runs";
import { PROGRAMMABLE_PLATFORMS, type TProgrammingInput } from "./schemas";
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

export function assertProgrammable(platform: Platform): void {
  if (!(PROGRAMMABLE_PLATFORMS as readonly string[]).includes(platform)) {
    throw Object.assign(
      new NonRetriableError(`Programming for ${platform} is not available yet: its exporter arrives with the platform integrations. Choose \`service\`.`),
      { code: "platform_unsupported" },
    );
  }
}

/** The target of this run: the platform and the instructions that apply (request > survey target > workspace default). */
export async function resolveTarget(scope: RunScope, platform: Platform, requested: string | null) {
  assertProgrammable(platform);
  const prisma = await db();
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
  const settings = await getWorkspaceSettings(scope.workspaceId);
  const fallback = effectiveInstructions(platform, survey.programmingPlatform === platform ? survey.programmingInstructions : null, settings);
  const instructions = requested !== null ? { text: requested === "" ? null : requested, source: "request" as const } : fallback;
  await chunk(scope.runId, "progress", { phase: "target", platform, instructions_source: instructions.source }, "progress:target");
  return { platform, instructions: instructions.text, instructionsSource: instructions.source };
}

/**
 * Reads the asserted questionnaire file and compiles it into a survey document (compiler ids). `instructions`
 * are the effective programming instructions from the resolve-target step (a memoized step result, so a
 * replayed step compiles with the same instructions); they reach the model pass's prompt.
 */
export async function compileQuestionnaireForRun(scope: RunScope, input: TProgrammingInput, instructions: string | null) {
  const revision = await getQuestionnaireRevisionOrThrow(scope.workspaceId, scope.surveyId, input.questionnaireRevision);
  const { file, bytes } = await readFileBytes(scope.workspaceId, revision.fileId);
  const survey = await (await db()).survey.findUniqueOrThrow({ where: { id: scope.surveyId }, select: { id: true, slug: true, name: true } });
  let progressWrites = Promise.resolve();
  let progressCount = 0;
  const onProgress = (event: CompileProgressEvent) => {
    const key = `progress:compile:${progressCount++}`;
    progressWrites = progressWrites.then(() => chunk(scope.runId, "progress", event, key)).catch(() => undefined);
  };
  try {
    const result = await compileFile(new Uint8Array(bytes), {
      filename: file.name,
      contentType: file.contentType,
      survey,
      questionnaireRevision: revision.revision,
      model: getLanguageModel(),
      instructions: instructions ?? undefined,
      onProgress,
    });
    await progressWrites;
    return { document: result.document, fileId: file.id, anatomy: result.anatomy };
  } catch (error) {
    await progressWrites;
    if (isQuestionnaireError(error)) {
      // The document itself is the problem: retrying cannot help, the run fails with the reason.
      throw Object.assign(new NonRetriableError(error.message, { cause: error }), { code: error.code });
    }
    throw error;
  }
}

/** Writes the programmed survey (rows + `service` revision) once per run, and marks the survey programmed. */
export async function writeProgrammedContent(scope: RunScope, input: { document: TSurveyDocument; fileId: string; questionnaireRevision: number }) {
  const prisma = await db();
  const revision = await prisma.$transaction(async (tx) => {
    const survey = await tx.survey.findUniqueOrThrow({ where: { id: scope.surveyId } });
    const written = await writeContentRevision(tx, {
      survey,
      platform: "service",
      source: input.document,
      actor: `workflow:${scope.runId}`,
      message: `Programmed from questionnaire revision ${input.questionnaireRevision}`,
      workflowRunId: scope.runId,
    });
    await tx.survey.update({
      where: { id: scope.surveyId },
      data: { programmedFromFileId: input.fileId, programmingCompletedAt: new Date() },
    });
    return written;
  });
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
