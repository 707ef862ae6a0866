import type { ReactNode } from "react";
import { RelativeTime } from "@/components/ui/time";

/**
 * One version in a History list: its title, message, author and time on the left, its actions on the right,
 * and whatever the list adds below (changes, export warnings). Shared by the programmed versions and the
 * platform exports so both lists read and announce alike.
 */
export function RevisionRow({
  headingId,
  title,
  detail,
  message,
  actor,
  createdAt,
  actions,
  children,
}: {
  headingId: string;
  title: ReactNode;
  detail?: ReactNode;
  message: string | null;
  actor: string;
  createdAt: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li aria-labelledby={headingId} className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p id={headingId} className="flex items-center gap-2 text-sm font-medium text-slate-900">
            {title}
          </p>
          {detail && <p className="text-xs text-slate-600">{detail}</p>}
          <p className="text-sm text-slate-700">{message ?? "No message"}</p>
          <p className="text-xs text-slate-600">
            {actor} · <RelativeTime iso={createdAt} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">{actions}</div>
      </div>
      {children}
    </li>
  );
}
