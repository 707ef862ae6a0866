import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { screenerDocument } from "../helpers/documents";
import { createTenant } from "../helpers/tenant";

async function surveyWithApi() {
  const tenant = await createTenant();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  return { ...tenant, surveyId: body.data.id as string, base: `/v1/surveys/${body.data.id}` };
}

describe("content revisions", () => {
  it("writes a service document as rows and a revision, assigning database ids and keeping references", async () => {
    const { api, base, surveyId } = await surveyWithApi();
    const put = await api.put(`${base}/content`, { platform: "service", source: screenerDocument(), message: "First draft" });
    expect(put.status).toBe(201);
    expect(put.body.data).toMatchObject({ survey_id: surveyId, revision: 1, platform: "service", message: "First draft", workflow_id: null });
    expect(put.body.data.user_id).toMatch(/^api_key:key_/);

    const document = JSON.parse(put.body.data.source);
    expect(document.survey).toEqual({ id: surveyId, slug: "car-owners", name: "Car owners" });
    const ids = document.pages.map((page: { id: string }) => page.id);
    expect(ids.every((id: string) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(document.first_page_id).toBe(ids[0]);
    expect(document.pages[0].navigation_rules.map((rule: { target_page_id: string }) => rule.target_page_id)).toEqual([ids[2], ids[1]]);

    const prisma = await db();
    const pages = await prisma.page.findMany({ where: { surveyId }, orderBy: { order: "asc" }, include: { blocks: true, rulesFrom: { orderBy: { order: "asc" } } } });
    expect(pages.map((page) => [page.id, page.name, page.assignResponseStatus])).toEqual([
      [ids[0], "S1", null],
      [ids[1], "Q1", null],
      [ids[2], "Screened out", "disqualified"],
      [ids[3], "End", "complete"],
    ]);
    expect(pages[0].rulesFrom.map((rule) => [rule.condition, rule.targetPageId])).toEqual([["{S1} = '2'", ids[2]], [null, ids[1]]]);
    expect((pages[0].blocks[0].config as { question: { variable: string } }).question.variable).toBe("S1");
    expect((await prisma.survey.findUniqueOrThrow({ where: { id: surveyId } })).firstPageId).toBe(ids[0]);
    expect((await prisma.variable.findMany({ where: { surveyId } })).map((variable) => variable.name).sort()).toEqual(["Q1", "S1"]);

    const tip = await api.get(`${base}/content`);
    expect(tip.body.data.revision).toBe(1);
    expect(JSON.parse(tip.body.data.source)).toEqual(document);
  });

  it("keeps the ids of elements the survey already has, and numbers revisions without gaps", async () => {
    const { api, base, surveyId } = await surveyWithApi();
    const first = JSON.parse((await api.put(`${base}/content`, { source: screenerDocument() })).body.data.source);
    first.pages[1].blocks[0].config.content = "How many kilometres do you drive in a typical week?";
    const second = await api.put(`${base}/content`, { source: JSON.stringify(first), message: "Clarify Q1" });
    expect(second.body.data.revision).toBe(2);
    const secondDocument = JSON.parse(second.body.data.source);
    expect(secondDocument.pages.map((page: { id: string }) => page.id)).toEqual(first.pages.map((page: { id: string }) => page.id));
    expect(secondDocument.pages[1].blocks[0].id).toBe(first.pages[1].blocks[0].id);

    const external = await api.put(`${base}/content`, { platform: "qualtrics", source: "<qsf export/>" });
    expect(external.body.data).toMatchObject({ revision: 3, platform: "qualtrics", source: "<qsf export/>" });
    expect(await (await db()).page.count({ where: { surveyId } })).toBe(4);

    const history = await api.get(`${base}/content/revisions`);
    expect(history.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([3, 2, 1]);
    expect(history.body.data[0]).not.toHaveProperty("source");
    const withSource = await api.get(`${base}/content/revisions?include=source&platform=service`);
    expect(withSource.body.data.map((revision: { revision: number; source: string }) => [revision.revision, typeof revision.source])).toEqual([
      [2, "string"],
      [1, "string"],
    ]);
    expect((await api.get(`${base}/content/revisions/2`)).body.data.message).toBe("Clarify Q1");
    expect((await api.get(`${base}/content/revisions/9`)).status).toBe(404);
    expect((await api.get(`${base}/content?platform=service`)).body.data.revision).toBe(2);
  });

  it("gives concurrent writers consecutive revision numbers", async () => {
    const { api, base } = await surveyWithApi();
    const responses = await Promise.all(Array.from({ length: 5 }, () => api.put(`${base}/content`, { source: screenerDocument() })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.map((response) => response.body.data.revision).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses an inconsistent document with the path of each problem", async () => {
    const { api, base } = await surveyWithApi();
    const document = screenerDocument();
    document.pages[1].id = "page-s1";
    document.first_page_id = "page-nowhere";
    const response = await api.put(`${base}/content`, { source: document });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("validation_error");
    expect(response.body.details.map((detail: { path: string }) => detail.path)).toEqual(expect.arrayContaining(["body.source.pages[1].id", "body.source.first_page_id"]));
    expect((await api.put(`${base}/content`, { source: "{ not json" })).body.message).toBe("The service source is not valid JSON.");
    expect((await api.put(`${base}/content`, { source: { version: 2 } })).status).toBe(400);
    expect((await api.put(`${base}/content`, { platform: "myspace", source: "x" })).status).toBe(400);
    expect((await api.get(`${base}/content`)).status).toBe(404);
  });

  it("stores a rule that leads to a missing page, flagged for review (the validation fix removes it)", async () => {
    const { api, base } = await surveyWithApi();
    const document = screenerDocument();
    document.pages[0].navigation_rules[0].target_page_id = "page-nowhere";
    const response = await api.put(`${base}/content`, { source: document });
    expect(response.status).toBe(201);
    const rule = JSON.parse(response.body.data.source).pages[0].navigation_rules[0];
    expect(rule.target_page_id).toBe("page-nowhere");
    expect(rule.attention_required).toMatchObject({ dismissed: false, flags: [{ source: "validator", code: "missing_target" }] });
  });

  it("refuses a write with 409 workflow_active while a programming run is active", async () => {
    const { api, base, surveyId, workspace } = await surveyWithApi();
    await (await db()).workflowRun.create({
      data: { id: newId("wrun"), workspaceId: workspace.id, surveyId, kind: "survey.programming", functionId: "survey-programming", status: "running", input: {} },
    });
    const response = await api.put(`${base}/content`, { source: screenerDocument() });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe("workflow_active");
  });

  it("records content.updated with the revision", async () => {
    const { api, base, workspace } = await surveyWithApi();
    await api.put(`${base}/content`, { source: screenerDocument(), message: "v1" });
    const events = await (await db()).event.findMany({ where: { workspaceId: workspace.id, type: "content.updated" } });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ revision: 1, platform: "service", message: "v1" });
  });

  it("hides another workspace's content", async () => {
    const { api, base } = await surveyWithApi();
    await api.put(`${base}/content`, { source: screenerDocument() });
    const stranger = await createTenant();
    expect((await stranger.api.get(`${base}/content`)).status).toBe(404);
    expect((await stranger.api.get(`${base}/content/revisions`)).status).toBe(404);
    expect((await stranger.api.put(`${base}/content`, { source: screenerDocument() })).status).toBe(404);
  });

  it("deletes pages, blocks, rules and revisions with the survey", async () => {
    const { api, base, surveyId } = await surveyWithApi();
    await api.put(`${base}/content`, { source: screenerDocument() });
    expect((await api.delete(base)).status).toBe(204);
    const prisma = await db();
    expect(await prisma.page.count({ where: { surveyId } })).toBe(0);
    expect(await prisma.block.count({ where: { surveyId } })).toBe(0);
    expect(await prisma.contentRevision.count({ where: { surveyId } })).toBe(0);
  });
});
