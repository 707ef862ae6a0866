import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { assertContentWritable, lockSurveyRow, serializeContentRevision, writeContentRevision } from "@/lib/content/service";
import type { TContentRevision, ZContentOperationsResult, ZPutContentBody } from "@/lib/content/schemas";
import { db } from "@/lib/db/client";
import { getSurveyOrThrow } from "@/lib/surveys/service";
import { commitContentChange } from "./commit";
import type { ZContentOperationsBody } from "./schemas";

/** Interface P's content writes: a whole document (`PUT /content`) or a list of operations (`POST /content/operations`). */

export async function putContent(auth: AuthContext, surveyId: string, body: z.output<typeof ZPutContentBody>): Promise<TContentRevision> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  if (body.platform === "service") {
    return (await commitContentChange({ survey, change: { document: body.source }, actor: auth.subject, message: body.message })).revision;
  }
  // Another platform's native source: no rows, no validator; the same guard.
  const revision = await (await db()).$transaction(async (tx) => {
    await lockSurveyRow(tx, survey.id);
    await assertContentWritable(tx, survey.id);
    return writeContentRevision(tx, { survey, platform: body.platform, source: body.source, actor: auth.subject, message: body.message });
  });
  return serializeContentRevision(revision, true);
}

export async function postContentOperations(
  auth: AuthContext,
  surveyId: string,
  body: z.output<typeof ZContentOperationsBody>,
): Promise<z.input<typeof ZContentOperationsResult>> {
  const survey = await getSurveyOrThrow(auth.workspaceId, surveyId);
  const result = await commitContentChange({
    survey,
    change: { operations: body.operations },
    actor: auth.subject,
    message: body.message,
    pathOf: (index, field) => `body.operations.${index}${field ? `.${field}` : ""}`,
  });
  return { data: result.revision, changes: result.changes, findings: result.findings };
}
