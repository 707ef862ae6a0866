import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { request } from "../helpers/api";
import { createOrg, orgClient } from "../helpers/o-api";
import { addKey } from "../helpers/tenant";

/** Interface O surveys: the organization's surveys across workspaces, the same rows P shows. */

describe("O surveys", () => {
  it("lists the organization's surveys of every workspace with total, limit, offset and search", async () => {
    const tenant = await createOrg();
    const second = await (await db()).workspace.create({ data: { organizationId: tenant.organization.id, name: "Second", slug: "second" } });
    const secondKey = await addKey(second.id, ["*"]);
    const outsider = await createOrg();
    for (const [api, slug, name] of [
      [tenant.api, "brand-tracker", "Brand tracker"],
      [tenant.api, "car-owners", "Car owners"],
      [secondKey.api, "brand-health", "Brand health"],
      [outsider.api, "brand-outside", "Brand outside"],
    ] as const) {
      expect((await api.post("/v1/surveys", { slug, name })).status).toBe(201);
    }
    const all = await tenant.o.get("/surveys");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((survey: { slug: string }) => survey.slug).sort()).toEqual(["brand-health", "brand-tracker", "car-owners"]);

    const brands = await tenant.o.get("/surveys?search=BRAND");
    expect(brands.body.total).toBe(2);
    const page = await tenant.o.get("/surveys?search=brand&limit=1&offset=1");
    expect(page.body).toMatchObject({ total: 2, items: [expect.any(Object)] });
    expect(page.body.items[0].slug).not.toBe(brands.body.items[0].slug);

    const item = all.body.items.find((survey: { slug: string }) => survey.slug === "brand-health");
    expect(item).toMatchObject({ org_id: tenant.organization.id, workspace_id: second.id, locked: false, first_page_id: null, order: 0, programmed_from_file_id: null });
    expect(item.paid_at).toBe(item.created_at);

    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=x"]) {
      const invalid = await tenant.o.get(`/surveys?${query}`);
      expect(invalid.status, query).toBe(400);
      expect(invalid.body.error).toBe("validation_error");
    }
  });

  it("needs X-Org-Id (400), of the key's own organization (403); another organization's survey is 404", async () => {
    const tenant = await createOrg();
    const other = await createOrg();
    const { body } = await other.api.post("/v1/surveys", { slug: "theirs", name: "Theirs" });
    expect((await request("GET", "/o/v1/surveys", { key: tenant.key })).status).toBe(400);
    expect((await request("GET", "/o/v1/surveys", { key: tenant.key, headers: { "x-org-id": other.organization.id } })).status).toBe(403);
    for (const response of [
      await tenant.o.get(`/surveys/${body.data.id}`),
      await tenant.o.put(`/surveys/${body.data.id}`, { name: "Mine now" }),
      await tenant.o.get("/surveys/theirs"),
      await tenant.o.post(`/surveys/${body.data.id}/pages`, { name: "P" }),
      await tenant.o.post(`/surveys/${body.data.id}/validation/fix`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
    }
    expect((await other.api.get(`/v1/surveys/${body.data.id}`)).body.data.name).toBe("Theirs");
  });

  it("renames through O and P sees the new name at once; a P id or a slug names the survey", async () => {
    const { api, o } = await createOrg();
    const created = await api.post("/v1/surveys", { slug: "wave-one", name: "Wave 1" });
    const id = created.body.data.id;
    const renamed = await o.put(`/surveys/${id}`, { name: "Wave 1 (final)", slug: "Wave_One-final", order: 3 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: "Wave 1 (final)", slug: "Wave_One-final", order: 3 });
    expect((await api.get(`/v1/surveys/${id}`)).body.data).toMatchObject({ name: "Wave 1 (final)", slug: "Wave_One-final" });
    expect((await o.get("/surveys/Wave_One-final")).body).toMatchObject({ id, pages: [] });

    for (const slug of ["1st-wave", "wave-2", "a", "wave one"]) {
      const invalid = await o.put(`/surveys/${id}`, { slug });
      expect(invalid.status, slug).toBe(400);
      expect(invalid.body.details[0].path).toBe("body.slug");
    }
    await api.post("/v1/surveys", { slug: "taken", name: "Taken" });
    expect((await o.put(`/surveys/${id}`, { slug: "taken" })).body.error).toBe("duplicate_slug");
    const events = await (await db()).event.findMany({ where: { type: "survey.updated", data: { path: ["survey", "id"], equals: id } } });
    expect(events.map((event) => (event.data as { changed: string[] }).changed)).toEqual([["slug", "name", "order"]]);
  });

  it("creates a survey (slug from the name when omitted), paid from creation", async () => {
    const { api, o } = await createOrg();
    const created = await o.post("/surveys", { name: "Brand Tracker 2027!" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Brand Tracker 2027!", slug: "brand-tracker-2027", locked: false });
    expect(created.body.paid_at).toBe(created.body.created_at);
    expect((await o.post("/surveys", { name: "Brand tracker 2027" })).body.slug).toBe("brand-tracker-2027-2");
    expect((await o.post("/surveys", { name: "X", slug: "brand-tracker-2027" })).status).toBe(400);
    expect((await api.get(`/v1/surveys/${created.body.id}`)).status).toBe(200);
  });

  it("shows locked while a program-from-file or validation-fix run holds the survey, and refuses changes with 409 survey_locked", async () => {
    const { api, o, workspace } = await createOrg();
    const { body } = await api.post("/v1/surveys", { slug: "held", name: "Held" });
    const id = body.data.id;
    const run = await (await db()).workflowRun.create({
      data: { id: newId("wrun"), workspaceId: workspace.id, surveyId: id, kind: "survey.program_from_file", functionId: "survey-program-from-file", status: "running", input: {} },
    });
    expect((await o.get(`/surveys/${id}`)).body.locked).toBe(true);
    expect((await o.get("/surveys")).body.items[0].locked).toBe(true);
    for (const response of [await o.put(`/surveys/${id}`, { name: "Nope" }), await o.post(`/surveys/${id}/pages`, { name: "Nope" }), await o.post(`/surveys/${id}/validation/fix`)]) {
      expect(response.status).toBe(409);
      expect(response.body.error).toBe("survey_locked");
    }
    await (await db()).workflowRun.update({ where: { id: run.id }, data: { status: "failed" } });
    expect((await o.get(`/surveys/${id}`)).body.locked).toBe(false);
    expect((await o.put(`/surveys/${id}`, { name: "Free" })).status).toBe(200);
  });

  it("resolves a slug used in two workspaces: the caller's own first, else 409 with the ids", async () => {
    const tenant = await createOrg();
    const prisma = await db();
    const workspaces = await Promise.all(
      ["two", "three"].map((slug) => prisma.workspace.create({ data: { organizationId: tenant.organization.id, name: slug, slug } })),
    );
    const keys = await Promise.all(workspaces.map((workspace) => addKey(workspace.id, ["*"])));
    for (const key of keys) await key.api.post("/v1/surveys", { slug: "shared", name: "Shared" });
    const ambiguous = await tenant.o.get("/surveys/shared");
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.survey_ids).toHaveLength(2);
    const own = await orgClient(keys[0].key, tenant.organization.id).get("/surveys/shared");
    expect(own.body.workspace_id).toBe(workspaces[0].id);
  });
});
