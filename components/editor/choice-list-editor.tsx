"use client";

import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/styles";
import type { DraftChoice } from "@/lib/ui/block-edits";
import { cn } from "@/lib/ui/cn";

/**
 * One list of a question — answer options, grid rows or columns — as editable rows: code, label,
 * exclusive ("None of these"), other ("please specify"), order. Codes are what conditions compare, so
 * they are edited explicitly and changing one is offered, not done behind the person's back.
 */
export function ChoiceListEditor({
  legend,
  hint,
  noun,
  choices,
  flags,
  errors,
  onChange,
}: {
  legend: string;
  hint?: string;
  /** "option", "row", "column", "item". */
  noun: string;
  choices: DraftChoice[];
  /** Whether exclusive/other apply (answer options) or not (grid rows and columns). */
  flags: boolean;
  /** Messages by index. */
  errors: Record<number, string>;
  onChange: (choices: DraftChoice[]) => void;
}) {
  const set = (index: number, patch: Partial<DraftChoice>) => onChange(choices.map((choice, position) => (position === index ? { ...choice, ...patch } : choice)));
  const move = (index: number, delta: number) => {
    const next = [...choices];
    const [item] = next.splice(index, 1);
    next.splice(index + delta, 0, item);
    onChange(next);
  };
  function add() {
    const numeric = choices.map((choice) => Number(choice.value)).filter((value) => Number.isInteger(value));
    const special = new Set(choices.filter((choice) => choice.exclusive).map((choice) => Number(choice.value)));
    const regular = numeric.filter((value) => !special.has(value));
    const code = String((regular.length ? Math.max(...regular) : numeric.length ? Math.max(...numeric) : 0) + 1);
    const taken = new Set(choices.map((choice) => choice.value));
    let value = code;
    for (let next = Number(code); taken.has(value); next++) value = String(next);
    // A new regular answer goes before the special ones ("None", "Don't know") that usually close a list.
    const before = choices.findIndex((choice) => choice.exclusive);
    const at = before === -1 ? choices.length : before;
    onChange([...choices.slice(0, at), { original: null, value, label: "", exclusive: false, other: false }, ...choices.slice(at)]);
  }

  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {choices.length === 0 && <p className="text-sm text-slate-600">None yet.</p>}
      <ol className="space-y-2">
        {choices.map((choice, index) => {
          const n = index + 1;
          const error = errors[index];
          return (
            <li key={index} className="rounded-lg bg-white p-2 ring-1 ring-slate-200 ring-inset">
              <div className="flex flex-wrap items-center gap-2">
                <input
                  aria-label={`Code of ${noun} ${n}`}
                  className={cn(inputClasses, "w-20 font-mono")}
                  value={choice.value}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => set(index, { value: event.target.value })}
                />
                <input aria-label={`Label of ${noun} ${n}`} className={cn(inputClasses, "min-w-40 flex-1")} value={choice.label} onChange={(event) => set(index, { label: event.target.value })} />
                <div className="flex items-center gap-1">
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${noun} ${n} up`}>
                    ↑
                  </Button>
                  <Button variant="ghost" size="sm" disabled={index === choices.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${noun} ${n} down`}>
                    ↓
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onChange(choices.filter((_, position) => position !== index))} aria-label={`Remove ${noun} ${n}`}>
                    Remove
                  </Button>
                </div>
              </div>
              {flags && (
                <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 pl-1 text-xs text-slate-700">
                  <label className="flex items-center gap-1.5">
                    <input type="checkbox" className="size-4 accent-indigo-600" checked={choice.exclusive} onChange={(event) => set(index, { exclusive: event.target.checked })} />
                    Exclusive <span className="sr-only">({noun} {n})</span>
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input type="checkbox" className="size-4 accent-indigo-600" checked={choice.other} onChange={(event) => set(index, { other: event.target.checked })} />
                    Other, please specify <span className="sr-only">({noun} {n})</span>
                  </label>
                  {choice.original !== null && choice.original !== choice.value.trim() && choice.value.trim() && (
                    <span className="text-amber-900">Code {choice.original} → {choice.value.trim()}: conditions that use it follow.</span>
                  )}
                </div>
              )}
              {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" onClick={add}>
        Add {noun}
      </Button>
    </fieldset>
  );
}
