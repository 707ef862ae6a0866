"use client";

import { useMemo, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { SelectField } from "@/components/ui/field";
import type { TContentOperationInput } from "@/lib/content-operations/schemas";
import { describeCondition, subjectsOf, vocabularyOf } from "@/lib/questionnaire/condition-words";
import type { TDocumentNavigationRule, TSurveyDocument } from "@/lib/survey-document/schemas";
import { ConditionField } from "./condition-field";
import { FormActions } from "./form-actions";
import { useContentSave } from "./use-content-save";

/** The variables a rule of this page may test: questions on it and before it, and hidden or computed variables. */
export function subjectsUpTo(document: TSurveyDocument, pageId: string) {
  const known = new Set<string>();
  for (const page of [...document.pages].sort((a, b) => a.order - b.order)) {
    for (const block of page.blocks) if (block.config.question) known.add(block.config.question.variable);
    if (page.id === pageId) break;
  }
  return subjectsOf(document).filter((named) => known.has(named.variable) || named.subject.type === "hidden" || named.subject.type === "computed");
}

/**
 * A navigation rule of a page — "after this page, go to X when …" — with the condition builder. Adding
 * one puts it first by default: a skip must be tried before the page's catch-all rule.
 */
export function RuleEditor({
  surveyId,
  document,
  pageId,
  rule,
  extraOperations = [],
  onDone,
}: {
  surveyId: string;
  document: TSurveyDocument;
  pageId: string;
  rule: TDocumentNavigationRule | null;
  /** Saved in the same revision after the edit (the review panel's "mark as reviewed"). */
  extraOperations?: TContentOperationInput[];
  onDone: () => void;
}) {
  const pages = useMemo(() => [...document.pages].sort((a, b) => a.order - b.order), [document]);
  const page = pages.find((candidate) => candidate.id === pageId)!;
  const following = pages.filter((candidate) => candidate.id !== pageId);
  const [target, setTarget] = useState(rule?.target_page_id ?? following.find((candidate) => candidate.order > page.order)?.id ?? following[0]?.id ?? "");
  const [condition, setCondition] = useState<string | null>(rule?.condition ?? null);
  const [conditionError, setConditionError] = useState<string | null>(null);
  const [first, setFirst] = useState(true);
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const { save, busy, problem } = useContentSave(surveyId);
  const subjects = useMemo(() => subjectsUpTo(document, pageId), [document, pageId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (conditionError || !target) return;
    const operations: TContentOperationInput[] = [];
    if (rule) {
      const update: Record<string, unknown> = {};
      if (target !== rule.target_page_id) update.target_page_id = target;
      if ((condition ?? null) !== (rule.condition ?? null)) update.condition = condition;
      if (Object.keys(update).length > 0) operations.push({ op: "update_rule", rule_id: rule.id, ...update } as TContentOperationInput);
    } else {
      operations.push({ op: "add_rule", page_id: pageId, target_page_id: target, ...(condition ? { condition } : {}), ...(first ? { position: 0 } : {}) });
    }
    const destination = pages.find((candidate) => candidate.id === target)?.name ?? "another page";
    const when = condition ? `if ${describeCondition(condition, vocabularyOf(document)).words ?? condition}` : "always";
    const message = note.trim() || `${rule ? "Changed" : "Added"} a rule after “${page.name}”: ${when} → “${destination}”${extraOperations.length ? " (reviewed)" : ""}`;
    if (await save(operations.length ? [...operations, ...extraOperations] : operations, message)) onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={rule ? `Edit a rule of page ${page.name}` : `Add a rule to page ${page.name}`} className="space-y-4" noValidate>
      {problem && <Alert tone="error" title="Not saved">{problem.message}</Alert>}
      <SelectField label="After this page, go to" value={target} onChange={(event) => setTarget(event.target.value)} error={problem?.fields.target_page_id}>
        {following.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
            {candidate.assign_response_status ? ` (ends: ${candidate.assign_response_status})` : ""}
          </option>
        ))}
      </SelectField>
      <ConditionField
        label="Only when…"
        value={condition}
        subjects={subjects}
        emptyText="Always"
        onChange={(change) => {
          setConditionError(change.error);
          if (!change.error) setCondition(change.text);
        }}
      />
      {conditionError && tried && <p className="text-sm text-red-700">Fix the condition first: {conditionError}.</p>}
      {problem?.fields.condition && <p className="text-sm text-red-700">{problem.fields.condition}</p>}
      {!rule && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4 accent-indigo-600" checked={first} onChange={(event) => setFirst(event.target.checked)} />
          Try this rule before the page&apos;s other rules
        </label>
      )}
      <FormActions note={note} onNote={setNote} onCancel={onDone} busy={busy} submitLabel={rule ? "Save rule" : "Add rule"} />
    </form>
  );
}
