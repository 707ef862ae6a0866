import { getContentRevisionOrThrow, lockSurveyRow, parseServiceDocument, tipServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import type { TAttention, TFlag, TSurveyDocument } from "@/lib/survey-document/schemas";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { commitContentChange, type CommitContentChangeResult } from "./commit";
import { attentionOf } from "./flags";

/**
 * Undo in the product's sense: restoring an earlier revision writes its document again as a NEW revision
 * (history stays append-only), through the same commit as every other change, so rows, review flags,
 * change records and `content.updated` follow. Review work is not undone with the content: a compiler
 * flag or note that is dismissed on the tip stays dismissed in the restored document (the validator's
 * own dismissals are carried by reconcileFlags already).
 */

type Attended = { id: string; get: () => TAttention | undefined; set: (attention: TAttention | undefined) => void };

function elementsOf(document: TSurveyDocument): Attended[] {
  return document.pages.flatMap((page) => [
    { id: page.id, get: () => page.attention_required, set: (value: TAttention | undefined) => void (value ? (page.attention_required = value) : delete page.attention_required) },
    ...page.blocks.map((block) => ({
      id: block.id,
      get: () => block.config.attentionRequired,
      set: (value: TAttention | undefined) => void (value ? (block.config.attentionRequired = value) : delete block.config.attentionRequired),
    })),
    ...page.navigation_rules.map((rule) => ({
      id: rule.id,
      get: () => rule.attention_required,
      set: (value: TAttention | undefined) => void (value ? (rule.attention_required = value) : delete rule.attention_required),
    })),
  ]);
}

/** `restored` with the tip's dismissals of compiler flags and notes (same element, same source and reason). */
export function keepDismissals(restored: TSurveyDocument, tip: TSurveyDocument | null): TSurveyDocument {
  if (!tip) return restored;
  const dismissed = new Map<string, TFlag[]>();
  for (const element of elementsOf(tip)) {
    const flags = element.get()?.flags?.filter((flag) => flag.dismissed && flag.source !== "validator");
    if (flags?.length) dismissed.set(element.id, flags);
  }
  const document = structuredClone(restored);
  for (const element of elementsOf(document)) {
    const done = dismissed.get(element.id);
    const attention = element.get();
    if (!done || !attention?.flags) continue;
    const flags = attention.flags.map((flag) => {
      if (flag.dismissed || flag.source === "validator") return flag;
      const match = done.find((candidate) => candidate.source === flag.source && candidate.reason === flag.reason);
      return match ? { ...flag, dismissed: true, ...(match.dismissed_by ? { dismissed_by: match.dismissed_by } : {}), ...(match.dismissed_at ? { dismissed_at: match.dismissed_at } : {}) } : flag;
    });
    element.set(attentionOf(flags));
  }
  return document;
}

export async function restoreContentRevision(
  auth: AuthContext,
  surveyId: string,
  revisionNumber: number,
  body: { message?: string | undefined },
): Promise<CommitContentChangeResult> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const revision = await getContentRevisionOrThrow(auth.workspaceId, survey.id, revisionNumber);
  if (revision.platform !== "service") {
    throw new ApiError("validation_error", `Revision ${revisionNumber} holds ${revision.platform} content; only the service's own survey documents can be restored.`, {
      details: [{ path: "params.revision", message: "not a service revision" }],
    });
  }
  const restored = parseServiceDocument(revision.source ?? "");
  const quoted = revision.message ? ` (“${revision.message.length > 80 ? `${revision.message.slice(0, 79)}…` : revision.message}”)` : "";
  return (await db()).$transaction(
    async (tx) => {
      // Locked first, so the dismissals carried over are the tip's that this commit replaces.
      await lockSurveyRow(tx, survey.id);
      const document = keepDismissals(restored, await tipServiceDocument(tx, survey.id));
      return commitContentChange({ survey, change: { document }, actor: auth.subject, message: body.message ?? `Restored version ${revisionNumber}${quoted}`, tx });
    },
    { timeout: 20_000 },
  );
}
