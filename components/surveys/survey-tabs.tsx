"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/cn";

const TABS = [
  { segment: "questionnaire", label: "Questionnaire" },
  { segment: "clarifications", label: "Clarifications" },
  { segment: "programming", label: "Programming" },
  { segment: "preview", label: "Preview" },
  { segment: "agent", label: "Agent" },
  { segment: "review", label: "Review" },
  { segment: "history", label: "History" },
  { segment: "responses", label: "Responses" },
] as const;

/**
 * The survey's sections as navigation links (each is its own page, so the URL says where you are).
 * `badges` puts a count beside a tab (open clarifications, the Review tab's open items).
 */
export function SurveyTabs({ surveyId, badges = {} }: { surveyId: string; badges?: Partial<Record<(typeof TABS)[number]["segment"], number>> }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Survey sections" className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {TABS.map((tab) => {
        const href = `/surveys/${surveyId}/${tab.segment}`;
        const active = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={tab.segment}
            href={href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "relative -mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap",
              active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {tab.label}
            {badges[tab.segment] ? (
              <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                {badges[tab.segment]}
                <span className="sr-only"> open</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
