import { describe, expect, it } from "vitest";
import { commitContentChange } from "@/lib/content-operations/commit";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { screenerDocument } from "../helpers/documents";
import { createTenant } from "../helpers/tenant";

/** A survey programmed with the screener through PUT /content (revision 1). */
async function programmedSurvey() {
  const tenant = await createTenant();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  const base = `/v1/surveys/${body.data.id}`;
  const put = await tenant.api.put(`${base}/content`, { source: screenerDocument(), message: "v1" });
  expect(put.status).toBe(201);
  return { ...tenant, surveyId: body.data.id as string, base, document: JSON.parse(put.body.data.source) };
}

async function state(surveyId: string) {
  const prisma = await db();
  const [revisions, events, pages, rules, variables] = await Promise.all([
    prisma.contentRevision.count({ where: { surveyId } }),
    prisma.event.count({ where: { type: "content.updated", data: { path: ["survey_id"], equals: surveyId } } }),
    prisma.page.findMany({ where: { surveyId }, orderBy: { id: "asc" } }),
    prisma.navigationRule.findMany({ where: { surveyId }, orderBy: { id: "asc" } }),
    prisma.variable.findMany({ where: { surveyId }, orderBy: { id: "asc" } }),
  ]);
  return { revisions, events, pages, rules, variables };
}

describe("POST /v1/surveys/{id}/content/operations", () => {
  it("applies the operations as one revision with change records, findings, rows and content.updated", async () => {
    const { api, base, surveyId, document } = await programmedSurvey();
    const [s1, q1] = document.pages;
    const response = await api.post(`${base}/content/operations`, {
      operations: [
        { op: "add_page", name: "Brand awareness", position: 2 },
        { op: "update_block", block_id: s1.blocks[0].id, type: "dropdown" },
        { op: "add_rule", page_id: q1.id, target_page_id: document.pages[2].id, condition: "{Q1}>9000", position: 0 },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ survey_id: surveyId, revision: 2, platform: "service", message: 'Added page "Brand awareness" (and 2 more changes)' });
    expect(response.body.changes.map((change: { summary: string }) => change.summary)).toEqual([
      'Added page "Brand awareness"',
      "S1: single_choice → dropdown",
      "Added rule Q1 → Screened out when {Q1} > 9000",
    ]);
    // The new page sits after Q1 and before the end pages: nothing leads to it, and it is empty.
    expect(response.body.findings.map((finding: { code: string }) => finding.code)).toEqual(["unreachable_page", "empty_page"]);
    expect(response.body.findings[0]).toMatchObject({ severity: "warning", dismissed: false });

    const stored = JSON.parse(response.body.data.source);
    const added = stored.pages.find((page: { name: string }) => page.name === "Brand awareness");
    expect(added.attention_required).toMatchObject({ dismissed: false, flags: [{ source: "validator", code: "unreachable_page" }, { source: "validator", code: "empty_page" }] });
    expect(stored.pages.slice(0, 2).map((page: { id: string }) => page.id)).toEqual([s1.id, q1.id]);

    const now = await state(surveyId);
    expect(now.revisions).toBe(2);
    expect(now.events).toBe(2);
    expect(now.pages.map((page) => page.name).sort()).toEqual(["Brand awareness", "End", "Q1", "S1", "Screened out"]);
    expect(now.rules.find((rule) => rule.sourcePageId === q1.id && rule.order === 0)).toMatchObject({ condition: "{Q1} > 9000" });

    const tip = await api.get(`${base}/content`);
    expect(JSON.parse(tip.body.data.source)).toEqual(stored);
    const history = await api.get(`${base}/content/revisions`);
    expect(history.body.data[0].changes).toHaveLength(3);
    // The first revision (a whole document) lists its 4 pages, 4 blocks and 3 rules as added.
    expect(history.body.data[1].changes).toHaveLength(11);
    expect(history.body.data[1].changes[0]).toMatchObject({ op: "replace_document", element: { kind: "page", label: "S1" }, summary: 'Added page "S1"' });
  });

  it("starts from an empty document on a survey that was never programmed", async () => {
    const { api } = await createTenant();
    const { body } = await api.post("/v1/surveys", { slug: "fresh", name: "Fresh" });
    const response = await api.post(`/v1/surveys/${body.data.id}/content/operations`, { operations: [{ op: "add_page", name: "Welcome" }], message: "Start" });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ revision: 1, message: "Start" });
    const stored = JSON.parse(response.body.data.source);
    expect(stored.first_page_id).toBe(stored.pages[0].id);
    await expect((await db()).survey.findUniqueOrThrow({ where: { id: body.data.id } })).resolves.toMatchObject({ firstPageId: stored.pages[0].id });
  });

  it("writes nothing on an unknown id (404), an invalid condition (400 with position) or a conflict (409)", async () => {
    const { api, base, surveyId, document } = await programmedSurvey();
    const before = await state(surveyId);
    const s1 = document.pages[0];

    const unknown = await api.post(`${base}/content/operations`, {
      operations: [{ op: "update_page", page_id: s1.id, name: "Renamed" }, { op: "delete_rule", rule_id: "00000000-0000-7000-8000-000000000000" }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "not_found", resource: "rule", details: [{ path: "body.operations.1.rule_id" }] });

    const invalid = await api.post(`${base}/content/operations`, { operations: [{ op: "set_show_if", block_id: document.pages[1].blocks[0].id, condition: "{S1} = = '1'" }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "validation_error", details: [{ path: "body.operations.0.condition", position: 7 }] });

    const inUse = await api.post(`${base}/content/operations`, { operations: [{ op: "delete_block", block_id: s1.blocks[0].id }] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe("variable_in_use");
    expect(inUse.body.details).toEqual([expect.objectContaining({ element_id: s1.navigation_rules[0].id, condition: "{S1} = '2'" })]);

    const malformed = await api.post(`${base}/content/operations`, { operations: [{ op: "add_page" }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].path).toBe("body.operations.0.name");
    expect((await api.post(`${base}/content/operations`, { operations: [] })).status).toBe(400);

    expect(await state(surveyId)).toEqual(before);
  });

  it("refuses 409 workflow_active while a programming run is active and survey_locked while a locking run holds the survey", async () => {
    const { api, base, surveyId, workspace } = await programmedSurvey();
    const prisma = await db();
    const operations = [{ op: "add_page" as const, name: "Later" }];
    const programming = await prisma.workflowRun.create({
      data: { id: newId("wrun"), workspaceId: workspace.id, surveyId, kind: "survey.programming", functionId: "survey-programming", status: "running", input: {} },
    });
    const busy = await api.post(`${base}/content/operations`, { operations });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe("workflow_active");
    await prisma.workflowRun.update({ where: { id: programming.id }, data: { status: "completed" } });

    const fix = await prisma.workflowRun.create({
      data: { id: newId("wrun"), workspaceId: workspace.id, surveyId, kind: "survey.validation_fix", functionId: "survey-validation-fix", status: "pending", input: {} },
    });
    const locked = await api.post(`${base}/content/operations`, { operations });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ error: "survey_locked", status: "locked" });
    expect((await api.put(`${base}/content`, { source: screenerDocument() })).body.error).toBe("survey_locked");

    // The run holding the lock may write, once: a replay returns the same revision.
    const survey = await prisma.survey.findUniqueOrThrow({ where: { id: surveyId } });
    const first = await commitContentChange({ survey, change: { operations }, actor: `workflow:${fix.id}`, workflowRunId: fix.id });
    expect(first).toMatchObject({ replayed: false, revision: { revision: 2, workflow_id: fix.id } });
    const again = await commitContentChange({ survey, change: { operations }, actor: `workflow:${fix.id}`, workflowRunId: fix.id });
    expect(again).toMatchObject({ replayed: true, revision: { revision: 2 }, changes: first.changes });
    expect(again.document).toEqual(first.document);
    expect((await state(surveyId)).revisions).toBe(2);

    await prisma.workflowRun.update({ where: { id: fix.id }, data: { status: "failed" } });
    expect((await api.post(`${base}/content/operations`, { operations })).status).toBe(201);
  });

  it("keeps variable ids across whole-document writes and renames, and follows the rename in every condition", async () => {
    const { api, base, surveyId } = await programmedSurvey();
    const ids = Object.fromEntries((await state(surveyId)).variables.map((variable) => [variable.name, variable.id]));
    const tip = JSON.parse((await api.get(`${base}/content`)).body.data.source);
    expect(tip.variables.map((variable: { id: string }) => variable.id).sort()).toEqual(Object.values(ids).sort());

    // A client PUTs back a document without variable ids: the rows keep theirs (matched by name).
    delete tip.variables[0].id;
    await api.put(`${base}/content`, { source: tip });
    expect(Object.fromEntries((await state(surveyId)).variables.map((variable) => [variable.name, variable.id]))).toEqual(ids);

    const renamed = await api.post(`${base}/content/operations`, { operations: [{ op: "rename_variable", variable_id: ids.S1, new_name: "SCREENER" }] });
    expect(renamed.status).toBe(201);
    expect(renamed.body.changes[0].summary).toBe("Renamed variable S1 → SCREENER (1 condition updated)");
    const variables = (await state(surveyId)).variables;
    expect(variables.find((variable) => variable.id === ids.S1)?.name).toBe("SCREENER");
    const rules = (await state(surveyId)).rules;
    expect(rules.map((rule) => rule.condition).filter(Boolean)).toEqual(["{SCREENER} = '2'"]);
  });

  it("a whole-document PUT keeps a dismissed finding dismissed and records what changed", async () => {
    const { api, base, surveyId } = await programmedSurvey();
    const added = await api.post(`${base}/content/operations`, { operations: [{ op: "add_page", name: "Orphan" }] });
    const orphan = JSON.parse(added.body.data.source).pages.find((page: { name: string }) => page.name === "Orphan");
    const dismissed = await api.post(`${base}/content/operations`, { operations: [{ op: "dismiss_flag", element_id: orphan.id }] });
    expect(dismissed.body.findings.map((finding: { code: string; dismissed: boolean }) => [finding.code, finding.dismissed])).toEqual([
      ["unreachable_page", true],
      ["dead_end", true],
      ["empty_page", true],
    ]);
    expect(dismissed.body.changes[0]).toMatchObject({ op: "dismiss_flag", element: { kind: "page", id: orphan.id, label: "Orphan" } });

    const document = JSON.parse(dismissed.body.data.source);
    document.pages[0].blocks[0].config.content = "Do you own a car or a van?";
    const put = await api.put(`${base}/content`, { source: document });
    expect(put.status).toBe(201);
    expect(put.body.data.changes).toEqual([expect.objectContaining({ op: "replace_document", summary: "S1: content changed" })]);
    const stored = JSON.parse(put.body.data.source).pages.find((page: { id: string }) => page.id === orphan.id);
    expect(stored.attention_required.dismissed).toBe(true);
    expect(stored.attention_required.flags).toHaveLength(3);
    expect(stored.attention_required.flags[0]).toMatchObject({ dismissed: true, dismissed_by: expect.stringMatching(/^api_key:/) });
    expect((await state(surveyId)).revisions).toBe(4);
  });

  it("is refused for another workspace's survey (404) and without surveys:write (403)", async () => {
    const { base } = await programmedSurvey();
    const stranger = await createTenant();
    expect((await stranger.api.post(`${base}/content/operations`, { operations: [{ op: "add_page", name: "x" }] })).status).toBe(404);
    const reader = await createTenant(["surveys:read"]);
    expect((await reader.api.post(`${base}/content/operations`, { operations: [{ op: "add_page", name: "x" }] })).status).toBe(403);
  });
});
