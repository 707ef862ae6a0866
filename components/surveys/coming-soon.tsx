import type { ReactNode } from "react";

/**
 * A section whose API this server does not offer yet: says what will appear here, and nothing made up.
 */
export function SectionNotAvailable({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <section aria-labelledby="section-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex items-start gap-4">
        {icon && <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</div>}
        <div className="space-y-3 text-sm text-slate-700">
          <h2 id="section-title" className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {children}
          <p className="inline-flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-1.5 text-xs font-medium text-slate-700">
            Not available on this server yet
          </p>
        </div>
      </div>
    </section>
  );
}
