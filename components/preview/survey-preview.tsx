"use client";

import { useId, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { advance, firstPage, missingAnswers, pageById, visibleBlocks, type Answers, type ConditionProblem, type Evaluate } from "@/lib/preview/engine";
import type { TAttention, TDocumentBlock, TDocumentPage, TSurveyDocument } from "@/lib/survey-document/schemas";
import { cn } from "@/lib/ui/cn";
import { ConditionWords } from "@/components/editor/condition-words";
import { type ConditionVocabulary, vocabularyOf } from "@/lib/questionnaire/condition-words";
import { Markdown } from "./markdown";
import { QuestionInput } from "./question-input";

/** How a page was reached: from which page, by a rule's condition, a rule that always applies, or the page order. */
type Via = { from: string; kind: "condition" | "always" | "next"; condition: string | null; skipped: string[] };
type Visit = { pageId: string; via: Via | null; answersBefore: Answers };
type Ending = { status: string | null; reason: string | null };

const STATUS_LABELS: Record<string, string> = { complete: "Complete", disqualified: "Disqualified (screened out)" };

function activeAttention(attention: TAttention | undefined): attention is TAttention {
  return Boolean(attention && !attention.dismissed);
}

/**
 * The programmed survey as a respondent sees it, page by page, with `showIf` and navigation rules
 * applied by the engine (lib/preview/engine) and the condition evaluator; beside it on wide screens,
 * the questionnaire text each block came from and what the programmer flagged for review.
 */
export function SurveyPreview({ document, evaluate }: { document: TSurveyDocument; evaluate: Evaluate }) {
  const start = useMemo(() => firstPage(document), [document]);
  const vocabulary = useMemo(() => vocabularyOf(document), [document]);
  const [visits, setVisits] = useState<Visit[]>(start ? [{ pageId: start.id, via: null, answersBefore: {} }] : []);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [ending, setEnding] = useState<Ending | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  const visit = visits.at(-1);
  const page = visit ? pageById(document, visit.pageId) : null;
  const problems: ConditionProblem[] = [];
  const blocks = page ? visibleBlocks(page, answers, evaluate, problems) : [];
  const endsHere = page?.assign_response_status ?? null;

  function focusTop() {
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function restart() {
    setVisits(start ? [{ pageId: start.id, via: null, answersBefore: {} }] : []);
    setAnswers({});
    setErrors({});
    setEnding(null);
    focusTop();
  }

  function submit() {
    if (!page) return;
    let current = answers;
    for (const block of blocks) {
      const question = block.config.question;
      if (block.config.type === "ranking" && question && current[question.variable] === undefined) {
        current = { ...current, [question.variable]: (question.rows?.length ? question.rows : (question.options ?? [])).map((item) => item.value) };
      }
    }
    const missing = missingAnswers(blocks, current);
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setAnswers(current);
      requestAnimationFrame(() => window.document.getElementById(`question-${Object.keys(missing)[0]}`)?.focus());
      return;
    }
    const step = advance(document, page, current, evaluate);
    setAnswers(step.answers);
    if (step.kind === "end_without_status") {
      setEnding({ status: null, reason: step.reason });
      focusTop();
      return;
    }
    const via: Via = {
      from: page.name,
      kind: "ruleId" in step.via ? (step.via.condition ? "condition" : "always") : "next",
      condition: "ruleId" in step.via ? (step.via.condition ?? null) : null,
      skipped: step.skipped,
    };
    setVisits((visited) => [...visited, { pageId: step.pageId, via, answersBefore: step.answers }]);
    focusTop();
  }

  function back() {
    if (ending) {
      setEnding(null);
      focusTop();
      return;
    }
    if (visits.length <= 1) return;
    setAnswers(visits.at(-1)!.answersBefore);
    setVisits((current) => current.slice(0, -1));
    setErrors({});
    setEnding(null);
    focusTop();
  }

  if (!start || !page) {
    return <Alert tone="warning" title="Nothing to preview">The programmed survey has no pages.</Alert>;
  }

  const setAnswer = (variable: string, value: unknown) => setAnswers((current) => ({ ...current, [variable]: value }));

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={headingId} className="min-w-0 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-6 py-3 text-xs text-slate-600">
          <span>
            Page {visits.length} · <span className="font-mono">{page.name}</span>
          </span>
          <Button variant="ghost" size="sm" onClick={restart}>
            Restart preview
          </Button>
        </div>
        <div className="space-y-8 px-6 py-6">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="sr-only">
            {ending ? "End of the preview" : endsHere ? `The response ends here: ${STATUS_LABELS[endsHere] ?? endsHere}` : `Survey page ${visits.length}`}
          </h3>
          {!ending &&
            blocks.map((block) => (
              <BlockView
                key={block.id}
                block={block}
                value={block.config.question ? answers[block.config.question.variable] : undefined}
                otherText={block.config.question ? String(answers[`${block.config.question.variable}_other`] ?? "") : ""}
                error={errors[block.id]}
                onChange={(value) => block.config.question && setAnswer(block.config.question.variable, value)}
                onOtherText={(text) => block.config.question && setAnswer(`${block.config.question.variable}_other`, text)}
                readOnly={Boolean(endsHere)}
              />
            ))}
          {!ending && blocks.length === 0 && <p className="text-sm text-slate-600">Every block of this page is hidden by its conditions for these answers.</p>}

          {(endsHere || ending) && (
            <div role="status" className={cn("rounded-xl px-4 py-3 text-sm ring-1 ring-inset", endsHere === "complete" ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : ending?.reason ? "bg-amber-50 text-amber-950 ring-amber-200" : "bg-slate-100 text-slate-800 ring-slate-200")}>
              {endsHere && (
                <p className="font-medium">
                  The response ends here with status <strong>{STATUS_LABELS[endsHere] ?? endsHere}</strong>.
                </p>
              )}
              {ending?.reason && (
                <>
                  <p className="font-medium">The survey ends here without a completion or screen-out page.</p>
                  <p className="mt-1">{ending.reason}</p>
                </>
              )}
            </div>
          )}
          {problems.length > 0 && (
            <Alert tone="warning" title="Some conditions could not be evaluated (treated as false)">
              <ul className="list-disc pl-5">
                {problems.map((problem, index) => (
                  <li key={index}>
                    {problem.where}: <code>{problem.condition}</code> — {problem.message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-6 py-4">
          <Button variant="secondary" onClick={back} disabled={visits.length <= 1}>
            Back
          </Button>
          {endsHere || ending ? (
            <Button onClick={restart}>Start again</Button>
          ) : (
            <Button onClick={submit}>Next</Button>
          )}
        </div>
      </section>

      <ReviewPanel page={page} blocks={blocks} via={visit?.via ?? null} answers={answers} vocabulary={vocabulary} />
    </div>
  );
}

function BlockView({
  block,
  value,
  otherText,
  error,
  onChange,
  onOtherText,
  readOnly,
}: {
  block: TDocumentBlock;
  value: unknown;
  otherText: string;
  error?: string;
  onChange: (value: unknown) => void;
  onOtherText: (text: string) => void;
  readOnly: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  const question = block.config.question;
  if (block.config.type === "text" || !question) {
    return <Markdown text={block.config.content} className="space-y-2 text-sm leading-6 text-slate-800" />;
  }
  return (
    <div id={`question-${block.id}`} data-variable={question.variable} tabIndex={-1} className="space-y-3 focus:outline-none">
      <div id={labelId} className="flex items-start gap-2">
        <Badge tone="neutral" className="mt-0.5 shrink-0 font-mono">
          {question.variable}
        </Badge>
        <Markdown text={block.config.content} className="space-y-2 text-base leading-6 font-medium text-slate-900" />
        {question.required === false && <span className="mt-0.5 shrink-0 text-xs text-slate-600">(optional)</span>}
      </div>
      <fieldset disabled={readOnly} className="min-w-0">
        <QuestionInput
          block={block}
          value={value}
          otherText={otherText}
          onChange={onChange}
          onOtherText={onOtherText}
          labelledBy={labelId}
          describedBy={error ? errorId : undefined}
          invalid={Boolean(error)}
        />
      </fieldset>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function ReviewPanel({ page, blocks, via, answers, vocabulary }: { page: TDocumentPage; blocks: TDocumentBlock[]; via: Via | null; answers: Answers; vocabulary: ConditionVocabulary }) {
  const flags = [
    ...(activeAttention(page.attention_required) ? [{ where: `Page “${page.name}”`, reason: page.attention_required.reason }] : []),
    ...blocks.flatMap((block) => (activeAttention(block.config.attentionRequired) ? [{ where: block.config.question?.variable ?? "Text block", reason: block.config.attentionRequired.reason }] : [])),
    ...[...page.navigation_rules]
      .sort((a, b) => a.order - b.order)
      .flatMap((rule, index) => (activeAttention(rule.attention_required) ? [{ where: `Rule ${index + 1} after this page`, reason: rule.attention_required.reason }] : [])),
  ];
  const conditional = blocks.filter((block) => block.config.showIf);
  const sources = blocks.filter((block) => block.config.source?.excerpt);
  const answered = Object.entries(answers).filter(([, value]) => value !== undefined);
  return (
    <aside aria-label="Review: questionnaire source and flags" className="hidden space-y-4 lg:block">
      {via && (
        <div className="space-y-1 rounded-xl bg-white px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          {via.condition ? (
            <ConditionWords condition={via.condition} vocabulary={vocabulary} prefix={`Reached from “${via.from}” because `} />
          ) : (
            <p>Reached from “{via.from}”{via.kind === "always" ? ": its rule always leads here" : ", the next page in order"}.</p>
          )}
          {via.skipped.length > 0 && (
            <p>
              {via.skipped.length === 1 ? "A page was" : `${via.skipped.length} pages were`} skipped because {via.skipped.length === 1 ? "it" : "they"} showed nothing for these answers:{" "}
              {via.skipped.map((name) => `“${name}”`).join(", ")}.
            </p>
          )}
        </div>
      )}
      {conditional.length > 0 && (
        <div className="space-y-1 rounded-xl bg-white px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          {conditional.map((block) => (
            <ConditionWords
              key={block.id}
              condition={block.config.showIf!}
              vocabulary={vocabulary}
              prefix={`${block.config.question?.variable ?? "A text"} is shown because `}
            />
          ))}
        </div>
      )}
      {flags.length > 0 && (
        <div className="space-y-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
          <p className="font-medium">Needs review</p>
          <ul className="space-y-1">
            {flags.map((flag, index) => (
              <li key={index}>
                <span className="font-medium">{flag.where}:</span> {flag.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-3">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">From the questionnaire</p>
        {sources.length === 0 && <p className="text-sm text-slate-600">No source text is recorded for this page.</p>}
        {sources.map((block) => (
          <figure key={block.id} className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
            <figcaption className="text-xs text-slate-600">
              {block.config.question?.variable ?? "Text"}
              {block.config.source?.questionnaire_revision ? ` · revision ${block.config.source.questionnaire_revision}` : ""}
            </figcaption>
            <blockquote className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{block.config.source!.excerpt}</blockquote>
          </figure>
        ))}
      </div>
      {answered.length > 0 && (
        <details className="rounded-xl bg-white px-4 py-3 text-sm ring-1 ring-slate-200">
          <summary className="cursor-pointer font-medium text-slate-800">Answers so far</summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs">
            {answered.map(([variable, value]) => (
              <div key={variable} className="contents">
                <dt className="text-slate-600">{variable}</dt>
                <dd className="break-all text-slate-900">{JSON.stringify(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </aside>
  );
}
