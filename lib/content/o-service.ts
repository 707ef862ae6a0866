import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { commitContentChange } from "@/lib/content-operations/commit";
import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import { db } from "@/lib/db/client";
import type { Block, NavigationRule, Page, Prisma, Survey, Variable } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import type { TAttention, TBlockConfig } from "@/lib/survey-document/schemas";
import { LOCKING_WORKFLOWS, tipServiceDocument } from "./service";
import type {
  TOPage,
  ZOBlock,
  ZOCreateBlockBody,
  ZOCreatePageBody,
  ZOCreateRuleBody,
  ZOCreateVariableBody,
  ZONavigationRule,
  ZONavigationRuleWithPages,
  ZOPageSummary,
  ZOUpdateBlockBody,
  ZOUpdatePageBody,
  ZOUpdateRuleBody,
  ZOVariable,
} from "./o-schemas";

/**
 * Interface O's pages, blocks, navigation rules and variables. Reads come from the rows (which mirror the
 * tip `service` revision); every change is a list of content operations committed through
 * `commitContentChange` — one transaction, one P content revision, `content.updated`, validator flags
 * kept current, 409 `survey_locked` while a run holds the survey. An id of another organization is 404.
 */

type TOBlock = z.infer<typeof ZOBlock>;
type TORule = z.infer<typeof ZONavigationRule>;
type TOPageSummary = z.infer<typeof ZOPageSummary>;

const inOrganization = (auth: AuthContext) => ({ workspace: { organizationId: auth.organizationId } });

/** Error paths of operations built from an O body point at the body's own fields. */
const O_FIELDS: Record<string, string> = { position: "order", element_id: "id" };
export function oBodyPath(_index: number, field: string): string {
  if (!field) return "body";
  const [head, ...rest] = field.split(".");
  return ["body", O_FIELDS[head] ?? head, ...rest].join(".");
}

// ------------------------------------------------------------------------------------------ lookups

export async function getOrgPageOrThrow(auth: AuthContext, pageId: string): Promise<Page & { survey: Survey }> {
  const page = await (await db()).page.findFirst({ where: { id: pageId, survey: inOrganization(auth) }, include: { survey: true } });
  if (!page) throw notFound("page");
  return page;
}

async function getOrgBlockOrThrow(auth: AuthContext, blockId: string): Promise<Block & { page: Page & { survey: Survey } }> {
  const block = await (await db()).block.findFirst({ where: { id: blockId, page: { survey: inOrganization(auth) } }, include: { page: { include: { survey: true } } } });
  if (!block) throw notFound("block");
  return block;
}

async function getOrgRuleOrThrow(auth: AuthContext, ruleId: string): Promise<NavigationRule & { sourcePage: Page & { survey: Survey } }> {
  const rule = await (await db()).navigationRule.findFirst({
    where: { id: ruleId, sourcePage: { survey: inOrganization(auth) } },
    include: { sourcePage: { include: { survey: true } } },
  });
  if (!rule) throw notFound("navigation rule");
  return rule;
}

async function getOrgVariableOrThrow(auth: AuthContext, variableId: string): Promise<Variable & { survey: Survey }> {
  const variable = await (await db()).variable.findFirst({ where: { id: variableId, survey: inOrganization(auth) }, include: { survey: true } });
  if (!variable) throw notFound("variable");
  return variable;
}

/** Survey ids (of those given) that a program-from-file or validation-fix run holds right now. */
export async function lockedSurveyIds(surveyIds: string[]): Promise<Set<string>> {
  if (surveyIds.length === 0) return new Set();
  const runs = await (await db()).workflowRun.findMany({
    where: { surveyId: { in: surveyIds }, kind: { in: [...LOCKING_WORKFLOWS] }, status: { in: ["pending", "running"] } },
    select: { surveyId: true },
  });
  return new Set(runs.flatMap((run) => (run.surveyId ? [run.surveyId] : [])));
}

// ------------------------------------------------------------------------------------------ serialization

const iso = (date: Date | null) => date?.toISOString() ?? null;
const latest = (...dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

function pageSummary(page: Page, locked: boolean, updatedAt = page.updatedAt): TOPageSummary {
  return {
    id: page.id,
    survey_id: page.surveyId,
    name: page.name,
    created_at: page.createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
    locked,
    order: page.order,
    assign_response_status: page.assignResponseStatus,
    attention_required: (page.attentionRequired as TAttention | null) ?? null,
    programming_started_at: iso(page.programmingStartedAt),
    programming_completed_at: iso(page.programmingCompletedAt),
  };
}

function serializeBlock(block: Block): TOBlock {
  return {
    id: block.id,
    page_id: block.pageId,
    created_at: block.createdAt.toISOString(),
    updated_at: block.updatedAt.toISOString(),
    order: block.order,
    config: block.config as TBlockConfig,
  };
}

function serializeRule(rule: NavigationRule): TORule {
  return {
    id: rule.id,
    source_page_id: rule.sourcePageId,
    target_page_id: rule.targetPageId,
    order: rule.order,
    condition: rule.condition,
    attention_required: (rule.attentionRequired as TAttention | null) ?? null,
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}

type PageWithChildren = Page & { blocks: Block[]; rulesFrom: NavigationRule[] };

const withChildren = { blocks: { orderBy: { order: "asc" } }, rulesFrom: { orderBy: { order: "asc" } } } satisfies Prisma.PageInclude;

function serializePage(page: PageWithChildren, locked: boolean): TOPage {
  const updated = latest(page.updatedAt, ...page.blocks.map((block) => block.updatedAt), ...page.rulesFrom.map((rule) => rule.updatedAt));
  return { ...pageSummary(page, locked, updated), blocks: page.blocks.map(serializeBlock), navigation_rules: page.rulesFrom.map(serializeRule) };
}

/** The pages of a survey with their blocks and rules, by order. */
export async function readSurveyPages(surveyId: string, locked: boolean): Promise<TOPage[]> {
  const pages = await (await db()).page.findMany({ where: { surveyId }, orderBy: [{ order: "asc" }, { id: "asc" }], include: withChildren });
  return pages.map((page) => serializePage(page, locked));
}

async function readPage(pageId: string): Promise<TOPage> {
  const page = await (await db()).page.findUnique({ where: { id: pageId }, include: withChildren });
  if (!page) throw notFound("page");
  return serializePage(page, (await lockedSurveyIds([page.surveyId])).has(page.surveyId));
}

function serializeVariable(variable: Variable): z.infer<typeof ZOVariable> {
  return {
    id: variable.id,
    survey_id: variable.surveyId,
    name: variable.name,
    type: variable.type as "question" | "hidden" | "computed",
    block_id: variable.blockId,
    label: variable.label,
    created_at: variable.createdAt.toISOString(),
    updated_at: variable.updatedAt.toISOString(),
  };
}

// ------------------------------------------------------------------------------------------ commits

async function commit(auth: AuthContext, survey: Survey, operations: TContentOperationInput[]) {
  return commitContentChange({ survey, change: { operations }, actor: auth.subject, pathOf: oBodyPath });
}

function createdId(result: Awaited<ReturnType<typeof commit>>): string {
  return (result.applied[0] as { id: string }).id;
}

// ------------------------------------------------------------------------------------------ pages

export async function createPage(auth: AuthContext, survey: Survey, body: z.output<typeof ZOCreatePageBody>): Promise<TOPage> {
  const result = await commit(auth, survey, [{ op: "add_page", name: body.name, assign_response_status: body.assign_response_status, position: body.order }]);
  return readPage(createdId(result));
}

export async function getPage(auth: AuthContext, pageId: string): Promise<TOPage> {
  const page = await getOrgPageOrThrow(auth, pageId);
  return readPage(page.id);
}

export async function updatePage(auth: AuthContext, pageId: string, body: z.output<typeof ZOUpdatePageBody>): Promise<TOPage> {
  const page = await getOrgPageOrThrow(auth, pageId);
  const operations: TContentOperationInput[] = [];
  if (body.name !== undefined || body.assign_response_status !== undefined) {
    operations.push({ op: "update_page", page_id: page.id, name: body.name, assign_response_status: body.assign_response_status });
  }
  if (body.order !== undefined) operations.push({ op: "move_page", page_id: page.id, position: body.order });
  if (operations.length > 0) await commit(auth, page.survey, operations);
  return readPage(page.id);
}

export async function deletePage(auth: AuthContext, pageId: string, force: boolean): Promise<{ message: string }> {
  const page = await getOrgPageOrThrow(auth, pageId);
  await commit(auth, page.survey, [{ op: "delete_page", page_id: page.id, force }]);
  return { message: `Page "${page.name}" deleted.` };
}

// ------------------------------------------------------------------------------------------ blocks

export async function createBlock(auth: AuthContext, pageId: string, body: z.output<typeof ZOCreateBlockBody>): Promise<TOBlock> {
  const page = await getOrgPageOrThrow(auth, pageId);
  const { order, ...block } = body;
  const result = await commit(auth, page.survey, [{ op: "add_block", page_id: page.id, ...block, position: order }]);
  return getBlock(auth, createdId(result));
}

export async function getBlock(auth: AuthContext, blockId: string): Promise<TOBlock> {
  return serializeBlock(await getOrgBlockOrThrow(auth, blockId));
}

export async function updateBlock(auth: AuthContext, blockId: string, body: z.output<typeof ZOUpdateBlockBody>): Promise<TOBlock> {
  const block = await getOrgBlockOrThrow(auth, blockId);
  const { showIf, page_id: pageId, order, ...fields } = body;
  const operations: TContentOperationInput[] = [];
  if (Object.values(fields).some((value) => value !== undefined)) operations.push({ op: "update_block", block_id: block.id, ...fields });
  if (showIf !== undefined) operations.push({ op: "set_show_if", block_id: block.id, condition: showIf });
  if (pageId !== undefined || order !== undefined) operations.push({ op: "move_block", block_id: block.id, page_id: pageId, position: order });
  if (operations.length > 0) await commit(auth, block.page.survey, operations);
  return getBlock(auth, block.id);
}

export async function deleteBlock(auth: AuthContext, blockId: string, force: boolean): Promise<{ message: string }> {
  const block = await getOrgBlockOrThrow(auth, blockId);
  await commit(auth, block.page.survey, [{ op: "delete_block", block_id: block.id, force }]);
  const variable = (block.config as TBlockConfig).question?.variable;
  return { message: `Block ${variable ?? block.id} deleted.` };
}

// ------------------------------------------------------------------------------------------ rules

export async function listNavigationRules(auth: AuthContext, pageId: string): Promise<z.input<typeof ZONavigationRuleWithPages>[]> {
  const page = await getOrgPageOrThrow(auth, pageId);
  const prisma = await db();
  const rules = await prisma.navigationRule.findMany({ where: { sourcePageId: page.id }, orderBy: { order: "asc" } });
  const targets = await prisma.page.findMany({ where: { id: { in: rules.map((rule) => rule.targetPageId) }, surveyId: page.surveyId } });
  const locked = (await lockedSurveyIds([page.surveyId])).has(page.surveyId);
  const source = pageSummary(page, locked);
  return rules.map((rule) => {
    const target = targets.find((candidate) => candidate.id === rule.targetPageId);
    return { ...serializeRule(rule), sourcePage: source, targetPage: target ? pageSummary(target, locked) : null };
  });
}

async function readRule(ruleId: string): Promise<TORule> {
  const rule = await (await db()).navigationRule.findUnique({ where: { id: ruleId } });
  if (!rule) throw notFound("navigation rule");
  return serializeRule(rule);
}

export async function createNavigationRule(auth: AuthContext, pageId: string, body: z.output<typeof ZOCreateRuleBody>): Promise<TORule> {
  const page = await getOrgPageOrThrow(auth, pageId);
  const result = await commit(auth, page.survey, [
    { op: "add_rule", page_id: page.id, target_page_id: body.target_page_id, condition: body.condition, position: body.order },
  ]);
  return readRule(createdId(result));
}

export async function getNavigationRule(auth: AuthContext, ruleId: string): Promise<TORule> {
  return serializeRule(await getOrgRuleOrThrow(auth, ruleId));
}

export async function updateNavigationRule(auth: AuthContext, ruleId: string, body: z.output<typeof ZOUpdateRuleBody>): Promise<TORule> {
  const rule = await getOrgRuleOrThrow(auth, ruleId);
  const operations: TContentOperationInput[] = [];
  if (body.target_page_id !== undefined || body.condition !== undefined) {
    operations.push({ op: "update_rule", rule_id: rule.id, target_page_id: body.target_page_id, condition: body.condition });
  }
  if (body.order !== undefined) {
    const siblings = await (await db()).navigationRule.findMany({ where: { sourcePageId: rule.sourcePageId }, orderBy: { order: "asc" }, select: { id: true } });
    const ids = siblings.map((sibling) => sibling.id).filter((id) => id !== rule.id);
    ids.splice(Math.min(body.order, ids.length), 0, rule.id);
    operations.push({ op: "reorder_rules", page_id: rule.sourcePageId, rule_ids: ids });
  }
  if (operations.length > 0) await commit(auth, rule.sourcePage.survey, operations);
  return readRule(rule.id);
}

export async function deleteNavigationRule(auth: AuthContext, ruleId: string): Promise<{ message: string }> {
  const rule = await getOrgRuleOrThrow(auth, ruleId);
  await commit(auth, rule.sourcePage.survey, [{ op: "delete_rule", rule_id: rule.id }]);
  return { message: "Navigation rule deleted." };
}

// ------------------------------------------------------------------------------------------ variables

/** The survey's variables in the order of its document (questions in survey order, then declared ones). */
export async function listVariables(surveyId: string): Promise<z.input<typeof ZOVariable>[]> {
  const prisma = await db();
  const [variables, tip] = await Promise.all([
    prisma.variable.findMany({ where: { surveyId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.$transaction((tx) => tipServiceDocument(tx, surveyId)),
  ]);
  const position = new Map((tip?.variables ?? []).map((variable, index) => [variable.id, index]));
  const at = (id: string) => position.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...variables].sort((a, b) => at(a.id) - at(b.id)).map(serializeVariable);
}

export async function createVariable(auth: AuthContext, survey: Survey, body: z.output<typeof ZOCreateVariableBody>): Promise<z.input<typeof ZOVariable>> {
  const result = await commit(auth, survey, [{ op: "add_variable", name: body.name, type: body.type, label: body.label }]);
  const variable = await (await db()).variable.findUnique({ where: { id: createdId(result) } });
  if (!variable) throw notFound("variable");
  return serializeVariable(variable);
}

export async function deleteVariable(auth: AuthContext, variableId: string, force: boolean): Promise<{ message: string }> {
  const variable = await getOrgVariableOrThrow(auth, variableId);
  await commit(auth, variable.survey, [{ op: "delete_variable", variable_id: variable.id, force }]);
  return { message: `Variable ${variable.name} deleted.` };
}
