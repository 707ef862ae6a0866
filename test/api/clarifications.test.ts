import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import { LocalExecutor } from "@/lib/workflows/executor";
import type { client } from "../helpers/api";
import { createReadyFile, createSurvey } from "../helpers/files";
import { createTenant } from "../helpers/tenant";

const STREAMING = [
  "Q1. How old are you?",
  "Enter your age: ____",
  "",
  "Q2. Do you pay for a music streaming service?",
  "1. Yes",
  "2. No",
  "",
  "Q3. Which of these streaming services do you use?",
  "1. Spotify",
  "2. Apple Music",
  "3. YouTube Music",
  "4. Deezer",
  "",
  "ASK IF Q9 = 1",
  "Q4. How satisfied are you with your main service?",
  "1. Very satisfied",
  "2. Somewhat satisfied",
  "3. Not satisfied",
  "",
  "Q5. Would you recommend it to a friend?",
  "1. Yes",
  "2. No [SKIP TO Q20]",
  "",
  "Q6. Any other comments?",
  "____",
  "",
].join("\n");

type Item = { id: string; kind: string; question_ids: string[]; prompt: string; context: { excerpt: string; source: { start: number; end: number } }; options: { option_id: string }[]; status: string; round: number };

function executor() {
  return new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
}

async function runToEnd(worker: LocalExecutor, runId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    await worker.drain();
    const run = await (await db()).workflowRun.findUniqueOrThrow({ where: { id: runId } });
    if (["completed", "failed", "cancelled"].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("run did not finish");
}

async function assertedSurvey(questionnaire = STREAMING) {
  const tenant = await createTenant();
  const surveyId = await createSurvey(tenant.api, "streaming");
  const file = await createReadyFile(tenant.api, surveyId, questionnaire, { name: "questionnaire.md", content_type: "text/markdown" });
  expect((await tenant.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
  return { ...tenant, surveyId, base: `/v1/surveys/${surveyId}`, clarifications: `/v1/surveys/${surveyId}/questionnaire/clarifications` };
}

async function probed(questionnaire = STREAMING) {
  const setup = await assertedSurvey(questionnaire);
  const worker = executor();
  const started = await setup.api.post(setup.clarifications);
  expect(started.status).toBe(202);
  const run = await runToEnd(worker, started.body.workflow_id);
  expect(run.status).toBe("completed");
  const session = (await setup.api.get(setup.clarifications)).body.data;
  const about = (id: string, kind: string) => session.clarifications.find((item: Item) => item.kind === kind && item.question_ids.includes(id)) as Item;
  return { ...setup, worker, started, run, session, about };
}

async function program(api: ReturnType<typeof client>, base: string, worker: LocalExecutor) {
  const started = await api.post(`${base}/programming`, { platform: "service" });
  expect(started.status).toBe(202);
  const run = await runToEnd(worker, started.body.run_id);
  expect(run.status).toBe("completed");
  const document = JSON.parse((await api.get(`${base}/content`)).body.data.source);
  const stream = (await api.get(started.body.stream_url)).text.trim().split("\n").map((line: string) => JSON.parse(line));
  const blockOf = (variable: string) =>
    document.pages.flatMap((page: { blocks: { config: { type: string; question?: { variable: string } } }[] }) => page.blocks).find((block: { config: { question?: { variable: string } } }) => block.config.question?.variable === variable);
  return { document, stream, blockOf };
}

describe("questionnaire clarifications", () => {
  it("refuses to probe without a questionnaire and answers 404 before the first probe", async () => {
    const tenant = await createTenant();
    const surveyId = await createSurvey(tenant.api, "empty");
    const base = `/v1/surveys/${surveyId}/questionnaire/clarifications`;
    const refused = await tenant.api.post(base);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("questionnaire_required");
    expect((await tenant.api.get(base)).status).toBe(404);
    const { api, clarifications } = await assertedSurvey();
    const never = await api.get(clarifications);
    expect(never.status).toBe(404);
    expect(never.body.error).toBe("not_found");
  });

  it("asks about the unstated selection mode, the filter on a missing question and the skip to a missing target, with excerpts of the right text", async () => {
    const { started, run, session, about, clarifications } = await probed();
    expect(started.body).toMatchObject({
      workflow_id: expect.stringMatching(/^wrun_/),
      workflow: { kind: "survey.questionnaire_clarifications" },
      session: { questionnaire_revision: 1, status: "probing", round: 1, clarifications: [] },
      stream_url: `${clarifications}/runs/${started.body.workflow_id}/stream`,
    });
    expect(run.output).toEqual({ questionnaire_revision: 1, clarification_count: session.clarifications.length, status: "open" });
    expect(session).toMatchObject({ id: started.body.session.id, status: "open", round: 1 });

    const selection = about("Q3", "selection_mode");
    expect(selection.prompt).toBe("Q3 lists answers but does not say how many may be chosen. Can respondents choose more than one?");
    expect(selection.options.map((option) => option.option_id)).toEqual(["single", "multiple"]);
    expect(selection.context.excerpt).toContain("Which of these streaming services");
    expect(selection.id).toMatch(/^clr_/);

    const filter = about("Q4", "unbound_condition");
    expect(filter.context.excerpt).toBe("ASK IF Q9 = 1");
    expect(filter.context.source.end - filter.context.source.start).toBe("ASK IF Q9 = 1".length);
    expect(filter.prompt).toContain("Who should see Q4?");
    expect(filter.options.length).toBeGreaterThan(1);

    const skip = about("Q5", "missing_route_target");
    expect(skip.context.excerpt).toContain("SKIP TO Q20");
    expect(skip.options.map((option) => option.option_id)).toEqual(expect.arrayContaining(["end", "screen_out", "continue"]));
    for (const item of session.clarifications as Item[]) {
      expect(item).toMatchObject({ status: "open", round: 1, answer: null });
      expect(item.prompt).not.toMatch(/unbound|assumption|IR\b/);
    }
  });

  it("streams started, one clarification per item and completed, replayable from startIndex; GETs never start or advance a probe", async () => {
    const { api, clarifications } = await assertedSurvey();
    const worker = executor();
    const started = await api.post(clarifications);
    for (let index = 0; index < 3; index++) {
      const read = await api.get(clarifications);
      expect(read.body.data).toMatchObject({ status: "probing", clarifications: [] });
    }
    expect((await (await db()).workflowRun.findUniqueOrThrow({ where: { id: started.body.workflow_id } })).status).toBe("pending");
    const busy = await api.post(clarifications);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe("workflow_active");

    await runToEnd(worker, started.body.workflow_id);
    const full = await api.get(started.body.stream_url);
    expect(full.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = full.text.trim().split("\n").map((line) => JSON.parse(line));
    const session = (await api.get(clarifications)).body.data;
    expect(lines.map((line) => line.type).filter((type) => type !== "step")).toEqual(["started", ...session.clarifications.map(() => "clarification"), "completed"]);
    expect(lines.filter((line) => line.type === "clarification").map((line) => line.data)).toEqual(session.clarifications);
    expect(lines.at(-1).data.output).toEqual({ questionnaire_revision: 1, clarification_count: session.clarifications.length, status: "open" });
    const replay = (await api.get(`${started.body.stream_url}?startIndex=2`)).text.trim().split("\n").map((line) => JSON.parse(line));
    expect(replay).toEqual(lines.slice(2));
  });

  it("records answers and skips on the tip (last answer wins), validates them, and a follow-up probe asks only about what is new", async () => {
    const { api, worker, about, clarifications, session, workspace } = await probed();
    const selection = about("Q3", "selection_mode");
    const item = `${clarifications}/${selection.id}`;
    const empty = await api.patch(item, { kind: "answer" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("validation_error");
    expect((await api.patch(item, { kind: "answer", text: "   " })).status).toBe(400);
    const unknown = await api.patch(item, { kind: "answer", option_id: "several" });
    expect(unknown.status).toBe(400);
    expect((await api.patch(item, { kind: "maybe" })).status).toBe(400);

    expect((await api.patch(item, { kind: "answer", option_id: "single" })).body.data.answer).toMatchObject({ kind: "answer", option_id: "single" });
    const answered = await api.patch(item, { kind: "answer", option_id: "multiple" });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ status: "answered", answer: { kind: "answer", option_id: "multiple", text: null, answered_by: expect.stringMatching(/^api_key:/) } });
    const row = await (await db()).clarification.findUniqueOrThrow({ where: { id: selection.id } });
    expect((row.answerHistory as { option_id: string }[]).map((entry) => entry.option_id)).toEqual(["single"]);
    expect((await api.get(item)).body.data.answer.option_id).toBe("multiple");

    const skipped = await api.patch(`${clarifications}/${about("Q5", "missing_route_target").id}`, { kind: "skip" });
    expect(skipped.body.data).toMatchObject({ status: "skipped", answer: { kind: "skip" } });

    const events = await (await db()).event.findMany({ where: { workspaceId: workspace.id, type: "questionnaire.clarifications.updated" }, orderBy: { id: "asc" } });
    expect(events.length).toBe(1 + 3);
    expect(events.at(-1)!.data).toMatchObject({ session_id: session.id, questionnaire_revision: 1, status: "open", open_questions: session.clarifications.length - 2 });

    const again = await api.post(clarifications);
    expect(again.status).toBe(202);
    expect(again.body.session).toMatchObject({ id: session.id, status: "probing", round: 2 });
    const run = await runToEnd(worker, again.body.workflow_id);
    expect(run.output).toEqual({ questionnaire_revision: 1, clarification_count: 0, status: "completed" });
    const after = (await api.get(clarifications)).body.data;
    expect(after).toMatchObject({ status: "completed", round: 2 });
    expect(after.clarifications.map((entry: Item) => entry.id)).toEqual(session.clarifications.map((entry: Item) => entry.id));
  });

  it("answers feed programming: multiple makes Q3 a multiple-choice block, a skip keeps the default, and the stream lists what was applied", async () => {
    const { api, worker, about, clarifications, base } = await probed();
    const selection = about("Q3", "selection_mode");
    await api.patch(`${clarifications}/${selection.id}`, { kind: "skip" });
    const before = await program(api, base, worker);
    expect(before.blockOf("Q3").config.type).toBe("single_choice");
    expect(before.stream.some((line: { type: string }) => line.type === "clarifications")).toBe(false);

    await api.patch(`${clarifications}/${selection.id}`, { kind: "answer", option_id: "multiple" });
    const filter = about("Q4", "unbound_condition");
    await api.patch(`${clarifications}/${filter.id}`, { kind: "answer", text: "Q3 = 1" });
    const after = await program(api, base, worker);
    expect(after.blockOf("Q3").config.type).toBe("multiple_choice");
    const applied = after.stream.find((line: { type: string }) => line.type === "clarifications");
    expect(applied.data.answers).toEqual([
      expect.objectContaining({ clarification_id: selection.id, status: "changed", message: "Q3 is now multiple choice." }),
      expect.objectContaining({ clarification_id: filter.id, status: "changed" }),
    ]);
    expect(after.blockOf("Q4").config.showIf).toContain("{Q3}");

    // An answer that changes nothing is reported as such.
    await api.patch(`${clarifications}/${selection.id}`, { kind: "answer", option_id: "single" });
    const same = await program(api, base, worker);
    expect(same.stream.find((line: { type: string }) => line.type === "clarifications").data.answers[1]).toMatchObject({ clarification_id: selection.id, status: "unchanged" });
  });

  it("keeps an older revision's clarifications read-only: PATCH is 409 revision_not_tip, history GETs still answer", async () => {
    const { api, about, clarifications, surveyId, base, session } = await probed();
    const selection = about("Q3", "selection_mode");
    const file = await createReadyFile(api, surveyId, `${STREAMING}\nQ7. One more question?\n1. Yes\n2. No\n`, { name: "v2.md", content_type: "text/markdown" });
    expect((await api.put(`${base}/questionnaire`, { file_id: file.id })).body.data.revision).toBe(2);
    const refused = await api.patch(`${clarifications}/${selection.id}`, { kind: "answer", option_id: "multiple" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("revision_not_tip");
    expect((await api.get(clarifications)).status).toBe(404);
    const history = await api.get(`${base}/questionnaire/revisions/1/clarifications`);
    expect(history.body.data).toMatchObject({ id: session.id, questionnaire_revision: 1 });
    expect((await api.get(`${base}/questionnaire/revisions/1/clarifications/${selection.id}`)).body.data.id).toBe(selection.id);
    expect((await api.get(`${base}/questionnaire/revisions/2/clarifications/${selection.id}`)).status).toBe(404);
    expect((await api.get(`${base}/questionnaire/revisions/9/clarifications`)).status).toBe(404);
  });

  it("a probe that fails (a document without questions) leaves the session answerable, not probing, and says why", async () => {
    const { api, clarifications } = await assertedSurvey("Dear participant,\n\nThank you for taking part in our study. We will be in touch.\n");
    const worker = executor();
    const started = await api.post(clarifications);
    const run = await runToEnd(worker, started.body.workflow_id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ code: "empty_document" });
    const session = (await api.get(clarifications)).body.data;
    expect(session).toMatchObject({ status: "open", round: 1, clarifications: [] });
    const lines = (await api.get(started.body.stream_url)).text.trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ type: "failed", data: { error: { code: "empty_document" } } });
  });

  it("a survey definition (Qualtrics .qsf) is imported as programmed: the probe completes with nothing to ask", async () => {
    const qsf = await readFile(path.resolve("test/fixtures/questionnaires/files/003-delphi-covid-wave4.qsf"));
    const tenant = await createTenant();
    const surveyId = await createSurvey(tenant.api, "delphi");
    const file = await createReadyFile(tenant.api, surveyId, new Uint8Array(qsf), { name: "003-delphi-covid-wave4.qsf" });
    expect((await tenant.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
    const clarifications = `/v1/surveys/${surveyId}/questionnaire/clarifications`;
    const started = await tenant.api.post(clarifications);
    const run = await runToEnd(executor(), started.body.workflow_id);
    expect(run.status).toBe("completed");
    expect(run.output).toMatchObject({ clarification_count: 0, status: "completed" });
    expect((await tenant.api.get(clarifications)).body.data).toMatchObject({ status: "completed", round: 1, clarifications: [] });
  });

  it("turns a review finding into a clarification of the tip (the review panel's Ask), once per finding", async () => {
    const { api, worker, clarifications, base } = await probed();
    const { document } = await program(api, base, worker);
    const flagged = document.pages
      .flatMap((page: { blocks: { id: string; config: { attentionRequired?: { flags?: { code?: string; reason: string; dismissed: boolean }[] } } }[] }) => page.blocks)
      .find((block: { config: { attentionRequired?: { flags?: { dismissed: boolean }[] } } }) => block.config.attentionRequired?.flags?.some((flag) => !flag.dismissed));
    expect(flagged).toBeDefined();
    const flag = flagged.config.attentionRequired.flags.find((entry: { dismissed: boolean }) => !entry.dismissed);
    const asked = await api.post(`${clarifications}/ask`, { element_id: flagged.id, ...(flag.code ? { code: flag.code } : {}), reason: flag.reason });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ kind: "review_flag", status: "open", options: [{ option_id: "keep" }] });
    expect(asked.body.data.prompt).toContain("How should it be programmed?");
    const twice = await api.post(`${clarifications}/ask`, { element_id: flagged.id, reason: flag.reason });
    expect(twice.body.data.id).toBe(asked.body.data.id);
    const session = (await api.get(clarifications)).body.data;
    expect(session.clarifications.map((item: Item) => item.id)).toContain(asked.body.data.id);
    expect((await api.post(`${clarifications}/ask`, { element_id: "no-such-element" })).status).toBe(404);
  });
});
