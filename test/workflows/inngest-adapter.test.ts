import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineWorkflow } from "@/lib/workflows/define";
import { waitForHook } from "@/lib/workflows/hooks";
import { toInngestFunction } from "@/lib/workflows/inngest-adapter";
import { cancelRun, createRun, getRunWithDetails, readChunks } from "@/lib/workflows/runs";
import { createTenant } from "../helpers/tenant";

const greeting = defineWorkflow({
  id: "test-inngest-greeting",
  kind: "test.greeting",
  event: "test/greeting.requested",
  input: z.object({ name: z.string() }),
  handler: async ({ input, step }) => {
    const upper = await step.run("shout", () => input.name.toUpperCase());
    const message = await step.run("greet", () => `Hello ${upper}`);
    return { message };
  },
});

const choosing = defineWorkflow({
  id: "test-inngest-choosing",
  kind: "test.choosing",
  event: "test/choosing.requested",
  input: z.object({}),
  handler: async ({ runId, step }) => {
    const { resolution } = await waitForHook<{ platform: string }>(step, runId, { kind: "test.platform" });
    return { platform: resolution?.platform ?? null };
  },
});

const ran: string[] = [];
const cancelling = defineWorkflow({
  id: "test-inngest-cancelling",
  kind: "test.cancelling",
  event: "test/cancelling.requested",
  input: z.object({ workspaceId: z.string() }),
  handler: async ({ runId, input, step }) => {
    await step.run("first", async () => {
      ran.push("first");
      // A client cancels the run while this step executes.
      await cancelRun(input.workspaceId, runId);
    });
    await step.run("second", () => {
      ran.push("second");
    });
    return null;
  },
});

async function pendingRun(definition: Parameters<typeof createRun>[1], input: unknown) {
  const { workspace } = await createTenant();
  return (await db()).$transaction((tx) => createRun(tx, definition, { workspaceId: workspace.id, input }));
}

describe("workflows as Inngest functions (@inngest/test)", () => {
  it("runs a definition's handler under Inngest and keeps the run, its steps and stream in the database", async () => {
    const run = await pendingRun(greeting as never, { name: "ada" });
    const engine = new InngestTestEngine({ function: toInngestFunction(greeting as never) });
    const { result } = await engine.execute({ events: [{ name: greeting.event, data: { runId: run.id } }] });
    expect(result).toEqual({ message: "Hello ADA" });
    const stored = await getRunWithDetails({ id: run.id });
    expect(stored?.status).toBe("completed");
    expect(stored?.output).toEqual({ message: "Hello ADA" });
    expect(stored?.steps.map((step) => step.stepId)).toEqual(["shout", "greet"]);
    expect((await readChunks(run.id, 0)).map((chunk) => chunk.type)).toEqual(["started", "step", "step", "completed"]);
  });

  it("waits for a hook through Inngest's waitForEvent and uses the resolution it receives", async () => {
    const run = await pendingRun(choosing as never, {});
    const engine = new InngestTestEngine({
      function: toInngestFunction(choosing as never),
      // @inngest/test 1.0 cannot mock waitForEvent through `steps`; replace it on the context (ENVIRONMENT.md).
      transformCtx: (ctx) => {
        ctx.step.waitForEvent = vi.fn(async () => ({ name: "workflow/hook.resolved", data: { resolution: { platform: "service" } } })) as never;
        return ctx;
      },
    });
    const { result } = await engine.execute({ events: [{ name: choosing.event, data: { runId: run.id } }] });
    expect(result).toEqual({ platform: "service" });
    const stored = await getRunWithDetails({ id: run.id });
    expect(stored?.hooks).toHaveLength(1);
    expect(stored?.status).toBe("completed");
  });

  it("runs no further step of a run cancelled meanwhile (issue 18 item 4)", async () => {
    const { workspace } = await createTenant();
    const run = await (await db()).$transaction((tx) => createRun(tx, cancelling as never, { workspaceId: workspace.id, input: { workspaceId: workspace.id } }));
    const engine = new InngestTestEngine({ function: toInngestFunction(cancelling as never) });
    await engine.execute({ events: [{ name: cancelling.event, data: { runId: run.id } }] });
    expect(ran).toEqual(["first"]);
    expect((await getRunWithDetails({ id: run.id }))?.status).toBe("cancelled");
  });
});
