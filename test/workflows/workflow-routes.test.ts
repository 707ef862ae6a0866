import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineWorkflow } from "@/lib/workflows/define";
import { LocalExecutor } from "@/lib/workflows/executor";
import { waitForHook } from "@/lib/workflows/hooks";
import { startWorkflow } from "@/lib/workflows/runs";
import { findRoute } from "../helpers/api";
import { createTenant } from "../helpers/tenant";

const approval = defineWorkflow({
  id: "test-route-approval",
  kind: "test.route_approval",
  event: "test/route-approval.requested",
  input: z.object({}),
  handler: async ({ runId, step }) => {
    await step.run("prepare", () => ({ ready: true }));
    const { resolution } = await waitForHook<{ answer: string }>(step, runId, { kind: "test.answer" });
    return step.run("finish", () => ({ answer: resolution?.answer }));
  },
});

async function openStream(key: string, path: string) {
  const url = new URL(path, "http://localhost");
  const found = findRoute(url.pathname)!;
  const routeModule = await found.route.load();
  const response = await routeModule.GET!(new Request(url, { headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve(found.params) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const lines: any[] = [];
  return {
    response,
    lines,
    close: () => reader.cancel(),
    async readLines(count: number) {
      while (lines.length < count) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          lines.push(JSON.parse(buffer.slice(0, newline)));
          buffer = buffer.slice(newline + 1);
        }
      }
      return lines;
    },
    async readToEnd() {
      await this.readLines(Number.MAX_SAFE_INTEGER);
      return lines;
    },
  };
}

describe("workflow routes", () => {
  it("streams a run as NDJSON: replays, follows live chunks, and closes when the run ends", async () => {
    const { workspace, key, api } = await createTenant();
    const worker = new LocalExecutor({ workflows: [approval], pollMs: 20 });
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: {} });
    await worker.drain();

    const live = await openStream(key, `/v1/workflows/${run.id}/stream`);
    expect(live.response.headers.get("content-type")).toContain("application/x-ndjson");
    const before = await live.readLines(4);
    expect(before.map((line) => line.type)).toEqual(["started", "step", "hook", "step"]);
    expect(before.map((line) => line.index)).toEqual([0, 1, 2, 3]);
    expect(before.every((line) => typeof line.at === "string")).toBe(true);

    const described = await api.get(`/v1/workflows/${run.id}`);
    expect(described.body.data).toMatchObject({ id: run.id, status: "running", stream_url: `/v1/workflows/${run.id}/stream` });
    const hook = described.body.data.hooks[0];
    expect(hook).toMatchObject({ kind: "test.answer", status: "pending", resume_path: `/v1/workflows/${run.id}/hooks/${hook.id}/resolve` });

    const resolved = await api.post(hook.resume_path, { answer: "yes" });
    expect(resolved.status).toBe(200);
    expect((await api.post(hook.resume_path, { answer: "again" })).status).toBe(409);
    await worker.drain();

    const all = await live.readToEnd();
    expect(all.at(-1)).toMatchObject({ type: "completed", data: { output: { answer: "yes" } } });
    expect(all.map((line) => line.index)).toEqual(all.map((_, index) => index));

    const replay = await openStream(key, `/v1/workflows/${run.id}/stream?startIndex=2`);
    const replayed = await replay.readToEnd();
    expect(replayed[0].index).toBe(2);
    expect(replayed.map((line) => line.type)).toEqual(all.slice(2).map((line) => line.type));

    const past = await openStream(key, `/v1/workflows/${run.id}/stream?startIndex=${all.length + 5}`);
    expect(await past.readToEnd()).toEqual([]);
  });

  it("hides another workspace's runs and refuses a negative startIndex", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const run = await startWorkflow(approval, { workspaceId: owner.workspace.id, input: {} });
    expect((await stranger.api.get(`/v1/workflows/${run.id}`)).status).toBe(404);
    expect((await stranger.api.get(`/v1/workflows/${run.id}/stream`)).status).toBe(404);
    expect((await stranger.api.post(`/v1/workflows/${run.id}/cancel`)).status).toBe(404);
    expect((await owner.api.get(`/v1/workflows/${run.id}/stream?startIndex=-1`)).status).toBe(400);
  });

  it("cancels a pending run through the API", async () => {
    const { workspace, api } = await createTenant();
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: {} });
    const cancelled = await api.post(`/v1/workflows/${run.id}/cancel`);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect(cancelled.body.data.error).toEqual({ message: "The workflow was cancelled." });
  });
});

describe("open streams per credential", () => {
  it("caps the streams one key holds open, and frees a slot when a stream is closed", async () => {
    const { workspace, key } = await createTenant();
    const { MAX_OPEN_STREAMS_PER_CREDENTIAL } = await import("@/lib/workflows/stream");
    const run = await startWorkflow(approval, { workspaceId: workspace.id, input: {} });
    await new LocalExecutor({ workflows: [approval], pollMs: 20 }).drain();
    const open = [];
    for (let index = 0; index < MAX_OPEN_STREAMS_PER_CREDENTIAL; index++) {
      const stream = await openStream(key, `/v1/workflows/${run.id}/stream`);
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream(key, `/v1/workflows/${run.id}/stream`);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get("retry-after")).toBe("5");
    await open[0].close();
    expect((await openStream(key, `/v1/workflows/${run.id}/stream`)).response.status).toBe(200);
  });
});
