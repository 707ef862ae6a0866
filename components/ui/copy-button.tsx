"use client";

import { useState } from "react";
import { Button } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

/** Copies `value` to the clipboard and says so (visibly and to screen readers). */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2500);
  }
  return (
    <>
      <Button variant="secondary" onClick={copy}>
        {state === "copied" ? <CheckIcon /> : <CopyIcon />}
        {state === "copied" ? "Copied" : label}
      </Button>
      <span className="sr-only" aria-live="polite">
        {state === "copied" ? "Copied to the clipboard." : state === "failed" ? "Could not copy; select the text and copy it yourself." : ""}
      </span>
    </>
  );
}
