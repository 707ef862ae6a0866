import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTenant } from "../helpers/tenant";

describe("surveys", () => {
  it("creates, gets, lists, patches and deletes a survey", async () => {
    const { api } = await createTenant();
    const created = await api.post("/v1/surveys", { slug: "brand-tracker", name: "Brand tracker", description: "Wave 1" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: "brand-tracker", name: "Brand tracker", description: "Wave 1" });
    const id = created.body.data.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    expect((await api.get(`/v1/surveys/${id}`)).body.data.id).toBe(id);
    const listed = await api.get("/v1/surveys");
    expect(listed.body.data.map((survey: { id: string }) => survey.id)).toEqual([id]);
    expect(listed.body.pagination).toEqual({ next_cursor: null, has_more: false });

    const patched = await api.patch(`/v1/surveys/${id}`, { name: "Brand tracker 2027", description: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: "Brand tracker 2027", description: null, slug: "brand-tracker" });

    expect((await api.delete(`/v1/surveys/${id}`)).status).toBe(204);
    expect((await api.get(`/v1/surveys/${id}`)).status).toBe(404);
    expect((await api.delete(`/v1/surveys/${id}`)).status).toBe(404);
  });

  it("refuses a duplicate slug in the same workspace with 409 duplicate_slug, but allows it in another workspace", async () => {
    const first = await createTenant();
    const second = await createTenant();
    await first.api.post("/v1/surveys", { slug: "nps-2026", name: "NPS" });
    const duplicate = await first.api.post("/v1/surveys", { slug: "nps-2026", name: "NPS again" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: "duplicate_slug", slug: "nps-2026" });
    expect((await second.api.post("/v1/surveys", { slug: "nps-2026", name: "NPS" })).status).toBe(201);
  });

  it("refuses renaming a survey to a slug already taken with 409 duplicate_slug", async () => {
    const { api } = await createTenant();
    await api.post("/v1/surveys", { slug: "taken", name: "A" });
    const other = await api.post("/v1/surveys", { slug: "other", name: "B" });
    const renamed = await api.patch(`/v1/surveys/${other.body.data.id}`, { slug: "taken" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe("duplicate_slug");
  });

  it("rejects a slug that is not lowercase kebab-case with validation details per field", async () => {
    const { api } = await createTenant();
    for (const slug of ["Brand Tracker", "brand_tracker", "-brand", "brand--tracker", "BRAND", ""]) {
      const response = await api.post("/v1/surveys", { slug, name: "x" });
      expect(response.status, slug).toBe(400);
      expect(response.body.error).toBe("validation_error");
      expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "body.slug" })]));
    }
    const missingName = await api.post("/v1/surveys", { slug: "ok" });
    expect(missingName.body.details).toEqual([expect.objectContaining({ path: "body.name" })]);
  });

  it("hides another workspace's survey as 404 for get, patch and delete", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const { body } = await owner.api.post("/v1/surveys", { slug: "private", name: "Private" });
    const path = `/v1/surveys/${body.data.id}`;
    expect((await stranger.api.get(path)).status).toBe(404);
    expect((await stranger.api.patch(path, { name: "mine" })).status).toBe(404);
    expect((await stranger.api.delete(path)).status).toBe(404);
    expect((await stranger.api.get("/v1/surveys")).body.data).toEqual([]);
    expect((await owner.api.get(path)).body.data.name).toBe("Private");
  });

  it("pages through surveys newest first with an opaque cursor", async () => {
    const { api } = await createTenant();
    const slugs = Array.from({ length: 7 }, (_, index) => `survey-${index}`);
    for (const slug of slugs) await api.post("/v1/surveys", { slug, name: slug });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: { data: { slug: string }[]; pagination: { next_cursor: string | null; has_more: boolean } } } = await api.get(
        `/v1/surveys?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.data.map((survey) => survey.slug));
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...slugs].reverse());
    expect((await api.get("/v1/surveys?limit=0")).status).toBe(400);
    expect((await api.get("/v1/surveys?limit=101")).status).toBe(400);
    expect((await api.get("/v1/surveys?cursor=not-a-cursor")).body.error).toBe("validation_error");
  });

  it("searches by name or slug, case-insensitively", async () => {
    const { api } = await createTenant();
    await api.post("/v1/surveys", { slug: "coffee-habits", name: "Coffee habits" });
    await api.post("/v1/surveys", { slug: "tea-study", name: "Morning drinks" });
    const bySlug = await api.get("/v1/surveys?q=TEA");
    expect(bySlug.body.data.map((survey: { slug: string }) => survey.slug)).toEqual(["tea-study"]);
    const byName = await api.get("/v1/surveys?q=habits");
    expect(byName.body.data.map((survey: { slug: string }) => survey.slug)).toEqual(["coffee-habits"]);
    await api.post("/v1/surveys", { slug: "discount-study", name: "100% off_season" });
    expect((await api.get(`/v1/surveys?q=${encodeURIComponent("100%")}`)).body.data.map((survey: { slug: string }) => survey.slug)).toEqual(["discount-study"]);
    expect((await api.get(`/v1/surveys?q=${encodeURIComponent("%")}`)).body.data).toHaveLength(1);
    expect((await api.get(`/v1/surveys?q=${encodeURIComponent("_")}`)).body.data).toHaveLength(1);
  });

  it("records survey.created, survey.updated and survey.deleted events in the workspace's log", async () => {
    const { api, workspace } = await createTenant();
    const { body } = await api.post("/v1/surveys", { slug: "evented", name: "Evented" });
    await api.patch(`/v1/surveys/${body.data.id}`, { name: "Renamed" });
    await api.patch(`/v1/surveys/${body.data.id}`, { name: "Renamed" });
    await api.delete(`/v1/surveys/${body.data.id}`);
    const events = await (await db()).event.findMany({ where: { workspaceId: workspace.id }, orderBy: { id: "asc" } });
    expect(events.map((event) => event.type)).toEqual(["survey.created", "survey.updated", "survey.deleted"]);
    expect(events[1].data).toMatchObject({ changed: ["name"], survey: { name: "Renamed" } });
    expect(events.every((event) => event.id.startsWith("evt_"))).toBe(true);
  });
});
