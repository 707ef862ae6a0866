"use client";

import { useId } from "react";
import { inputClasses } from "@/components/ui/field";
import type { TDocumentBlock } from "@/lib/survey-document/schemas";
import { cn } from "@/lib/ui/cn";

type Props = {
  block: TDocumentBlock;
  value: unknown;
  otherText: string;
  onChange: (value: unknown) => void;
  onOtherText: (text: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
};

const optionRow = "flex items-start gap-3 rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-200 hover:bg-slate-50 has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-300";

/** One question's answer control, by block type; values are option codes (conditions compare codes). */
export function QuestionInput({ block, value, otherText, onChange, onOtherText, labelledBy, describedBy, invalid }: Props) {
  const id = useId();
  const question = block.config.question;
  const options = question?.options ?? [];
  const common = { "aria-describedby": describedBy, "aria-invalid": invalid || undefined };

  switch (block.config.type) {
    case "single_choice":
      return (
        <div role="radiogroup" aria-labelledby={labelledBy} {...common} className="space-y-2">
          {options.map((option) => (
            <div key={option.value}>
              <label className={optionRow}>
                <input type="radio" name={id} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="mt-0.5 size-4 accent-indigo-600" />
                <span className="text-sm">{option.label}</span>
              </label>
              {option.other && value === option.value && (
                <input aria-label={`${option.label}: please specify`} className={cn(inputClasses, "mt-2")} value={otherText} onChange={(event) => onOtherText(event.target.value)} />
              )}
            </div>
          ))}
        </div>
      );
    case "multiple_choice": {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const toggle = (code: string, on: boolean) => {
        const option = options.find((candidate) => candidate.value === code);
        if (!on) return onChange(chosen.filter((item) => item !== code));
        if (option?.exclusive) return onChange([code]);
        const exclusive = new Set(options.filter((candidate) => candidate.exclusive).map((candidate) => candidate.value));
        onChange([...chosen.filter((item) => !exclusive.has(item)), code]);
      };
      return (
        <div role="group" aria-labelledby={labelledBy} {...common} className="space-y-2">
          {options.map((option) => (
            <div key={option.value}>
              <label className={optionRow}>
                <input type="checkbox" value={option.value} checked={chosen.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} className="mt-0.5 size-4 accent-indigo-600" />
                <span className="text-sm">{option.label}</span>
              </label>
              {option.other && chosen.includes(option.value) && (
                <input aria-label={`${option.label}: please specify`} className={cn(inputClasses, "mt-2")} value={otherText} onChange={(event) => onOtherText(event.target.value)} />
              )}
            </div>
          ))}
        </div>
      );
    }
    case "dropdown":
      return (
        <select aria-labelledby={labelledBy} {...common} className={cn(inputClasses, "max-w-md")} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.target.value || undefined)}>
          <option value="">Choose…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "matrix": {
      const rows = question?.rows ?? [];
      const columns = question?.columns ?? [];
      const grid = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
      return (
        <div className="overflow-x-auto">
          <table aria-labelledby={labelledBy} {...common} className="w-full text-sm">
            <thead>
              <tr>
                <td />
                {columns.map((column) => (
                  <th key={column.value} scope="col" className="px-2 py-1 text-center font-medium text-slate-700">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.value}>
                  <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-800">
                    {row.label}
                  </th>
                  {columns.map((column) => (
                    <td key={column.value} className="px-2 py-2 text-center">
                      <input
                        type="radio"
                        name={`${id}-${row.value}`}
                        aria-label={`${row.label}: ${column.label}`}
                        checked={grid[row.value] === column.value}
                        onChange={() => onChange({ ...grid, [row.value]: column.value })}
                        className="size-4 accent-indigo-600"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "number": {
      const field = (
        <input
          type="number"
          aria-labelledby={labelledBy}
          {...common}
          min={question?.min}
          max={question?.max}
          className={cn(inputClasses, "max-w-48")}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
        />
      );
      if (options.length === 0) return field;
      // Special answers printed beside the field ("I'm not sure"): choosing one replaces the number (its code is the value).
      return (
        <div className="space-y-2">
          {field}
          <div role="radiogroup" aria-labelledby={labelledBy} className="space-y-2">
            {options.map((option) => (
              <label key={option.value} className={optionRow}>
                <input type="radio" name={id} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="mt-0.5 size-4 accent-indigo-600" />
                <span className="text-sm">{option.label}</span>
              </label>
            ))}
          </div>
        </div>
      );
    }
    case "date":
      return <input type="date" aria-labelledby={labelledBy} {...common} className={cn(inputClasses, "max-w-56")} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.target.value || undefined)} />;
    case "rating":
    case "nps": {
      const low = block.config.type === "nps" ? 0 : (question?.min ?? 1);
      const high = block.config.type === "nps" ? 10 : (question?.max ?? 5);
      const scale = options.length > 0 ? options : Array.from({ length: Math.max(0, high - low + 1) }, (_, index) => ({ value: String(low + index), label: String(low + index) }));
      return (
        <div role="radiogroup" aria-labelledby={labelledBy} {...common} className="flex flex-wrap gap-2">
          {scale.map((point) => (
            <label key={point.value} className="flex min-w-10 cursor-pointer flex-col items-center rounded-lg px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-200 has-[:checked]:bg-indigo-600 has-[:checked]:text-white">
              <input type="radio" name={id} value={point.value} checked={value === point.value} onChange={() => onChange(point.value)} className="sr-only" />
              {point.label}
            </label>
          ))}
        </div>
      );
    }
    case "ranking": {
      const items = question?.rows?.length ? question.rows : options;
      const order = Array.isArray(value) && value.length === items.length ? (value as string[]) : items.map((item) => item.value);
      const move = (index: number, delta: number) => {
        const next = [...order];
        const [item] = next.splice(index, 1);
        next.splice(index + delta, 0, item);
        onChange(next);
      };
      return (
        <ol aria-labelledby={labelledBy} {...common} className="space-y-2">
          {order.map((code, index) => {
            const item = items.find((candidate) => candidate.value === code);
            return (
              <li key={code} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset ring-slate-200">
                <span className="w-5 text-right font-medium text-slate-600">{index + 1}</span>
                <span className="flex-1">{item?.label ?? code}</span>
                <button type="button" className="rounded px-2 text-slate-700 hover:bg-slate-100 disabled:opacity-40" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${item?.label ?? code} up`}>
                  ↑
                </button>
                <button type="button" className="rounded px-2 text-slate-700 hover:bg-slate-100 disabled:opacity-40" disabled={index === order.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${item?.label ?? code} down`}>
                  ↓
                </button>
              </li>
            );
          })}
        </ol>
      );
    }
    case "open_text":
    default:
      return (
        <textarea aria-labelledby={labelledBy} {...common} rows={3} className={inputClasses} value={typeof value === "string" ? value : ""} onChange={(event) => onChange(event.target.value)} />
      );
  }
}
