"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/cn";

const TABS = [
  { segment: "questionnaire", label: "Questionnaire" },
  { segment: "programming", label: "Programming" },
  { segment: "preview", label: "Preview" },
  { segment: "history", label: "History" },
] as const;

/** The survey's sections as navigation links (each is its own page, so the URL says where you are). */
export function SurveyTabs({ surveyId }: { surveyId: string }) {
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
              "-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap",
              active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
