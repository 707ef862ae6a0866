import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { lockSurveyRow, tipServiceDocument } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { IRAssumption } from "@/lib/questionnaire/ir";
import { reviewOf, type ReviewItem } from "@/lib/review/items";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { optionsOf } from "./questions";
import type { TClarification, ZAskFindingBody } from "./schemas";
import { recordClarificationsUpdated, serializeClarification } from "./service";

/**
 * The review panel's "Ask" action (issue 17): a finding on the programmed survey becomes a clarification of
 * the tip questionnaire revision, so the author answers it with the others. Asking twice about one finding
 * returns the item already asked.
 */

function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return (value >>> 0).toString(36);
}

function findingOf(document: TSurveyDocument, body: z.output<typeof ZAskFindingBody>): ReviewItem | undefined {
  const items = reviewOf(document).groups.flatMap((group) => group.items);
  return items.find(
    (item) => !item.dismissed && item.element.id === body.element_id && (!body.code || item.code === body.code) && (!body.reason || item.dismiss.reason === body.reason),
  );
}

function spanOf(document: TSurveyDocument, item: ReviewItem): { start: number; end: number } {
  const page = document.pages.find((entry) => entry.id === item.element.pageId);
  const block = item.element.kind === "block" ? page?.blocks.find((entry) => entry.id === item.element.id) : page?.blocks.find((entry) => entry.config.source);
  return block?.config.source ? { start: block.config.source.start, end: block.config.source.end } : { start: 0, end: 0 };
}

export async function askAboutFinding(auth: AuthContext, surveyId: string, body: z.output<typeof ZAskFindingBody>): Promise<TClarification> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  return (await db()).$transaction(async (tx) => {
    await lockSurveyRow(tx, surveyId);
    const tip = await tx.questionnaireRevision.findFirst({ where: { surveyId }, orderBy: { revision: "desc" }, select: { revision: true } });
    if (!tip) throw new ApiError("questionnaire_required", "Assert a questionnaire first: clarifications belong to a questionnaire revision.");
    const document = await tipServiceDocument(tx, surveyId);
    const item = document ? findingOf(document, body) : undefined;
    if (!document || !item) throw new ApiError("not_found", "The programmed survey has no open review finding on that element.", { resource: "review_finding" });

    const key = `review:${item.element.id}:${item.code ?? item.source}:${hash(item.dismiss.reason ?? item.reason)}`;
    const session =
      (await tx.clarificationSession.findUnique({ where: { surveyId_questionnaireRevision: { surveyId, questionnaireRevision: tip.revision } } })) ??
      (await tx.clarificationSession.create({ data: { id: newId("cses"), workspaceId: auth.workspaceId, surveyId, questionnaireRevision: tip.revision, status: "open", round: 1 } }));
    const existing = await tx.clarification.findUnique({ where: { sessionId_assumptionKey: { sessionId: session.id, assumptionKey: key } } });
    if (existing) return serializeClarification(existing);

    const questionIds = item.element.kind === "block" && item.element.variable ? [item.element.variable] : [];
    const assumption: IRAssumption = {
      id: key,
      kind: "review_flag",
      source: item.source === "validator" ? "validator" : "compiler",
      ...(item.code ? { code: item.code } : {}),
      questionKeys: [],
      questionIds,
      span: spanOf(document, item),
      assumed: item.reason,
      candidates: [{ label: "Keep it as programmed", override: { kind: "keep", assumption: key }, score: 0.5 }],
    };
    const excerpt = (item.excerpt ?? "").slice(0, 600);
    const reason = item.reason.trim().replace(/[.!]?$/, ".");
    const row = await tx.clarification.create({
      data: {
        id: newId("clr"),
        workspaceId: auth.workspaceId,
        surveyId,
        sessionId: session.id,
        questionnaireRevision: tip.revision,
        round: Math.max(1, session.round),
        kind: "review_flag",
        assumptionKey: key,
        prompt: `${item.element.label}: ${reason} How should it be programmed?`,
        questionIds,
        context: { excerpt, source: assumption.span },
        options: optionsOf(assumption) as unknown as Prisma.InputJsonValue,
        assumption: assumption as unknown as Prisma.InputJsonValue,
      },
    });
    if (session.status === "completed") await tx.clarificationSession.update({ where: { id: session.id }, data: { status: "open" } });
    await recordClarificationsUpdated(tx, auth.workspaceId, session.id, null);
    return serializeClarification(row);
  });
}
