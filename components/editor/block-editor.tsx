"use client";

import { useMemo, useState, type FormEvent } from "react";
import { Markdown } from "@/components/preview/markdown";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox, SelectField, TextAreaField, TextField } from "@/components/ui/field";
import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import { describeCondition, subjectsOf, vocabularyOf } from "@/lib/questionnaire/condition-words";
import { BLOCK_TYPES, type TBlockType, type TDocumentBlock, type TSurveyDocument } from "@/lib/survey-document/schemas";
import { type BlockDraft, type ChoiceListName, blockOperations, describeBlockEdit, draftOf, draftProblems, hasRange, listsFor } from "@/lib/ui/block-edits";
import { ChoiceListEditor } from "./choice-list-editor";
import { ConditionField } from "./condition-field";
import { TYPE_LABELS } from "./type-labels";
import { FormActions } from "./form-actions";
import { useContentSave } from "./use-content-save";


const NOUNS: Record<ChoiceListName, string> = { options: "option", rows: "row", columns: "column" };

/**
 * The variables a display condition of this block may name: questions asked before it (on earlier pages
 * or above it on its page) and hidden or computed variables. Later questions would be flagged anyway.
 */
function earlierSubjects(document: TSurveyDocument, pageId: string, before: (block: TDocumentBlock) => boolean) {
  const earlier = new Set<string>();
  for (const page of [...document.pages].sort((a, b) => a.order - b.order)) {
    const here = page.id === pageId;
    for (const block of page.blocks) if (block.config.question && (!here || before(block))) earlier.add(block.config.question.variable);
    if (here) break;
  }
  return subjectsOf(document).filter((named) => earlier.has(named.variable) || named.subject.type === "hidden" || named.subject.type === "computed");
}

type Props = {
  surveyId: string;
  document: TSurveyDocument;
  pageId: string;
  /** The block being edited; null adds a new block to the page at `position`. */
  block: TDocumentBlock | null;
  position?: number;
  /** A variable name for a new question. */
  suggestedVariable?: string;
  /** Saved in the same revision after the edit (the review panel's "mark as reviewed"). */
  extraOperations?: TContentOperationInput[];
  onDone: () => void;
};

const EMPTY: TDocumentBlock = { id: "new", order: 0, config: { type: "single_choice", content: "", content_type: "markdown", question: { variable: "", required: true, options: [] } } };

/**
 * A question (or information text) edited in place: wording in Markdown, type, variable, required,
 * answer options / rows / columns, range, randomisation and display condition. Saving sends the
 * operations that turn the stored block into the form's — one revision, with an optional note.
 */
export function BlockEditor({ surveyId, document, pageId, block, position, suggestedVariable, extraOperations = [], onDone }: Props) {
  const base = block ?? EMPTY;
  const initial = useMemo(() => {
    const draft = draftOf(base);
    if (!block) {
      draft.variable = suggestedVariable ?? "";
      draft.options = [
        { original: null, value: "1", label: "", exclusive: false, other: false },
        { original: null, value: "2", label: "", exclusive: false, other: false },
      ];
    }
    return draft;
  }, [base, block, suggestedVariable]);
  const [draft, setDraft] = useState<BlockDraft>(initial);
  const [note, setNote] = useState("");
  const [conditionError, setConditionError] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const { save, busy, problem } = useContentSave(surveyId);
  const subjects = useMemo(
    () => earlierSubjects(document, pageId, (candidate) => (block ? candidate.order < block.order : position === undefined || candidate.order < position)),
    [document, block, pageId, position],
  );
  const vocabulary = useMemo(() => vocabularyOf(document), [document]);
  const problems = draftProblems(draft);
  const fieldError = (field: string) => (showProblems ? problems.find((candidate) => candidate.field === field)?.message : undefined) ?? problem?.fields[field] ?? null;
  const listErrors = (list: ChoiceListName) => {
    const errors: Record<number, string> = {};
    if (showProblems) for (const candidate of problems) {
      const match = new RegExp(`^${list}\\.(\\d+)\\.`).exec(candidate.field);
      if (match) errors[Number(match[1])] ??= candidate.message;
    }
    return errors;
  };
  const name = block ? (block.config.question?.variable ?? "text block") : "new question";
  const set = (patch: Partial<BlockDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function operations(): TContentOperationInput[] {
    if (block) return blockOperations(block, draft);
    const lists = Object.fromEntries(
      listsFor(draft.type, draft).map(({ list }) => [
        list,
        draft[list].map((choice) => ({ value: choice.value.trim(), label: choice.label, ...(choice.exclusive ? { exclusive: true } : {}), ...(choice.other ? { other: true } : {}) })),
      ]),
    );
    return [
      {
        op: "add_block",
        page_id: pageId,
        ...(position !== undefined ? { position } : {}),
        type: draft.type,
        content: draft.content,
        ...(draft.type === "text"
          ? {}
          : {
              question: {
                variable: draft.variable.trim(),
                required: draft.required,
                ...lists,
                ...(hasRange(draft.type) && draft.min.trim() ? { min: Number(draft.min) } : {}),
                ...(hasRange(draft.type) && draft.max.trim() ? { max: Number(draft.max) } : {}),
                ...(draft.randomize ? { randomize: true } : {}),
              },
            }),
        ...(draft.showIf ? { showIf: draft.showIf } : {}),
      },
    ];
  }

  async function submit(event: FormEvent, force = false) {
    event.preventDefault();
    setShowProblems(true);
    if (problems.length > 0 || conditionError) return;
    const edits = operations();
    const message = note.trim() || `${describeBlockEdit(block, draft, (condition) => describeCondition(condition, vocabulary).words ?? condition)}${edits.length && extraOperations.length ? " (reviewed)" : ""}`;
    if (await save(edits.length ? [...edits, ...extraOperations] : edits, message, { force })) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={block ? `Edit ${name}` : "Add a question"} className="space-y-4" noValidate>
      {problem && (
        <Alert tone="error" title="Not saved">
          <p>{problem.message}</p>
          {problem.forceable && (
            <Button variant="danger" size="sm" className="mt-2" onClick={(event) => void submit(event, true)}>
              Save anyway (the conditions stay and are flagged)
            </Button>
          )}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Type" value={draft.type} onChange={(event) => set({ type: event.target.value as TBlockType })} error={fieldError("type")}>
          {BLOCK_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        {draft.type !== "text" && (
          <TextField label="Variable" value={draft.variable} onChange={(event) => set({ variable: event.target.value })} error={fieldError("variable")} hint="Conditions name the question by it ({Q3})." />
        )}
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <TextAreaField
          label={draft.type === "text" ? "Text (Markdown)" : "Wording (Markdown)"}
          rows={4}
          value={draft.content}
          onChange={(event) => set({ content: event.target.value })}
          error={fieldError("content")}
          hint="**bold**, *italic*, lists with “-”."
        />
        <div aria-label="Wording as respondents see it" role="group" className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
          <p className="text-xs font-medium text-slate-600">As respondents see it</p>
          <Markdown text={draft.content || " "} className="mt-1 space-y-2 text-sm text-slate-900" />
        </div>
      </div>
      {draft.type !== "text" && <Checkbox label="An answer is required" checked={draft.required} onChange={(event) => set({ required: event.target.checked })} />}
      {draft.type !== "text" &&
        listsFor(draft.type, draft).map(({ list, label, hint }) => (
          <ChoiceListEditor
            key={list}
            legend={label}
            hint={hint}
            noun={draft.type === "ranking" ? "item" : NOUNS[list]}
            choices={draft[list]}
            flags={list === "options"}
            errors={listErrors(list)}
            onChange={(choices) => set({ [list]: choices })}
          />
        ))}
      {draft.type !== "text" && hasRange(draft.type) && (
        <div className="grid max-w-md gap-4 sm:grid-cols-2">
          <TextField label="Minimum" inputMode="decimal" value={draft.min} onChange={(event) => set({ min: event.target.value })} error={fieldError("min")} />
          <TextField label="Maximum" inputMode="decimal" value={draft.max} onChange={(event) => set({ max: event.target.value })} error={fieldError("max")} />
        </div>
      )}
      {draft.type !== "text" && listsFor(draft.type, draft).length > 0 && (
        <Checkbox label="Show the answers in random order" checked={draft.randomize} onChange={(event) => set({ randomize: event.target.checked })} />
      )}
      <ConditionField
        label={draft.type === "text" ? "Show this text only when…" : "Show this question only when…"}
        value={draft.showIf}
        subjects={subjects}
        emptyText="Always shown"
        onChange={(change) => {
          setConditionError(change.error);
          if (!change.error) set({ showIf: change.text });
        }}
      />
      {conditionError && showProblems && <p className="text-sm text-red-700">Fix the display condition first: {conditionError}.</p>}
      <FormActions note={note} onNote={setNote} onCancel={onDone} busy={busy} submitLabel={block ? "Save changes" : "Add question"} />
    </form>
  );
}
