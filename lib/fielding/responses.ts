import type { Response as ResponseRow } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { ApiError, notFound } from "@/lib/http/errors";
import { pageArgs, toPage, type Page } from "@/lib/http/pagination";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { RESPONSE_STATUSES, type TListResponsesQuery, type TResponseStatus, type TSurveyResponse } from "./schemas";

/** Reading responses: the interface's response model, `response_data_access`, and the abandoned-response sweep. */

export function serializeResponse(row: ResponseRow, withData: boolean): TSurveyResponse {
  return {
    id: row.id,
    survey_id: row.surveyId,
    link_id: row.linkId,
    status: row.status as TResponseStatus,
    mode: row.mode as TSurveyResponse["mode"],
    content_revision: row.contentRevision,
    started_at: row.startedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(withData
      ? {
          data: {
            answers: row.answers as Record<string, unknown>,
            other_text: row.otherText as Record<string, string>,
            path: row.path as string[],
            end_page_id: row.endPageId,
            flags: row.flags as { kind: string; page_id: string; ms: number }[],
          },
        }
      : {}),
  };
}

/**
 * `in_progress` responses without activity for `RESPONSE_PARTIAL_AFTER_HOURS` become `partial` (one
 * statement, so it is safe to run from every server process). Returns how many changed.
 */
export async function sweepAbandonedResponses(options: { now?: Date; surveyId?: string } = {}): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - env().RESPONSE_PARTIAL_AFTER_HOURS * 3_600_000);
  const { count } = await (await db()).response.updateMany({
    where: { status: "in_progress", lastActivityAt: { lt: cutoff }, ...(options.surveyId ? { surveyId: options.surveyId } : {}) },
    data: { status: "partial" },
  });
  return count;
}

/**
 * Which modes an API caller may read under the workspace's `response_data_access`: `none` allows no
 * queries, `test` only `mode=test` (`production` is not offered; see lib/settings).
 */
export async function readableModes(workspaceId: string, asked: string | undefined): Promise<string[]> {
  const access = (await getWorkspaceSettings(workspaceId)).responseDataAccess;
  if (access === "none") {
    throw new ApiError("response_access_denied", "Response data access is `none` for this workspace: set `response_data_access` to `test` in /v1/settings/integrations.");
  }
  const allowed = access === "test" ? ["test"] : ["test", "production"];
  if (asked && !allowed.includes(asked)) {
    throw new ApiError("response_access_denied", `Response data access \`${access}\` does not allow reading \`${asked}\` responses.`);
  }
  return asked ? [asked] : allowed;
}

export type ResponseReader = { workspaceId: string; surveyId: string; enforceDataAccess: boolean };

/** A page of a survey's responses, newest first; API callers see only what `response_data_access` allows. */
export async function listResponses(reader: ResponseReader, query: TListResponsesQuery): Promise<Page<TSurveyResponse>> {
  await getSurveyOrThrow(reader.workspaceId, reader.surveyId);
  const modes = reader.enforceDataAccess ? await readableModes(reader.workspaceId, query.mode) : query.mode ? [query.mode] : undefined;
  await sweepAbandonedResponses({ surveyId: reader.surveyId });
  const args = pageArgs(query);
  const rows = await (await db()).response.findMany({
    ...args,
    where: {
      ...args.where,
      workspaceId: reader.workspaceId,
      surveyId: reader.surveyId,
      ...(modes ? { mode: { in: modes } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.since || query.until ? { createdAt: { ...(query.since ? { gte: new Date(query.since) } : {}), ...(query.until ? { lt: new Date(query.until) } : {}) } } : {}),
    },
  });
  return toPage(rows, query.limit, (row) => serializeResponse(row, query.include === "data"));
}

export async function getResponse(reader: ResponseReader, responseId: string, withData: boolean): Promise<TSurveyResponse> {
  await getSurveyOrThrow(reader.workspaceId, reader.surveyId);
  await sweepAbandonedResponses({ surveyId: reader.surveyId });
  const row = await (await db()).response.findFirst({ where: { id: responseId, surveyId: reader.surveyId, workspaceId: reader.workspaceId } });
  if (!row) throw notFound("response");
  if (reader.enforceDataAccess) await readableModes(reader.workspaceId, row.mode);
  return serializeResponse(row, withData);
}

/** Counts by status (every status present, zero when none), for the Responses section. */
export async function responseCounts(workspaceId: string, surveyId: string, mode?: string): Promise<Record<TResponseStatus, number>> {
  await sweepAbandonedResponses({ surveyId });
  const groups = await (await db()).response.groupBy({ by: ["status"], where: { workspaceId, surveyId, ...(mode ? { mode } : {}) }, _count: { _all: true } });
  const counts = Object.fromEntries(RESPONSE_STATUSES.map((status) => [status, 0])) as Record<TResponseStatus, number>;
  for (const group of groups) counts[group.status as TResponseStatus] = group._count._all;
  return counts;
}
