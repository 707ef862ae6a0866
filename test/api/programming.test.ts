import { describe, expect, it } from "vitest";
import { fixtureBytes } from "@/lib/platforms/testing/surveys";
import { WORKFLOWS } from "@/inngest/functions";
import { db } from "@/lib/db/client";
import { LocalExecutor } from "@/lib/workflows/executor";
import { createReadyFile, createSurvey } from "../helpers/files";
import { surveyMonkeyStandIn } from "../helpers/platform-stand-ins";
import { createTenant } from "../helpers/tenant";
import { configureWebhookEnv } from "../helpers/webhooks";

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
4. Other (specify)

Thank you for your time.
`;

function executor() {
  return new LocalExecutor({ workflows: WORKFLOWS, pollMs: 20, retryBaseMs: 5 });
}

async function assertedSurvey(questionnaire = QUESTIONNAIRE, name = "questionnaire.md") {
  const tenant = await createTenant();
  const surveyId = await createSurvey(tenant.api, "car-owners");
  const file = await createReadyFile(tenant.api, surveyId, questionnaire, { name, content_type: "text/markdown" });
  const asserted = await tenant.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id });
  expect(asserted.status).toBe(200);
  return { ...tenant, surveyId, base: `/v1/surveys/${surveyId}` };
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

describe("programming", () => {
  it("waits on a target hook, resumes when it is resolved, and writes the programmed survey as a content revision", async () => {
    const { api, base, surveyId, workspace } = await assertedSurvey();
    const worker = executor();
    const started = await api.post(`${base}/programming`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ platform: null, questionnaire_revision: 1, stream_url: `${base}/programming/runs/${started.body.run_id}/stream` });
    expect(started.body.run_id).toMatch(/^wrun_/);
    expect(started.body.workflow).toMatchObject({ id: started.body.run_id, kind: "survey.programming", status: "pending" });
    const runPath = `${base}/programming/runs/${started.body.run_id}`;

    await worker.drain();
    const waiting = await api.get(runPath);
    expect(waiting.body.data.status).toBe("running");
    const hook = waiting.body.data.hooks[0];
    expect(hook).toMatchObject({ kind: "programming.target", status: "pending", resume_path: `${runPath}/hooks/${hook.id}/resolve` });
    for (let index = 0; index < 3; index++) {
      const again = await api.get(runPath);
      expect(again.body.data.steps).toEqual(waiting.body.data.steps);
      expect(again.body.data.status).toBe("running");
    }
    expect((await api.get(`${base}/programming`)).body.data.id).toBe(started.body.run_id);

    expect((await api.post(hook.resume_path, { platform: "myspace" })).status).toBe(400);
    expect((await api.put(`${base}/content`, { source: "x", platform: "qualtrics" })).body.error).toBe("workflow_active");

    const resolved = await api.post(hook.resume_path, { platform: "service", instructions: "Use a progress bar." });
    expect(resolved.status).toBe(200);
    expect((await api.post(hook.resume_path, { platform: "service" })).status).toBe(409);

    const finished = await runToEnd(worker, started.body.run_id);
    expect(finished.status).toBe("completed");
    expect(finished.output).toMatchObject({ content_revision: 1, platform: "service", questionnaire_revision: 1 });

    const content = await api.get(`${base}/content`);
    const document = JSON.parse(content.body.data.source);
    const blocks = document.pages.flatMap((page: { blocks: unknown[] }) => page.blocks);
    const variables = blocks.map((block: { config: { question?: { variable: string } } }) => block.config.question?.variable).filter(Boolean);
    expect(variables).toEqual(expect.arrayContaining(["S1", "Q1", "Q2"]));
    const s1 = blocks.find((block: { config: { question?: { variable: string } } }) => block.config.question?.variable === "S1");
    expect(s1.config.question.options.map((option: { value: string }) => option.value)).toEqual(["1", "2"]);
    expect(s1.config.source.excerpt).toContain("Do you own a car?");
    const terminate = document.pages.find((page: { assign_response_status?: string }) => page.assign_response_status === "disqualified");
    expect(terminate).toBeDefined();
    const rules = document.pages.flatMap((page: { navigation_rules: { condition?: string; target_page_id: string }[] }) => page.navigation_rules);
    expect(rules.some((rule: { condition?: string; target_page_id: string }) => rule.target_page_id === terminate.id && rule.condition?.includes("{S1}"))).toBe(true);
    expect(content.body.data.user_id).toBe(`workflow:${started.body.run_id}`);

    const survey = await (await db()).survey.findUniqueOrThrow({ where: { id: surveyId } });
    expect(survey.programmingStartedAt).not.toBeNull();
    expect(survey.programmingCompletedAt).not.toBeNull();
    expect(survey.firstPageId).toBe(document.first_page_id);
    const pageRows = await (await db()).page.count({ where: { surveyId } });
    expect(pageRows).toBe(document.pages.length);

    const history = await api.get(`${base}/content/revisions`);
    expect(history.body.data.map((revision: { revision: number }) => revision.revision)).toEqual([1]);

    const types = (await (await db()).event.findMany({ where: { workspaceId: workspace.id }, orderBy: { id: "asc" } })).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(["workflow.started", "workflow.updated", "workflow.finished", "content.updated"]));
    expect(types.indexOf("content.updated")).toBeLessThan(types.lastIndexOf("workflow.finished"));
  });

  it("streams the run as NDJSON with anatomy and audit chunks, replayable from any index", async () => {
    const { api, base, key } = await assertedSurvey();
    const worker = executor();
    const started = await api.post(`${base}/programming`, { platform: "service" });
    await runToEnd(worker, started.body.run_id);
    const full = await api.get(`${started.body.stream_url}?startIndex=0`, { headers: { authorization: `Bearer ${key}` } });
    expect(full.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = full.text.trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.map((line) => line.index)).toEqual(lines.map((_, index) => index));
    expect(lines[0].type).toBe("started");
    expect(lines.at(-1).type).toBe("completed");
    const anatomy = lines.find((line) => line.type === "anatomy");
    expect(anatomy.data).toMatchObject({ content_revision: 1 });
    expect(anatomy.data.questions).toBeGreaterThanOrEqual(3);
    expect(lines.filter((line) => line.type === "progress").length).toBeGreaterThan(1);
    const fromTwo = await api.get(`${started.body.stream_url}?startIndex=2`);
    const replayed = fromTwo.text.trim().split("\n").map((line) => JSON.parse(line));
    expect(replayed[0].index).toBe(2);
    expect(replayed).toEqual(lines.slice(2));
  });

  it("refuses to start without an asserted questionnaire", async () => {
    const tenant = await createTenant();
    const surveyId = await createSurvey(tenant.api, "empty");
    const missing = await tenant.api.post(`/v1/surveys/${surveyId}/programming`, {});
    expect(missing.status).toBe(409);
    expect(missing.body.error).toBe("questionnaire_required");
    const { api, base } = await assertedSurvey();
    const pushToService = await api.post(`${base}/programming`, { platform: "service", push: true });
    expect(pushToService.status).toBe(400);
    expect(pushToService.body.error).toBe("validation_error");
    expect((await api.post(`${base}/programming`, { questionnaire_revision: 7 })).status).toBe(404);
    expect((await api.get(`${base}/programming`)).status).toBe(404);
  });

  it.each([
    ["qualtrics", (source: string) => expect(JSON.parse(source).SurveyElements.length).toBeGreaterThan(2)],
    ["decipher", (source: string) => expect(source).toMatch(/<survey[\s>][\s\S]*<term /)],
    ["surveymonkey", (source: string) => expect(JSON.parse(source).pages.length).toBeGreaterThan(1)],
    ["limesurvey", (source: string) => expect(source).toMatch(/<document>\s*<LimeSurveyDocType>Survey/)],
  ] as const)("programs for %s: the service survey, then the platform's native source as its content revision, warnings in the stream", async (platform, check) => {
    const { api, base } = await assertedSurvey();
    const started = await api.post(`${base}/programming`, { platform });
    expect(started.status).toBe(202);
    expect(started.body.platform).toBe(platform);
    const finished = await runToEnd(executor(), started.body.run_id);
    expect(finished.status).toBe("completed");
    const run = await api.get(`${base}/programming/runs/${started.body.run_id}`);
    expect(run.body.data.output).toMatchObject({ platform, content_revision: 2, export: { platform, service_content_revision: 1 } });
    const tip = await api.get(`${base}/content`);
    expect(tip.body.data).toMatchObject({ revision: 2, platform });
    check(tip.body.data.source);
    const history = await api.get(`${base}/content/revisions`);
    expect(history.body.data.map((revision: { platform: string }) => revision.platform)).toEqual([platform, "service"]);
    const stream = await api.get(`${started.body.stream_url}?startIndex=0`);
    const lines = stream.text.trim().split("\n").map((line) => JSON.parse(line));
    const exported = lines.find((line) => line.type === "progress" && line.data.phase === "exported")?.data;
    expect(exported).toMatchObject({ platform, content_revision: 2 });

    // The revision keeps its export warnings (the same ones the stream carries), and downloads as its platform's file.
    const streamed = lines.filter((line) => line.type === "audit.issue" && String(line.data.code).startsWith("export.")).map((line) => line.data.message);
    const revision = await api.get(`${base}/content/revisions/2`);
    expect(revision.body.data.export_warnings).toHaveLength(exported.warnings);
    expect(revision.body.data.export_warnings.map((warning: { element: string; reason: string }) => `${warning.element}: ${warning.reason}`)).toEqual(streamed);
    const service = await api.get(`${base}/content/revisions/1`);
    expect(service.body.data.export_warnings).toBeNull();
    const file = await api.get(`${base}/content/revisions/2/download`);
    expect(file.status).toBe(200);
    const extension = { qualtrics: "qsf", decipher: "xml", surveymonkey: "json", limesurvey: "lss" }[platform];
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="car-owners-${platform}-r2.${extension}"`);
    expect(file.headers.get("content-type")).toBe(platform === "qualtrics" || platform === "surveymonkey" ? "application/json; charset=utf-8" : "application/xml; charset=utf-8");
    expect(file.text).toBe(tip.body.data.source);
    expect((await api.get(`${base}/content/revisions/1/download`)).headers.get("content-disposition")).toBe('attachment; filename="car-owners-service-r1.json"');
    expect((await api.get(`${base}/content/revisions/3/download`)).status).toBe(404);
  });

  it("with push: true creates the survey on a SurveyMonkey API stand-in through the integration, then updates it on the next run", async () => {
    configureWebhookEnv({ allowPrivate: true });
    const standIn = await surveyMonkeyStandIn({ token: "sm-token", surveys: [] });
    try {
      const { api, base } = await assertedSurvey();
      const missing = await api.post(`${base}/programming`, { platform: "surveymonkey", push: true });
      const failed = await runToEnd(executor(), missing.body.run_id);
      expect(failed.status).toBe("failed");
      await api.post("/v1/integrations", { platform: "surveymonkey", config: { base_url: `${standIn.url}/v3` }, credentials: { access_token: "sm-token" } });
      const first = await api.post(`${base}/programming`, { platform: "surveymonkey", push: true });
      expect((await runToEnd(executor(), first.body.run_id)).status).toBe("completed");
      const run = await api.get(`${base}/programming/runs/${first.body.run_id}`);
      expect(run.body.data.output.export.upstream).toMatchObject({ survey_id: "900", action: "created" });
      const posted = standIn.requests.find((request) => request.method === "POST" && request.path === "/v3/surveys")!;
      expect(JSON.parse(posted.body).pages.length).toBeGreaterThan(1);
      const second = await api.post(`${base}/programming`, { platform: "surveymonkey", push: true });
      expect((await runToEnd(executor(), second.body.run_id)).status).toBe("completed");
      expect((await api.get(`${base}/programming/runs/${second.body.run_id}`)).body.data.output.export.upstream).toMatchObject({ survey_id: "900", action: "updated" });
    } finally {
      await standIn.close();
    }
  });

  it("programs an uploaded Qualtrics survey file (.qsf) by importing it: questions and display logic, no compiling", async () => {
    const qsf = JSON.stringify({
      SurveyEntry: { SurveyID: "SV_1", SurveyName: "Pets" },
      SurveyElements: [
        { Element: "BL", Payload: [{ Type: "Default", Description: "Pets", ID: "BL_1", BlockElements: [{ Type: "Question", QuestionID: "QID1" }, { Type: "Page Break" }, { Type: "Question", QuestionID: "QID2" }] }] },
        { Element: "FL", Payload: { Type: "Root", FlowID: "FL_1", Flow: [{ Type: "Block", ID: "BL_1", FlowID: "FL_2" }] } },
        { Element: "SQ", PrimaryAttribute: "QID1", Payload: { QuestionID: "QID1", DataExportTag: "P1", QuestionText: "Do you have a pet?", QuestionType: "MC", Selector: "SAVR", Choices: { "1": { Display: "Yes" }, "2": { Display: "No" } }, ChoiceOrder: ["1", "2"], Validation: { Settings: { ForceResponse: "ON" } } } },
        {
          Element: "SQ",
          PrimaryAttribute: "QID2",
          Payload: {
            QuestionID: "QID2",
            DataExportTag: "P2",
            QuestionText: "What is its name?",
            QuestionType: "TE",
            Selector: "SL",
            DisplayLogic: { "0": { "0": { LogicType: "Question", QuestionID: "QID1", ChoiceLocator: "q://QID1/SelectableChoice/1", LeftOperand: "q://QID1/SelectableChoice/1", Operator: "Selected", Type: "Expression" }, Type: "If" }, Type: "BooleanExpression" },
          },
        },
      ],
    });
    const { api, base } = await assertedSurvey(qsf, "pets.qsf");
    const started = await api.post(`${base}/programming`, { platform: "service" });
    const finished = await runToEnd(executor(), started.body.run_id);
    expect(finished.status).toBe("completed");
    const tip = await api.get(`${base}/content`);
    const document = JSON.parse(tip.body.data.source);
    const blocks = document.pages.flatMap((page: { blocks: unknown[] }) => page.blocks);
    expect(blocks.map((block: { config: { question?: { variable: string } } }) => block.config.question?.variable)).toEqual(["P1", "P2"]);
    expect(blocks[1].config.showIf).toBe("{P1} = '1'");
  });

  it.each([
    ["an uploaded XLSForm workbook (.xlsx, 017)", "017-ucl-biomass-plot-xlsform-sw-en.xlsx", "biomass.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsform", 54],
    ["an uploaded LimeSurvey tab-separated structure (.txt, 016)", "016-rse-survey-2017-south-africa-limesurvey.tsv.txt", "questions_to_import.txt", "text/plain", "limesurvey_tsv", 66],
  ] as const)("programs %s by importing it, recognised by content: questions, logic and import warnings", async (_label, fixture, name, contentType, format, questions) => {
    const bytes = fixtureBytes(`questionnaires/files/${fixture}`)!;
    const tenant = await createTenant();
    const surveyId = await createSurvey(tenant.api, "imported-form");
    const file = await createReadyFile(tenant.api, surveyId, bytes, { name, content_type: contentType });
    expect((await tenant.api.put(`/v1/surveys/${surveyId}/questionnaire`, { file_id: file.id })).status).toBe(200);
    const base = `/v1/surveys/${surveyId}`;
    const started = await tenant.api.post(`${base}/programming`, { platform: "service" });
    expect(started.status).toBe(202);
    const finished = await runToEnd(executor(), started.body.run_id);
    expect(finished.status).toBe("completed");

    const stream = await tenant.api.get(`${started.body.stream_url}?startIndex=0`);
    const lines = stream.text.trim().split("\n").map((line) => JSON.parse(line));
    const imported = lines.find((line) => line.type === "progress" && line.data.phase === "imported")?.data;
    expect(imported).toMatchObject({ phase: "imported", format });
    // Nothing was compiled: no extraction or parsing progress.
    expect(lines.some((line) => line.type === "progress" && ["extracted", "parsed"].includes(line.data.phase))).toBe(false);
    const importWarnings = lines.filter((line) => line.type === "audit.issue" && String(line.data.code).startsWith("import."));
    expect(importWarnings).toHaveLength(imported.warnings);

    const document = JSON.parse((await tenant.api.get(`${base}/content`)).body.data.source);
    const blocks = document.pages.flatMap((page: { blocks: { config: { showIf?: string; question?: { variable: string } } }[] }) => page.blocks);
    expect(blocks.filter((block: { config: { question?: unknown } }) => block.config.question)).toHaveLength(questions);
    if (format === "xlsform") {
      expect(blocks.find((block: { config: { question?: { variable: string } } }) => block.config.question?.variable === "leader_name_other").config.showIf).toBe("{leader_name} = 'other'");
      expect(importWarnings.map((line) => line.data.code)).toEqual(expect.arrayContaining(["import.repeat_unsupported", "import.choices_external", "import.constraint_unsupported"]));
    } else {
      expect(importWarnings).toEqual([]);
      expect(document.pages.map((page: { name: string }) => page.name)).toContain("Your working practices");
    }
  });

  it("uses the survey's programming target when the request names no platform", async () => {
    const { api, base } = await assertedSurvey();
    await api.put(`${base}/programming/target`, { platform: "service", instructions: "" });
    const started = await api.post(`${base}/programming`, {});
    expect(started.body.platform).toBe("service");
    const finished = await runToEnd(executor(), started.body.run_id);
    expect(finished.status).toBe("completed");
    expect((await api.post(`${base}/programming`, {})).status).toBe(202);
  });

  it("refuses a second run while one is active", async () => {
    const { api, base } = await assertedSurvey();
    expect((await api.post(`${base}/programming`, {})).status).toBe(202);
    const second = await api.post(`${base}/programming`, { platform: "service" });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("workflow_active");
  });

  it("fails the run with a clear message when the questionnaire file is not a readable document", async () => {
    const { api, base } = await assertedSurvey("PK\u0003\u0004 this is not really a zip archive", "questionnaire.docx");
    const started = await api.post(`${base}/programming`, { platform: "service" });
    const finished = await runToEnd(executor(), started.body.run_id);
    expect(finished.status).toBe("failed");
    const run = await api.get(`${base}/programming/runs/${started.body.run_id}`);
    expect(run.body.data.error.message.length).toBeGreaterThan(10);
    expect(run.body.data.error.code).toBeDefined();
    expect((await api.get(`${base}/content`)).status).toBe(404);
  });

  it("writes exactly one revision when the write step runs again after a crash", async () => {
    const { api, base, surveyId, workspace } = await assertedSurvey();
    const started = await api.post(`${base}/programming`, { platform: "service" });
    await runToEnd(executor(), started.body.run_id);
    const { writeProgrammedContent } = await import("@/lib/programming/steps");
    const tip = JSON.parse((await api.get(`${base}/content`)).body.data.source);
    const again = await writeProgrammedContent(
      { runId: started.body.run_id, workspaceId: workspace.id, surveyId },
      { document: tip, fileId: "ignored", questionnaireRevision: 1 },
    );
    expect(again.revision).toBe(1);
    expect(await (await db()).contentRevision.count({ where: { surveyId } })).toBe(1);
  });
});
