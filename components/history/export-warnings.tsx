import { Badge } from "@/components/ui/badge";
import type { ExportWarning } from "@/lib/platforms/types";

/**
 * What a platform's export could not express, one item per warning: the element, the reason and the
 * warning's code. `null` warnings: the source was written directly, so nothing was recorded.
 */
export function ExportWarnings({ warnings, platformName, label, open = false }: { warnings: ExportWarning[] | null; platformName: string; label: string; open?: boolean }) {
  if (warnings === null) return <p className="text-xs text-slate-600">No export warnings were recorded: this source was written directly, not exported by programming.</p>;
  if (warnings.length === 0) return <p className="text-xs text-emerald-800">No warnings: everything in the survey is expressed in {platformName}.</p>;
  return (
    <details className="text-sm" open={open}>
      <summary className="cursor-pointer text-amber-900">
        {warnings.length} {warnings.length === 1 ? "warning" : "warnings"}: what {platformName} cannot express
      </summary>
      <ul aria-label={label} className="mt-2 space-y-1.5">
        {warnings.map((warning, index) => (
          <li key={index} className="flex items-start gap-2">
            <Badge tone="amber" className="mt-0.5 shrink-0">
              Warning
            </Badge>
            <span className="text-slate-800">
              <span className="font-medium">{warning.element}</span>: {warning.reason} <span className="font-mono text-xs text-slate-600">({warning.code})</span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
