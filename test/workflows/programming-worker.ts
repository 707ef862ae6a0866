/**
 * A server-like process for the programming crash test, on the configured database (DATA_DIR or
 * DATABASE_URL). `start` sets up a survey with an asserted questionnaire through the real route
 * handlers, starts programming and prints every chunk of the run as it is written; `resume` runs the
 * executor until the run ends and prints a summary.
 */
import * as devObjects from "@/app/v1/%5Fdev/objects/[visibility]/[...key]/route";
import * as programmingRoute from "@/app/v1/surveys/[surveyId]/programming/route";
import * as fileRoute from "@/app/v1/surveys/[surveyId]/files/[fileId]/route";
import * as filesRoute from "@/app/v1/surveys/[surveyId]/files/route";
import * as questionnaireRoute from "@/app/v1/surveys/[surveyId]/questionnaire/route";
import * as surveysRoute from "@/app/v1/surveys/route";
import { createHash } from "node:crypto";
import { WORKFLOWS } from "@/inngest/functions";
import { issueApiKey } from "@/lib/api-keys/service";
import { db } from "@/lib/db/client";
import { ensureDefaultWorkspace } from "@/lib/tenancy/bootstrap";
import { LocalExecutor } from "@/lib/workflows/executor";
import { workflowBus } from "@/lib/workflows/runs";

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

async function call(handler: Handler, method: string, url: string, params: Record<string, string | string[]>, key: string, body?: unknown, raw?: string) {
  const response = await handler(
    new Request(new URL(url, "http://localhost"), {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    }),
    { params: Promise.resolve(params) },
  );
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A long questionnaire, so that compiling it takes long enough to be interrupted. */
function questionnaire(): string {
  const lines = ["# Commuting study", "", "S1. Do you commute to work?", "1. Yes", "2. No (TERMINATE)", ""];
  for (let index = 1; index <= 1500; index++) {
    lines.push(`Q${index}. How satisfied are you with part ${index} of your commute?`, "1. Very satisfied", "2. Satisfied", "3. Dissatisfied", "");
  }
  return lines.join("\n");
}

async function start() {
  const { workspace } = await ensureDefaultWorkspace();
  const { key } = await issueApiKey({ workspaceId: workspace.id, name: "crash test", scopes: ["*"] });
  const survey = (await call(surveysRoute.POST, "POST", "/v1/surveys", {}, key, { slug: "commuting", name: "Commuting" })).data;
  const text = questionnaire();
  const created = await call(filesRoute.POST, "POST", `/v1/surveys/${survey.id}/files`, { surveyId: survey.id }, key, { name: "commuting.md", content_type: "text/markdown" });
  const upload = new URL(created.upload.url);
  const [, , , , visibility, ...keyParts] = upload.pathname.split("/");
  await call(devObjects.PUT as Handler, "PUT", upload.pathname + upload.search, { visibility, key: keyParts }, key, undefined, text);
  await call(fileRoute.PATCH, "PATCH", `/v1/surveys/${survey.id}/files/${created.data.id}`, { surveyId: survey.id, fileId: created.data.id }, key, {
    status: "ready",
    size_bytes: Buffer.byteLength(text),
    content_hash: createHash("sha256").update(text).digest("hex"),
  });
  await call(questionnaireRoute.PUT, "PUT", `/v1/surveys/${survey.id}/questionnaire`, { surveyId: survey.id }, key, { file_id: created.data.id });
  const started = await call(programmingRoute.POST, "POST", `/v1/surveys/${survey.id}/programming`, { surveyId: survey.id }, key, { platform: "service" });
  console.log(`RUN ${started.run_id}`);
  workflowBus.on(`chunk:${started.run_id}`, () => console.log("CHUNK"));
  const steps = new Set<string>();
  setInterval(async () => {
    const rows = await (await db()).workflowStep.findMany({ where: { runId: started.run_id, status: "completed" }, select: { stepId: true, finishedAt: true } });
    for (const row of rows) if (!steps.has(row.stepId)) {
      steps.add(row.stepId);
      console.log(`STEP ${row.stepId} ${row.finishedAt?.toISOString()}`);
    }
  }, 5).unref();
  new LocalExecutor({ workflows: WORKFLOWS, leaseMs: 3_000, pollMs: 50 }).start();
}

async function resume(runId: string) {
  const executor = new LocalExecutor({ workflows: WORKFLOWS, leaseMs: 1_500, pollMs: 50 });
  executor.start();
  const prisma = await db();
  for (;;) {
    const run = await prisma.workflowRun.findUniqueOrThrow({ where: { id: runId }, include: { steps: true } });
    if (["completed", "failed", "cancelled"].includes(run.status)) {
      const revisions = await prisma.contentRevision.findMany({ where: { surveyId: run.surveyId! } });
      const chunks = await prisma.streamChunk.findMany({ where: { runId }, orderBy: { index: "asc" } });
      console.log(
        `SUMMARY ${JSON.stringify({
          status: run.status,
          error: run.error,
          output: run.output,
          steps: run.steps.map((step) => ({ id: step.stepId, status: step.status, finishedAt: step.finishedAt })),
          revisions: revisions.map((revision) => revision.revision),
          targetChunks: chunks.filter((chunk) => chunk.key === "progress:target").length,
          indexes: chunks.map((chunk) => chunk.index),
        })}`,
      );
      await executor.stop();
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const [mode, runId] = process.argv.slice(2);
void (mode === "start" ? start() : resume(runId));
