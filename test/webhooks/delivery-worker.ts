/**
 * A server-like process for the webhook crash test: the real delivery engine (embedded executor +
 * scheduler) on the configured database (DATA_DIR or DATABASE_URL). `start <receiverUrl> <count>` registers
 * an endpoint, records a burst of events and starts delivering (the test SIGKILLs it mid-way);
 * `resume <endpointId>` delivers what is left and prints a summary.
 */
import { webhookDeliveryWorkflow } from "@/inngest/functions/webhook-delivery";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import { ensureDefaultWorkspace } from "@/lib/tenancy/bootstrap";
import { configureWebhookEngine } from "@/lib/webhooks/engine";
import { WebhookScheduler } from "@/lib/webhooks/scheduler";
import { createEndpoint } from "@/lib/webhooks/service";
import { LocalExecutor } from "@/lib/workflows/executor";

function startEngine() {
  // Short time-out and lease so a delivery lost in the crash is due again within seconds.
  configureWebhookEngine({ timeoutMs: 2_000, leaseMs: 3_000, deliveryBatch: 40 });
  const executor = new LocalExecutor({ workflows: [webhookDeliveryWorkflow], leaseMs: 1_500, pollMs: 50 });
  const scheduler = new WebhookScheduler({ pollMs: 100, workers: 2 });
  executor.start();
  scheduler.start();
  return { stop: async () => (await scheduler.stop(), await executor.stop()) };
}

async function main() {
  const [mode, arg, countArg] = process.argv.slice(2);
  const prisma = await db();
  if (mode === "start") {
    const { workspace } = await ensureDefaultWorkspace();
    const endpoint = await createEndpoint(
      { method: "development", workspaceId: workspace.id, organizationId: workspace.organizationId, scopes: ["*"], subject: "test", apiKeyId: null, userId: null },
      { url: arg, event_types: ["survey.created"], enabled: true },
    );
    const count = Number(countArg);
    await prisma.$transaction(async (tx) => {
      for (let index = 0; index < count; index++) {
        const now = new Date().toISOString();
        const id = `0190${String(index).padStart(4, "0")}-0000-7000-8000-000000000000`;
        await recordEvent(tx, workspace.id, "survey.created", { survey: { id, slug: `crash-${index}`, name: `Crash ${index}`, description: null, created_at: now, updated_at: now } });
      }
    });
    console.log(`READY ${JSON.stringify({ endpointId: endpoint.id, secret: endpoint.secret })}`);
    startEngine();
    return;
  }
  const engine = startEngine();
  for (;;) {
    const counts = await prisma.webhookDelivery.groupBy({ by: ["status"], where: { endpointId: arg }, _count: true });
    const byStatus = Object.fromEntries(counts.map((row) => [row.status, row._count]));
    const unfanned = await prisma.event.count({ where: { fannedOutAt: null } });
    if (!byStatus.pending && unfanned === 0) {
      const attempts = await prisma.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: arg } } });
      console.log(`SUMMARY ${JSON.stringify({ ...byStatus, attempts })}`);
      await engine.stop();
      process.exit(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

void main();
