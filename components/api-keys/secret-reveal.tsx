"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClasses } from "@/components/ui/field";

const KINDS = {
  api_key: {
    title: "Copy this key now — you won't see it again",
    label: "API key",
    usage: (
      <>
        Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
      </>
    ),
    lost: "If you lose the key, rotate it to get a new one.",
    kept: (name: string) => `For your security the service keeps only a fingerprint of “${name}”.`,
  },
  webhook: {
    title: "Copy this signing secret now — you won't see it again",
    label: "Signing secret",
    usage: <>Verify each delivery&apos;s <code className="rounded bg-slate-100 px-1">webhook-signature</code> with it (Standard Webhooks).</>,
    lost: "If you lose it, rotate it to get a new one.",
    kept: (name: string) => `The service keeps it encrypted to sign deliveries to ${name}, and never shows it again.`,
  },
} as const;

/** A freshly issued secret: shown this once, with a copy button and a plain warning. */
export function SecretReveal({ secret, keyName, kind = "api_key" }: { secret: string; keyName: string; kind?: keyof typeof KINDS }) {
  const text = KINDS[kind];
  const id = `new-secret-${kind}`;
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={text.title}>
        {text.kept(keyName)} {text.lost}
      </Alert>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {text.label}
        </label>
        <div className="flex gap-2">
          <input id={id} readOnly value={secret} onFocus={(event) => event.currentTarget.select()} className={`${inputClasses} font-mono text-xs`} spellCheck={false} />
          <CopyButton value={secret} />
        </div>
        <p className="text-xs text-slate-600">{text.usage}</p>
      </div>
    </div>
  );
}
