// GET|POST|PUT /api/inngest — serves the workflow functions to Inngest (WORKFLOW_ENGINE=inngest)
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { WORKFLOWS } from "@/inngest/functions";
import { toInngestFunction } from "@/lib/workflows/inngest-adapter";

let handlers: ReturnType<typeof serve> | undefined;

// Built on first request: the Inngest client reads its settings then, never at build time.
function inngestHandlers() {
  handlers ??= serve({ client: inngest(), functions: WORKFLOWS.map((definition) => toInngestFunction(definition)) });
  return handlers;
}

type Context = { params: Promise<Record<string, string | string[]>> };

export const GET = (request: Request, context: Context) => inngestHandlers().GET(request as never, context as never);
export const POST = (request: Request, context: Context) => inngestHandlers().POST(request as never, context as never);
export const PUT = (request: Request, context: Context) => inngestHandlers().PUT(request as never, context as never);
