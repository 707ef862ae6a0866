"use client";

import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/styles";
import {
  type BuilderClause,
  type BuilderModel,
  builderText,
  builderValue,
  clauseComplete,
  operatorArity,
  operatorsFor,
  toBuilder,
} from "@/lib/questionnaire/condition-builder";
import { describeCondition, type NamedSubject } from "@/lib/questionnaire/condition-words";
import { ConditionSyntaxError, conditionRefs, parseCondition } from "@/lib/questionnaire/conditions";
import type { TChoice } from "@/lib/survey-document/schemas";
import { cn } from "@/lib/ui/cn";

export type ConditionChange = { text: string | null; error: string | null };

type Props = {
  /** The legend: "Show this question only when…", "Go there when…". */
  label: string;
  value: string | null;
  subjects: NamedSubject[];
  onChange: (change: ConditionChange) => void;
  /** What no condition means here ("Always shown", "Always"). */
  emptyText: string;
};

const smallInput = cn(inputClasses, "w-auto min-w-0");

function parse(text: string): { model: BuilderModel | null; error: string | null; position: number | null } {
  try {
    return { model: toBuilder(parseCondition(text)), error: null, position: null };
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return { model: null, error: error.message, position: error.position };
    throw error;
  }
}

/**
 * A condition, edited with the builder (question → operator → answers by label) or, for experts, as text
 * in the condition language — validated as it is typed, with the parser's position. Either way the value
 * handed up is the canonical text that is saved; the words below say what it means.
 */
export function ConditionField({ label, value, subjects, onChange, emptyText }: Props) {
  const id = useId();
  const initial = useMemo(() => (value ? parse(value) : { model: { join: "and" as const, clauses: [] }, error: null, position: null }), [value]);
  const [mode, setMode] = useState<"builder" | "text">(initial.model ? "builder" : "text");
  const [model, setModel] = useState<BuilderModel>(initial.model ?? { join: "and", clauses: [] });
  const [text, setText] = useState(value ?? "");
  const lookup = useMemo(() => new Map(subjects.map((named) => [named.variable, named])), [subjects]);
  const vocabulary = (variable: string) => lookup.get(variable)?.subject;

  const textState = text.trim() ? parse(text) : { model: { join: "and" as const, clauses: [] }, error: null, position: null };
  const unknown = !textState.error && text.trim() ? [...new Set(conditionRefs(parseCondition(text)).map((ref) => ref.variable))].filter((name) => !lookup.has(name)) : [];
  const current = mode === "builder" ? builderText(model) : text.trim() || null;
  const words = current ? describeCondition(current, vocabulary) : null;

  function updateModel(next: BuilderModel) {
    setModel(next);
    const printed = builderText(next);
    setText(printed ?? "");
    onChange({ text: printed, error: null });
  }

  function updateText(next: string) {
    setText(next);
    const state = next.trim() ? parse(next) : { error: null };
    onChange({ text: next.trim() || null, error: state.error });
  }

  function toText() {
    setText(builderText(model) ?? "");
    setMode("text");
  }

  function toBuilderMode() {
    if (textState.error || !textState.model) return;
    setModel(textState.model);
    setMode("builder");
    onChange({ text: builderText(textState.model), error: null });
  }

  function setClause(index: number, clause: BuilderClause) {
    updateModel({ ...model, clauses: model.clauses.map((existing, position) => (position === index ? clause : existing)) });
  }

  function addClause() {
    const first = subjects[0];
    if (!first) return;
    const operator = operatorsFor(first.subject)[0].value;
    updateModel({ ...model, clauses: [...model.clauses, { variable: first.variable, operator, values: [] }] });
  }

  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <legend className="sr-only">{label}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-hidden className="text-sm font-medium text-slate-800">
          {label}
        </p>
        {mode === "builder" ? (
          <Button variant="ghost" size="sm" onClick={toText}>
            Edit as text
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={toBuilderMode} disabled={Boolean(textState.error) || !textState.model} title={textState.model ? undefined : "Nested groups, negation and count() can only be edited as text"}>
            Use the builder
          </Button>
        )}
      </div>

      {mode === "builder" ? (
        <div className="space-y-2">
          {model.clauses.length === 0 && <p className="text-sm text-slate-600">{emptyText} — no condition.</p>}
          {model.clauses.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              When
              <select className={smallInput} value={model.join} onChange={(event) => updateModel({ ...model, join: event.target.value as "and" | "or" })}>
                <option value="and">all of these are true</option>
                <option value="or">any of these is true</option>
              </select>
            </label>
          )}
          <ol className="space-y-2">
            {model.clauses.map((clause, index) => (
              <li key={index}>
                <ClauseRow
                  index={index}
                  clause={clause}
                  subjects={subjects}
                  named={lookup.get(clause.variable)}
                  onChange={(next) => setClause(index, next)}
                  onRemove={() => updateModel({ ...model, clauses: model.clauses.filter((_, position) => position !== index) })}
                />
              </li>
            ))}
          </ol>
          <Button variant="secondary" size="sm" onClick={addClause} disabled={subjects.length === 0}>
            Add a condition
          </Button>
        </div>
      ) : (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-text`} className="block text-xs font-medium text-slate-700">
            Condition as text (empty: {emptyText.toLowerCase()})
          </label>
          <textarea
            id={`${id}-text`}
            rows={2}
            spellCheck={false}
            value={text}
            onChange={(event) => updateText(event.target.value)}
            aria-invalid={textState.error ? true : undefined}
            aria-describedby={`${id}-feedback`}
            className={cn(inputClasses, "font-mono text-xs")}
            placeholder="{S1} = '2' and {Q7} anyof ['1', '4']"
          />
          <div id={`${id}-feedback`} aria-live="polite">
            {textState.error ? (
              <div className="text-sm text-red-700">
                <p>{textState.error}.</p>
                {textState.position !== null && (
                  <pre aria-hidden className="mt-1 overflow-x-auto font-mono text-xs text-slate-700">
                    {text}
                    {"\n"}
                    {" ".repeat(Math.min(textState.position, text.length))}^
                  </pre>
                )}
              </div>
            ) : unknown.length > 0 ? (
              <p className="text-sm text-amber-900">
                {unknown.join(", ")} {unknown.length === 1 ? "is not a question or variable" : "are not questions or variables"} of this survey.
              </p>
            ) : null}
          </div>
        </div>
      )}

      {words?.words && (
        <div className="text-sm text-slate-700">
          <p>
            <span className="font-medium">In words:</span> {words.words}
          </p>
          {mode === "builder" && current && (
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-slate-600">As written</summary>
              <code className="break-all">{current}</code>
            </details>
          )}
        </div>
      )}
    </fieldset>
  );
}

function choiceLabel(choice: TChoice): string {
  const label = choice.label.replace(/[*_`]+/g, "").replace(/\s+/g, " ").trim();
  return label && label !== choice.value ? `${label} (${choice.value})` : choice.value;
}

function ClauseRow({
  index,
  clause,
  subjects,
  named,
  onChange,
  onRemove,
}: {
  index: number;
  clause: BuilderClause;
  subjects: NamedSubject[];
  named: NamedSubject | undefined;
  onChange: (clause: BuilderClause) => void;
  onRemove: () => void;
}) {
  const subject = named?.subject;
  const isGrid = subject?.type === "matrix";
  const operators = operatorsFor(subject, clause.row);
  const offered = operators.some((operator) => operator.value === clause.operator) ? operators : [...operators, { value: clause.operator, label: clause.operator }];
  const codes = clause.row !== undefined ? subject?.columns : subject?.options?.length ? subject.options : subject?.rows;
  const arity = operatorArity(clause.operator);
  const number = `${index + 1}`;
  const incomplete = !clauseComplete(clause);

  function chooseVariable(variable: string) {
    const next = subjects.find((candidate) => candidate.variable === variable);
    const row = next?.subject.type === "matrix" ? next.subject.rows?.[0]?.value : undefined;
    onChange({ variable, ...(row !== undefined ? { row } : {}), operator: operatorsFor(next?.subject, row)[0].value, values: [] });
  }

  function chooseOperator(operator: BuilderClause["operator"]) {
    const nextArity = operatorArity(operator);
    const values = nextArity === "none" ? [] : nextArity === "one" ? clause.values.slice(0, 1) : clause.values;
    onChange({ ...clause, operator, values });
  }

  return (
    <div role="group" aria-label={`Condition ${number}`} className={cn("flex flex-wrap items-start gap-2 rounded-lg bg-white p-2 ring-1 ring-inset", incomplete ? "ring-amber-300" : "ring-slate-200")}>
      <select aria-label={`Question of condition ${number}`} className={cn(smallInput, "max-w-72")} value={clause.variable} onChange={(event) => chooseVariable(event.target.value)}>
        {!named && <option value={clause.variable}>{clause.variable} (not in this survey)</option>}
        {subjects.map((candidate) => (
          <option key={candidate.variable} value={candidate.variable}>
            {candidate.variable} — {candidate.wording.length > 50 ? `${candidate.wording.slice(0, 49)}…` : candidate.wording}
          </option>
        ))}
      </select>
      {isGrid && (
        <select aria-label={`Row of condition ${number}`} className={cn(smallInput, "max-w-56")} value={clause.row ?? ""} onChange={(event) => onChange({ ...clause, row: event.target.value || undefined, values: [] })}>
          <option value="">(the whole grid)</option>
          {(subject?.rows ?? []).map((row) => (
            <option key={row.value} value={row.value}>
              {choiceLabel(row)}
            </option>
          ))}
        </select>
      )}
      <select aria-label={`Operator of condition ${number}`} className={smallInput} value={clause.operator} onChange={(event) => chooseOperator(event.target.value as BuilderClause["operator"])}>
        {offered.map((operator) => (
          <option key={operator.value} value={operator.value}>
            {operator.label}
          </option>
        ))}
      </select>
      {arity === "one" && codes?.length ? (
        <select
          aria-label={`Answer of condition ${number}`}
          className={cn(smallInput, "max-w-64")}
          value={clause.values[0] === undefined ? "" : String(clause.values[0])}
          onChange={(event) => onChange({ ...clause, values: event.target.value === "" ? [] : [builderValue(event.target.value, subject, clause.operator)] })}
        >
          <option value="">Choose an answer…</option>
          {codes.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>
      ) : arity === "one" ? (
        <input
          aria-label={`Value of condition ${number}`}
          className={cn(smallInput, "w-40")}
          type={subject?.type === "date" ? "date" : "text"}
          inputMode={subject?.type === "number" || subject?.type === "rating" || subject?.type === "nps" ? "decimal" : undefined}
          value={clause.values[0] === undefined ? "" : String(clause.values[0])}
          onChange={(event) => onChange({ ...clause, values: event.target.value === "" ? [] : [builderValue(event.target.value, subject, clause.operator)] })}
        />
      ) : arity === "many" && codes?.length ? (
        <fieldset className="min-w-0">
          <legend className="sr-only">Answers of condition {number}</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {codes.map((choice) => {
              const checked = clause.values.some((value) => String(value) === choice.value);
              return (
                <label key={choice.value} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={checked}
                    onChange={(event) =>
                      onChange({
                        ...clause,
                        values: event.target.checked ? [...clause.values, builderValue(choice.value, subject, clause.operator)] : clause.values.filter((value) => String(value) !== choice.value),
                      })
                    }
                  />
                  {choiceLabel(choice)}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : arity === "many" ? (
        <input
          aria-label={`Values of condition ${number} (separated by commas)`}
          className={cn(smallInput, "w-56")}
          value={clause.values.join(", ")}
          onChange={(event) =>
            onChange({
              ...clause,
              values: event.target.value
                .split(",")
                .map((part) => part.trim())
                .filter(Boolean)
                .map((part) => builderValue(part, subject, clause.operator)),
            })
          }
        />
      ) : null}
      <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove condition ${number}`}>
        Remove
      </Button>
    </div>
  );
}
