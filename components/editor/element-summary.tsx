"use client";

import { Markdown } from "@/components/preview/markdown";
import { Badge } from "@/components/ui/badge";
import type { ConditionVocabulary } from "@/lib/questionnaire/condition-words";
import type { TAttention, TChoice, TDocumentBlock } from "@/lib/survey-document/schemas";
import { flagsOf } from "@/lib/review/items";
import { ConditionWords } from "./condition-words";
import { TYPE_LABELS } from "./type-labels";

export function OpenFlags({ attention }: { attention: TAttention | undefined }) {
  const open = flagsOf(attention).filter((flag) => !flag.dismissed);
  if (open.length === 0) return null;
  return (
    <ul className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset" aria-label="Needs review">
      {open.map((flag, index) => (
        <li key={index}>
          <span className="font-medium">Needs review:</span> {flag.reason}
        </li>
      ))}
    </ul>
  );
}

function choiceText(choice: TChoice): string {
  const extra = [choice.exclusive ? "exclusive" : null, choice.other ? "specify" : null].filter(Boolean).join(", ");
  return `${choice.value} ${choice.label.replace(/\s+/g, " ").trim()}${extra ? ` (${extra})` : ""}`;
}

type ProgrammerNote = { text: string; kind: string; programmed: boolean };

/** What a block asks and how, as read-only text: type, wording, lists by label, range, display condition. */
export function BlockSummary({ block, vocabulary }: { block: TDocumentBlock; vocabulary: ConditionVocabulary }) {
  const { config } = block;
  const question = config.question;
  const lists = question ? ([["Options", question.options], ["Rows", question.rows], ["Columns", question.columns]] as const) : [];
  const notes = (config as { programmerNotes?: ProgrammerNote[] }).programmerNotes ?? [];
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {question && <Badge className="font-mono">{question.variable}</Badge>}
        <span>{TYPE_LABELS[config.type]}</span>
        {question && <span>· {question.required === false ? "optional" : "required"}</span>}
        {question?.min !== undefined && <span>· min {question.min}</span>}
        {question?.max !== undefined && <span>· max {question.max}</span>}
        {question?.randomize && <span>· random order</span>}
      </div>
      <Markdown text={config.content} className="space-y-1 text-sm text-slate-900" />
      {lists.map(([name, choices]) =>
        choices && choices.length > 0 ? (
          <p key={name} className="text-xs text-slate-700">
            <span className="font-medium">{name}:</span> {choices.map(choiceText).join(" · ")}
          </p>
        ) : null,
      )}
      {config.showIf && (
        <ConditionWords condition={config.showIf} vocabulary={vocabulary} prefix="Shown only when " className="text-xs text-slate-700" />
      )}
      {notes.length > 0 && (
        <ul className="space-y-0.5 text-xs text-slate-700" aria-label="Programmer notes">
          {notes.map((note, index) => (
            <li key={index}>
              <span className="font-medium">Programmer note</span> ({note.kind}, {note.programmed ? "programmed" : "not programmed"}): {note.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
