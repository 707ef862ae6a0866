import { expect, test, uniqueSlug } from "../fixtures";

test.describe("surveys on the built app", () => {
  test("create, list, get, patch and delete a survey", async ({ api }) => {
    const slug = uniqueSlug("brand-tracker");
    const created = await api.post("/v1/surveys", { slug, name: "Brand tracker", description: "Wave 1" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug, name: "Brand tracker", description: "Wave 1" });
    const id: string = created.body.data.id;

    const listed = await api.get(`/v1/surveys?q=${slug}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((survey: { id: string }) => survey.id)).toEqual([id]);
    expect(listed.body.pagination).toEqual({ next_cursor: null, has_more: false });

    const got = await api.get(`/v1/surveys/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(created.body.data);

    const patched = await api.patch(`/v1/surveys/${id}`, { name: "Brand tracker 2027", description: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id, slug, name: "Brand tracker 2027", description: null });

    expect((await api.delete(`/v1/surveys/${id}`)).status).toBe(204);
    const gone = await api.get(`/v1/surveys/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe("not_found");
  });

  test("lists with cursor pagination, newest first", async ({ api }) => {
    const prefix = uniqueSlug("paged");
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await api.post("/v1/surveys", { slug: `${prefix}-${index}`, name: `Paged ${index}` })).body.data.id);
    const first = await api.get(`/v1/surveys?q=${prefix}&limit=2`);
    expect(first.body.data.map((survey: { id: string }) => survey.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await api.get(`/v1/surveys?q=${prefix}&limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data.map((survey: { id: string }) => survey.id)).toEqual([ids[0]]);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
  });

  test("a duplicate slug is 409 duplicate_slug", async ({ api }) => {
    const slug = uniqueSlug("nps");
    expect((await api.post("/v1/surveys", { slug, name: "NPS" })).status).toBe(201);
    const duplicate = await api.post("/v1/surveys", { slug, name: "NPS again" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ error: "duplicate_slug", slug });
  });

  test("a slug that is not lowercase kebab-case is 400 validation_error with details", async ({ api }) => {
    for (const slug of ["Brand Tracker", "brand_tracker", "-brand", "UPPER"]) {
      const response = await api.post("/v1/surveys", { slug, name: "x" });
      expect(response.status, slug).toBe(400);
      expect(response.body.error).toBe("validation_error");
      expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "body.slug", message: expect.any(String) })]));
    }
  });
});
