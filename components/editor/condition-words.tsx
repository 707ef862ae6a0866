"use client";

import { useState } from "react";
import { type ConditionVocabulary, describeCondition } from "@/lib/questionnaire/condition-words";
import { cn } from "@/lib/ui/cn";

/** A condition in words, with the expression as written on demand (never the other way round). */
export function ConditionWords({
  condition,
  vocabulary,
  words,
  prefix,
  suffix,
  className,
}: {
  condition: string;
  /** Builds the words in the browser… */
  vocabulary?: ConditionVocabulary;
  /** …or takes them ready-made from a server component. */
  words?: string | null;
  prefix?: string;
  suffix?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const described = words !== undefined ? { words, error: words ? null : "it cannot be read" } : describeCondition(condition, vocabulary);
  return (
    <div className={cn("min-w-0", className)}>
      <span>
        {prefix}
        {described.words ?? <span className="text-red-700">a condition that cannot be read ({described.error})</span>}
        {suffix}
      </span>{" "}
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="rounded px-1 text-xs text-indigo-700 underline-offset-2 hover:underline">
        {open ? "Hide expression" : "Show expression"}
      </button>
      {open && <code className="mt-0.5 block text-xs break-all text-slate-700">{condition}</code>}
    </div>
  );
}
