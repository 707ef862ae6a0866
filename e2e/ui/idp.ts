import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID Connect identity provider for the browser tests (`oidc-provider`, the certified
 * implementation), on 127.0.0.1. Its login page is our own tiny form instead of `devInteractions`:
 * that page loads Google Fonts, and the tests assert that no page talks to any host but the app and
 * the IdP. Anyone can sign in with any email address; consent is granted automatically (a first-party
 * app). Claims: `sub` = email, `email`, `email_verified`, `name` (from the address).
 */

export type IdpSettings = { port: number; clientId: string; clientSecret: string; redirectUris: string[] };

export type RunningIdp = { issuer: string; close: () => Promise<void> };

function nameFromEmail(email: string): string {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(" ");
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 3px #0002;width:min(22rem,90vw)}
label{display:block;font-weight:600;margin-bottom:.4rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:8px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#0f172a;color:#fff;font-size:1rem;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startIdp(settings: IdpSettings): Promise<RunningIdp> {
  const issuer = `http://127.0.0.1:${settings.port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: settings.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, name: nameFromEmail(sub) };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Put email and name into the ID token too (next-auth reads the ID token's claims).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    jwks: { keys: [{ ...(privateKey.export({ format: "jwk" }) as Record<string, string>), kid: "test-key", use: "sig", alg: "RS256" }] },
    ttl: { Session: 60 * 60, Interaction: 60 * 60, Grant: 60 * 60, AccessToken: 60 * 60, IdToken: 60 * 60, AuthorizationCode: 60 },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (request.method === "POST" && request.url?.endsWith("/login")) {
      const form = await readForm(request);
      const email = (form.get("email") ?? "").trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        response.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(page("Sign in", "<p>Enter an email address.</p>"));
        return;
      }
      await provider.interactionFinished(request, response, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === "login") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
        page(
          "Sign in to the test identity provider",
          `<h1>Test identity provider</h1><form method="post" action="/interaction/${escapeHtml(details.uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
<button type="submit">Continue</button></form>`,
        ),
      );
      return;
    }
    // Consent: a first-party application, so grant what it asked for.
    const { prompt, params, session } = details;
    const grant = new provider.Grant({ accountId: session!.accountId, clientId: params.client_id as string });
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const server = http.createServer((request, response) => {
    if (request.url?.startsWith("/interaction/")) {
      interaction(request, response).catch((error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain" }).end(`IdP interaction failed: ${(error as Error).message}`);
      });
      return;
    }
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
