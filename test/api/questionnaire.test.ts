import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { readFileBytes } from "@/lib/files/read";
import { getQuestionnaireRevisionOrThrow } from "@/lib/questionnaire-revisions/service";
import { storage } from "@/lib/storage";
import { createReadyFile, createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

async function eventsOf(workspaceId: string, type: string) {
  return (await db()).event.findMany({ where: { workspaceId, type }, orderBy: { id: "asc" } });
}

describe("questionnaire revisions", () => {
  it("has no questionnaire until one is asserted: GET answers 404 with what to do", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const tip = await api.get(`/v1/surveys/${surveyId}/questionnaire`);
    expect(tip.status).toBe(404);
    expect(tip.body).toMatchObject({ error: "not_found", resource: "questionnaire" });
    expect(tip.body.message).toMatch(/no questionnaire yet.*PUT \/v1\/surveys\/\{surveyId\}\/questionnaire/);
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions`)).body).toEqual({ data: [], pagination: { next_cursor: null, has_more: false } });
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions/1`)).body.resource).toBe("questionnaire_revision");
  });

  it("refuses a pending file with 409 file_not_ready, and a file of another survey too; an unknown file is 404", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const pending = (await api.post(`/v1/surveys/${surveyId}/files`, {})).body.data;
    const refused = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: pending.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "file_not_ready", file_id: pending.id, status: "pending" });

    const elsewhere = await createReadyFile(api, await createSurvey(api, "other"), "other survey's file");
    const foreign = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: elsewhere.id });
    expect(foreign.status).toBe(409);
    expect(foreign.body).toMatchObject({ error: "file_not_ready", file_id: elsewhere.id });
    expect(foreign.body.message).toMatch(/another survey/);

    const unknown = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: "00000000-0000-7000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.resource).toBe("file");
    expect((await api.put(`/v1/surveys/${surveyId}/questionnaire`, {})).status).toBe(400);
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire`)).status).toBe(404);
  });

  it("appends revisions n and n+1, serves the tip, the list and each one, and records questionnaire.updated", async () => {
    const { api, workspace, apiKeyId } = await createTenant();
    const surveyId = await createSurvey(api);
    const first = await createReadyFile(api, surveyId, "Q1. How old are you?");
    const second = await createReadyFile(api, surveyId, "Q1. How old are you? Q2. Where do you live?");

    const one = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: first.id });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      survey_id: surveyId,
      revision: 1,
      file_id: first.id,
      file: { id: first.id, name: "questionnaire.docx", status: "ready", size_bytes: 20 },
      created_by: `api_key:${apiKeyId}`,
    });
    const two = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: second.id });
    expect(two.body.data).toMatchObject({ revision: 2, file_id: second.id });
    const three = await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: first.id });
    expect(three.body.data.revision).toBe(3);

    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire`)).body.data).toMatchObject({ revision: 3, file_id: first.id });
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions/2`)).body.data).toMatchObject({ revision: 2, file_id: second.id });
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions/9`)).status).toBe(404);
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions/zero`)).status).toBe(400);

    const page = await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions?limit=2`);
    expect(page.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([3, 2]);
    const rest = await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions?limit=2&cursor=${page.body.pagination.next_cursor}`);
    expect(rest.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([1]);

    const events = await eventsOf(workspace.id, "questionnaire.updated");
    expect(events.map((event) => event.data)).toEqual([1, 2, 3].map((revision) =>
      expect.objectContaining({ survey_id: surveyId, change: "revision_added", revisions: [revision], questionnaire_revision: expect.objectContaining({ revision }) }),
    ));
  });

  it("gives concurrent PUTs consecutive revision numbers", async () => {
    const { api } = await createTenant();
    const surveyId = await createSurvey(api);
    const file = await createReadyFile(api, surveyId, "questionnaire");
    await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id });
    const responses = await Promise.all(Array.from({ length: 8 }, () => api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(responses.map((response) => response.body.data.revision).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("refuses to delete a file that revisions reference (409 file_in_use with revisions); force deletes both", async () => {
    const { api, workspace } = await createTenant();
    const surveyId = await createSurvey(api);
    const used = await createReadyFile(api, surveyId, "first draft");
    const latest = await createReadyFile(api, surveyId, "second draft");
    for (const fileId of [used.id, latest.id, used.id]) await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: fileId });

    const refused = await api.delete(`/v1/surveys/${surveyId}/files/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "file_in_use", file_id: used.id, revisions: [1, 3] });
    expect((await api.delete(`/v1/surveys/${surveyId}/files/${used.id}?force=false`)).status).toBe(409);

    const forced = await api.delete(`/v1/surveys/${surveyId}/files/${used.id}?force=true`);
    expect(forced.status).toBe(204);
    expect((await api.get(`/v1/surveys/${surveyId}/files/${used.id}`)).status).toBe(404);
    expect(await storage().head({ key: used.storage_key, visibility: "private" })).toBeNull();
    const remaining = await api.get(`/v1/surveys/${surveyId}/questionnaire/revisions`);
    expect(remaining.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([2]);
    expect((await api.get(`/v1/surveys/${surveyId}/questionnaire`)).body.data).toMatchObject({ revision: 2, file_id: latest.id });

    // Numbers are never reused: the next revision is 4, not 3.
    expect((await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: latest.id })).body.data.revision).toBe(4);

    const removed = (await eventsOf(workspace.id, "questionnaire.updated")).map((event) => event.data as { change: string; revisions: number[] });
    expect(removed).toContainEqual(expect.objectContaining({ change: "revisions_removed", revisions: [1, 3], questionnaire_revision: expect.objectContaining({ revision: 2 }) }));
    const [deleted] = await eventsOf(workspace.id, "file.deleted");
    expect(deleted.data).toMatchObject({ file: { id: used.id }, removed_revisions: [1, 3] });
  });

  it("gives workflows the revision with its file and the verified bytes", async () => {
    const { api, workspace } = await createTenant();
    const surveyId = await createSurvey(api);
    const file = await createReadyFile(api, surveyId, "Q1. Gender? 1 Male 2 Female");
    await api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id });
    const tip = await getQuestionnaireRevisionOrThrow(workspace.id, surveyId);
    expect(tip).toMatchObject({ revision: 1, fileId: file.id, file: { status: "ready" } });
    expect((await getQuestionnaireRevisionOrThrow(workspace.id, surveyId, 1)).id).toBe(tip.id);
    const { bytes } = await readFileBytes(workspace.id, tip.fileId);
    expect(bytes.toString()).toBe("Q1. Gender? 1 Male 2 Female");
    const stranger = await createTenant();
    await expect(readFileBytes(stranger.workspace.id, tip.fileId)).rejects.toMatchObject({ code: "not_found" });
    await expect(getQuestionnaireRevisionOrThrow(stranger.workspace.id, surveyId)).rejects.toMatchObject({ code: "not_found" });
  });

  it("hides another workspace's questionnaire as 404", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const surveyId = await createSurvey(owner.api);
    const file = await createReadyFile(owner.api, surveyId, "q");
    await owner.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id });
    for (const response of [
      await stranger.api.get(`/v1/surveys/${surveyId}/questionnaire`),
      await stranger.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id }),
      await stranger.api.get(`/v1/surveys/${surveyId}/questionnaire/revisions`),
      await stranger.api.get(`/v1/surveys/${surveyId}/questionnaire/revisions/1`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.resource).toBe("survey");
    }
  });
});
