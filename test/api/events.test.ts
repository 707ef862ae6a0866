import { describe, expect, it } from "vitest";
import { EVENT_CATALOG, EVENT_TYPES } from "@/lib/events/catalog";
import { createTenant } from "../helpers/tenant";

describe("the event log (P)", () => {
  it("records survey changes as immutable events, newest first, filterable by type and since", async () => {
    const { api, keyWith } = await createTenant();
    const created = (await api.post("/v1/surveys", { slug: "event-log", name: "Event log" })).body.data;
    await api.patch(`/v1/surveys/${created.id}`, { name: "Event log (renamed)" });
    await api.delete(`/v1/surveys/${created.id}`);

    const reader = (await keyWith(["webhooks:read"])).api;
    const all = await reader.get("/v1/events");
    expect(all.status).toBe(200);
    expect(all.body.data.map((event: { type: string }) => event.type)).toEqual(["survey.deleted", "survey.updated", "survey.created"]);
    const [deleted, updated, createdEvent] = all.body.data;
    expect(createdEvent).toMatchObject({ type: "survey.created", data: { survey: { id: created.id, slug: "event-log" } } });
    expect(createdEvent.id).toMatch(/^evt_[0-9A-Z]{26}$/);
    expect(updated.data).toMatchObject({ changed: ["name"], survey: { name: "Event log (renamed)" } });
    expect(deleted.data).toEqual({ survey: { id: created.id, slug: "event-log", name: "Event log (renamed)" } });

    const filtered = await reader.get("/v1/events?type=survey.created,survey.deleted");
    expect(filtered.body.data.map((event: { type: string }) => event.type)).toEqual(["survey.deleted", "survey.created"]);
    const repeated = await reader.get("/v1/events?type=survey.updated&type=survey.deleted");
    expect(repeated.body.data).toHaveLength(2);

    const since = await reader.get(`/v1/events?since=${encodeURIComponent(updated.created_at)}`);
    expect(since.body.data.map((event: { id: string }) => event.id)).toContain(updated.id);
    for (const event of since.body.data) expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(Date.parse(updated.created_at));
    const future = await reader.get(`/v1/events?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body.data).toEqual([]);

    const one = await reader.get(`/v1/events/${createdEvent.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(createdEvent);
  });

  it("pages with an opaque cursor", async () => {
    const { api } = await createTenant();
    for (let index = 0; index < 3; index++) await api.post("/v1/surveys", { slug: `paged-${index}`, name: `Paged ${index}` });
    const first = await api.get("/v1/events?limit=2");
    expect(first.body.data).toHaveLength(2);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await api.get(`/v1/events?limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
    expect(second.body.data[0].data.survey.slug).toBe("paged-0");
  });

  it("refuses unknown types and bad dates, and hides other workspaces' events", async () => {
    const { api } = await createTenant();
    const badType = await api.get("/v1/events?type=survey.exploded");
    expect(badType.status).toBe(400);
    expect(badType.body.details[0].path).toMatch(/^query\.type/);
    expect((await api.get("/v1/events?since=yesterday")).status).toBe(400);

    const other = await createTenant();
    await other.api.post("/v1/surveys", { slug: "elsewhere", name: "Elsewhere" });
    const theirs = (await other.api.get("/v1/events")).body.data[0];
    expect((await api.get("/v1/events")).body.data).toEqual([]);
    const hidden = await api.get(`/v1/events/${theirs.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: "not_found", event_id: theirs.id });
  });
});

describe("the event type registry", () => {
  it("lists every catalog type with its description and a JSON Schema of its payload", async () => {
    const { api } = await createTenant(["webhooks:read"]);
    const response = await api.get("/v1/event_types");
    expect(response.status).toBe(200);
    const types = response.body.data as { type: string; description: string; schema: Record<string, unknown> }[];
    expect(types.map((entry) => entry.type)).toEqual(EVENT_TYPES);
    for (const required of [
      "workflow.started", "workflow.updated", "workflow.finished", "content.updated", "questionnaire.clarifications.updated",
      "survey.created", "survey.updated", "survey.deleted",
    ]) {
      expect(types.map((entry) => entry.type)).toContain(required);
    }
    for (const entry of types) {
      expect(entry.description).toBe(EVENT_CATALOG[entry.type as keyof typeof EVENT_CATALOG].description);
      expect(entry.schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
    }
    const survey = types.find((entry) => entry.type === "survey.created")!;
    expect(survey.schema).toMatchObject({ required: ["survey"], $defs: { Survey: { type: "object" } } });
    const workflow = types.find((entry) => entry.type === "workflow.finished")!;
    expect(JSON.stringify(workflow.schema)).toContain('"status"');
  });
});
