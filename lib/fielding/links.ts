import type { z } from "zod";
import type { ContentRevision, SurveyLink } from "@/lib/generated/prisma/client";
import type { AuthContext } from "@/lib/auth/context";
import { readStoredContent } from "@/lib/content/service";
import { db } from "@/lib/db/client";
import { ApiError, notFound, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import type { TSurveyLink, ZCreateLinkBody, ZUpdateLinkBody } from "./schemas";

export function serializeLink(link: SurveyLink, baseUrl: string): TSurveyLink {
  return {
    id: link.id,
    survey_id: link.surveyId,
    name: link.name,
    mode: link.mode as TSurveyLink["mode"],
    content_revision: link.contentRevision ?? "tip",
    status: link.status as TSurveyLink["status"],
    expires_at: link.expiresAt?.toISOString() ?? null,
    hidden_variables: link.hiddenVariables as Record<string, string | null>,
    url: `${baseUrl}/r/${link.id}`,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
  };
}

/** The `service` revision a link serves now: its pinned one, else the tip (null before the survey is programmed). */
export async function servedRevision(link: Pick<SurveyLink, "surveyId" | "contentRevision">): Promise<ContentRevision | null> {
  const prisma = await db();
  return prisma.contentRevision.findFirst({
    where: { surveyId: link.surveyId, platform: "service", ...(link.contentRevision ? { revision: link.contentRevision } : {}) },
    orderBy: { revision: "desc" },
  });
}

function questionVariables(document: TSurveyDocument): Set<string> {
  return new Set(document.pages.flatMap((page) => page.blocks.map((block) => block.config.question?.variable).filter((name): name is string => Boolean(name))));
}

/** A link must serve programmed `service` content; a production link only content the validator finds no error in. */
function assertFieldable(revision: ContentRevision | null, mode: string, hidden: Record<string, string | null>, pinned: boolean): void {
  if (!revision) {
    throw new ApiError(
      "content_not_fieldable",
      pinned ? "That content revision does not exist or is not `service` content." : "The survey has no programmed `service` content yet: program it first.",
    );
  }
  const { document, findings } = readStoredContent(revision);
  if (!document) throw new ApiError("content_not_fieldable", `Revision ${revision.revision} is not \`service\` content.`);
  const clashes = Object.keys(hidden).filter((name) => questionVariables(document).has(name));
  if (clashes.length > 0) {
    throw validationError("Hidden variables cannot share a name with a question's variable.", clashes.map((name) => ({ path: `body.hidden_variables.${name}`, message: "A question answers this variable." })));
  }
  const errors = findings.filter((finding) => finding.severity === "error" && !finding.dismissed);
  if (mode === "production" && errors.length > 0) {
    throw new ApiError("content_not_fieldable", `A production link needs content without validation errors; revision ${revision.revision} has ${errors.length}.`, {
      details: errors.map(({ code, message, page_id, block_id, rule_id, variable }) => ({ code, message, page_id, block_id, rule_id, variable })),
    });
  }
}

export async function createLink(auth: AuthContext, surveyId: string, body: z.output<typeof ZCreateLinkBody>, baseUrl: string): Promise<TSurveyLink> {
  await getSurveyOrThrow(auth.workspaceId, surveyId);
  const contentRevision = body.content_revision === "tip" ? null : body.content_revision;
  assertFieldable(await servedRevision({ surveyId, contentRevision }), body.mode, body.hidden_variables, contentRevision !== null);
  const link = await (await db()).surveyLink.create({
    data: {
      id: newId("link"),
      workspaceId: auth.workspaceId,
      surveyId,
      name: body.name ?? null,
      mode: body.mode,
      contentRevision,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      hiddenVariables: body.hidden_variables,
      createdBy: auth.subject,
    },
  });
  return serializeLink(link, baseUrl);
}

export async function listLinks(workspaceId: string, surveyId: string, baseUrl: string): Promise<TSurveyLink[]> {
  await getSurveyOrThrow(workspaceId, surveyId);
  const links = await (await db()).surveyLink.findMany({ where: { workspaceId, surveyId }, orderBy: { id: "desc" }, take: 500 });
  return links.map((link) => serializeLink(link, baseUrl));
}

async function getLinkRowOrThrow(workspaceId: string, surveyId: string, linkId: string): Promise<SurveyLink> {
  const link = await (await db()).surveyLink.findFirst({ where: { id: linkId, surveyId, workspaceId } });
  if (!link) throw notFound("link");
  return link;
}

export async function getLink(workspaceId: string, surveyId: string, linkId: string, baseUrl: string): Promise<TSurveyLink> {
  return serializeLink(await getLinkRowOrThrow(workspaceId, surveyId, linkId), baseUrl);
}

export async function updateLink(auth: AuthContext, surveyId: string, linkId: string, body: z.output<typeof ZUpdateLinkBody>, baseUrl: string): Promise<TSurveyLink> {
  const link = await getLinkRowOrThrow(auth.workspaceId, surveyId, linkId);
  // Reopening a production link re-checks its content, as creating it did.
  if (body.status === "open" || body.hidden_variables) {
    assertFieldable(await servedRevision(link), link.mode, body.hidden_variables ?? (link.hiddenVariables as Record<string, string | null>), link.contentRevision !== null);
  }
  const updated = await (await db()).surveyLink.update({
    where: { id: link.id },
    data: {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.status ? { status: body.status } : {}),
      ...(body.expires_at !== undefined ? { expiresAt: body.expires_at ? new Date(body.expires_at) : null } : {}),
      ...(body.hidden_variables ? { hiddenVariables: body.hidden_variables } : {}),
    },
  });
  return serializeLink(updated, baseUrl);
}
