"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";

type Tone = "success" | "error" | "info";
/** A button in the toast (e.g. "Undo"); the toast closes when it is pressed. */
export type ToastAction = { label: string; onClick: () => void };
type Toast = { id: number; message: string; tone: Tone; action?: ToastAction };

const ToastContext = createContext<(message: string, tone?: Tone, action?: ToastAction) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** Short confirmations in a polite live region; errors stay until dismissed, others fade after 6 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((message: string, tone: Tone = "success", action?: ToastAction) => {
    const id = nextId.current++;
    setToasts((current) => [...current.slice(-3), { id, message, tone, action }]);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  useEffect(() => {
    if (toast.tone === "error") return;
    // A toast that offers an action stays long enough to use it.
    const timer = setTimeout(onDismiss, toast.action ? 15000 : 6000);
    return () => clearTimeout(timer);
  }, [toast.tone, toast.action, onDismiss]);
  return (
    <div
      className={cn(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ring-1",
        toast.tone === "error" ? "bg-red-50 text-red-900 ring-red-200" : "bg-slate-900 text-white ring-slate-900",
      )}
    >
      <p className="flex-1">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action!.onClick();
            onDismiss();
          }}
          className="rounded px-1 font-semibold underline underline-offset-2"
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" onClick={onDismiss} className="rounded px-1 text-current opacity-80 hover:opacity-100" aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}
