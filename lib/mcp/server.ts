import { randomUUID } from "node:crypto";
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ZodError } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { hasScope, type Scope } from "@/lib/auth/scopes";
import { getServiceTip } from "@/lib/content/service";
import { baseUrlFor } from "@/lib/http/base-url";
import { ApiError, zodIssueDetails } from "@/lib/http/errors";
import { enforceRateLimit } from "@/lib/http/rate-limit";
import { errorResponse } from "@/lib/http/with-api";
import { log } from "@/lib/log";
import { authenticateMcpToken } from "@/lib/oauth";
import { listSurveys } from "@/lib/surveys/service";
import { MCP_TOOLS } from "./registry";
import type { McpTool, ToolContext } from "./tool";
import { MCP_UPLOAD_MAX_BYTES } from "./tools/questionnaire";

/**
 * The MCP endpoint (Streamable HTTP, stateless): each POST authenticates its OAuth access token (lib/oauth),
 * builds a server holding that person's context and answers the JSON-RPC message(s) of the request. Stateless, so any
 * instance can answer any request and nothing lives between requests; long tools report progress on
 * the request's own SSE stream.
 */

export const MCP_SERVER_INFO = { name: "survey-service", version: "1.0.0" };

/** A document of MCP_UPLOAD_MAX_BYTES in base64 inside a JSON-RPC envelope. */
const MAX_REQUEST_BYTES = Math.ceil((MCP_UPLOAD_MAX_BYTES * 4) / 3) + 1024 * 1024;

const INSTRUCTIONS = `Program surveys from questionnaires and review the result.
Typical flow: create_survey (or list_surveys to find one) → upload_questionnaire → check_questionnaire and answer_clarification (optional) → start_programming (waits, reports progress) → get_survey_outline and list_review_items → fix with ask_editing_agent (plain words) or apply_content_operations → validate_survey, preview_survey.
The full programmed document of a survey is the resource survey://{survey_id}/content. Every change is a new content revision: list_content_revisions, diff_content_revisions, restore_content_revision.`;

export async function handleMcpRequest(request: Request): Promise<Response> {
  const requestId = request.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  let auth: AuthContext;
  try {
    auth = await authenticateMcpToken(request);
    enforceRateLimit(auth.subject);
  } catch (error) {
    return errorResponse(error, requestId);
  }
  const server = buildMcpServer(auth, baseUrlFor(request), requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: MAX_REQUEST_BYTES });
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  response.headers.set("x-request-id", requestId);
  return response;
}

export function buildMcpServer(auth: AuthContext, baseUrl: string, requestId: string): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) registerTool(server, tool, auth, baseUrl, requestId);
  registerContentResource(server, auth);
  return server;
}

function registerTool(server: McpServer, tool: McpTool, auth: AuthContext, baseUrl: string, requestId: string): void {
  const needs = tool.access === "authenticated" ? "" : ` Needs the ${tool.access} permission.`;
  server.registerTool(
    tool.name,
    { title: tool.title, description: `${tool.description}${needs}`, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
    async (args: unknown, extra): Promise<CallToolResult> => {
      try {
        assertAccess(tool, auth);
        const progressToken = extra._meta?.progressToken;
        const context: ToolContext = {
          auth,
          baseUrl,
          signal: extra.signal,
          progress: async ({ progress, total, message }) => {
            if (progressToken === undefined) return;
            await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total, message } });
          },
        };
        const result = await tool.run(args as never, context);
        // Output is parsed like a REST response body: only the declared fields leave the service. A
        // result that does not fit its schema is our fault, not the caller's (500, not 400).
        const parsed = tool.output.safeParse(result);
        if (!parsed.success) throw new Error(`The result of ${tool.name} does not match its schema: ${JSON.stringify(zodIssueDetails(parsed.error))}`);
        const structured = parsed.data as Record<string, unknown>;
        return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
      } catch (error) {
        return toolError(error, { tool: tool.name, requestId });
      }
    },
  );
}

function assertAccess(tool: McpTool, auth: AuthContext): void {
  if (tool.access === "authenticated" || hasScope(auth.scopes, tool.access)) return;
  throw new ApiError("forbidden", `Your role in this workspace does not allow ${tool.name} (it needs ${tool.access}).`);
}

/** Errors are tool results (`isError`), carrying the interface's error body so the model can act on it. */
function toolError(error: unknown, where: { tool: string; requestId: string }): CallToolResult {
  let body: Record<string, unknown>;
  if (error instanceof ApiError) body = error.toBody();
  else if (error instanceof ZodError) body = { error: "validation_error", message: "The input is invalid.", details: zodIssueDetails(error) };
  else {
    log.error("MCP tool failed", { ...where, error });
    body = { error: "internal_error", message: `Something went wrong on our side. Quote request id ${where.requestId} when reporting it.` };
  }
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}

const CONTENT_URI = "survey://{survey_id}/content";

/** `survey://{survey_id}/content`: the programmed survey document (the tip `service` revision) as JSON. */
function registerContentResource(server: McpServer, auth: AuthContext): void {
  const requireRead = () => {
    if (!hasScope(auth.scopes, "surveys:read" satisfies Scope)) throw new McpError(ErrorCode.InvalidRequest, "Your role in this workspace does not allow reading surveys.");
  };
  server.registerResource(
    "survey-content",
    new ResourceTemplate(CONTENT_URI, {
      list: async () => {
        requireRead();
        const page = await listSurveys(auth.workspaceId, { limit: 100 });
        return {
          resources: page.data.map((survey) => ({
            uri: `survey://${survey.id}/content`,
            name: `${survey.name} — programmed survey`,
            mimeType: "application/json",
          })),
        };
      },
    }),
    { title: "Programmed survey document", description: "The survey document of a survey: pages, blocks, rules, variables and review flags.", mimeType: "application/json" },
    async (uri, variables) => {
      requireRead();
      const surveyId = String(variables.survey_id);
      let tip: Awaited<ReturnType<typeof getServiceTip>>;
      try {
        tip = await getServiceTip(auth.workspaceId, surveyId);
      } catch (error) {
        if (error instanceof ApiError && error.code === "not_found") throw new McpError(-32002, `Survey ${surveyId} not found.`, { uri: uri.href });
        throw error;
      }
      if (!tip) throw new McpError(-32002, `Survey ${surveyId} has no programmed content yet.`, { uri: uri.href });
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify({ revision: tip.revision, document: tip.document }) }] };
    },
  );
}
