import { CONTENT_WRITING_WORKFLOWS } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TAttention } from "@/lib/survey-document/schemas";
import { flagsOf } from "./items";

/**
 * Where each survey stands, for the survey list's column and the Review tab's badge: not programmed yet,
 * being programmed, programmed with open review flags ("needs review", with their number), or clean.
 * Read from the Page/Block/NavigationRule rows (which mirror the tip `service` document) in a few queries
 * for a whole page of surveys, so the list never parses survey documents. The number equals the open
 * flags the Review tab lists (lib/review/items `openFlagCount`).
 */

export type ReviewState = "not_programmed" | "programming" | "needs_review" | "clean";
export type ReviewStatus = { state: ReviewState; open: number };

function openIn(attention: unknown): number {
  if (!attention || typeof attention !== "object") return 0;
  return flagsOf(attention as TAttention).filter((flag) => !flag.dismissed).length;
}

export async function reviewStatuses(surveyIds: readonly string[]): Promise<Map<string, ReviewStatus>> {
  const ids = [...new Set(surveyIds)];
  const statuses = new Map<string, ReviewStatus>();
  if (ids.length === 0) return statuses;
  const prisma = await db();
  const [programmed, pages, blocks, rules, active] = await Promise.all([
    prisma.contentRevision.groupBy({ by: ["surveyId"], where: { surveyId: { in: ids }, platform: "service" } }),
    prisma.page.findMany({ where: { surveyId: { in: ids } }, select: { surveyId: true, attentionRequired: true } }),
    prisma.$queryRaw<{ survey_id: string; attention: unknown }[]>`
      SELECT "survey_id", "config"->'attentionRequired' AS "attention" FROM "blocks"
      WHERE "survey_id" IN (${Prisma.join(ids)}) AND "config" ? 'attentionRequired'`,
    prisma.navigationRule.findMany({ where: { surveyId: { in: ids }, attentionRequired: { not: Prisma.DbNull } }, select: { surveyId: true, attentionRequired: true } }),
    prisma.workflowRun.findMany({
      where: { surveyId: { in: ids }, kind: { in: [...CONTENT_WRITING_WORKFLOWS] }, status: { in: ["pending", "running"] } },
      select: { surveyId: true, kind: true },
    }),
  ]);
  const open = new Map<string, number>();
  const add = (surveyId: string, count: number) => open.set(surveyId, (open.get(surveyId) ?? 0) + count);
  const pageCount = new Map<string, number>();
  for (const page of pages) {
    pageCount.set(page.surveyId, (pageCount.get(page.surveyId) ?? 0) + 1);
    add(page.surveyId, openIn(page.attentionRequired));
  }
  for (const block of blocks) add(block.survey_id, openIn(block.attention));
  for (const rule of rules) add(rule.surveyId, openIn(rule.attentionRequired));
  const hasContent = new Set(programmed.map((row) => row.surveyId));
  const programming = new Set(active.filter((run) => run.kind === "survey.programming" || run.kind === "survey.program_from_file").map((run) => run.surveyId));
  for (const id of ids) {
    // A programmed survey without pages carries the validator's "no pages" finding (not stored on any element).
    const count = (open.get(id) ?? 0) + (hasContent.has(id) && !pageCount.get(id) ? 1 : 0);
    const state: ReviewState = programming.has(id) ? "programming" : !hasContent.has(id) ? "not_programmed" : count > 0 ? "needs_review" : "clean";
    statuses.set(id, { state, open: hasContent.has(id) ? count : 0 });
  }
  return statuses;
}

export async function reviewStatus(surveyId: string): Promise<ReviewStatus> {
  return (await reviewStatuses([surveyId])).get(surveyId)!;
}
