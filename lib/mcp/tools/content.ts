import { z } from "zod";
import { ZContentChange, ZFinding, findingsOf } from "@/lib/content-operations";
import { ZContentOperationsBody } from "@/lib/content-operations/schemas";
import { restoreContentRevision } from "@/lib/content-operations/restore";
import { postContentOperations } from "@/lib/content-operations/service";
import { ZContentRevision } from "@/lib/content/schemas";
import { getContentRevisionOrThrow, getServiceTip, listContentRevisions, parseServiceDocument } from "@/lib/content/service";
import { ApiError } from "@/lib/http/errors";
import { reviewOf } from "@/lib/review/items";
import { ZBlockConfig, type TDocumentBlock, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { diffDocuments } from "@/lib/ui/document-diff";
import { ADDITIVE, defineTool, READ_ONLY } from "../tool";
import { ZSurveyId } from "./surveys";

/**
 * The programmed survey: read it (outline, one question, review items, validation), edit it through
 * content operations (the one write path, `lib/content-operations`), and walk its history (revisions,
 * diff, restore). Mirrors Interface P's `/content`, `/content/operations` and `/content/revisions`.
 */

const ZRevisionNumber = z.number().int().min(1).max(2_147_483_647);
const ZRevisionSummary = ZContentRevision.omit({ source: true });

async function tipOrThrow(workspaceId: string, surveyId: string): Promise<{ revision: number; document: TSurveyDocument }> {
  const tip = await getServiceTip(workspaceId, surveyId);
  if (!tip) throw new ApiError("not_found", "The survey has no programmed content yet: upload a questionnaire and run start_programming.", { resource: "content" });
  return tip;
}

const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);
const openFlags = (block: TDocumentBlock) => block.config.attentionRequired?.flags?.filter((flag) => !flag.dismissed).length ?? 0;
const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

const ZOutlineBlock = z.object({
  id: z.string(),
  type: z.string(),
  variable: z.string().nullable(),
  text: z.string().describe("The wording, cut at 160 characters (get_question has all of it)."),
  show_if: z.string().nullable(),
  options: z.number().int().describe("Answer options (or grid rows) it offers."),
  open_flags: z.number().int().describe("Open review flags on this block."),
});

export const getSurveyOutlineTool = defineTool({
  name: "get_survey_outline",
  title: "Outline of the programmed survey",
  description: "The programmed survey page by page: each block's id, type, variable, wording (shortened), display condition and open review flags, and each page's navigation rules. Use get_question for one block in full.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId }),
  output: z.object({
    revision: z.number().int(),
    first_page_id: z.string().nullable(),
    counts: z.object({ pages: z.number().int(), blocks: z.number().int(), questions: z.number().int(), rules: z.number().int(), open_flags: z.number().int() }),
    pages: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        ends_response_as: z.string().nullable(),
        blocks: z.array(ZOutlineBlock),
        rules: z.array(z.object({ id: z.string(), condition: z.string().nullable(), target_page_id: z.string() })),
      }),
    ),
  }),
  run: async ({ survey_id }, { auth }) => {
    const { revision, document } = await tipOrThrow(auth.workspaceId, survey_id);
    const pages = byOrder(document.pages).map((page) => ({
      id: page.id,
      name: page.name,
      ends_response_as: page.assign_response_status ?? null,
      blocks: byOrder(page.blocks).map((block) => ({
        id: block.id,
        type: block.config.type,
        variable: block.config.question?.variable ?? null,
        text: clip(block.config.content, 160),
        show_if: block.config.showIf ?? null,
        options: block.config.question?.options?.length ?? block.config.question?.rows?.length ?? 0,
        open_flags: openFlags(block),
      })),
      rules: byOrder(page.navigation_rules).map((rule) => ({ id: rule.id, condition: rule.condition ?? null, target_page_id: rule.target_page_id })),
    }));
    const blocks = pages.flatMap((page) => page.blocks);
    return {
      revision,
      first_page_id: document.first_page_id,
      counts: {
        pages: pages.length,
        blocks: blocks.length,
        questions: blocks.filter((block) => block.variable !== null).length,
        rules: pages.reduce((sum, page) => sum + page.rules.length, 0),
        open_flags: reviewOf(document).open,
      },
      pages,
    };
  },
});

export const getQuestionTool = defineTool({
  name: "get_question",
  title: "One question of the programmed survey",
  description: "One block of the programmed survey in full (wording, options, rows, columns, limits, condition, review flags, the questionnaire words it came from), by block id or by variable (Q3).",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z
    .object({
      survey_id: ZSurveyId,
      block_id: z.string().trim().min(1).max(200).optional(),
      variable: z.string().trim().min(1).max(200).optional().describe("The question's variable, e.g. Q3 (case-insensitive)."),
    })
    .refine((input) => (input.block_id === undefined) !== (input.variable === undefined), { message: "give exactly one of `block_id` and `variable`", path: ["block_id"] }),
  output: z.object({ revision: z.number().int(), page: z.object({ id: z.string(), name: z.string() }), block: z.object({ id: z.string(), order: z.number().int(), config: ZBlockConfig }) }),
  run: async ({ survey_id, block_id, variable }, { auth }) => {
    const { revision, document } = await tipOrThrow(auth.workspaceId, survey_id);
    for (const page of document.pages) {
      const block = page.blocks.find((candidate) =>
        block_id !== undefined ? candidate.id === block_id : candidate.config.question?.variable.toLowerCase() === variable!.toLowerCase(),
      );
      if (block) return { revision, page: { id: page.id, name: page.name }, block };
    }
    throw new ApiError("not_found", block_id !== undefined ? `No block ${block_id} in the programmed survey.` : `No question with variable ${variable} in the programmed survey.`, { resource: "block" });
  },
});

export const listReviewItemsTool = defineTool({
  name: "list_review_items",
  title: "What needs review",
  description: "Every review flag of the programmed survey, grouped by page: validator findings, what programming could not do, people's notes; each with its reason in plain words and the questionnaire words it is about.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId, include_dismissed: z.boolean().default(false) }),
  output: z.object({
    revision: z.number().int(),
    open: z.number().int(),
    dismissed: z.number().int(),
    items: z.array(
      z.object({
        page: z.string().nullable(),
        element: z.object({ kind: z.enum(["page", "block", "rule"]), id: z.string(), label: z.string() }),
        source: z.string(),
        code: z.string().nullable(),
        title: z.string(),
        reason: z.string(),
        excerpt: z.string().nullable(),
        condition: z.object({ text: z.string(), words: z.string().nullable(), error: z.string().nullable() }).nullable(),
        dismissed: z.boolean(),
      }),
    ),
  }),
  run: async ({ survey_id, include_dismissed }, { auth }) => {
    const { revision, document } = await tipOrThrow(auth.workspaceId, survey_id);
    const review = reviewOf(document);
    const items = review.groups.flatMap((group) =>
      group.items
        .filter((item) => include_dismissed || !item.dismissed)
        .map((item) => ({
          page: group.page?.name ?? null,
          element: { kind: item.element.kind, id: item.element.id, label: item.element.label },
          source: item.source,
          code: item.code,
          title: item.title,
          reason: item.reason,
          excerpt: item.excerpt,
          condition: item.condition,
          dismissed: item.dismissed,
        })),
    );
    return { revision, open: review.open, dismissed: review.dismissed, items };
  },
});

export const validateSurveyTool = defineTool({
  name: "validate_survey",
  title: "Validate the programmed survey",
  description: "Runs the survey validator on the current programmed survey: unreachable pages, conditions that do not parse or name unknown questions, missing options, and more. Findings a person dismissed are marked.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId }),
  output: z.object({ revision: z.number().int(), valid: z.boolean().describe("No open error."), errors: z.number().int(), warnings: z.number().int(), findings: z.array(ZFinding) }),
  run: async ({ survey_id }, { auth }) => {
    const { revision, document } = await tipOrThrow(auth.workspaceId, survey_id);
    const findings = findingsOf(document);
    const open = findings.filter((finding) => !finding.dismissed);
    const errors = open.filter((finding) => finding.severity === "error").length;
    return { revision, valid: errors === 0, errors, warnings: open.length - errors, findings };
  },
});

export const applyContentOperationsTool = defineTool({
  name: "apply_content_operations",
  title: "Edit the programmed survey",
  description:
    "Applies content operations to the programmed survey, in order, all or nothing, as one new content revision: add, update, move or delete pages, blocks, navigation rules and variables; dismiss or note review flags. Returns what changed and the validator's findings on the result.",
  access: "surveys:write",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: ZContentOperationsBody.extend({ survey_id: ZSurveyId }),
  output: z.object({ revision: ZRevisionSummary, changes: z.array(ZContentChange), findings: z.array(ZFinding) }),
  run: async ({ survey_id, ...body }, { auth }) => {
    const result = await postContentOperations(auth, survey_id, body);
    return { revision: result.data, changes: result.changes, findings: result.findings };
  },
});

export const listContentRevisionsTool = defineTool({
  name: "list_content_revisions",
  title: "History of the programmed survey",
  description: "Content revisions of the survey, newest first: who wrote each, its message and what changed.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({
    survey_id: ZSurveyId,
    limit: z.number().int().min(1).max(100).default(25),
    cursor: z.string().min(1).optional().describe("`next_cursor` of the previous page."),
  }),
  output: z.object({ revisions: z.array(ZRevisionSummary), next_cursor: z.string().nullable() }),
  run: async ({ survey_id, limit, cursor }, { auth }) => {
    const page = await listContentRevisions(auth.workspaceId, survey_id, { limit, cursor, platform: "service" });
    return { revisions: page.data, next_cursor: page.pagination.next_cursor };
  },
});

const ZElementChange = z.object({ id: z.string(), label: z.string(), fields: z.array(z.string()).optional() });
const ZDiffSection = z.object({ added: z.array(ZElementChange), removed: z.array(ZElementChange), changed: z.array(ZElementChange) });

function blockLabel(placed: { page: string; block: TDocumentBlock }): string {
  const variable = placed.block.config.question?.variable;
  return `${variable ? `${variable}: ` : ""}${clip(placed.block.config.content, 80)} (page ${placed.page})`;
}

export const diffContentRevisionsTool = defineTool({
  name: "diff_content_revisions",
  title: "Compare two versions of the programmed survey",
  description: "What changed between two content revisions (default `to`: the current one): pages, blocks and navigation rules added, removed or changed, with the fields that changed.",
  access: "surveys:read",
  annotations: READ_ONLY,
  input: z.object({ survey_id: ZSurveyId, from: ZRevisionNumber, to: ZRevisionNumber.optional().describe("Default: the current revision.") }),
  output: z.object({ from: z.number().int(), to: z.number().int(), identical: z.boolean(), pages: ZDiffSection, blocks: ZDiffSection, rules: ZDiffSection }),
  run: async ({ survey_id, from, to }, { auth }) => {
    const target = to ?? (await tipOrThrow(auth.workspaceId, survey_id)).revision;
    const [before, after] = await Promise.all([from, target].map((revision) => getContentRevisionOrThrow(auth.workspaceId, survey_id, revision)));
    for (const revision of [before, after]) {
      if (revision.platform !== "service") throw new ApiError("validation_error", `Revision ${revision.revision} holds ${revision.platform} content, not a survey document.`);
    }
    const diff = diffDocuments(parseServiceDocument(before.source ?? ""), parseServiceDocument(after.source ?? ""));
    return {
      from,
      to: target,
      identical: diff.identical,
      pages: {
        added: diff.pages.added.map((page) => ({ id: page.id, label: page.name })),
        removed: diff.pages.removed.map((page) => ({ id: page.id, label: page.name })),
        changed: diff.pages.changed.map((change) => ({ id: change.after.id, label: change.after.name, fields: change.fields })),
      },
      blocks: {
        added: diff.blocks.added.map((placed) => ({ id: placed.block.id, label: blockLabel(placed) })),
        removed: diff.blocks.removed.map((placed) => ({ id: placed.block.id, label: blockLabel(placed) })),
        changed: diff.blocks.changed.map((change) => ({ id: change.after.block.id, label: blockLabel(change.after), fields: change.fields })),
      },
      rules: {
        added: diff.rules.added.map((placed) => ({ id: placed.rule.id, label: `${placed.page} → ${placed.target}` })),
        removed: diff.rules.removed.map((placed) => ({ id: placed.rule.id, label: `${placed.page} → ${placed.target}` })),
        changed: diff.rules.changed.map((change) => ({ id: change.after.rule.id, label: `${change.after.page} → ${change.after.target}`, fields: change.fields })),
      },
    };
  },
});

export const restoreContentRevisionTool = defineTool({
  name: "restore_content_revision",
  title: "Restore an earlier version",
  description: "Writes an earlier content revision again as the new current one (history stays; nothing is deleted).",
  access: "surveys:write",
  annotations: ADDITIVE,
  input: z.object({ survey_id: ZSurveyId, revision: ZRevisionNumber, message: z.string().trim().min(1).max(500).optional() }),
  output: z.object({ revision: ZRevisionSummary, changes: z.array(ZContentChange), findings: z.array(ZFinding) }),
  run: async ({ survey_id, revision, message }, { auth }) => {
    const result = await restoreContentRevision(auth, survey_id, revision, { message });
    // ZRevisionSummary (the output schema) leaves the document's source out.
    return { revision: result.revision, changes: result.changes, findings: result.findings };
  },
});

export const CONTENT_TOOLS = [
  getSurveyOutlineTool,
  getQuestionTool,
  listReviewItemsTool,
  validateSurveyTool,
  applyContentOperationsTool,
  listContentRevisionsTool,
  diffContentRevisionsTool,
  restoreContentRevisionTool,
];
