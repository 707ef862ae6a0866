"use client";

import Link from "next/link";
import { useState } from "react";
import { BlockEditor } from "@/components/editor/block-editor";
import { ConditionWords } from "@/components/editor/condition-words";
import { RuleEditor } from "@/components/editor/rule-editor";
import { PageForm } from "@/components/editor/survey-editor";
import { useContentSave } from "@/components/editor/use-content-save";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/time";
import { apiRequest, errorMessage } from "@/lib/ui/api-client";
import type { ReviewGroup, ReviewItem } from "@/lib/review/items";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";

const SOURCE_LABELS: Record<ReviewItem["source"], string> = { validator: "Logic check", compiler: "Programming", note: "Note" };

/**
 * The Review tab's items, page by page. Each says what is wrong in plain words, shows the questionnaire's
 * words and the condition involved, and offers: fix it here (the same editors as Preview → Edit), show it
 * in the editor, dismiss it (recorded with who and when) — each one content operation — or ask: it becomes a
 * clarification of the current questionnaire, answered with the others in the Clarifications section.
 */
export function ReviewList({
  surveyId,
  document,
  groups,
  actors,
  canWrite,
  dismissedView,
}: {
  surveyId: string;
  document: TSurveyDocument;
  groups: ReviewGroup[];
  actors: Record<string, string>;
  canWrite: boolean;
  dismissedView: boolean;
}) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.page?.id ?? "survey"} aria-labelledby={`review-group-${group.page?.id ?? "survey"}`} className="space-y-3">
          <h3 id={`review-group-${group.page?.id ?? "survey"}`} className="text-sm font-semibold text-slate-900">
            {group.page ? (
              <>
                <span className="text-slate-500">Page {group.page.position} ·</span> {group.page.name}
              </>
            ) : (
              "The whole survey"
            )}{" "}
            <span className="font-normal text-slate-600">({group.items.length})</span>
          </h3>
          <ul className="space-y-3">
            {group.items.map((item) => (
              <li key={item.key}>
                <ReviewCard surveyId={surveyId} document={document} item={item} actors={actors} canWrite={canWrite && !dismissedView} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function ReviewCard({ surveyId, document, item, actors, canWrite }: { surveyId: string; document: TSurveyDocument; item: ReviewItem; actors: Record<string, string>; canWrite: boolean }) {
  const [fixing, setFixing] = useState(false);
  const { save, busy, problem } = useContentSave(surveyId);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [askProblem, setAskProblem] = useState<string | null>(null);

  async function ask() {
    setAsking(true);
    setAskProblem(null);
    try {
      const created = await apiRequest<{ data: { id: string } }>("POST", `/surveys/${surveyId}/questionnaire/clarifications/ask`, item.dismiss);
      setAsked(created.data.id);
    } catch (caught) {
      setAskProblem(errorMessage(caught));
    } finally {
      setAsking(false);
    }
  }
  const titleId = `review-${item.key.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  const jump = item.element.id ? `/surveys/${surveyId}/preview?mode=edit&element=${encodeURIComponent(item.element.id)}` : null;

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={titleId} className="text-sm font-semibold text-slate-900">
            {item.title}
          </h4>
          <p className="text-xs text-slate-600">
            <span className="font-mono">{item.element.label}</span> · {SOURCE_LABELS[item.source]}
          </p>
        </div>
        {item.dismissed ? <Badge>Dismissed</Badge> : <Badge tone="amber">Needs review</Badge>}
      </div>
      <p className="text-sm text-slate-800">{item.reason}</p>
      {item.condition && (
        <ConditionWords
          condition={item.condition.text}
          words={item.condition.words}
          prefix={item.element.kind === "rule" ? "The rule applies when " : "Shown only when "}
          className="text-sm text-slate-700"
        />
      )}
      {item.excerpt && (
        <figure className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
          <figcaption className="text-xs font-medium text-slate-600">From the questionnaire</figcaption>
          <blockquote tabIndex={0} className="mt-1 max-h-48 overflow-y-auto text-sm whitespace-pre-wrap text-slate-800">{item.excerpt}</blockquote>
        </figure>
      )}
      {item.dismissed && (
        <p className="text-xs text-slate-600">
          Dismissed{item.dismissedBy ? ` by ${actors[item.dismissedBy] ?? item.dismissedBy}` : ""}
          {item.dismissedAt && (
            <>
              {" "}
              <RelativeTime iso={item.dismissedAt} />
            </>
          )}
          .
        </p>
      )}
      {problem && <Alert tone="error">{problem.message}</Alert>}
      {askProblem && <Alert tone="error">{askProblem}</Alert>}
      {asked && (
        <Alert tone="success">
          Added to the questions for the author.{" "}
          <Link href={`/surveys/${surveyId}/clarifications`} className="font-medium underline">
            Answer it in Clarifications
          </Link>
          .
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {canWrite && item.element.id && (
          <Button variant="secondary" size="sm" aria-expanded={fixing} onClick={() => setFixing(!fixing)}>
            {fixing ? "Close" : "Fix here"}
            <span className="sr-only">: {item.element.label}, {item.title}</span>
          </Button>
        )}
        {jump && (
          <Link href={jump} className={buttonClasses("ghost", "sm")}>
            Show in the editor<span className="sr-only">: {item.element.label}</span>
          </Link>
        )}
        {canWrite && !item.dismissed && item.element.id && (
          <Button
            variant="ghost"
            size="sm"
            busy={busy}
            onClick={() => void save([{ op: "dismiss_flag", ...item.dismiss }], `Dismissed: ${item.title} (${item.element.label})`, { done: "Dismissed" })}
          >
            Dismiss<span className="sr-only">: {item.element.label}, {item.title}</span>
          </Button>
        )}
        {canWrite && !item.dismissed && item.element.id && !asked && (
          <Button variant="ghost" size="sm" busy={asking} onClick={() => void ask()}>
            Ask<span className="sr-only"> the author about it: {item.element.label}, {item.title}</span>
          </Button>
        )}
      </div>
      {fixing && (
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
          <FixPanel surveyId={surveyId} document={document} item={item} onDone={() => setFixing(false)} />
        </div>
      )}
    </article>
  );
}

function FixPanel({ surveyId, document, item, onDone }: { surveyId: string; document: TSurveyDocument; item: ReviewItem; onDone: () => void }) {
  const page = document.pages.find((candidate) => candidate.id === item.element.pageId);
  const [adding, setAdding] = useState<"rule" | "question" | null>(null);
  // The logic checks' own items go away by themselves once fixed; the programming's and notes need a person to say so.
  const [markReviewed, setMarkReviewed] = useState(item.source !== "validator");
  const extra = markReviewed ? [{ op: "dismiss_flag" as const, ...item.dismiss }] : [];
  if (!page) return <p className="text-sm text-slate-600">This element is no longer in the survey.</p>;
  const reviewed =
    item.source !== "validator" ? (
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-indigo-600" checked={markReviewed} onChange={(event) => setMarkReviewed(event.target.checked)} />
        Mark this item as reviewed when I save
      </label>
    ) : null;
  if (item.element.kind === "block") {
    const block = page.blocks.find((candidate) => candidate.id === item.element.id);
    return block ? (
      <div className="space-y-3">
        {reviewed}
        <BlockEditor surveyId={surveyId} document={document} pageId={page.id} block={block} extraOperations={extra} onDone={onDone} />
      </div>
    ) : null;
  }
  if (item.element.kind === "rule") {
    const rule = page.navigation_rules.find((candidate) => candidate.id === item.element.id);
    return rule ? (
      <div className="space-y-3">
        {reviewed}
        <RuleEditor surveyId={surveyId} document={document} pageId={page.id} rule={rule} extraOperations={extra} onDone={onDone} />
      </div>
    ) : null;
  }
  // A page's problems are fixed around it: its name and end, a rule out of it, a question on it.
  const position = [...document.pages].sort((a, b) => a.order - b.order).findIndex((candidate) => candidate.id === page.id);
  const isFirst = (document.first_page_id ?? null) === page.id;
  if (adding === "rule") return <RuleEditor surveyId={surveyId} document={document} pageId={page.id} rule={null} onDone={onDone} />;
  if (adding === "question") return <BlockEditor surveyId={surveyId} document={document} pageId={page.id} block={null} position={page.blocks.length} onDone={onDone} />;
  return (
    <div className="space-y-4">
      <PageForm surveyId={surveyId} page={page} position={position} isFirst={isFirst} onDone={onDone} />
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
        {!page.assign_response_status && (
          <Button variant="secondary" size="sm" onClick={() => setAdding("rule")}>
            Add a rule after this page
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setAdding("question")}>
          Add a question to this page
        </Button>
      </div>
    </div>
  );
}
