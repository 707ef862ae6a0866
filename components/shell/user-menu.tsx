"use client";

import { useEffect, useId, useRef, useState } from "react";
import { ChevronDownIcon } from "@/components/ui/icons";

type Props = { name: string | null; email: string; roleLabel: string; workspaceName: string };

/** The signed-in person: who, which role, and sign out. A disclosure that closes on Escape or an outside click. */
export function UserMenu({ name, email, roleLabel, workspaceName }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const initials = (name ?? email)
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-slate-700 hover:bg-slate-100"
      >
        <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-800">
          {initials || "?"}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">{name ?? email}</span>
        <span className="sr-only">Account menu</span>
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-72 rounded-xl bg-white p-2 text-sm shadow-lg ring-1 ring-slate-200"
      >
        <div className="px-3 py-2">
          <p className="truncate font-medium text-slate-900">{name ?? email}</p>
          <p className="truncate text-slate-600">{email}</p>
          <p className="mt-1 text-slate-600">
            {roleLabel} of {workspaceName}
          </p>
        </div>
        <form method="post" action="/api/session/sign-out" className="border-t border-slate-100 pt-2">
          <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-slate-700 hover:bg-slate-100">
            Sign out
          </button>
        </form>
      </div>
    </div>
  );
}
