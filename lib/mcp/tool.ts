import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { Scope } from "@/lib/auth/scopes";

/**
 * One MCP tool: a zod input schema, a zod result schema (the tool's `structuredContent`), the scope it
 * needs — the same scope as the Interface P route it mirrors — and a handler that calls the domain
 * service. Tools are declared per domain in `lib/mcp/tools/<domain>.ts` and listed once in
 * `lib/mcp/registry.ts`; the server enforces the scope, validates and serializes, so a handler holds no
 * protocol code.
 */

export type ToolContext = {
  auth: AuthContext;
  /** The service's public origin, for links in results. */
  baseUrl: string;
  /** Aborted when the client cancels the call or disconnects. */
  signal: AbortSignal;
  /** Reports progress to the client when it asked for it (a `progressToken`); a no-op otherwise. */
  progress: (update: { progress: number; total?: number; message?: string }) => Promise<void>;
};

export type McpTool<Input extends z.ZodObject = z.ZodObject, Output extends z.ZodObject = z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  /** The scope the mirrored REST route declares; "authenticated" for any signed-in caller. */
  access: Scope | "authenticated";
  annotations?: ToolAnnotations;
  input: Input;
  output: Output;
  run: (input: z.output<Input>, context: ToolContext) => Promise<z.input<Output>>;
};

export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: McpTool<Input, Output>): McpTool<Input, Output> {
  return tool;
}

/** A read-only tool (nothing changes on the service). */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** A tool that adds something (a new survey, file, revision or run) without destroying anything. */
export const ADDITIVE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };
