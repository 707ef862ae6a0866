import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { screenerDocument } from "../helpers/documents";
import { createOrg } from "../helpers/o-api";

/** Interface O's pages, blocks, navigation rules and variables: every change is a P content revision. */

async function programmed() {
  const tenant = await createOrg();
  const { body } = await tenant.api.post("/v1/surveys", { slug: "car-owners", name: "Car owners" });
  const id = body.data.id as string;
  const put = await tenant.api.put(`/v1/surveys/${id}/content`, { source: screenerDocument() });
  const document = JSON.parse(put.body.data.source);
  const [s1, q1, terminate, end] = document.pages.map((page: { id: string }) => page.id);
  return { ...tenant, id, pages: { s1, q1, terminate, end }, document };
}

const tipOf = async (api: Awaited<ReturnType<typeof programmed>>["api"], id: string) => (await api.get(`/v1/surveys/${id}/content`)).body.data;

/** What O and P must agree on: pages (with blocks) and rules, by id. */
function structureOfP(document: { pages: { id: string; name: string; order: number; assign_response_status?: string; blocks: { id: string; order: number; config: unknown }[]; navigation_rules: { id: string; order: number; condition?: string; target_page_id: string }[] }[] }) {
  return document.pages.map((page) => ({
    id: page.id,
    name: page.name,
    order: page.order,
    assign_response_status: page.assign_response_status ?? null,
    blocks: page.blocks.map((block) => ({ id: block.id, order: block.order, config: block.config })),
    rules: page.navigation_rules.map((rule) => ({ id: rule.id, order: rule.order, condition: rule.condition ?? null, target_page_id: rule.target_page_id })),
  }));
}
function structureOfO(pages: { id: string; name: string; order: number; assign_response_status: string | null; blocks: { id: string; order: number; config: unknown }[]; navigation_rules: { id: string; order: number; condition: string | null; target_page_id: string }[] }[]) {
  return pages.map((page) => ({
    id: page.id,
    name: page.name,
    order: page.order,
    assign_response_status: page.assign_response_status,
    blocks: page.blocks.map((block) => ({ id: block.id, order: block.order, config: block.config })),
    rules: page.navigation_rules.map((rule) => ({ id: rule.id, order: rule.order, condition: rule.condition, target_page_id: rule.target_page_id })),
  }));
}

describe("O pages and navigation rules", () => {
  it("adds a page and a rule as P content revisions n+1 and n+2, and lists rules with sourcePage and targetPage", async () => {
    const { api, o, id, pages } = await programmed();
    const before = (await tipOf(api, id)).revision;

    const page = await o.post(`/surveys/${id}/pages`, { name: "Brand", assign_response_status: "complete" });
    expect(page.status).toBe(201);
    expect(page.body).toMatchObject({ survey_id: id, name: "Brand", order: 4, locked: false, assign_response_status: "complete", blocks: [], navigation_rules: [] });
    const afterPage = await tipOf(api, id);
    expect(afterPage.revision).toBe(before + 1);
    expect(afterPage.changes).toEqual([expect.objectContaining({ op: "add_page", summary: 'Added page "Brand" (ends the response: complete)' })]);
    expect(JSON.parse(afterPage.source).pages.map((candidate: { id: string }) => candidate.id)).toContain(page.body.id);

    const rule = await o.post(`/pages/${pages.q1}/navigation-rules`, { target_page_id: page.body.id, condition: "{Q1} >= 500", order: 0 });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({ source_page_id: pages.q1, target_page_id: page.body.id, order: 0, condition: "{Q1} >= 500" });
    expect((await tipOf(api, id)).revision).toBe(before + 2);

    const listed = await o.get(`/pages/${pages.q1}/navigation-rules`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry: { id: string; order: number }) => [entry.id, entry.order])).toEqual([
      [rule.body.id, 0],
      [expect.any(String), 1],
    ]);
    expect(listed.body[0].sourcePage).toMatchObject({ id: pages.q1, name: "Q1" });
    expect(listed.body[0].targetPage).toMatchObject({ id: page.body.id, name: "Brand" });
    expect(listed.body[0].targetPage).not.toHaveProperty("blocks");
    expect(listed.body[0].sourcePage).not.toHaveProperty("navigation_rules");

    // O and P show the same survey.
    const survey = await o.get(`/surveys/${id}`);
    expect(structureOfO(survey.body.pages)).toEqual(structureOfP(JSON.parse((await tipOf(api, id)).source)));
    const events = await (await db()).event.count({ where: { type: "content.updated", data: { path: ["survey_id"], equals: id } } });
    expect(events).toBe(3);
  });

  it("updates and deletes pages and rules; page deletion with rules leading to it needs force and leaves them flagged", async () => {
    const { api, o, id, pages } = await programmed();
    const renamed = await o.patch(`/pages/${pages.terminate}`, { name: "Screen-out", assign_response_status: "screened", order: 3 });
    expect(renamed.body).toMatchObject({ name: "Screen-out", assign_response_status: "screened", order: 3 });

    const refused = await o.delete(`/pages/${pages.terminate}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "conflict", details: [expect.objectContaining({ page_id: pages.s1 })] });
    const forced = await o.delete(`/pages/${pages.terminate}?force=true`);
    expect(forced.status).toBe(200);
    expect(forced.body.message).toBe('Page "Screen-out" deleted.');
    expect((await o.get(`/pages/${pages.terminate}`)).status).toBe(404);
    const dangling = (await o.get(`/pages/${pages.s1}/navigation-rules`)).body[0];
    expect(dangling).toMatchObject({ target_page_id: pages.terminate, targetPage: null, attention_required: { dismissed: false, flags: [{ code: "missing_target" }] } });

    const updated = await o.patch(`/navigation-rules/${dangling.id}`, { target_page_id: pages.end, condition: null, order: 1 });
    expect(updated.body).toMatchObject({ target_page_id: pages.end, condition: null, order: 1, attention_required: null });
    expect((await o.delete(`/navigation-rules/${dangling.id}`)).body.message).toBe("Navigation rule deleted.");
    expect((await o.get(`/navigation-rules/${dangling.id}`)).status).toBe(404);

    const invalid = await o.post(`/pages/${pages.s1}/navigation-rules`, { target_page_id: pages.end, condition: "{S1} = " });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details[0]).toMatchObject({ path: "body.condition", position: 7 });
    const unknownTarget = await o.post(`/pages/${pages.s1}/navigation-rules`, { target_page_id: "00000000-0000-7000-8000-000000000000" });
    expect(unknownTarget.status).toBe(404);
    expect(unknownTarget.body.details[0].path).toBe("body.target_page_id");
    const history = (await api.get(`/v1/surveys/${id}/content/revisions`)).body.data;
    expect(history.map((revision: { revision: number }) => revision.revision)).toEqual([5, 4, 3, 2, 1]);
  });

  it("refuses an id of another organization with 404 and writes nothing", async () => {
    const { o, id, pages } = await programmed();
    const stranger = await createOrg();
    for (const response of [
      await stranger.o.get(`/pages/${pages.s1}`),
      await stranger.o.patch(`/pages/${pages.s1}`, { name: "x" }),
      await stranger.o.get(`/pages/${pages.s1}/navigation-rules`),
      await stranger.o.post(`/pages/${pages.s1}/blocks`, { type: "text", content: "x" }),
      await stranger.o.delete(`/pages/${pages.s1}`),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await (await db()).contentRevision.count({ where: { surveyId: id } }))).toBe(1);
    expect((await o.get(`/pages/${pages.s1}`)).status).toBe(200);
  });
});

describe("O blocks and variables", () => {
  it("adds, updates, moves and deletes a block", async () => {
    const { o, pages, api, id } = await programmed();
    const created = await o.post(`/pages/${pages.q1}/blocks`, {
      type: "single_choice",
      content: "Do you lease your car?",
      question: { variable: "Q1b", options: [{ value: "1", label: "Yes" }, { value: "2", label: "No" }] },
      showIf: "{Q1}>0",
      order: 0,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ page_id: pages.q1, order: 0, config: { type: "single_choice", showIf: "{Q1} > 0", question: { variable: "Q1b" } } });
    // It asks Q1b before Q1, which its condition names: the validator flags it.
    expect(created.body.config.attentionRequired).toMatchObject({ flags: [{ source: "validator", code: "forward_reference" }] });

    const updated = await o.patch(`/blocks/${created.body.id}`, { showIf: null, type: "multiple_choice", variable: "LEASE", page_id: pages.s1, order: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ page_id: pages.s1, order: 1, config: { type: "multiple_choice", question: { variable: "LEASE" } } });
    expect(updated.body.config).not.toHaveProperty("showIf");
    expect(updated.body.config).not.toHaveProperty("attentionRequired");
    expect((await api.get(`/v1/surveys/${id}/content`)).body.data.changes.map((change: { summary: string }) => change.summary)).toEqual([
      "Q1b: single_choice → multiple_choice",
      "Renamed variable Q1b → LEASE",
      "LEASE: always shown",
      'Moved LEASE from page "Q1" to "S1"',
    ]);

    const s1Block = (await o.get(`/pages/${pages.s1}`)).body.blocks[0];
    const inUse = await o.delete(`/blocks/${s1Block.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ error: "variable_in_use", details: [expect.objectContaining({ condition: "{S1} = '2'" })] });
    expect((await o.delete(`/blocks/${created.body.id}`)).body.message).toBe("Block LEASE deleted.");
    expect((await o.get(`/blocks/${created.body.id}`)).status).toBe(404);
  });

  it("lists and declares variables, and deletes one only when no condition names it (or with force)", async () => {
    const { o, id, pages, api } = await programmed();
    const listed = await o.get(`/surveys/${id}/variables`);
    expect(listed.body).toMatchObject({ total: 2, items: [{ name: "S1", type: "question" }, { name: "Q1", type: "question" }] });

    const panel = await o.post(`/surveys/${id}/variables`, { name: "PANEL", label: "Sample source" });
    expect(panel.status).toBe(201);
    expect(panel.body).toMatchObject({ name: "PANEL", type: "hidden", label: "Sample source", block_id: null });
    expect((await o.post(`/surveys/${id}/variables`, { name: "PANEL" })).status).toBe(409);
    expect((await o.post(`/surveys/${id}/variables`, { name: "two words" })).body.details[0].path).toBe("body.name");

    await o.patch(`/blocks/${(await o.get(`/pages/${pages.q1}`)).body.blocks[0].id}`, { showIf: "{PANEL} = 'a'" });
    const refused = await o.delete(`/variables/${panel.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "variable_in_use", details: [{ where: "display condition of Q1", condition: "{PANEL} = 'a'" }] });
    const questionVariable = listed.body.items[0];
    expect((await o.delete(`/variables/${questionVariable.id}`)).body.error).toBe("conflict");

    const deleted = await o.delete(`/variables/${panel.body.id}?force=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Variable PANEL deleted." });
    expect((await o.get(`/surveys/${id}/variables`)).body.total).toBe(2);
    // The condition stays, now flagged: it names a variable the survey no longer has.
    const q1 = JSON.parse((await api.get(`/v1/surveys/${id}/content`)).body.data.source).pages[1].blocks[0];
    expect(q1.config.attentionRequired).toMatchObject({ flags: [{ code: "unknown_variable" }] });
    expect((await o.delete(`/variables/${panel.body.id}`)).status).toBe(404);
    // Variable ids survive every write.
    expect((await o.get(`/surveys/${id}/variables`)).body.items.map((variable: { id: string }) => variable.id)).toEqual(listed.body.items.map((variable: { id: string }) => variable.id));
  });

  it("keeps updated_at of what a change did not touch", async () => {
    const { o, pages } = await programmed();
    const before = await o.get(`/pages/${pages.end}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await o.patch(`/pages/${pages.q1}`, { name: "Mileage" });
    expect((await o.get(`/pages/${pages.end}`)).body.updated_at).toBe(before.body.updated_at);
    expect((await o.get(`/pages/${pages.q1}`)).body.updated_at > before.body.updated_at).toBe(true);
  });
});
