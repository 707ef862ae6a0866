import type { McpTool } from "./tool";
import { CLARIFICATION_TOOLS } from "./tools/clarifications";
import { CONTENT_TOOLS } from "./tools/content";
import { CONVERSATION_TOOLS } from "./tools/conversations";
import { META_TOOLS } from "./tools/meta";
import { PREVIEW_TOOLS } from "./tools/preview";
import { PROGRAMMING_TOOLS } from "./tools/programming";
import { QUESTIONNAIRE_TOOLS } from "./tools/questionnaire";
import { SURVEY_TOOLS } from "./tools/surveys";

/**
 * Every MCP tool, in the order clients list them. A new domain adds `lib/mcp/tools/<domain>.ts`
 * (tools built with `defineTool` over its service) and one entry here; the server, the scope checks and
 * the tests pick it up from this list.
 */
export const MCP_TOOLS: readonly McpTool[] = [...META_TOOLS, ...SURVEY_TOOLS, ...QUESTIONNAIRE_TOOLS, ...CLARIFICATION_TOOLS, ...PROGRAMMING_TOOLS, ...CONTENT_TOOLS, ...CONVERSATION_TOOLS, ...PREVIEW_TOOLS] as unknown as McpTool[];
