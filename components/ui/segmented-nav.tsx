import Link from "next/link";
import { cn } from "@/lib/ui/cn";

/** A small set of links that switch a view (Preview / Edit, Open / Dismissed), the current one marked. */
export function SegmentedNav({ label, items }: { label: string; items: { href: string; label: string; active: boolean }[] }) {
  return (
    <nav aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-1 text-sm">
      {items.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          aria-current={item.active ? "page" : undefined}
          className={cn("rounded-md px-3 py-1.5 font-medium", item.active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
