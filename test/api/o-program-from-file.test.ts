import { verify } from "@octokit/webhooks-methods";
import { beforeAll, describe, expect, it } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LocalExecutor } from "@/lib/workflows/executor";
import { createOrg } from "../helpers/o-api";
import { configureWebhookEnv, startEngine, startReceiver, waitUntil } from "../helpers/webhooks";

/** Interface O's upload → program-from-file → validation fix, with the real executor and webhook engine. */

const QUESTIONNAIRE = `# Car owners

S1. Do you own a car?
1. Yes
2. No (TERMINATE)

Q1. How many kilometres do you drive in a typical week?
Enter a number from 0 to 5000.

Q2. Which of these brands have you owned? (Select all that apply)
1. Toyota
2. Ford
3. Volkswagen

Thank you for your time.
`;

beforeAll(() => configureWebhookEnv({ allowPrivate: true, retryScale: 0.01 }));

function executor() {
  return new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
}

async function runToEnd(worker: LocalExecutor, runId: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    await worker.drain();
    const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (["completed", "failed", "cancelled"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("run did not finish");
}

const markdown = (text = QUESTIONNAIRE) => ({ name: "questionnaire.md", type: "text/markdown", bytes: text });

describe("O files", () => {
  it("uploads multipart bytes as a ready file with a cached extraction; unreadable documents keep the reason", async () => {
    const { o, api, organization, workspace } = await createOrg();
    const { body: survey } = await api.post("/v1/surveys", { slug: "cars", name: "Cars" });
    const uploaded = await o.upload({ file: markdown(), survey_id: survey.data.id });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      name: "questionnaire.md",
      mime_type: "text/markdown",
      org_id: organization.id,
      workspace_id: workspace.id,
      survey_id: survey.data.id,
      size_bytes: Buffer.byteLength(QUESTIONNAIRE),
      ai_file_error: null,
    });
    expect(uploaded.body.ai_file_id).toMatch(/^aif_/);
    // A file uploaded with a survey is one of its P files, ready.
    const files = await api.get(`/v1/surveys/${survey.data.id}/files`);
    expect(files.body.data).toEqual([expect.objectContaining({ id: uploaded.body.id, status: "ready", content_hash: uploaded.body.content_hash })]);
    expect((await o.get(`/files/${uploaded.body.id}`)).body).toEqual(uploaded.body);

    // curl -F sends application/octet-stream for a .md or .docx: the known formats get their media type.
    const generic = await o.upload({ file: { name: "wave2.md", type: "application/octet-stream", bytes: QUESTIONNAIRE } });
    expect(generic.body.mime_type).toBe("text/markdown");

    const scan = await o.upload({ file: { name: "scan.pdf", type: "application/pdf", bytes: "%PDF-1.4 not really a pdf" } });
    expect(scan.status).toBe(201);
    expect(scan.body).toMatchObject({ survey_id: null, ai_file_id: null, ai_file_error: { code: expect.any(String), message: expect.any(String) } });

    const missing = await o.upload({});
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe("body.file");
    const json = await o.post("/files", { file: "x" });
    expect(json.status).toBe(400);
    expect(json.body.details[0].path).toBe("header.Content-Type");
    const tooLarge = await o.upload({ file: markdown() }, { "content-length": String(200 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    const stranger = await createOrg();
    expect((await stranger.o.get(`/files/${uploaded.body.id}`)).status).toBe(404);
    expect((await stranger.o.upload({ file: markdown(), survey_id: survey.data.id })).status).toBe(404);
  });
});

describe("O program-from-file", () => {
  it("locks the survey while it programs from the cached extraction, then unlocks, sends programming.finished, and O and P agree", async () => {
    const receiver = await startReceiver();
    // The delivery engine starts once the run has ended: its executor knows only the delivery workflow.
    let engine: ReturnType<typeof startEngine> | undefined;
    try {
      const { o, api, workspace } = await createOrg();
      const hook = (await o.post("/webhooks", { url: `${receiver.url}/o`, events: ["programming.finished"] })).body;
      const { body: survey } = await api.post("/v1/surveys", { slug: "cars", name: "Cars" });
      const id = survey.data.id;
      const uploaded = await o.upload({ file: markdown() });
      expect(uploaded.body.survey_id).toBeNull();

      // Prove the cache is what programming reads: change the cached text of S1's wording.
      const prisma = await db();
      const cached = await prisma.fileExtraction.findUniqueOrThrow({ where: { fileId: uploaded.body.id } });
      const text = JSON.stringify(cached.document).replaceAll("Do you own a car?", "Do you own a car (cached)?");
      await prisma.fileExtraction.update({ where: { id: cached.id }, data: { document: JSON.parse(text) as Prisma.InputJsonValue } });

      const started = await o.post(`/surveys/${id}/program-from-file/${uploaded.body.id}`);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ user_id: expect.stringMatching(/^api_key:/), content: [{ type: "text", text: expect.stringContaining("questionnaire.md") }], response_completed_at: null });
      expect(started.body.id).toMatch(/^wrun_/);

      const during = (await o.get(`/surveys/${id}`)).body;
      expect(during).toMatchObject({ locked: true, programmed_from_file_id: uploaded.body.id, programming_completed_at: null });
      expect(during.programming_started_at).not.toBeNull();
      const blocked = await o.post(`/surveys/${id}/pages`, { name: "Meanwhile" });
      expect(blocked.status).toBe(409);
      expect(blocked.body.error).toBe("survey_locked");
      expect((await api.put(`/v1/surveys/${id}/content`, { source: "x", platform: "qualtrics" })).body.error).toBe("survey_locked");
      expect((await o.post(`/surveys/${id}/program-from-file/${uploaded.body.id}`)).body.error).toBe("survey_locked");

      const run = await runToEnd(executor(), started.body.id);
      expect(run.status).toBe("completed");
      const after = (await o.get(`/surveys/${id}`)).body;
      expect(after.locked).toBe(false);
      expect(after.programming_completed_at).not.toBeNull();
      expect(after.first_page_id).toBe(after.pages[0].id);
      expect(after.pages[0].blocks[0].config.content).toContain("(cached)");

      const tip = (await api.get(`/v1/surveys/${id}/content`)).body.data;
      expect(tip).toMatchObject({ revision: 1, workflow_id: started.body.id, platform: "service" });
      const document = JSON.parse(tip.source);
      expect(after.pages.map((page: { id: string; name: string }) => [page.id, page.name])).toEqual(document.pages.map((page: { id: string; name: string }) => [page.id, page.name]));
      expect(after.pages.flatMap((page: { navigation_rules: { id: string; target_page_id: string; condition: string | null }[] }) => page.navigation_rules.map((rule) => [rule.id, rule.target_page_id, rule.condition]))).toEqual(
        document.pages.flatMap((page: { navigation_rules: { id: string; target_page_id: string; condition?: string }[] }) => page.navigation_rules.map((rule) => [rule.id, rule.target_page_id, rule.condition ?? null])),
      );
      // The file joined the survey and is its questionnaire.
      expect((await api.get(`/v1/surveys/${id}/questionnaire`)).body.data).toMatchObject({ revision: 1, file_id: uploaded.body.id });
      expect((await o.get(`/files/${uploaded.body.id}`)).body.survey_id).toBe(id);

      const events = await prisma.event.findMany({ where: { workspaceId: workspace.id, type: { in: ["programming.finished", "workflow.finished"] } }, orderBy: { id: "asc" } });
      expect(events.map((event) => event.type).sort()).toEqual(["programming.finished", "workflow.finished"]);
      expect(events.find((event) => event.type === "programming.finished")!.data).toMatchObject({
        survey_id: id,
        file_id: uploaded.body.id,
        workflow_id: started.body.id,
        status: "completed",
        content_revision: 1,
        error: null,
      });

      engine = startEngine();
      const delivered = await waitUntil(() => receiver.requests.find((request) => request.path === "/o"));
      expect(delivered.headers["x-service-event"]).toBe("programming.finished");
      expect(delivered.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(await verify(hook.secret, delivered.body, delivered.headers["x-service-signature"])).toBe(true);
      expect(JSON.parse(delivered.body)).toMatchObject({ event: "programming.finished", data: { survey_id: id, status: "completed" } });
    } finally {
      await engine?.stop();
      await receiver.close();
    }
  });

  it("a run that fails still unlocks the survey and reports programming.finished with the error", async () => {
    const { o, api, workspace } = await createOrg();
    const { body: survey } = await api.post("/v1/surveys", { slug: "letter", name: "Letter" });
    const uploaded = await o.upload({ file: markdown("Dear customer,\n\nthank you for your order. We will be in touch.\n"), survey_id: survey.data.id });
    expect(uploaded.body.ai_file_id).toMatch(/^aif_/);
    const started = await o.post(`/surveys/${survey.data.id}/program-from-file/${uploaded.body.id}`);
    expect(started.status).toBe(202);
    const run = await runToEnd(executor(), started.body.id);
    expect(run.status).toBe("failed");
    expect((await o.get(`/surveys/${survey.data.id}`)).body).toMatchObject({ locked: false, pages: [] });
    const finished = await (await db()).event.findFirstOrThrow({ where: { workspaceId: workspace.id, type: "programming.finished" } });
    expect(finished.data).toMatchObject({ status: "failed", content_revision: null, error: { code: "empty_document", message: expect.stringContaining("No questions were found") } });
    expect((await o.post(`/surveys/${survey.data.id}/pages`, { name: "Now allowed" })).status).toBe(201);
  });

  it("a cancelled run unlocks the survey at once and reports programming.finished as cancelled", async () => {
    const { o, api, workspace } = await createOrg();
    const { body: survey } = await api.post("/v1/surveys", { slug: "cancelled", name: "Cancelled" });
    const uploaded = await o.upload({ file: markdown(), survey_id: survey.data.id });
    const started = await o.post(`/surveys/${survey.data.id}/program-from-file/${uploaded.body.id}`);
    expect((await o.get(`/surveys/${survey.data.id}`)).body.locked).toBe(true);
    const cancelled = await api.post(`/v1/workflows/${started.body.id}/cancel`);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect((await o.get(`/surveys/${survey.data.id}`)).body).toMatchObject({ locked: false });
    const finished = await (await db()).event.findFirstOrThrow({ where: { workspaceId: workspace.id, type: "programming.finished" } });
    expect(finished.data).toMatchObject({ status: "cancelled", content_revision: null, error: { message: "The workflow was cancelled." } });
  });

  it("refuses a file that could not be read, a file of another survey, and an unknown file", async () => {
    const { o, api } = await createOrg();
    const first = (await api.post("/v1/surveys", { slug: "first", name: "First" })).body.data.id;
    const second = (await api.post("/v1/surveys", { slug: "second", name: "Second" })).body.data.id;
    const scan = await o.upload({ file: { name: "scan.pdf", type: "application/pdf", bytes: "%PDF-1.4 no text" } });
    const unreadable = await o.post(`/surveys/${first}/program-from-file/${scan.body.id}`);
    expect(unreadable.status).toBe(409);
    expect(unreadable.body).toMatchObject({ error: "file_not_ready", file_id: scan.body.id });
    const owned = await o.upload({ file: markdown(), survey_id: first });
    expect((await o.post(`/surveys/${second}/program-from-file/${owned.body.id}`)).body.error).toBe("conflict");
    expect((await o.post(`/surveys/${first}/program-from-file/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect(await (await db()).workflowRun.count({ where: { surveyId: { in: [first, second] } } })).toBe(0);
  });
});

describe("O validation fix", () => {
  it("fixes a rule to a deleted page and an unreachable page in one revision, locked meanwhile, then reports validation.finished", async () => {
    const { o, api, workspace } = await createOrg();
    const { body: survey } = await api.post("/v1/surveys", { slug: "cars", name: "Cars" });
    const id = survey.data.id;
    const uploaded = await o.upload({ file: markdown(), survey_id: id });
    await runToEnd(executor(), (await o.post(`/surveys/${id}/program-from-file/${uploaded.body.id}`)).body.id);
    const programmed = (await o.get(`/surveys/${id}`)).body;
    const screenOut = programmed.pages.find((page: { assign_response_status: string | null }) => page.assign_response_status === "disqualified");

    // Break it: delete the page S1's rule leads to (force), and add a page nothing leads to.
    expect((await o.delete(`/pages/${screenOut.id}`)).status).toBe(409);
    expect((await o.delete(`/pages/${screenOut.id}?force=true`)).status).toBe(200);
    const added = await o.post(`/surveys/${id}/pages`, { name: "Extra" });
    await o.post(`/pages/${added.body.id}/blocks`, { type: "open_text", content: "Anything else?", question: { variable: "EXTRA", required: false } });
    const broken = JSON.parse((await api.get(`/v1/surveys/${id}/content`)).body.data.source);
    const flagged = (code: string) =>
      broken.pages.some((page: { attention_required?: { flags?: { code?: string }[] }; navigation_rules: { attention_required?: { flags?: { code?: string }[] } }[] }) =>
        [page.attention_required, ...page.navigation_rules.map((rule) => rule.attention_required)].some((attention) => attention?.flags?.some((flag) => flag.code === code)),
      );
    expect(flagged("missing_target")).toBe(true);
    expect(flagged("unreachable_page")).toBe(true);
    const brokenRevision = (await api.get(`/v1/surveys/${id}/content`)).body.data.revision;

    const started = await o.post(`/surveys/${id}/validation/fix`);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "pending", survey: { id, locked: true } });
    expect((await o.put(`/surveys/${id}`, { name: "Meanwhile" })).body.error).toBe("survey_locked");

    const run = await runToEnd(executor(), started.body.workflow_id);
    expect(run.status).toBe("completed");
    const output = run.output as { content_revision: number; fixed: { code: string }[]; remaining: { code: string }[] };
    expect(output.content_revision).toBe(brokenRevision + 1);
    expect(output.fixed.map((entry) => entry.code)).toEqual(expect.arrayContaining(["missing_target", "unreachable_page"]));

    const tip = (await api.get(`/v1/surveys/${id}/content`)).body.data;
    expect(tip).toMatchObject({ revision: brokenRevision + 1, workflow_id: started.body.workflow_id, message: expect.stringMatching(/^Validation fix: \d+ findings? fixed/) });
    const fixed = await api.post(`/v1/surveys/${id}/content/operations`, { operations: [{ op: "flag_for_review", element_id: added.body.id, reason: "Checked." }] });
    const codes = fixed.body.findings.map((finding: { code: string }) => finding.code);
    expect(codes).not.toContain("missing_target");
    expect(codes).not.toContain("unreachable_page");
    expect((await o.get(`/surveys/${id}`)).body.locked).toBe(false);
    const finished = await (await db()).event.findFirstOrThrow({ where: { workspaceId: workspace.id, type: "validation.finished" } });
    expect(finished.data).toMatchObject({ survey_id: id, status: "completed", content_revision: brokenRevision + 1, fixed: output.fixed.length });
  });

  it("needs programmed content (409) and refuses while the survey is held", async () => {
    const { o, api } = await createOrg();
    const { body: survey } = await api.post("/v1/surveys", { slug: "empty", name: "Empty" });
    expect((await o.post(`/surveys/${survey.data.id}/validation/fix`)).body.error).toBe("conflict");
    await o.post(`/surveys/${survey.data.id}/pages`, { name: "Only" });
    const first = await o.post(`/surveys/${survey.data.id}/validation/fix`);
    expect(first.status).toBe(202);
    expect((await o.post(`/surveys/${survey.data.id}/validation/fix`)).body.error).toBe("survey_locked");
    await runToEnd(executor(), first.body.workflow_id);
  });
});
