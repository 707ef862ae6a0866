import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUserWithMembership } from "@/lib/tenancy/users";
import { nextAuthOptions } from "./next-auth";

// The sign-in callback of the real next-auth options, against the real database (issue 18.12).
const options = nextAuthOptions({
  oidc: { issuer: "https://idp.example.test", clientId: "client", name: "Test IdP" },
  secret: "x".repeat(32),
} as Parameters<typeof nextAuthOptions>[0]);

function signIn(email: string, sub: string, profile: Record<string, unknown>) {
  return options.callbacks!.signIn!({
    user: { id: sub, email },
    account: { provider: "oidc", providerAccountId: sub, type: "oauth" },
    profile: { sub, email, ...profile },
  } as Parameters<NonNullable<NonNullable<typeof options.callbacks>["signIn"]>>[0]);
}

describe("linking a sign-in to a person", () => {
  it("finds a person by the IdP subject; links by email only when email_verified === true", async () => {
    const alice = await createUserWithMembership({ email: "alice@example.test", name: "Alice" });
    await (await db()).account.create({ data: { userId: alice.id, type: "oauth", provider: "oidc", providerAccountId: "sub-alice" } });

    // Her own subject: signed in whatever the email claim says.
    expect(await signIn("alice@example.test", "sub-alice", {})).toBe(true);
    // Another subject asserting her address: not verified (claim missing, false, or not the boolean true) → refused.
    expect(await signIn("alice@example.test", "sub-mallory", {})).toBe("/sign-in?error=EmailNotVerified");
    expect(await signIn("alice@example.test", "sub-mallory", { email_verified: false })).toBe("/sign-in?error=EmailNotVerified");
    expect(await signIn("alice@example.test", "sub-mallory", { email_verified: "true" })).toBe("/sign-in?error=EmailNotVerified");
    // A verified address may link a first sign-in to the existing person.
    expect(await signIn("alice@example.test", "sub-alice-2", { email_verified: true })).toBe(true);
    // A new person needs no link.
    expect(await signIn("bob@example.test", "sub-bob", {})).toBe(true);
  });
});
