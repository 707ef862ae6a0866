import { describe, expect, it } from "vitest";
import { reviewOf } from "@/lib/review/items";
import { reviewStatuses } from "@/lib/review/summary";
import { screenerDocument } from "../helpers/documents";
import { createTenant } from "../helpers/tenant";

/** A survey programmed with the screener (revision 1), the compiler having flagged S1's routing. */
async function programmedSurvey() {
  const tenant = await createTenant();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  const base = `/v1/surveys/${body.data.id}`;
  const document = screenerDocument();
  document.pages[0].blocks[0].config.attentionRequired = { reason: "Screen-out written as prose: check it.", dismissed: false, flags: [{ source: "compiler", reason: "Screen-out written as prose: check it.", dismissed: false }] };
  document.pages[0].blocks[0].config.source = { questionnaire_revision: 1, start: 0, end: 30, excerpt: "S1. Do you own a car? 1 Yes 2 No → TERMINATE" };
  const put = await tenant.api.put(`${base}/content`, { source: document, message: "Programmed" });
  expect(put.status).toBe(201);
  return { ...tenant, surveyId: body.data.id as string, base, document: JSON.parse(put.body.data.source) };
}

describe("POST /v1/surveys/{id}/content/revisions/{revision}/restore", () => {
  it("writes the earlier document again as a new revision, keeping dismissals made since", async () => {
    const { api, base, document } = await programmedSurvey();
    const s1 = document.pages[0].blocks[0];
    const edit = await api.post(`${base}/content/operations`, {
      operations: [
        { op: "update_block", block_id: s1.id, type: "dropdown" },
        { op: "update_choice", block_id: s1.id, value: "2", label: "No, never" },
      ],
      message: "Dropdown",
    });
    expect(edit.status).toBe(201);
    const dismissed = await api.post(`${base}/content/operations`, { operations: [{ op: "dismiss_flag", element_id: s1.id }], message: "Reviewed" });
    expect(dismissed.status).toBe(201);

    const restored = await api.post(`${base}/content/revisions/1/restore`, {});
    expect(restored.status).toBe(201);
    expect(restored.body.data).toMatchObject({ revision: 4, message: "Restored version 1 (“Programmed”)" });
    const source = JSON.parse(restored.body.data.source);
    const block = source.pages[0].blocks[0];
    expect(block.config.type).toBe("single_choice");
    expect(block.config.question.options[1]).toEqual({ value: "2", label: "No" });
    // The compiler's flag was dismissed in revision 3: restoring the content does not reopen it.
    expect(block.config.attentionRequired).toMatchObject({ dismissed: true, flags: [{ source: "compiler", dismissed: true }] });
    expect(block.config.attentionRequired.flags[0].dismissed_by).toMatch(/^api_key:/);
    expect(restored.body.changes.map((change: { summary: string }) => change.summary)).toEqual(["S1: type, question changed"]);

    const history = await api.get(`${base}/content/revisions`);
    expect(history.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([4, 3, 2, 1]);
  });

  it("answers 404 for an unknown revision, 400 for another platform's and refuses without the write scope", async () => {
    const { api, base, keyWith } = await programmedSurvey();
    expect((await api.post(`${base}/content/revisions/9/restore`, {})).status).toBe(404);
    const qualtrics = await api.put(`${base}/content`, { platform: "qualtrics", source: "<xml/>" });
    expect(qualtrics.status).toBe(201);
    const refused = await api.post(`${base}/content/revisions/${qualtrics.body.data.revision}/restore`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("validation_error");
    const reader = await keyWith(["surveys:read"]);
    expect((await reader.api.post(`${base}/content/revisions/1/restore`, {})).status).toBe(403);
  });
});

describe("review status of surveys", () => {
  it("counts the open flags the content carries, as the Review tab lists them", async () => {
    const { api, base, surveyId, workspace } = await programmedSurvey();
    const { body: fresh } = await api.post("/v1/surveys", { slug: "not-yet", name: "Not yet" });
    const tip = JSON.parse((await api.get(`${base}/content`)).body.data.source);
    const review = reviewOf(tip);
    let statuses = await reviewStatuses([surveyId, fresh.data.id]);
    expect(statuses.get(fresh.data.id)).toEqual({ state: "not_programmed", open: 0 });
    expect(statuses.get(surveyId)).toEqual({ state: "needs_review", open: review.open });
    expect(review.open).toBe(1);
    expect(review.groups[0].items[0]).toMatchObject({ element: { kind: "block", label: "S1" }, source: "compiler", excerpt: "S1. Do you own a car? 1 Yes 2 No → TERMINATE" });

    await api.post(`${base}/content/operations`, { operations: [{ op: "dismiss_flag", element_id: tip.pages[0].blocks[0].id }] });
    statuses = await reviewStatuses([surveyId]);
    expect(statuses.get(surveyId)).toEqual({ state: "clean", open: 0 });
    void workspace;
  });
});
