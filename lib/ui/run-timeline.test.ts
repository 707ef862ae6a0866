import { describe, expect, it } from "vitest";
import type { StreamChunk } from "./ndjson";
import { applyChunk, emptyTimeline, progressFraction } from "./run-timeline";

const at = "2026-11-22T03:00:00.000Z";
const chunks: StreamChunk[] = [
  { index: 0, type: "started", data: { kind: "survey.programming" }, at },
  { index: 1, type: "hook", data: { id: "whook_1", kind: "programming.target", status: "pending", request: { platforms: ["service"] } }, at },
  { index: 2, type: "hook", data: { id: "whook_1", kind: "programming.target", status: "resolved", resolution: { platform: "service" } }, at },
  { index: 3, type: "progress", data: { phase: "target", platform: "service", instructions_source: "none" }, at },
  { index: 4, type: "step", data: { id: "resolve-target", status: "completed" }, at },
  { index: 5, type: "progress", data: { phase: "parsed", questions: 12, items: 40, sections: 3 }, at },
  { index: 6, type: "step", data: { id: "compile-questionnaire", status: "completed" }, at },
  { index: 7, type: "anatomy", data: { pages: 5, blocks: 14, rules: 3, questions: 12 }, at },
  { index: 8, type: "audit.issue", data: { code: "unreachable_page", severity: "warning", message: "Page P4 cannot be reached." }, at },
  { index: 9, type: "completed", data: { output: { content_revision: 1 } }, at },
];

describe("run timeline", () => {
  it("follows a run from its hook to its outcome", () => {
    const afterHook = chunks.slice(0, 2).reduce(applyChunk, emptyTimeline());
    expect(afterHook.hook).toMatchObject({ id: "whook_1", kind: "programming.target" });
    expect(progressFraction(afterHook)).toBe(0);

    const mid = chunks.slice(0, 7).reduce(applyChunk, emptyTimeline());
    expect(mid.hook).toBeNull();
    expect(progressFraction(mid)).toBe(0.5);
    expect(mid.entries.map((entry) => entry.text)).toContain("Found 12 questions in 3 sections.");

    const done = chunks.reduce(applyChunk, emptyTimeline());
    expect(done.outcome).toEqual({ status: "completed", contentRevision: 1 });
    expect(done.anatomy).toMatchObject({ pages: 5, questions: 12 });
    expect(done.issues).toHaveLength(1);
    expect(progressFraction(done)).toBe(1);
    expect(done.lastIndex).toBe(9);
  });

  it("ignores chunks it has already seen, so replays after a reconnect change nothing", () => {
    const once = chunks.reduce(applyChunk, emptyTimeline());
    const twice = chunks.reduce(applyChunk, once);
    expect(twice).toBe(once);
  });

  it("reports a failure with its reason", () => {
    const failed = [chunks[0], { index: 1, type: "failed", data: { error: { message: "The document has no questions." } }, at }].reduce(applyChunk, emptyTimeline());
    expect(failed.outcome).toEqual({ status: "failed", message: "The document has no questions." });
  });
});

describe("instructions report", () => {
  it("lists the instructions applied without a model and those that were not, whatever their shape", () => {
    const timeline = [
      ...chunks.slice(0, 4),
      {
        index: 4,
        type: "instructions",
        data: { applied: ["Make every question optional", { text: "Randomize Q5", changes: ["Q5: random order", "Q5: exclusive kept last"] }], not_applied: [{ text: "Use a friendlier tone", reason: "needs a language model" }] },
        at,
      },
    ].reduce(applyChunk, emptyTimeline());
    expect(timeline.instructions).toEqual({
      applied: [
        { text: "Make every question optional", detail: null },
        { text: "Randomize Q5", detail: "Q5: random order; Q5: exclusive kept last" },
      ],
      notApplied: [{ text: "Use a friendlier tone", detail: "needs a language model" }],
    });
    expect(timeline.entries.at(-1)).toMatchObject({ text: "Instructions: 2 applied, 1 not applied.", tone: "warning" });
  });

  it("keeps an external platform's export and its warnings apart from the logic checks' issues", () => {
    const exported: StreamChunk[] = [
      ...chunks.slice(0, 8),
      { index: 8, type: "progress", data: { phase: "exported", platform: "qualtrics", content_revision: 2, warnings: 1 }, at },
      { index: 9, type: "audit.issue", data: { code: "export.skip_logic_unsupported", severity: "warning", platform: "qualtrics", element: "rule 1 of page “Q7”", message: "rule 1 of page “Q7”: cannot be expressed." }, at },
      { index: 10, type: "audit.issue", data: { code: "unreachable_page", severity: "warning", message: "Page P4 cannot be reached." }, at },
      { index: 11, type: "progress", data: { phase: "pushed", platform: "qualtrics", survey_id: "SV_1", action: "created" }, at },
      { index: 12, type: "completed", data: { output: { content_revision: 2 } }, at },
    ];
    const done = exported.reduce(applyChunk, emptyTimeline());
    expect(done.export).toMatchObject({
      platform: "qualtrics",
      contentRevision: 2,
      warningCount: 1,
      warnings: [{ code: "skip_logic_unsupported", element: "rule 1 of page “Q7”", message: "rule 1 of page “Q7”: cannot be expressed." }],
    });
    expect(done.export?.pushed).toEqual({ action: "created", surveyId: "SV_1" });
    expect(done.issues.map((issue) => issue.code)).toEqual(["unreachable_page"]);
    expect(done.entries.map((entry) => entry.text)).toEqual(
      expect.arrayContaining(["Exported for Qualtrics as content revision 2 with 1 warning.", "Created the survey on Qualtrics (its id there: SV_1)."]),
    );
    expect(chunks.reduce(applyChunk, emptyTimeline()).export).toBeNull();
  });
});
