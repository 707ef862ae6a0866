import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

type Tone = "info" | "warning" | "error" | "success";

const tones: Record<Tone, string> = {
  info: "bg-sky-50 text-sky-900 ring-sky-200",
  warning: "bg-amber-50 text-amber-950 ring-amber-200",
  error: "bg-red-50 text-red-900 ring-red-200",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
};

export function Alert({ tone = "info", title, children, className, role }: { tone?: Tone; title?: ReactNode; children?: ReactNode; className?: string; role?: "alert" | "status" }) {
  return (
    <div role={role ?? (tone === "error" ? "alert" : undefined)} className={cn("rounded-xl px-4 py-3 text-sm ring-1 ring-inset", tones[tone], className)}>
      {title && <p className="font-medium">{title}</p>}
      {children && <div className={title ? "mt-1" : undefined}>{children}</div>}
    </div>
  );
}
