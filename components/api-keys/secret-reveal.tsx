"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClasses } from "@/components/ui/field";

/** A freshly issued secret: shown this once, with a copy button and a plain warning. */
export function SecretReveal({ secret, keyName }: { secret: string; keyName: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Copy this key now — you won't see it again">
        For your security the service keeps only a fingerprint of “{keyName}”. If you lose the key, rotate it to get a new one.
      </Alert>
      <div className="space-y-1.5">
        <label htmlFor="new-api-key-secret" className="block text-sm font-medium text-slate-800">
          API key
        </label>
        <div className="flex gap-2">
          <input
            id="new-api-key-secret"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputClasses} font-mono text-xs`}
            spellCheck={false}
          />
          <CopyButton value={secret} />
        </div>
        <p className="text-xs text-slate-600">
          Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
        </p>
      </div>
    </div>
  );
}
