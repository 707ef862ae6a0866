"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Starts the OpenID Connect sign-in (next-auth posts its CSRF token, then the browser goes to the provider). */
export function OidcSignInButton({ providerName, callbackUrl }: { providerName: string; callbackUrl: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      className="w-full"
      busy={busy}
      onClick={() => {
        setBusy(true);
        void signIn("oidc", { callbackUrl }).catch(() => setBusy(false));
      }}
    >
      Sign in with {providerName}
    </Button>
  );
}
