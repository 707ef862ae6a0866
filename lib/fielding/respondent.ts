import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Response as ResponseRow, SurveyLink } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { readStoredContent } from "@/lib/content/service";
import { deriveAppSubkey } from "@/lib/crypto/app-key";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record";
import { newId } from "@/lib/ids";
import { advance, firstPage, missingAnswers, pageById, sortedPages, visibleBlocks, type Answers, type Evaluate } from "@/lib/preview/engine";
import { evaluateCondition } from "@/lib/questionnaire/conditions";
import type { TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { servedRevision } from "./links";
import { responseStatusFor } from "./status";

/**
 * The respondent runtime behind `/r/{linkId}` (DESIGN §7): one page of the survey document at a time,
 * moved on by the preview engine (lib/preview/engine) with the one condition evaluator, so what a
 * respondent meets is what the preview showed. Page submits are idempotent: each names the response
 * `version` it was rendered from, and only the first submit of a version changes anything.
 */

export const evaluate: Evaluate = (condition, answers) => evaluateCondition(condition, answers);

/** Answer size limits: a text answer, and the whole submitted form. */
export const TEXT_ANSWER_MAX = 5000;
export const FORM_BODY_MAX = 64 * 1024;
/** A page submitted faster than this per visible question is flagged `fast_submit` (kept, never dropped). */
const MIN_MS_PER_QUESTION = 700;

export const tokenCookieName = (linkId: string) => `rsp_${linkId}`;

export type Draft = { version: number; answers: Answers; other_text: Record<string, string>; errors: Record<string, string> };
export type Flag = { kind: "fast_submit"; page_id: string; ms: number };

// Revisions are immutable, so a parsed document can be kept; bounded so many surveys cannot grow it without end.
const documents = new Map<string, TSurveyDocument>();
async function documentAt(surveyId: string, revision: number): Promise<TSurveyDocument | null> {
  const key = `${surveyId}:${revision}`;
  const cached = documents.get(key);
  if (cached) return cached;
  const row = await (await db()).contentRevision.findFirst({ where: { surveyId, revision, platform: "service" } });
  const document = row ? readStoredContent(row).document : null;
  if (document) {
    if (documents.size >= 200) documents.delete(documents.keys().next().value!);
    documents.set(key, document);
  }
  return document;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The resume token of the response a first-page form starts: derived from its nonce, so a double submit gets the same one. */
function tokenFor(linkId: string, nonce: string): string {
  return createHmac("sha256", deriveAppSubkey("respondent-token")).update(`${linkId}:${nonce}`).digest("base64url");
}

export type LinkState = { kind: "open"; link: SurveyLink } | { kind: "unavailable"; reason: "not_found" | "closed" | "expired" | "not_programmed" };

export async function openLink(linkId: string, now = new Date()): Promise<LinkState> {
  if (!/^link_[0-9A-Z]{26}$/.test(linkId)) return { kind: "unavailable", reason: "not_found" };
  const link = await (await db()).surveyLink.findUnique({ where: { id: linkId } });
  if (!link) return { kind: "unavailable", reason: "not_found" };
  if (link.status !== "open") return { kind: "unavailable", reason: "closed" };
  if (link.expiresAt && link.expiresAt <= now) return { kind: "unavailable", reason: "expired" };
  return { kind: "open", link };
}

async function responseForToken(linkId: string, token: string | undefined): Promise<ResponseRow | null> {
  if (!token || token.length > 100) return null;
  return (await db()).response.findFirst({ where: { tokenHash: hashToken(token), linkId } });
}

export type PageView = {
  kind: "page";
  link: { id: string; mode: string };
  document: TSurveyDocument;
  page: TDocumentPage;
  blocks: TDocumentBlock[];
  answers: Answers;
  otherText: Record<string, string>;
  errors: Record<string, string>;
  version: number;
  /** Set on a first page (no response yet): the nonce and the hidden values the form carries. */
  start: { nonce: string; shownAt: number; hidden: Record<string, string> } | null;
  canGoBack: boolean;
  /** Test links: every page, for the tester's jump. */
  jumpTargets: { id: string; name: string }[] | null;
  pageNumber: number;
};
export type EndView = { kind: "ended"; status: string; page: TDocumentPage | null; blocks: TDocumentBlock[]; document: TSurveyDocument | null; mode: string };
export type RespondentView = PageView | EndView | { kind: "unavailable"; reason: "not_found" | "closed" | "expired" | "not_programmed" };

function hiddenFromQuery(link: SurveyLink, query: Record<string, string | string[] | undefined>): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(link.hiddenVariables as Record<string, string | null>)) {
    const raw = query[name];
    const value = (Array.isArray(raw) ? raw[0] : raw) ?? fallback;
    if (typeof value === "string" && value !== "") hidden[name] = value.slice(0, 500);
  }
  return hidden;
}

function pageView(link: SurveyLink, document: TSurveyDocument, page: TDocumentPage, response: ResponseRow | null, start: PageView["start"]): PageView {
  const draft = response?.draft as Draft | null | undefined;
  const current = draft && response && draft.version === response.version ? draft : null;
  const answers = current?.answers ?? { ...((response?.answers as Answers) ?? {}), ...(start?.hidden ?? {}) };
  const path = (response?.path as string[] | undefined) ?? [];
  return {
    kind: "page",
    link: { id: link.id, mode: link.mode },
    document,
    page,
    blocks: visibleBlocks(page, answers, evaluate),
    answers,
    otherText: current?.other_text ?? ((response?.otherText as Record<string, string>) ?? {}),
    errors: current?.errors ?? {},
    version: response?.version ?? 0,
    start,
    canGoBack: path.length > 1,
    jumpTargets: link.mode === "test" ? sortedPages(document).map(({ id, name }) => ({ id, name })) : null,
    pageNumber: Math.max(1, path.length),
  };
}

/** What `/r/{linkId}` shows this visitor: their current page, the page that ended their response, or why the link is unavailable. */
export async function respondentView(linkId: string, token: string | undefined, query: Record<string, string | string[] | undefined>): Promise<RespondentView> {
  const state = await openLink(linkId);
  const response = await responseForToken(linkId, token);
  if (response && (response.status === "complete" || response.status === "terminated")) {
    // A finished respondent sees their end page again, even after the link closed.
    const document = await documentAt(response.surveyId, response.contentRevision);
    const page = document && response.endPageId ? pageById(document, response.endPageId) : null;
    return { kind: "ended", status: response.status, page, blocks: page ? visibleBlocks(page, response.answers as Answers, evaluate) : [], document, mode: response.mode };
  }
  if (state.kind !== "open") return state;
  const { link } = state;
  if (response) {
    const document = await documentAt(response.surveyId, response.contentRevision);
    const path = response.path as string[];
    const page = document ? pageById(document, path[path.length - 1]) : null;
    if (document && page) return pageView(link, document, page, response, null);
    return { kind: "unavailable", reason: "not_programmed" };
  }
  const revision = await servedRevision(link);
  const document = revision ? await documentAt(link.surveyId, revision.revision) : null;
  const page = document ? firstPage(document) : null;
  if (!document || !page) return { kind: "unavailable", reason: "not_programmed" };
  return pageView(link, document, page, null, { nonce: randomBytes(16).toString("base64url"), shownAt: Date.now(), hidden: hiddenFromQuery(link, query) });
}

// ---------------------------------------------------------------------------------------------------------
// Reading a submitted page

export type SubmittedForm = Map<string, string[]>;

export function parseForm(body: string): SubmittedForm {
  const form: SubmittedForm = new Map();
  for (const [key, value] of new URLSearchParams(body)) {
    if (form.size > 2000) break;
    form.set(key, [...(form.get(key) ?? []), value]);
  }
  return form;
}

const one = (form: SubmittedForm, key: string) => form.get(key)?.[0]?.trim() ?? "";

function choicesOf(block: TDocumentBlock): { value: string; label: string; exclusive?: boolean; other?: boolean }[] {
  const question = block.config.question;
  const options = question?.options ?? [];
  if ((block.config.type === "rating" || block.config.type === "nps") && options.length === 0) {
    const low = block.config.type === "nps" ? 0 : (question?.min ?? 1);
    const high = block.config.type === "nps" ? 10 : (question?.max ?? 5);
    return Array.from({ length: Math.max(0, high - low + 1) }, (_, index) => ({ value: String(low + index), label: String(low + index) }));
  }
  if (block.config.type === "ranking") return question?.rows?.length ? question.rows : options;
  return options;
}
export { choicesOf };

/**
 * The answers a page's form gives, by variable: codes checked against what the block offers, numbers and
 * dates parsed, texts capped. Problems come back as messages by block id; a cleared answer is removed.
 */
export function readPageAnswers(blocks: TDocumentBlock[], form: SubmittedForm, answers: Answers, otherText: Record<string, string>) {
  const next: Answers = { ...answers };
  const other: Record<string, string> = { ...otherText };
  const errors: Record<string, string> = {};
  for (const block of blocks) {
    const question = block.config.question;
    if (!question || block.config.type === "text") continue;
    const variable = question.variable;
    const field = `a:${variable}`;
    const choices = choicesOf(block);
    const codes = new Set(choices.map((choice) => choice.value));
    let value: unknown;
    switch (block.config.type) {
      case "single_choice":
      case "dropdown":
      case "rating":
      case "nps": {
        const code = one(form, field);
        if (code && !codes.has(code)) errors[block.id] = "Choose one of the options offered.";
        value = code && codes.has(code) ? code : undefined;
        break;
      }
      case "multiple_choice": {
        const chosen = [...new Set((form.get(field) ?? []).filter((code) => codes.has(code)))];
        const exclusive = chosen.filter((code) => choices.find((choice) => choice.value === code)?.exclusive);
        if (exclusive.length > 0 && chosen.length > 1) {
          const label = choices.find((choice) => choice.value === exclusive[0])?.label ?? exclusive[0];
          errors[block.id] = `“${label}” cannot be combined with other answers.`;
        }
        value = chosen.length > 0 ? chosen : undefined;
        break;
      }
      case "matrix": {
        const columns = new Set((question.columns ?? []).map((column) => column.value));
        const grid: Record<string, string> = {};
        for (const row of question.rows ?? []) {
          const code = one(form, `${field}.${row.value}`);
          if (code && columns.has(code)) grid[row.value] = code;
        }
        value = Object.keys(grid).length > 0 ? grid : undefined;
        break;
      }
      case "number": {
        const raw = one(form, field).replace(",", ".");
        if (raw === "") value = undefined;
        else if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(raw)) errors[block.id] = "Enter a number, such as 12 or 3.5.";
        else value = Number(raw);
        break;
      }
      case "date": {
        const raw = one(form, field);
        if (raw !== "" && !(/^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)))) errors[block.id] = "Enter a date as year-month-day, such as 2026-03-31.";
        value = raw && !errors[block.id] ? raw : undefined;
        break;
      }
      case "ranking": {
        const ranks = choices.map((choice) => ({ code: choice.value, rank: Number(one(form, `${field}.${choice.value}`)) }));
        const given = ranks.filter((entry) => Number.isInteger(entry.rank) && entry.rank >= 1 && entry.rank <= choices.length);
        if (given.length > 0 && new Set(given.map((entry) => entry.rank)).size !== given.length) errors[block.id] = "Give each item a different rank.";
        else if (given.length > 0 && given.length < choices.length) errors[block.id] = "Rank every item.";
        value = given.length === choices.length && !errors[block.id] ? given.sort((a, b) => a.rank - b.rank).map((entry) => entry.code) : undefined;
        break;
      }
      default: {
        const raw = form.get(field)?.[0] ?? "";
        if (raw.length > TEXT_ANSWER_MAX) errors[block.id] = `Keep the answer under ${TEXT_ANSWER_MAX} characters.`;
        value = raw.trim() !== "" ? raw.slice(0, TEXT_ANSWER_MAX) : undefined;
      }
    }
    if (value === undefined) delete next[variable];
    else next[variable] = value;
    const otherChoice = choices.find((choice) => choice.other);
    const chose = (code: string) => (Array.isArray(value) ? value.includes(code) : value === code);
    if (otherChoice && chose(otherChoice.value)) {
      const text = (form.get(`o:${variable}`)?.[0] ?? "").trim().slice(0, TEXT_ANSWER_MAX);
      if (text) other[variable] = text;
      else {
        delete other[variable];
        errors[block.id] ??= `Please specify “${otherChoice.label}”.`;
      }
    } else delete other[variable];
  }
  return { answers: next, otherText: other, errors };
}

// ---------------------------------------------------------------------------------------------------------
// Submitting a page

export type SubmitInput = { linkId: string; token: string | undefined; form: SubmittedForm; now?: Date };
export type SubmitResult =
  | { kind: "unavailable"; reason: string }
  /** `token` is set when the browser must (re)store the resume cookie. */
  | { kind: "ok"; token: string | null; outcome: "advanced" | "invalid" | "ended" | "replayed" | "back" | "jumped" };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function submitPage(input: SubmitInput): Promise<SubmitResult> {
  const now = input.now ?? new Date();
  const prisma = await db();
  const existing = await responseForToken(input.linkId, input.token);
  if (existing && (existing.status === "complete" || existing.status === "terminated")) return { kind: "ok", token: null, outcome: "replayed" };
  const state = await openLink(input.linkId, now);
  if (state.kind !== "open") return { kind: "unavailable", reason: state.reason };
  const { link } = state;

  let response = existing;
  let token: string | null = null;
  if (!response) {
    // The first page's submit starts the response; its form's nonce makes a double submit find the same one.
    const nonce = one(input.form, "_nonce");
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return { kind: "ok", token: null, outcome: "replayed" };
    token = tokenFor(link.id, nonce);
    const revision = await servedRevision(link);
    const document = revision ? await documentAt(link.surveyId, revision.revision) : null;
    const first = document ? firstPage(document) : null;
    if (!revision || !first) return { kind: "unavailable", reason: "not_programmed" };
    const hidden: Answers = {};
    for (const name of Object.keys(link.hiddenVariables as object)) {
      const value = one(input.form, `h:${name}`).slice(0, 500);
      if (value) hidden[name] = value;
    }
    const shownAt = Number(one(input.form, "_shown"));
    try {
      response = await prisma.response.create({
        data: {
          id: newId("resp"),
          workspaceId: link.workspaceId,
          surveyId: link.surveyId,
          linkId: link.id,
          mode: link.mode,
          contentRevision: revision.revision,
          tokenHash: hashToken(token),
          startNonce: nonce,
          path: [first.id],
          answers: hidden as Prisma.InputJsonValue,
          pageShownAt: Number.isFinite(shownAt) && shownAt > now.getTime() - 86_400_000 && shownAt <= now.getTime() ? new Date(shownAt) : now,
          startedAt: now,
          lastActivityAt: now,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      response = await prisma.response.findUniqueOrThrow({ where: { linkId_startNonce: { linkId: link.id, startNonce: nonce } } });
    }
  }
  const outcome = await applySubmit(response, link, input.form, now);
  return { kind: "ok", token, outcome };
}

async function applySubmit(response: ResponseRow, link: SurveyLink, form: SubmittedForm, now: Date): Promise<Exclude<SubmitResult, { kind: "unavailable" }>["outcome"]> {
  const version = Number(one(form, "_version"));
  if (version !== response.version) return "replayed";
  const document = await documentAt(response.surveyId, response.contentRevision);
  const path = response.path as string[];
  const page = document ? pageById(document, path[path.length - 1]) : null;
  if (!document || !page) return "replayed";
  const action = one(form, "_action") || "next";

  const prisma = await db();
  // Only the submit that still finds the version it was rendered from writes: a double submit changes nothing.
  const write = (data: Prisma.ResponseUpdateManyMutationInput) =>
    prisma.response.updateMany({ where: { id: response.id, version: response.version }, data: { ...data, lastActivityAt: now } });

  const previous = response.answers as Answers;
  const read = readPageAnswers(page.blocks, form, previous, response.otherText as Record<string, string>);
  const errors = { ...missingAnswers(visibleBlocks(page, read.answers, evaluate), read.answers), ...read.errors };

  if (action === "back" || action === "jump") {
    const target = action === "jump" && link.mode === "test" ? pageById(document, one(form, "_target")) : null;
    if (action === "jump" && !target) return "replayed";
    const nextPath = target ? [...path, target.id] : path.length > 1 ? path.slice(0, -1) : path;
    // Going back keeps what was typed on this page (valid or not) so coming forward again shows it.
    // (A tester's jump comes from its own small form, without the page's answers.)
    const kept = action === "back" && Object.keys(read.errors).length === 0 ? { answers: read.answers as Prisma.InputJsonValue, otherText: read.otherText } : {};
    const { count } = await write({ ...kept, path: nextPath, version: { increment: 1 }, draft: Prisma.DbNull, pageShownAt: now, status: "in_progress" });
    return count === 0 ? "replayed" : target ? "jumped" : "back";
  }

  if (Object.keys(errors).length > 0) {
    const draft: Draft = { version: response.version, answers: read.answers, other_text: read.otherText, errors };
    await write({ draft: draft as unknown as Prisma.InputJsonValue });
    return "invalid";
  }

  const step = advance(document, page, read.answers, evaluate);
  const questions = visibleBlocks(page, read.answers, evaluate).filter((block) => block.config.type !== "text").length;
  const ms = now.getTime() - response.pageShownAt.getTime();
  const flags = response.flags as Flag[];
  const flagged = questions > 0 && ms < questions * MIN_MS_PER_QUESTION ? [...flags, { kind: "fast_submit" as const, page_id: page.id, ms }] : flags;
  const target = step.kind === "page" ? pageById(document, step.pageId)! : null;
  const ending = target?.assign_response_status ? responseStatusFor(target.assign_response_status) : step.kind === "end_without_status" ? "complete" : null;
  const common = {
    answers: step.answers as Prisma.InputJsonValue,
    otherText: read.otherText,
    flags: flagged as unknown as Prisma.InputJsonValue,
    draft: Prisma.DbNull,
    version: { increment: 1 },
    pageShownAt: now,
  };
  if (!ending) {
    const { count } = await write({ ...common, path: [...path, target!.id], status: "in_progress" });
    return count === 0 ? "replayed" : "advanced";
  }
  const ended = await prisma.$transaction(async (tx) => {
    const { count } = await tx.response.updateMany({
      where: { id: response.id, version: response.version },
      data: { ...common, path: target ? [...path, target.id] : path, status: ending, completedAt: now, endPageId: target?.id ?? null, lastActivityAt: now },
    });
    if (count === 0) return false;
    await recordEvent(tx, response.workspaceId, ending === "complete" ? "response.completed" : "response.terminated", {
      response: {
        id: response.id,
        survey_id: response.surveyId,
        link_id: response.linkId,
        status: ending,
        mode: response.mode,
        content_revision: response.contentRevision,
        started_at: response.startedAt.toISOString(),
        completed_at: now.toISOString(),
      },
      end_page: target ? { id: target.id, name: target.name, assign_response_status: target.assign_response_status! } : null,
    });
    return true;
    // Under a burst of respondents the pool may be busy for a while: wait for a connection rather than fail the respondent's last page.
  }, { maxWait: 20_000, timeout: 20_000 });
  return ended ? "ended" : "replayed";
}

/** Text direction of a survey: right-to-left when most of its letters are Hebrew, Arabic, Syriac or Thaana. */
export function documentDirection(document: TSurveyDocument): "rtl" | "ltr" {
  const text = document.pages.flatMap((page) => page.blocks.map((block) => block.config.content)).join(" ").slice(0, 20_000);
  const rtl = text.match(/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g)?.length ?? 0;
  const ltr = text.match(/[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/g)?.length ?? 0;
  return rtl > ltr ? "rtl" : "ltr";
}
