import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { getTipContent, listContentRevisions, getContentRevisionOrThrow } from "@/lib/content/service";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import type { Integration, Prisma } from "@/lib/generated/prisma/client";
import { ApiError, notFound, validationError } from "@/lib/http/errors";
import { pageArgs, toPage, type Page } from "@/lib/http/pagination";
import { newUuidV7 } from "@/lib/ids";
import type { Platform } from "@/lib/platforms";
import { getResponse, listResponses } from "@/lib/fielding/responses";
import { UpstreamError, type PlatformClient, type TIntegrationResponse, type TIntegrationSurvey } from "@/lib/platforms/client";
import { CLIENTS, PLATFORM_FIELDS } from "@/lib/platforms/clients";
import { fromPageCursor, toPageCursor } from "@/lib/platforms/cursor";
import { getWorkspaceSettings } from "@/lib/settings/service";
import { checkWebhookUrl } from "@/lib/webhooks/url-guard";
import type {
  TIntegration,
  ZCreateIntegrationBody,
  ZIntegrationResponsesQuery,
  ZIntegrationSurveysQuery,
  ZUpdateIntegrationBody,
} from "./schemas";

/**
 * Integrations: connections to external survey platforms (credentials sealed with the application key,
 * never returned), probed by the test endpoint, and read through the platform clients
 * (lib/platforms/<platform>/client.ts). The `service` platform's surveys are the workspace's own.
 */

export function serializeIntegration(row: Integration): TIntegration {
  return {
    id: row.id,
    platform: row.platform as TIntegration["platform"],
    name: row.name,
    config: (row.config ?? {}) as Record<string, string>,
    credential_fields: row.credentialFields,
    credentials_configured: row.credentials !== null && row.credentialFields.length > 0,
    status: row.status as TIntegration["status"],
    last_tested_at: row.lastTestedAt?.toISOString() ?? null,
    last_test_status: (row.lastTestStatus as TIntegration["last_test_status"]) ?? null,
    last_test_message: row.lastTestMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkFields(platform: Platform, config: Record<string, string> | undefined, credentials: Record<string, string> | undefined) {
  if (platform === "service") {
    if (Object.keys(config ?? {}).length || Object.keys(credentials ?? {}).length) throw validationError("The service platform takes no config or credentials.");
    return;
  }
  const fields = PLATFORM_FIELDS[platform];
  const details = [
    ...Object.keys(config ?? {})
      .filter((key) => !fields.config.includes(key))
      .map((key) => ({ path: `body.config.${key}`, message: `Unknown config field for ${platform}; use ${fields.config.join(", ")}.` })),
    ...Object.keys(credentials ?? {})
      .filter((key) => !fields.credentials.includes(key))
      .map((key) => ({ path: `body.credentials.${key}`, message: `Unknown credential field for ${platform}; use ${fields.credentials.join(", ")}.` })),
  ];
  if (config?.base_url) {
    try {
      const url = new URL(config.base_url);
      if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("scheme");
    } catch {
      details.push({ path: "body.config.base_url", message: "Must be an http(s) URL." });
    }
  }
  if (details.length) throw validationError("The integration settings do not fit the platform.", details);
}

export async function getIntegrationRow(workspaceId: string, integrationId: string): Promise<Integration> {
  const row = await (await db()).integration.findFirst({ where: { id: integrationId, workspaceId } });
  if (!row) throw notFound("integration", { integration_id: integrationId });
  return row;
}

export async function createIntegration(auth: AuthContext, body: z.output<typeof ZCreateIntegrationBody>): Promise<TIntegration> {
  checkFields(body.platform, body.config, body.credentials);
  const id = newUuidV7();
  const credentials = body.credentials && Object.keys(body.credentials).length ? body.credentials : null;
  const row = await (await db()).integration.create({
    data: {
      id,
      workspaceId: auth.workspaceId,
      platform: body.platform,
      name: body.name ?? null,
      config: (body.config ?? {}) as Prisma.InputJsonValue,
      credentials: credentials ? encryptSecret(JSON.stringify(credentials), id) : null,
      credentialFields: credentials ? Object.keys(credentials).sort() : [],
      status: "untested",
    },
  });
  return serializeIntegration(row);
}

export async function listIntegrations(workspaceId: string, query: { limit: number; cursor?: string }): Promise<Page<TIntegration>> {
  const args = pageArgs(query);
  const rows = await (await db()).integration.findMany({ ...args, where: { ...args.where, workspaceId } });
  return toPage(rows, query.limit, serializeIntegration);
}

export async function updateIntegration(auth: AuthContext, integrationId: string, body: z.output<typeof ZUpdateIntegrationBody>): Promise<TIntegration> {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  checkFields(row.platform as Platform, body.config, body.credentials);
  const credentials = body.credentials;
  const updated = await (await db()).integration.update({
    where: { id: row.id },
    data: {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.config !== undefined ? { config: body.config as Prisma.InputJsonValue } : {}),
      ...(credentials !== undefined
        ? {
            credentials: Object.keys(credentials).length ? encryptSecret(JSON.stringify(credentials), row.id) : null,
            credentialFields: Object.keys(credentials).sort(),
          }
        : {}),
      status: "untested",
    },
  });
  return serializeIntegration(updated);
}

export async function deleteIntegration(auth: AuthContext, integrationId: string): Promise<void> {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  await (await db()).integration.delete({ where: { id: row.id } });
}

function clientOf(row: Integration): PlatformClient {
  const credentials = row.credentials ? (JSON.parse(decryptSecret(row.credentials, row.id)) as Record<string, string>) : {};
  return CLIENTS[row.platform as Exclude<Platform, "service">]({ config: (row.config ?? {}) as Record<string, string>, credentials });
}

/** Calls upstream; a refused address or an upstream failure becomes a 502 `upstream_error` (404 stays 404). */
async function upstream<T>(row: Integration, work: (client: PlatformClient) => Promise<T>): Promise<T> {
  const baseUrl = ((row.config ?? {}) as Record<string, string>).base_url;
  try {
    if (baseUrl) await checkWebhookUrl(baseUrl);
    return await work(clientOf(row));
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === "validation_error" && baseUrl) throw new ApiError("upstream_error", `The integration's base_url is not allowed: ${error.message}`, { integration_id: row.id });
      throw error;
    }
    if (error instanceof UpstreamError) {
      if (error.status === 404) throw new ApiError("not_found", error.message, { resource: "upstream_survey", integration_id: row.id });
      throw new ApiError("upstream_error", error.message, { integration_id: row.id, status: String(error.status) });
    }
    throw error;
  }
}

export async function testIntegration(auth: AuthContext, integrationId: string) {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  let result: { status: "succeeded" | "failed"; message: string; account: string | null };
  if (row.platform === "service") result = { status: "succeeded", message: "The service platform is this workspace.", account: auth.workspaceId };
  else {
    try {
      const { account } = await upstream(row, (client) => client.test());
      result = { status: "succeeded", message: "Connected.", account };
    } catch (error) {
      result = { status: "failed", message: error instanceof Error ? error.message : String(error), account: null };
    }
  }
  const updated = await (await db()).integration.update({
    where: { id: row.id },
    data: { lastTestedAt: new Date(), lastTestStatus: result.status, lastTestMessage: result.message, status: result.status === "succeeded" ? "connected" : "failed" },
  });
  return { data: serializeIntegration(updated), test: result };
}

// ---------------------------------------------------------------- surveys, content, responses

export async function listIntegrationSurveys(auth: AuthContext, integrationId: string, query: z.output<typeof ZIntegrationSurveysQuery>): Promise<Page<TIntegrationSurvey>> {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  if (row.platform === "service") {
    const offset = fromPageCursor(query.cursor, 0);
    const prisma = await db();
    const surveys = await prisma.survey.findMany({
      where: { workspaceId: auth.workspaceId, ...(query.q ? { name: { contains: query.q, mode: "insensitive" } } : {}) },
      orderBy: { id: "desc" },
      skip: offset,
      take: query.limit + 1,
      include: { _count: { select: { contentRevisions: true } } },
    });
    const items = surveys.map((survey) => ({
      id: survey.id,
      name: survey.name,
      status: (survey._count.contentRevisions > 0 ? "active" : "draft") as TIntegrationSurvey["status"],
      created_at: survey.createdAt.toISOString(),
      updated_at: survey.updatedAt.toISOString(),
    }));
    const filtered = query.status ? items.filter((item) => item.status === query.status) : items;
    const hasMore = surveys.length > query.limit;
    return { data: filtered.slice(0, query.limit), pagination: { next_cursor: hasMore ? toPageCursor(offset + query.limit) : null, has_more: hasMore } };
  }
  const page = await upstream(row, (client) => client.listSurveys({ limit: query.limit, cursor: query.cursor, q: query.q }));
  const items = query.status ? page.items.filter((item) => item.status === query.status) : page.items;
  return { data: items, pagination: { next_cursor: page.nextCursor, has_more: page.nextCursor !== null } };
}

async function serviceSurveyOrThrow(workspaceId: string, surveyId: string) {
  const survey = await (await db()).survey.findFirst({ where: { id: surveyId, workspaceId } });
  if (!survey) throw notFound("survey");
  return survey;
}

export async function integrationSurveyContent(auth: AuthContext, integrationId: string, surveyId: string) {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  if (row.platform === "service") {
    await serviceSurveyOrThrow(auth.workspaceId, surveyId);
    return getTipContent(auth.workspaceId, surveyId);
  }
  const definition = await upstream(row, (client) => client.getDefinition(surveyId));
  return { survey_id: surveyId, revision: 1, platform: row.platform as Platform, source: definition.source, user_id: null, message: null, created_at: definition.updated_at };
}

export async function integrationSurveyRevisions(auth: AuthContext, integrationId: string, surveyId: string, includeSource: boolean) {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  if (row.platform === "service") {
    await serviceSurveyOrThrow(auth.workspaceId, surveyId);
    return listContentRevisions(auth.workspaceId, surveyId, { limit: 100, include: includeSource ? "source" : undefined } as never);
  }
  // The platforms here keep no retrievable revision history: their current definition is the one element.
  const tip = await integrationSurveyContent(auth, integrationId, surveyId);
  return { data: [includeSource ? tip : { ...tip, source: undefined }], pagination: { next_cursor: null, has_more: false } };
}

export async function integrationSurveyRevision(auth: AuthContext, integrationId: string, surveyId: string, revision: number) {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  if (row.platform === "service") {
    await serviceSurveyOrThrow(auth.workspaceId, surveyId);
    return getContentRevisionOrThrow(auth.workspaceId, surveyId, revision);
  }
  if (revision !== 1) throw notFound("revision", { resource: "revision" });
  return integrationSurveyContent(auth, integrationId, surveyId);
}

/** `response_data_access`: none → nothing; test → only test-mode responses; production is never granted. */
async function allowedMode(workspaceId: string, requested: "test" | "production" | undefined): Promise<"test"> {
  const settings = await getWorkspaceSettings(workspaceId);
  if (settings.responseDataAccess === "none") {
    throw new ApiError("response_access_denied", "This workspace allows no access to survey responses (response_data_access is none).");
  }
  if (requested === "production") {
    throw new ApiError("response_access_denied", "This workspace allows access to test responses only (response_data_access is test).");
  }
  return "test";
}

function shape(response: TIntegrationResponse, withData: boolean): TIntegrationResponse {
  if (withData) return response;
  const { data: _data, ...rest } = response;
  void _data;
  return rest;
}

export async function listIntegrationResponses(auth: AuthContext, integrationId: string, surveyId: string, query: z.output<typeof ZIntegrationResponsesQuery>): Promise<Page<TIntegrationResponse>> {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  const mode = await allowedMode(auth.workspaceId, query.mode);
  const withData = query.include === "data";
  if (row.platform === "service") {
    // The respondent runtime's own reader: its partial sweep, time filters, data shape and response_data_access.
    const { include, ...filters } = query;
    return listResponses({ workspaceId: auth.workspaceId, surveyId, enforceDataAccess: true }, { ...filters, mode, include });
  }
  const page = await upstream(row, (client) => client.listResponses(surveyId, { limit: query.limit, cursor: query.cursor, since: query.since, until: query.until }));
  const items = page.items.filter((item) => item.mode === mode && (!query.status || item.status === query.status)).map((item) => shape(item, withData));
  return { data: items, pagination: { next_cursor: page.nextCursor, has_more: page.nextCursor !== null } };
}

export async function getIntegrationResponse(auth: AuthContext, integrationId: string, surveyId: string, responseId: string, withData: boolean) {
  const row = await getIntegrationRow(auth.workspaceId, integrationId);
  const mode = await allowedMode(auth.workspaceId, undefined);
  if (row.platform === "service") return getResponse({ workspaceId: auth.workspaceId, surveyId, enforceDataAccess: true }, responseId, withData);
  for (let cursor: string | undefined, pages = 0; pages < 20; pages++) {
    const page = await upstream(row, (client) => client.listResponses(surveyId, { limit: 100, cursor }));
    const found = page.items.find((item) => item.id === responseId);
    if (found) {
      if (found.mode !== mode) throw new ApiError("response_access_denied", "This workspace allows access to test responses only (response_data_access is test).");
      return shape(found, withData);
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  throw notFound("response");
}

/**
 * Pushes a platform export upstream through the workspace's integration of that platform (the most
 * recently created one): creates the survey the first time, updates it afterwards where the platform
 * allows, and records the upstream id on the integration.
 */
export async function pushExport(workspaceId: string, surveyId: string, platform: Exclude<Platform, "service">, source: string, contentRevision: number) {
  const prisma = await db();
  const row = await prisma.integration.findFirst({ where: { workspaceId, platform }, orderBy: { id: "desc" } });
  if (!row) throw new ApiError("not_found", `No ${platform} integration is configured in this workspace; create one under /v1/integrations to push.`, { resource: "integration" });
  const survey = await prisma.survey.findUniqueOrThrow({ where: { id: surveyId }, select: { name: true } });
  const links = (row.upstreamSurveys ?? {}) as Record<string, { upstream_id: string }>;
  const result = await upstream(row, (client) => client.createOrUpdate(source, { upstreamId: links[surveyId]?.upstream_id ?? null, name: survey.name }));
  await prisma.integration.update({
    where: { id: row.id },
    data: { upstreamSurveys: { ...links, [surveyId]: { upstream_id: result.id, pushed_at: new Date().toISOString(), content_revision: contentRevision } } as Prisma.InputJsonValue },
  });
  return { integration_id: row.id, survey_id: result.id, action: result.action };
}
