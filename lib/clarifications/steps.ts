import { NonRetriableError } from "inngest";
import { getLanguageModel } from "@/lib/ai";
import { db } from "@/lib/db/client";
import { extractedDocumentOf } from "@/lib/files/extraction";
import { readSurveyDefinitionFile } from "@/lib/files/survey-definition";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { compileExtracted, isQuestionnaireError } from "@/lib/questionnaire";
import { isolatedPhases } from "@/lib/questionnaire/isolated";
import { announceChunks, appendChunk } from "@/lib/workflows/runs";
import { modelClarifications } from "./model-questions";
import { draftOf } from "./questions";
import type { TClarificationsOutput, TProbeInput } from "./schemas";
import { answersAsOverrides, recordClarificationsUpdated, serializeClarification } from "./service";

type RunScope = { runId: string; workspaceId: string; surveyId: string };

/**
 * The probe: compile the revision with the answers given so far, and ask about every assumption the
 * session has not asked about in an earlier round (answered, skipped or still open). Idempotent: items of
 * this round written by an interrupted attempt are kept, not asked twice, and their chunks are keyed.
 */
export async function probeQuestionnaire(scope: RunScope, input: TProbeInput): Promise<TClarificationsOutput> {
  const prisma = await db();
  const revision = await prisma.questionnaireRevision.findFirstOrThrow({ where: { surveyId: scope.surveyId, revision: input.questionnaireRevision } });
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: scope.surveyId }, select: { id: true, slug: true, name: true } });
  // A survey definition (QSF, LSS, XLSForm, …) is imported as programmed: there is nothing for its author to clarify.
  const definition = await readSurveyDefinitionFile(scope.workspaceId, revision.fileId);
  const drafts = definition ? [] : await questionsAbout(scope, input, revision.fileId, survey);

  const rows = await prisma.$transaction(
    async (tx) => {
      await tx.clarification.createMany({
        skipDuplicates: true,
        data: drafts.map((draft) => ({
          id: newId("clr"),
          workspaceId: scope.workspaceId,
          surveyId: scope.surveyId,
          sessionId: input.sessionId,
          questionnaireRevision: input.questionnaireRevision,
          round: input.round,
          kind: draft.kind,
          assumptionKey: draft.assumptionKey,
          prompt: draft.prompt,
          questionIds: draft.questionIds,
          context: draft.context,
          options: draft.options as unknown as Prisma.InputJsonValue,
          assumption: draft.assumption as unknown as Prisma.InputJsonValue,
        })),
      });
      const added = await tx.clarification.findMany({ where: { sessionId: input.sessionId, round: input.round }, orderBy: { id: "asc" } });
      for (const row of added) await appendChunk(tx, scope.runId, "clarification", serializeClarification(row), `clarification:${row.id}`);
      await tx.clarificationSession.update({ where: { id: input.sessionId }, data: { status: added.length > 0 ? "open" : "completed" } });
      await recordClarificationsUpdated(tx, scope.workspaceId, input.sessionId, scope.runId);
      return added;
    },
    { timeout: 20_000 },
  );
  announceChunks(scope.runId);
  return { questionnaire_revision: input.questionnaireRevision, clarification_count: rows.length, status: rows.length > 0 ? "open" : "completed" };
}

/** The compiler's assumptions about the questionnaire (and the model's questions, when one is configured) not asked in an earlier round. */
async function questionsAbout(scope: RunScope, input: TProbeInput, fileId: string, survey: { id: string; slug: string; name: string }) {
  const prisma = await db();
  const model = getLanguageModel();
  let compiled;
  let text: string;
  try {
    const { document } = await extractedDocumentOf(scope.workspaceId, fileId);
    text = document.text;
    const answers = await answersAsOverrides(scope.surveyId, input.questionnaireRevision);
    compiled = await compileExtracted(document, {
      survey,
      questionnaireRevision: input.questionnaireRevision,
      model,
      overrides: answers.map((answer) => answer.override),
      // In worker threads with time and memory limits: a slow document must not stall the server.
      phases: isolatedPhases(),
    });
  } catch (error) {
    if (isQuestionnaireError(error)) throw Object.assign(new NonRetriableError(error.message, { cause: error }), { code: error.code });
    throw error;
  }
  const earlier = await prisma.clarification.findMany({ where: { sessionId: input.sessionId, round: { lt: input.round } }, select: { assumptionKey: true, prompt: true } });
  const asked = new Set(earlier.map((row) => row.assumptionKey));
  const drafts = compiled.assumptions.filter((assumption) => !asked.has(assumption.id)).map((assumption) => draftOf(assumption, text));
  if (model) {
    // The model's own questions come on top of the rules'; when it fails, the rules' questions stand.
    try {
      const questionIds = compiled.ir.items.filter((item) => item.kind === "question").map((item) => item.id);
      const found = await modelClarifications(model, { text, questionIds, asked: [...earlier.map((row) => row.prompt), ...drafts.map((draft) => draft.prompt)] });
      drafts.push(...found.filter((assumption) => !asked.has(assumption.id)).map((assumption) => draftOf(assumption, text)));
    } catch (error) {
      log.warn("clarifications: the model pass failed; the rule-based questions stand", { runId: scope.runId, error });
    }
  }

  return drafts;
}

/** A probe that did not complete leaves the session answerable, not stuck in `probing`. */
export async function settleInterruptedProbe(tx: Prisma.TransactionClient, run: { status: string; input: unknown }): Promise<void> {
  if (run.status === "completed") return;
  const input = run.input as Partial<TProbeInput>;
  if (!input.sessionId) return;
  const session = await tx.clarificationSession.findUnique({ where: { id: input.sessionId } });
  if (session?.status === "probing") await tx.clarificationSession.update({ where: { id: session.id }, data: { status: "open" } });
}
