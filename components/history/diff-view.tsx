import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { DocumentDiff, Section } from "@/lib/ui/document-diff";

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

function SectionView<T>({ title, section, describe }: { title: string; section: Section<T>; describe: (item: T) => ReactNode }) {
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
              <span className="min-w-0">
                {describe(change.after)} <span className="text-slate-600">— {fields(change.fields)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

/** Pages, blocks and navigation rules added, removed or changed between two revisions. */
export function DiffView({ diff, from, to }: { diff: DocumentDiff; from: number; to: number }) {
  return (
    <div className="space-y-5">
      {diff.identical && <p className="text-sm text-slate-700">Revisions {from} and {to} program the same pages, questions and rules.</p>}
      <SectionView title="Pages" section={diff.pages} describe={(page) => <>“{page.name}”{page.assign_response_status ? ` (ends: ${page.assign_response_status})` : ""}</>} />
      <SectionView
        title="Blocks"
        section={diff.blocks}
        describe={({ page, block }) => (
          <>
            {block.config.question ? <span className="font-mono text-xs">{block.config.question.variable} </span> : null}
            {excerpt(block.config.content)} <span className="text-slate-600">on “{page}”</span>
          </>
        )}
      />
      <SectionView
        title="Navigation rules"
        section={diff.rules}
        describe={({ page, target, rule }) => (
          <>
            “{page}” → “{target}” {rule.condition ? <code className="text-xs break-all">if {rule.condition}</code> : <span className="text-slate-600">(always)</span>}
          </>
        )}
      />
    </div>
  );
}
