import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OidcSignInButton } from "@/components/auth/oidc-sign-in-button";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { LogoMark } from "@/components/ui/icons";
import { safeReturnPath } from "@/lib/auth/http";
import { signInConfiguration } from "@/lib/auth/sign-in-config";
import { getSession } from "@/lib/auth/viewer";
import { inputClasses } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Sign in" };

/** next-auth's error codes (and ours) in words a person can act on. */
const ERRORS: Record<string, string> = {
  OAuthSignin: "The sign-in could not be started. Check that the identity provider is reachable and try again.",
  OAuthCallback: "The identity provider's answer could not be verified. Please try again.",
  OAuthCreateAccount: "Your account could not be created. Please try again or contact your administrator.",
  OAuthAccountNotLinked: "This email address is already linked to another sign-in. Contact your administrator.",
  Callback: "The sign-in could not be completed. Please try again.",
  AccessDenied: "Access was denied.",
  Configuration: "Sign-in is misconfigured on this server. Contact your administrator.",
  SessionRequired: "Please sign in to continue.",
  NoEmail: "Your identity provider did not share an email address, which this service needs to identify you.",
  EmailNotVerified: "Your identity provider reports your email address as unverified. Verify it there, then try again.",
  NoWorkspace: "You are signed in, but not a member of any workspace. Ask a workspace owner to add you.",
  InvalidEmail: "Enter a valid email address.",
};

type SearchParams = Promise<{ callbackUrl?: string; error?: string; signed_out?: string }>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(params.callbackUrl);
  const session = await getSession();
  if (session.status === "signed_in" && !params.error) redirect(callbackUrl);

  const config = signInConfiguration();
  const error = params.error ? (ERRORS[params.error] ?? "The sign-in did not work. Please try again.") : null;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <p className="text-sm text-slate-600">to the survey programming service</p>
        </div>
        <div className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {params.signed_out && !error && <Alert tone="success" role="status">You have signed out.</Alert>}
          {error && <Alert tone="error">{error}</Alert>}
          {session.status === "no_membership" && (
            <form method="post" action="/api/session/sign-out" className="flex items-center justify-between gap-3 text-sm text-slate-600">
              <span>
                Signed in as <strong>{session.user.email}</strong>.
              </span>
              <button type="submit" className={buttonClasses("secondary", "sm")}>
                Sign out
              </button>
            </form>
          )}

          {config.oidc && config.secret && <OidcSignInButton providerName={config.oidc.name} callbackUrl={callbackUrl} />}

          {config.development && (
            <section aria-labelledby="dev-sign-in" className="space-y-4">
              <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset">
                <h2 id="dev-sign-in" className="font-semibold">
                  Development sign-in
                </h2>
                <p className="mt-1">
                  No identity provider is configured, so in <code>npm run dev</code> you can sign in with any email address, no password.
                  Production builds never offer this.
                </p>
              </div>
              <form method="post" action="/api/session/dev-sign-in" className="space-y-4">
                <input type="hidden" name="callbackUrl" value={callbackUrl} />
                <div className="space-y-1.5">
                  <label htmlFor="dev-email" className="block text-sm font-medium text-slate-800">
                    Email address
                  </label>
                  <input id="dev-email" name="email" type="email" required autoComplete="email" className={inputClasses} placeholder="you@example.com" />
                </div>
                <button type="submit" className={buttonClasses("primary", "md", "w-full")}>
                  Sign in (development)
                </button>
              </form>
            </section>
          )}

          {config.problem && (
            <Alert tone="warning" title="Sign-in is not available">
              {config.problem}
            </Alert>
          )}
        </div>
        <p className="mt-6 text-center text-xs text-slate-500">
          Developers: the REST interface is described at <a className="underline" href="/v1/openapi.json">/v1/openapi.json</a>.
        </p>
      </div>
    </main>
  );
}
