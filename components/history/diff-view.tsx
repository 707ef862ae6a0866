import type { ReactNode } from "react";
import { ConditionWords } from "@/components/editor/condition-words";
import { TYPE_LABELS } from "@/components/editor/type-labels";
import { Badge } from "@/components/ui/badge";
import { type ConditionVocabulary, describeCondition } from "@/lib/questionnaire/condition-words";
import type { TQuestion } from "@/lib/survey-document/schemas";
import type { Change, DocumentDiff, PlacedBlock, PlacedRule, Section } from "@/lib/ui/document-diff";
import { choiceListChanges } from "./change-list";

const FIELD_LABELS: Record<string, string> = {
  content: "wording",
  showIf: "display condition",
  question: "answer options or settings",
  attentionRequired: "review flag",
  attention_required: "review flag",
  assign_response_status: "end status",
  type: "question type",
  condition: "condition",
  target: "destination",
  order: "position",
  page: "page",
  name: "name",
};

function fields(list: string[]): string {
  return list.map((field) => FIELD_LABELS[field] ?? field).join(", ");
}

/** Conditions in words for each side of the comparison (labels as that version had them). */
export type DiffVocabularies = { before: ConditionVocabulary; after: ConditionVocabulary };

function SectionView<T>({ title, section, describe, details }: { title: string; section: Section<T>; describe: (item: T) => ReactNode; details?: (change: Change<T>) => ReactNode }) {
  const total = section.added.length + section.removed.length + section.changed.length;
  return (
    <section aria-label={title} className="space-y-2">
      <h4 className="text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-600">({total === 0 ? "no changes" : `${total} change${total === 1 ? "" : "s"}`})</span>
      </h4>
      {total > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white text-sm ring-1 ring-slate-200">
          {section.added.map((item, index) => (
            <li key={`a${index}`} className="flex items-start gap-2 px-3 py-2">
              <Badge tone="green" className="shrink-0">Added</Badge>
              <span className="min-w-0">{describe(item)}</span>
            </li>
          ))}
          {section.removed.map((item, index) => (
            <li key={`r${index}`} className="flex items-start gap-2 px-3 py-2">
              <Badge tone="red" className="shrink-0">Removed</Badge>
              <span className="min-w-0">{describe(item)}</span>
            </li>
          ))}
          {section.changed.map((change, index) => (
            <li key={`c${index}`} className="flex items-start gap-2 px-3 py-2">
              <Badge tone="amber" className="shrink-0">Changed</Badge>
              <div className="min-w-0 space-y-1">
                <p>
                  {describe(change.after)} <span className="text-slate-600">— {fields(change.fields)}</span>
                </p>
                {details?.(change)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const excerpt = (text: string, length = 90) => (text.length > length ? `${text.slice(0, length)}…` : text);

function Values({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-1">
      <del className="rounded bg-red-50 px-1 text-red-900">
        <span className="sr-only">before: </span>
        {before}
      </del>
      →
      <ins className="rounded bg-emerald-50 px-1 text-emerald-900 no-underline">
        <span className="sr-only">after: </span>
        {after}
      </ins>
    </span>
  );
}

function conditionNode(text: string | undefined, vocabulary: ConditionVocabulary) {
  if (!text) return "none (always)";
  return <ConditionWords condition={text} words={describeCondition(text, vocabulary).words} className="inline-block" />;
}

function questionLines(before: TQuestion | undefined, after: TQuestion | undefined): ReactNode[] {
  const lines: ReactNode[] = [];
  for (const list of ["options", "rows", "columns"] as const) {
    for (const line of choiceListChanges(before?.[list] ?? [], after?.[list] ?? [])) {
      lines.push(
        <>
          {list === "options" ? "option" : list.slice(0, -1)} {line}
        </>,
      );
    }
  }
  for (const field of ["required", "min", "max", "randomize"] as const) {
    const a = before?.[field];
    const b = after?.[field];
    if (a !== b) lines.push(<>{field === "randomize" ? "random order" : field}: <Values before={String(a ?? "none")} after={String(b ?? "none")} /></>);
  }
  if (before?.variable !== after?.variable) lines.push(<>variable: <Values before={before?.variable ?? "none"} after={after?.variable ?? "none"} /></>);
  return lines;
}

function BlockDetails({ change, vocabularies }: { change: Change<PlacedBlock>; vocabularies: DiffVocabularies }) {
  const a = change.before.block.config;
  const b = change.after.block.config;
  const lines: ReactNode[] = [];
  if (change.fields.includes("type")) lines.push(<>type: <Values before={TYPE_LABELS[a.type]} after={TYPE_LABELS[b.type]} /></>);
  if (change.fields.includes("content")) lines.push(<>wording: <Values before={excerpt(a.content, 300)} after={excerpt(b.content, 300)} /></>);
  if (change.fields.includes("question")) lines.push(...questionLines(a.question, b.question));
  if (change.fields.includes("showIf")) lines.push(<>display condition: <Values before={conditionNode(a.showIf, vocabularies.before)} after={conditionNode(b.showIf, vocabularies.after)} /></>);
  if (change.fields.includes("page")) lines.push(<>page: <Values before={`“${change.before.page}”`} after={`“${change.after.page}”`} /></>);
  return <DetailList lines={lines} />;
}

function RuleDetails({ change, vocabularies }: { change: Change<PlacedRule>; vocabularies: DiffVocabularies }) {
  const lines: ReactNode[] = [];
  if (change.fields.includes("condition")) lines.push(<>condition: <Values before={conditionNode(change.before.rule.condition, vocabularies.before)} after={conditionNode(change.after.rule.condition, vocabularies.after)} /></>);
  if (change.fields.includes("target")) lines.push(<>destination: <Values before={`“${change.before.target}”`} after={`“${change.after.target}”`} /></>);
  return <DetailList lines={lines} />;
}

function DetailList({ lines }: { lines: ReactNode[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-slate-800">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** Pages, blocks and navigation rules added, removed or changed between two revisions, with the values that changed. */
export function DiffView({ diff, from, to, vocabularies }: { diff: DocumentDiff; from: number; to: number; vocabularies: DiffVocabularies }) {
  return (
    <div className="space-y-5">
      {diff.identical && <p className="text-sm text-slate-700">Revisions {from} and {to} program the same pages, questions and rules.</p>}
      <SectionView
        title="Pages"
        section={diff.pages}
        describe={(page) => <>“{page.name}”{page.assign_response_status ? ` (ends: ${page.assign_response_status})` : ""}</>}
        details={(change) =>
          change.fields.includes("name") || change.fields.includes("assign_response_status") ? (
            <DetailList
              lines={[
                ...(change.fields.includes("name") ? [<>name: <Values before={`“${change.before.name}”`} after={`“${change.after.name}”`} /></>] : []),
                ...(change.fields.includes("assign_response_status")
                  ? [<>end status: <Values before={change.before.assign_response_status ?? "none"} after={change.after.assign_response_status ?? "none"} /></>]
                  : []),
              ]}
            />
          ) : null
        }
      />
      <SectionView
        title="Blocks"
        section={diff.blocks}
        describe={({ page, block }) => (
          <>
            {block.config.question ? <span className="font-mono text-xs">{block.config.question.variable} </span> : null}
            {excerpt(block.config.content)} <span className="text-slate-600">on “{page}”</span>
          </>
        )}
        details={(change) => <BlockDetails change={change} vocabularies={vocabularies} />}
      />
      <SectionView
        title="Navigation rules"
        section={diff.rules}
        describe={({ page, target, rule }) => (
          <>
            “{page}” → “{target}” {rule.condition ? <>when {conditionNode(rule.condition, vocabularies.after)}</> : <span className="text-slate-600">(always)</span>}
          </>
        )}
        details={(change) => <RuleDetails change={change} vocabularies={vocabularies} />}
      />
    </div>
  );
}
