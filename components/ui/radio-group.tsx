"use client";

import { useId, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

type Option<T extends string> = { value: T; label: ReactNode; description?: ReactNode; disabled?: boolean };

/** A labelled group of radio cards (a fieldset with a legend; arrow keys move between options). */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: ReactNode;
  name: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className={cn(
              "flex items-start gap-3 rounded-xl p-3 ring-1 ring-inset",
              value === option.value ? "bg-indigo-50 ring-indigo-300" : "bg-white ring-slate-200",
              option.disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer",
            )}
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
              aria-describedby={option.description ? `${id}-${option.value}-description` : undefined}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="text-sm">
              <span className="font-medium text-slate-900">{option.label}</span>
              {option.description && (
                <span id={`${id}-${option.value}-description`} className="block text-slate-600">
                  {option.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
